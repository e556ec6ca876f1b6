// The sandbox mailbox's pages (/sandbox/mail): the list of delivered messages, newest first, and
// one message as its recipient would see it, with working links. Self-contained HTML in the
// request's language, styled with the design tokens (src/styles/tokens.css); no scripts.
import escapeHtml from 'escape-html';
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { AppLocale } from '@domain/locales';
import { htmlDocument } from '@server/html-document';
import { mailText, type MailMessageCode, type RenderedMail } from './templates';

const tokens = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');

const css = `${tokens}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font-family:var(--font);font-size:var(--fs-md);line-height:1.5;padding:2rem 1rem}
main{max-width:48rem;margin:0 auto}
.brand{margin:0 0 .5rem;font-weight:700;letter-spacing:.04em;color:var(--accent)}
.badge{display:inline-block;margin-left:.5rem;padding:.1rem .6rem;border-radius:999px;background:var(--warning-bg);color:var(--warning);border:1px solid var(--warning);font-size:var(--fs-xs);font-weight:700;letter-spacing:0;vertical-align:middle}
h1{font-size:var(--fs-xl);margin:0 0 .5rem}
.intro{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:var(--info-bg);color:var(--text-soft);border:1px solid var(--border)}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;margin:0 0 1.5rem;padding:0}
a{color:var(--info)}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
ol.messages{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
ol.messages li{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1rem}
.subject{font-weight:700;font-size:var(--fs-lg)}
.meta{margin:.25rem 0 0;color:var(--text-muted);font-size:var(--fs-sm);overflow-wrap:anywhere}
.empty{color:var(--text-muted)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:var(--text-muted)}
dd{margin:0;overflow-wrap:anywhere}
.letter{background:#f4f4f6;border-radius:12px;padding:1.5rem;color:#1c1c24;overflow-wrap:anywhere}
details{margin-top:1rem}
summary{cursor:pointer;color:var(--info)}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--surface);border:1px solid var(--border);border-radius:8px;padding:1rem;color:var(--text-soft)}
`;

/** No scripts, nothing from elsewhere; styles inline (the message keeps its own inline styles). */
export const mailboxPageCsp = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function sendMailboxPage(reply: FastifyReply, statusCode: number, page: string): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-security-policy', mailboxPageCsp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(page);
}

export interface MailboxLinks {
  mailbox: string;
  app: string;
}

function layout(locale: AppLocale, title: string, body: string, links: MailboxLinks): string {
  const t = (code: MailMessageCode, values?: Record<string, string>) => escapeHtml(mailText(locale, code, values));
  return htmlDocument(
    locale,
    title,
    css,
    `<p class="brand">FitStream <span class="badge">${t('mailbox.badge')}</span></p>
<nav aria-label="${t('mailbox.links')}">
<ul>
<li><a href="${escapeHtml(links.mailbox)}">${t('mailbox.back')}</a></li>
<li><a href="${escapeHtml(links.app)}">${t('mailbox.open')}</a></li>
<li><a href="/sandbox/clock">${t('mailbox.clock')}</a></li>
</ul>
</nav>
${body}`,
  );
}

export interface MailboxEntry {
  id: string;
  to: string;
  sentAt: Date;
  subject: string;
}

function when(locale: AppLocale, date: Date): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(date)} UTC`;
}

export function renderMailboxList(
  locale: AppLocale,
  entries: MailboxEntry[],
  options: { links: MailboxLinks; messageHref: (id: string) => string; to: string | null },
): string {
  const t = (code: MailMessageCode, values?: Record<string, string>) => escapeHtml(mailText(locale, code, values));
  const heading = options.to ? t('mailbox.filtered', { address: options.to }) : t('mailbox.title');
  const list =
    entries.length === 0
      ? `<p class="empty">${t('mailbox.empty')}</p>`
      : `<ol class="messages">
${entries
  .map(
    (entry) => `<li><a class="subject" href="${escapeHtml(options.messageHref(entry.id))}">${escapeHtml(entry.subject)}</a>
<p class="meta">${t('mailbox.to')}: ${escapeHtml(entry.to)} · ${t('mailbox.sentAt')}: <time datetime="${entry.sentAt.toISOString()}">${escapeHtml(when(locale, entry.sentAt))}</time></p></li>`,
  )
  .join('\n')}
</ol>`;
  return layout(
    locale,
    mailText(locale, 'mailbox.title'),
    `<h1>${heading}</h1>
<p class="intro">${t('mailbox.intro')}</p>
${list}`,
    options.links,
  );
}

export function renderMailboxMessage(
  locale: AppLocale,
  message: { to: string; sentAt: Date; mail: RenderedMail },
  links: MailboxLinks,
): string {
  const t = (code: MailMessageCode) => escapeHtml(mailText(locale, code));
  return layout(
    locale,
    message.mail.subject,
    `<h1>${escapeHtml(message.mail.subject)}</h1>
<p class="intro">${t('mailbox.intro')}</p>
<dl>
<dt>${t('mailbox.to')}</dt><dd>${escapeHtml(message.to)}</dd>
<dt>${t('mailbox.sentAt')}</dt><dd><time datetime="${message.sentAt.toISOString()}">${escapeHtml(when(locale, message.sentAt))}</time></dd>
</dl>
<article class="letter">
${message.mail.htmlBody}
</article>
<details>
<summary>${t('mailbox.plainText')}</summary>
<pre>${escapeHtml(message.mail.text)}</pre>
</details>`,
    links,
  );
}

export function renderMailboxNotFound(locale: AppLocale, links: MailboxLinks): string {
  const t = (code: MailMessageCode) => escapeHtml(mailText(locale, code));
  return layout(locale, mailText(locale, 'mailbox.title'), `<h1>${t('mailbox.title')}</h1>\n<p>${t('mailbox.notFound')}</p>`, links);
}
