// Renders the sandbox provider's hosted pages (checkout, and the portal for a new card):
// self-contained HTML (no external assets), dark like the product, one stylesheet allowed by
// its hash in the page's own CSP.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { CardForm } from './card';
import type { SandboxCheckout } from './checkout';
import type { SandboxPortal } from './portal';

const css = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#0b0b0f;color:#f2f2f5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;justify-content:center;align-items:flex-start;padding:2rem 1rem}
main{width:100%;max-width:28rem;background:#17171f;border:1px solid #2c2c38;border-radius:12px;padding:1.75rem}
.brand{margin:0 0 1rem;font-weight:700;letter-spacing:.04em;color:#ff5c66}
.sandbox{display:inline-block;margin-left:.5rem;padding:.1rem .5rem;border-radius:999px;background:#2c2c38;color:#c8c8d2;font-size:.75rem;font-weight:600;letter-spacing:0;vertical-align:middle}
h1{font-size:1.4rem;margin:0 0 .25rem}
.price{font-size:1.1rem;margin:0 0 .25rem}
.trial{margin:0 0 .25rem;color:#7ee2a8;font-weight:600}
.due{margin:0 0 1.25rem;color:#c8c8d2}
.error{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:#3b1218;border:1px solid #e5484d;color:#ffd7d9}
form{display:grid;gap:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
label{display:block;font-weight:600;margin-bottom:.35rem}
input{width:100%;padding:.7rem .8rem;border-radius:8px;border:1px solid #4a4a5a;background:#0f0f15;color:#f2f2f5;font:inherit}
input:focus{outline:3px solid #6ea8ff;outline-offset:1px}
input[aria-invalid=true]{border-color:#e5484d}
button{padding:.85rem 1rem;border:0;border-radius:8px;background:#e50914;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:focus{outline:3px solid #6ea8ff;outline-offset:2px}
.hint{margin:1.25rem 0 0;color:#a9a9b8;font-size:.875rem}
a{color:#9cc2ff}
.cancel{display:inline-block;margin-top:1rem}
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
    .type('text/html; charset=utf-8')
    .send(page);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
}

function per(interval: string, count: number): string {
  return count === 1 ? `/${interval}` : ` every ${count} ${interval}s`;
}

export function layout(title: string, body: string, badge = 'Sandbox checkout'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · FitStream</title>
<style>${css}</style>
</head>
<body>
<main>
<p class="brand">FitStream <span class="sandbox">${escapeHtml(badge)}</span></p>
${body}
</main>
</body>
</html>`;
}

export interface PageError {
  message: string;
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

const sandboxHint =
  '<p class="hint">Sandbox: no real payment is made. Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Use any future expiry and any 3-digit CVC.</p>';

/** The card fields both pages share; the number and CVC are never echoed back. */
function cardFields(error: PageError | undefined, form: CardForm | undefined): string {
  const keep = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  return `${field('card_number', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', error)}
<div class="row">
${field('exp', 'Expiry (MM/YY)', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', error, keep(form?.exp))}
${field('cvc', 'CVC', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', error)}
</div>
${field('name', 'Name on card', 'type="text" autocomplete="cc-name" maxlength="100"', error, keep(form?.name))}`;
}

export function renderCheckoutPage(
  loaded: SandboxCheckout,
  options: { action: string; cancelUrl: string; error?: PageError; form?: CardForm },
): string {
  const { plan, trialDays } = loaded;
  const price = `${formatMoney(plan.amount, plan.currency)}${per(plan.interval, plan.intervalCount)}`;
  const trial = trialDays > 0;
  const dueToday = formatMoney(trial ? 0 : plan.amount, plan.currency);
  const error = options.error;
  const body = `
<h1>Subscribe to ${escapeHtml(plan.name)}</h1>
<p class="price">${escapeHtml(price)}</p>
${trial ? `<p class="trial">${trialDays}-day free trial, then ${escapeHtml(price)}</p>` : ''}
<p class="due">Due today: ${escapeHtml(dueToday)}</p>
${error ? `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${cardFields(error, options.form)}
<button type="submit">${trial ? 'Start free trial' : `Pay ${escapeHtml(dueToday)}`}</button>
</form>
<a class="cancel" href="${escapeHtml(options.cancelUrl)}">Cancel and go back to FitStream</a>
${sandboxHint}`;
  return layout(`Subscribe to ${plan.name}`, body);
}

/** The 404 page: a checkout already paid (with the way back into the app), or none open. */
export function renderUnavailablePage(target: { kind: 'paid' | 'unavailable'; url: string }): string {
  if (target.kind === 'paid') {
    return layout(
      'Checkout already paid',
      `<h1>This checkout is already paid</h1>
<p>Your subscription has been started.</p>
<a href="${escapeHtml(target.url)}">Continue to FitStream</a>`,
    );
  }
  return layout(
    'Checkout not available',
    `<h1>This checkout is not available</h1>
<p>It may have expired, been replaced by a newer one, or never existed.</p>
<a href="${escapeHtml(target.url)}">Back to the plans</a>`,
  );
}

/** The portal page: the card on file and a form for a new one; nothing is charged. */
export function renderPortalPage(
  portal: SandboxPortal,
  options: { action: string; backUrl: string; error?: PageError; form?: CardForm },
): string {
  const { subscription } = portal;
  const onFile =
    subscription.cardBrand && subscription.cardLast4
      ? `${subscription.cardBrand.toUpperCase()} •••• ${subscription.cardLast4}${
          subscription.cardExpMonth && subscription.cardExpYear
            ? ` · ${String(subscription.cardExpMonth).padStart(2, '0')}/${subscription.cardExpYear}`
            : ''
        }`
      : 'No card on file';
  const error = options.error;
  const body = `
<h1>Update payment method</h1>
<p class="due">Card on file: ${escapeHtml(onFile)}</p>
${error ? `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${cardFields(error, options.form)}
<button type="submit">Save card</button>
</form>
<a class="cancel" href="${escapeHtml(options.backUrl)}">Back to billing</a>
${sandboxHint}`;
  return layout('Update payment method', body, 'Sandbox billing');
}

/** The 404 portal page: the link is unknown, used or expired. */
export function renderPortalUnavailablePage(backUrl: string): string {
  return layout(
    'Link not available',
    `<h1>This link is not available</h1>
<p>Links to update your payment method last 30 minutes and work once. Open a new one from your billing page.</p>
<a href="${escapeHtml(backUrl)}">Back to billing</a>`,
    'Sandbox billing',
  );
}
