// /downloads drawn by the service worker offline (docs/decisions/050), imported by the Workbox
// worker (vite.config.ts). Offline, the app shell it answers /downloads with is given the page's
// markup with this device's downloads already in it: the app's own /downloads, drawn at build time
// in English and Spanish with a row of each kind (scripts/prerender.ts puts those templates in
// front of this file as `self.fitstreamDownloadsPages`), each row's slots filled here from
// IndexedDB (src/features/downloads/store.ts: 'fitstream-downloads', store 'downloads'). The app then
// hydrates that markup (src/main.tsx, src/app/boot.tsx) and its downloads machine starts with the
// same list (written beside it as JSON), so nothing is redrawn. Online, or with nothing to list, or
// on any failure, the shell goes out as it came. No imports: a classic script.
(function () {
  var scope = typeof self !== 'undefined' ? self : globalThis;
  var LANGUAGES = ['en', 'es'];
  var LANGUAGE_COOKIE = 'fitstream_language';
  var DRAWN_ID = 'fitstream-drawn-downloads';

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }[c];
    });
  }

  /** The stored choice (the cookie the app writes beside its storage), else the browser's first language we speak, else English. */
  function chooseLanguage(stored, languages) {
    if (LANGUAGES.indexOf(stored) >= 0) return stored;
    for (var i = 0; i < (languages || []).length; i += 1) {
      var base = String(languages[i]).toLowerCase().split('-')[0];
      if (LANGUAGES.indexOf(base) >= 0) return base;
    }
    return 'en';
  }

  function megabytes(language, bytes) {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1000000);
  }

  /** Fills every slot of `template` in one pass (a value is never read again for slots). */
  function fillSlots(template, slots, values) {
    var tokens = Object.keys(values).map(function (name) {
      return slots[name];
    });
    var byToken = {};
    Object.keys(values).forEach(function (name) {
      byToken[slots[name]] = values[name];
    });
    return template.replace(new RegExp(tokens.join('|'), 'g'), function (token) {
      return byToken[token];
    });
  }

  /**
   * The shell's HTML with /downloads drawn in `language` from `list` ({ downloads, storage }), or
   * null when there is nothing to draw (no template, no download, a shell without an empty #root).
   */
  function drawDownloadsPage(shell, pages, list, language, now) {
    var page = pages && pages.pages && pages.pages[language];
    var root = '<div id="root"></div>';
    if (!page || !list || !list.downloads || list.downloads.length === 0 || shell.indexOf(root) < 0) return null;
    var slots = pages.slots;
    var date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    var rows = list.downloads.map(function (record) {
      var kind = !record.complete ? 'incomplete' : new Date(record.expiresAt).getTime() <= now ? 'expired' : 'playable';
      var title = (record.title && (language === 'es' ? record.title.es : record.title.en)) || '';
      var values = {
        id: escapeHtml(encodeURIComponent(record.classId)),
        title: escapeHtml(title),
        quality: escapeHtml(record.quality),
        size: escapeHtml(megabytes(language, record.bytes)),
      };
      if (kind === 'playable') values.date = escapeHtml(date.format(new Date(record.expiresAt)));
      return fillSlots(page.rows[kind], slots, values);
    });
    var storage = list.storage
      ? fillSlots(page.storage, slots, {
          used: escapeHtml(megabytes(language, list.storage.usage)),
          free: escapeHtml(megabytes(language, Math.max(0, list.storage.quota - list.storage.usage))),
        })
      : '';
    var markup = page.root
      .replace(pages.marks.storage, function () {
        return storage;
      })
      .replace(pages.marks.rows, function () {
        return rows.join('');
      });
    // JSON in a script element: `<` escaped, so no text in it can close the element.
    var data = JSON.stringify({ downloads: list.downloads, storage: list.storage }).replace(/</g, '\\u003c');
    return shell
      .replace(/<html lang="[^"]*"/, function () {
        return '<html lang="' + language + '"';
      })
      .replace(/<title>[^<]*<\/title>/, function () {
        return '<title>' + escapeHtml(page.title) + '</title>';
      })
      .replace('<head>', function () {
        // The presses held from the start; the session and language checked once the document is
        // parsed, before anything is drawn (scripts/prerender.ts).
        var hold = pages.holdScript ? '<script>' + pages.holdScript + '</script>' : '';
        return '<head>\n    ' + hold + '<script type="module" blocking="render">' + pages.script + '</script>';
      })
      .replace(root, function () {
        return '<div id="root" data-prerendered="/downloads" data-app-start="now">' + markup + '</div><script type="application/json" id="' + DRAWN_ID + '">' + data + '</script>';
      });
  }

  /**
   * The page with the shell's stylesheet in a <style> at the end of its body and its <link>
   * disabled (`stylesheet` is the build's { href, hash }, `css` that file's text from the
   * precache), or null when the page has no such link or body, or there is no text. Linked, the
   * stylesheet was asked of this worker once the page was parsed up to it, and Chromium's parser,
   * having yielded as it entered <body>, parsed the list only after it came from Cache Storage and
   * a first, empty frame was drawn; in the head, its 49 kB were parsed before the list (traced and
   * measured: decision 050). After the list nothing is drawn without it: the page's first frame
   * waits for its render-blocking module script, which runs once the whole document is parsed.
   */
  function withStylesheetInline(html, stylesheet, css) {
    if (!stylesheet || typeof css !== 'string') return null;
    var link = new RegExp('<link rel="stylesheet"[^>]* href="' + stylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '"[^>]*>');
    if (!link.test(html) || html.indexOf('</body>') < 0) return null;
    // The link stays, disabled (never fetched), so that the app's loader, which adds a chunk's
    // stylesheet unless a link to it is in the page, does not load it a second time.
    return html
      .replace(link, function (tag) {
        return tag.replace(/>$/, ' disabled>');
      })
      .replace('</body>', function () {
        return '<style>' + css + '</style></body>';
      });
  }

  var quoted = function (hash) {
    return " '" + hash + "'";
  };

  /**
   * The shell's policy with the before-paint script allowed by its hash (as the server does for its
   * pre-rendered pages), and the templates' style attributes (a poster's colour) by theirs.
   */
  function withPageHashes(policy, pages, stylesheetInline) {
    return policy
      .replace(/script-src ([^;]*)/, function (_, sources) {
        return 'script-src ' + sources + (pages.holdScriptHash ? quoted(pages.holdScriptHash) : '') + quoted(pages.scriptHash);
      })
      .replace(/style-src ([^;]*)/, function (_, sources) {
        var styles = pages.styleHashes || [];
        return 'style-src ' + sources + (stylesheetInline ? quoted(pages.stylesheet.hash) : '') + (styles.length ? " 'unsafe-hashes'" + styles.map(quoted).join('') : '');
      });
  }

  /**
   * This device's downloads, newest first, without ever creating the database (the app creates
   * it, with its stores): only while an account owns them (src/features/downloads/database.ts), so a
   * list released at sign-out, or half released, is never drawn (docs/decisions/038).
   */
  function readDownloads() {
    return new Promise(function (resolve, reject) {
      var open = scope.indexedDB.open('fitstream-downloads');
      open.onupgradeneeded = function () {
        open.transaction.abort();
      };
      open.onerror = function () {
        // Aborted above: nothing was ever downloaded here.
        resolve([]);
      };
      open.onsuccess = function () {
        var db = open.result;
        if (!db.objectStoreNames.contains('downloads') || !db.objectStoreNames.contains('owner')) {
          db.close();
          return resolve([]);
        }
        var tx = db.transaction(['owner', 'downloads'], 'readonly');
        var owner = tx.objectStore('owner').get('account');
        var all = tx.objectStore('downloads').getAll();
        tx.oncomplete = function () {
          db.close();
          if (typeof owner.result !== 'string') return resolve([]);
          resolve(
            all.result.slice().sort(function (a, b) {
              return String(b.savedAt).localeCompare(String(a.savedAt));
            }),
          );
        };
        tx.onerror = function () {
          db.close();
          reject(tx.error);
        };
      };
    });
  }

  function storageEstimate() {
    var storage = scope.navigator && scope.navigator.storage;
    if (!storage || !storage.estimate) return Promise.resolve(null);
    return storage.estimate().then(function (estimate) {
      return { usage: estimate.usage || 0, quota: estimate.quota || 0 };
    });
  }

  function storedLanguage() {
    if (!scope.cookieStore) return Promise.resolve(null);
    return scope.cookieStore.get(LANGUAGE_COOKIE).then(
      function (cookie) {
        return cookie ? cookie.value : null;
      },
      function () {
        return null;
      },
    );
  }

  var offline = function () {
    return Boolean(scope.navigator) && scope.navigator.onLine === false;
  };

  // The stylesheet's text, read from the precache once for the worker's life (its name is hashed:
  // the same bytes until a new worker, with new templates, comes).
  var stylesheetText = null;

  /** The text of the build's stylesheet, or null (not in Cache Storage, no templates, no caches). */
  function readStylesheet() {
    var stylesheet = scope.fitstreamDownloadsPages && scope.fitstreamDownloadsPages.stylesheet;
    if (!stylesheet || !scope.caches) return Promise.resolve(null);
    if (stylesheetText === null) {
      stylesheetText = scope.caches
        .match(stylesheet.href)
        .then(function (found) {
          return found && found.ok ? found.text() : null;
        })
        .then(function (text) {
          if (text === null) stylesheetText = null;
          return text;
        })
        .catch(function () {
          stylesheetText = null;
          return null;
        });
    }
    return stylesheetText;
  }

  /** What a drawn page needs from this device, read once per navigation. */
  function readDevice() {
    return Promise.all([readDownloads(), storageEstimate(), storedLanguage(), readStylesheet()]);
  }

  // Started as the navigation's handling starts (`prepare`), in parallel with the precache lookup.
  var started = new WeakMap();

  /** Starts reading what the page needs, offline, as Workbox starts handling `request`. */
  function prepare(request) {
    if (request && offline()) {
      var reading = readDevice();
      reading.catch(function () {});
      started.set(request, reading);
    }
  }

  /**
   * What the worker answers a /downloads navigation with, given the precached shell: offline and
   * with downloads, the shell with the list drawn; else the shell as it is.
   */
  function respond(shell, request) {
    if (!shell || !shell.ok || !offline()) return Promise.resolve(shell);
    var reading = (request && started.get(request)) || readDevice();
    return Promise.all([shell.clone().text(), reading])
      .then(function (found) {
        var device = found[1];
        var language = chooseLanguage(device[2], scope.navigator.languages);
        var pages = scope.fitstreamDownloadsPages;
        var html = drawDownloadsPage(found[0], pages, { downloads: device[0], storage: device[1] }, language, Date.now());
        if (html === null) return shell;
        var headers = new Headers(shell.headers);
        var policy = headers.get('content-security-policy');
        // Inline only where the policy can allow it by its hash (a style-src of its own).
        var inline = !policy || /(^|;)\s*style-src /.test(policy) ? withStylesheetInline(html, pages.stylesheet, device[3]) : null;
        if (policy) headers.set('content-security-policy', withPageHashes(policy, pages, inline !== null));
        if (inline !== null) html = inline;
        headers.delete('content-length');
        // No Cross-Origin-Opener-Policy on this page, offline only (docs/decisions/050): with it
        // Chromium gives each new window a browsing context group and a process of its own, about
        // 35 ms of every offline launch; the pages the server sends keep it.
        headers.delete('cross-origin-opener-policy');
        headers.set('content-language', language);
        return new Response(html, { status: 200, statusText: 'OK', headers: headers });
      })
      .catch(function () {
        return shell;
      });
  }

  scope.fitstreamDownloadsPage = { prepare: prepare, respond: respond, drawDownloadsPage: drawDownloadsPage, withStylesheetInline: withStylesheetInline, chooseLanguage: chooseLanguage, escapeHtml: escapeHtml };
})();
