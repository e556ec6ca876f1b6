// Renders the sandbox provider's hosted pages (checkout, and the portal for a new card) in the
// language of the user who opened them: self-contained HTML (no external assets) styled with
// the app's design tokens (src/styles/tokens.css, inlined), one stylesheet allowed by its hash
// in the page's own CSP. Texts are server messages (locales/server.<lang>.json, `sandbox.*`);
// money and dates are formatted for the page's locale.
import escapeHtml from 'escape-html';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { htmlDocument } from '@server/html-document';
import { translate, type MessageCode, type MessageValues } from '@server/i18n';
import type { AppLocale } from '@domain/locales';
import type { CardForm } from './card';
import { firstCharge, type SandboxCheckout } from './checkout';
import { addInterval } from './periods';
import type { SandboxPortal } from './portal';

/** The design tokens' `:root` block, so the pages look like the app without loading anything. */
const tokens = /:root\s*\{[^}]*\}/.exec(readFileSync(new URL('../../../../src/styles/tokens.css', import.meta.url), 'utf8'))?.[0] ?? '';

const css = `
${tokens}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--brand-glow),var(--bg);background-repeat:no-repeat;color:var(--text);font:var(--fs-md)/var(--lh-body) var(--font);display:flex;justify-content:center;align-items:flex-start;padding:var(--space-8) var(--space-4)}
main{width:100%;max-width:30rem;background:var(--surface-raised);border:1px solid var(--border);border-radius:var(--radius-lg);box-shadow:var(--elevation-2);padding:var(--space-8) var(--space-6)}
.brand{display:flex;align-items:center;gap:var(--space-2);margin:0 0 var(--space-6);font-weight:var(--fw-black);font-size:var(--fs-lg);letter-spacing:.02em;color:var(--accent)}
.sandbox{padding:var(--space-1) var(--space-3);border-radius:var(--radius-pill);background:var(--surface-2);border:1px solid var(--border);color:var(--text-muted);font-size:var(--fs-xs);font-weight:var(--fw-semibold);letter-spacing:var(--tracking-caps);text-transform:uppercase}
h1{font-size:var(--fs-xl);line-height:var(--lh-tight);margin:0 0 var(--space-2)}
p{margin:0 0 var(--space-4)}
.price{font-size:var(--fs-lg);font-weight:var(--fw-bold);margin:0 0 var(--space-3)}
.trial{display:inline-block;margin:0 0 var(--space-3);padding:var(--space-1) var(--space-3);border-radius:var(--radius-pill);background:var(--success-bg);color:var(--success-text);font-size:var(--fs-sm);font-weight:var(--fw-semibold)}
.due{margin:0 0 var(--space-6);padding-top:var(--space-3);border-top:1px solid var(--border);color:var(--text-soft)}
.muted{color:var(--text-muted);font-size:var(--fs-sm)}
.error{margin:0 0 var(--space-4);padding:var(--space-3) var(--space-4);border-radius:var(--radius);background:var(--danger-bg);border:1px solid var(--danger);color:var(--danger-text)}
form{display:grid;gap:var(--space-4)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:var(--space-4);align-items:end}
label{display:block;font-weight:var(--fw-semibold);font-size:var(--fs-sm);margin-bottom:var(--space-1)}
input{width:100%;min-height:var(--tap-min);padding:var(--space-3);border-radius:var(--radius);border:1px solid var(--border-strong);background:var(--bg);color:var(--text);font:inherit}
input::placeholder{color:var(--text-placeholder)}
input:focus-visible{outline:3px solid var(--focus);outline-offset:1px}
input[aria-invalid=true]{border-color:var(--danger)}
button{min-height:var(--tap-min);padding:var(--space-3) var(--space-4);border:0;border-radius:var(--radius);background:var(--accent-strong);color:var(--text-on-accent);font:inherit;font-weight:var(--fw-bold);cursor:pointer;transition:background var(--transition)}
button:hover{background:var(--accent-strong-hover)}
button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
a{color:var(--accent)}
a:hover{color:var(--accent-hover)}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.cancel{display:inline-block;margin-top:var(--space-4)}
.hint{margin:var(--space-6) 0 0;padding:var(--space-3) var(--space-4);border-radius:var(--radius);background:var(--info-bg);color:var(--text-soft);font-size:var(--fs-sm)}
`.trim();

