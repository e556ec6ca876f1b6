// The frame of the server's own HTML pages (the sandbox's checkout, portal and clock pages, the
// sandbox mailbox): one self-contained document, its stylesheet inline, kept out of search engines.
import escapeHtml from 'escape-html';
import type { AppLocale } from '@domain/locales';

/** `main` is what goes inside the page's <main>; `css` its one inline stylesheet. */
export function htmlDocument(locale: AppLocale, title: string, css: string, main: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · FitStream</title>
<style>${css}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}
