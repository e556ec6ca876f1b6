// Downloaded classes in the app's service worker (imported by the Workbox worker, vite.config.ts;
// docs/decisions/040): every request under /offline/<class>/ is answered from Cache Storage, with
// or without a network, so the player, posters and captions read the stored files by their local
// URLs: by the static route below where the browser has them, else here from that class's cache
// (src/features/downloads/store.ts). It also claims a page that asks, and routes what it never handles
// past it (below).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/offline/')) return;
  const classId = decodeURIComponent(url.pathname.split('/')[2] || '');
  event.respondWith(
    caches
      .open(`fitstream-offline-${classId}`)
      .then((cache) => cache.match(url.pathname))
      .then((found) => found || new Response('Not downloaded', { status: 404, headers: { 'content-type': 'text/plain' } })),
  );
});

// A page loaded while the first worker was installing is not claimed when it activates (its
// navigation was under way): the page asks, and from then on it is answered like any other
// (src/flows/app-update/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});

// What this worker never answers (the API, streamed and downloaded media, uploads: never cached,
// decision 039) goes straight to the network, the build's hashed assets straight from the
// precache, and a downloaded class's files straight from Cache Storage (a file not there goes to
// the network, where the server answers 404), without starting the worker or waiting on it: the
// Service Worker Static Routing API, set at install for this version of the worker. A browser
// without it sends them all through the fetch event, as above.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern === 'undefined') return;
  const path = (pathname) => ({ urlPattern: new URLPattern({ pathname: pathname, baseURL: self.location.href }) });
  const routes = [
    { condition: path('/api/*'), source: 'network' },
    { condition: path('/media/*'), source: 'network' },
    { condition: path('/uploads/*'), source: 'network' },
    { condition: path('/assets/*'), source: { cacheName: 'workbox-precache-v2-' + self.registration.scope } },
    { condition: path('/offline/*'), source: 'cache' },
  ];
  // One rule at a time: a browser that refuses one sends what it names through the fetch event
  // as before, and the install goes on.
  event.waitUntil(Promise.all(routes.map((route) => Promise.resolve().then(() => event.addRoutes(route)).catch(() => undefined))));
});