/** The page's Content-Security-Policy: nothing but its own inline stylesheet and form post. */
export const sandboxPageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Answers one of the sandbox's pages: its own CSP, never cached, no referrer to the app. */
export function sendSandboxPage(reply: FastifyReply, statusCode: number, page: string): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-security-policy', sandboxPageCsp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', /<html lang="([a-z]+)"/.exec(page)?.[1] ?? 'en')
    .type('text/html; charset=utf-8')
    .send(page);
}

export function formatMoney(locale: AppLocale, amount: number, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}

/** A calendar date in the page's language ("29 November 2026", "29 de noviembre de 2026"). */
export function formatDate(locale: AppLocale, date: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A server message in the page's language, escaped for HTML. */
function text(locale: AppLocale, code: MessageCode, values?: MessageValues): string {
  return escapeHtml(translate(locale, code, values));
}

export function layout(locale: AppLocale, title: string, body: string, badge: MessageCode = 'sandbox.badge.checkout'): string {
  return htmlDocument(locale, title, css, `<p class="brand">FitStream <span class="sandbox">${text(locale, badge)}</span></p>
${body}`);
}

export interface PageError {
  code: MessageCode;
  field?: keyof CardForm;
}

function field(
  name: keyof CardForm,
  label: string,
  attributes: string,
  error: PageError | undefined,
  value = '',
): string {
  const invalid = error?.field === name;
  const described = invalid ? ' aria-describedby="form-error"' : '';
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}" required aria-invalid="${invalid}"${described}></div>`;
}

/**
 * The card fields both pages share. A refused form comes back with everything typed in it, as
 * Stripe Checkout keeps it, so only the refused field needs typing again; the sandbox takes
 * nothing but its public test cards, so echoing the number and CVC discloses nothing.
 */
function cardFields(locale: AppLocale, error: PageError | undefined, form: CardForm | undefined): string {
  const keep = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  const expPlaceholder = text(locale, 'sandbox.field.expPlaceholder');
  return `${field('card_number', text(locale, 'sandbox.field.cardNumber'), 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', error, keep(form?.card_number))}
<div class="row">
${field('exp', text(locale, 'sandbox.field.exp'), `type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${expPlaceholder}"`, error, keep(form?.exp))}
${field('cvc', text(locale, 'sandbox.field.cvc'), 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', error, keep(form?.cvc))}
</div>
${field('name', text(locale, 'sandbox.field.name'), 'type="text" autocomplete="cc-name" maxlength="100"', error, keep(form?.name))}`;
}

function errorMessage(locale: AppLocale, error: PageError | undefined): string {
  return error ? `<p class="error" id="form-error" role="alert">${text(locale, error.code)}</p>` : '';
}

export function renderCheckoutPage(
  locale: AppLocale,
  loaded: SandboxCheckout,
  options: { action: string; cancelUrl: string; error?: PageError; form?: CardForm; now?: Date },
): string {
  const { plan, trialDays } = loaded;
  const start = options.now ?? new Date();
  const firstPayment = new Date(start.getTime() + trialDays * 86_400_000);
  // The first paid charge as it will be made, with the promotion code (decision 069).
  const charge = firstCharge(loaded, { start: firstPayment, end: addInterval(firstPayment, plan.interval, plan.intervalCount) });
  const codeLine = charge.lines.find((line) => line.kind === 'discount' && line.code);
  const amount = formatMoney(locale, charge.amount, plan.currency);
  const price = translate(locale, 'sandbox.price', { amount: formatMoney(locale, plan.amount, plan.currency), count: plan.intervalCount, interval: plan.interval });
  const trial = trialDays > 0;
  const dueToday = formatMoney(locale, trial ? 0 : charge.amount, plan.currency);
  const discount = codeLine
    ? `<p class="discount">${text(locale, 'sandbox.checkout.promotionCode', { code: codeLine.code ?? '', amount: formatMoney(locale, -codeLine.amount, plan.currency) })}</p>`
    : '';
  const title = translate(locale, 'sandbox.checkout.title', { plan: plan.name });
  const body = `
<h1>${escapeHtml(title)}</h1>
<p class="price">${escapeHtml(price)}</p>
${discount}
${
  trial
    ? `<p class="trial">${text(locale, 'sandbox.checkout.trial', { days: trialDays, price })}</p>
<p class="muted">${text(locale, 'sandbox.checkout.firstPayment', { amount, date: formatDate(locale, firstPayment) })}</p>`
    : ''
}
<p class="due">${text(locale, 'sandbox.checkout.dueToday', { amount: dueToday })}</p>
${errorMessage(locale, options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${cardFields(locale, options.error, options.form)}
<button type="submit">${trial ? text(locale, 'sandbox.checkout.startTrial') : text(locale, 'sandbox.checkout.pay', { amount: dueToday })}</button>
</form>
<a class="cancel" href="${escapeHtml(options.cancelUrl)}">${text(locale, 'sandbox.checkout.cancel')}</a>
<p class="hint">${text(locale, 'sandbox.hint')}</p>`;
  return layout(locale, title, body);
}

/** The 404 page: a checkout already paid (with the way back into the app), or none open. */
export function renderUnavailablePage(locale: AppLocale, target: { kind: 'paid' | 'unavailable'; url: string }): string {
  const [title, heading, said, link]: [MessageCode, MessageCode, MessageCode, MessageCode] =
    target.kind === 'paid'
      ? ['sandbox.paid.title', 'sandbox.paid.heading', 'sandbox.paid.text', 'sandbox.paid.continue']
      : ['sandbox.unavailable.title', 'sandbox.unavailable.heading', 'sandbox.unavailable.text', 'sandbox.unavailable.back'];
  return layout(
    locale,
    translate(locale, title),
    `<h1>${text(locale, heading)}</h1>
<p>${text(locale, said)}</p>
<a href="${escapeHtml(target.url)}">${text(locale, link)}</a>`,
  );
}

/** The portal page: the card on file and a form for a new one; nothing is charged. */
export function renderPortalPage(
  locale: AppLocale,
  portal: SandboxPortal,
  options: { action: string; backUrl: string; error?: PageError; form?: CardForm },
): string {
  const { subscription } = portal;
  const onFile =
    subscription.cardBrand && subscription.cardLast4
      ? translate(locale, 'sandbox.portal.onFile', {
          card: `${subscription.cardBrand.toUpperCase()} •••• ${subscription.cardLast4}${
            subscription.cardExpMonth && subscription.cardExpYear
              ? ` · ${String(subscription.cardExpMonth).padStart(2, '0')}/${subscription.cardExpYear}`
              : ''
          }`,
        })
      : translate(locale, 'sandbox.portal.noCard');
  const body = `
<h1>${text(locale, 'sandbox.portal.title')}</h1>
<p class="due">${escapeHtml(onFile)}</p>
${errorMessage(locale, options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${cardFields(locale, options.error, options.form)}
<button type="submit">${text(locale, 'sandbox.portal.save')}</button>
</form>
<a class="cancel" href="${escapeHtml(options.backUrl)}">${text(locale, 'sandbox.portal.back')}</a>
<p class="hint">${text(locale, 'sandbox.hint')}</p>`;
  return layout(locale, translate(locale, 'sandbox.portal.title'), body, 'sandbox.badge.billing');
}

/** The 404 portal page: the link is unknown, used or expired. */
export function renderPortalUnavailablePage(locale: AppLocale, backUrl: string): string {
  return layout(
    locale,
    translate(locale, 'sandbox.portal.unavailable.title'),
    `<h1>${text(locale, 'sandbox.portal.unavailable.heading')}</h1>
<p>${text(locale, 'sandbox.portal.unavailable.text')}</p>
<a href="${escapeHtml(backUrl)}">${text(locale, 'sandbox.portal.back')}</a>`,
    'sandbox.badge.billing',
  );
}
