// The digest's unsubscribe link (/unsubscribe/:token), signed out: GET shows a page in the
// account's language with one button (opening a link changes nothing: mail scanners open
// links); POST, from that button or a mail client's RFC 8058 one-click, turns the digest off.
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSupportedLocale, type AppLocale } from '@domain/locales';
import { htmlDocument } from '@server/html-document';
import { negotiateLocale } from '@server/i18n';
import { routeSchema } from '@server/contract';
import { acceptFormBodies } from '@server/plugins/external/body-parsers';
import { mailText, type MailMessageCode } from '@server/modules/mail';

const path = '/unsubscribe/:token';
const contractPath = '/unsubscribe/{token}';

const css = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f4f4f6;color:#1c1c24;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:1rem;line-height:1.5;padding:2rem 1rem}
main{max-width:36rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem}
.brand{margin:0 0 1rem;font-weight:700;letter-spacing:.04em;color:#c4070f}
h1{font-size:1.5rem;margin:0 0 .75rem}
button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:8px;border:0;background:#c4070f;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
a{color:#1f5fbf}
p{margin:0 0 1rem}`;

const csp = ["default-src 'none'", "style-src 'unsafe-inline'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join('; ');

function page(locale: AppLocale, main: string): string {
  return htmlDocument(locale, mailText(locale, 'unsubscribe.title'), css, `<p class="brand">FitStream</p>\n${main}`);
}

export default async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  await acceptFormBodies(app);
  const { notifications, config } = app;
  const accountLink = `${config.publicUrl}/account`;

  const send = (reply: FastifyReply, statusCode: number, html: string) =>
    reply
      .code(statusCode)
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);

  /** The account the link names, in its language; or the 404 page in the visitor's. */
  const target = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const account = await notifications.unsubscribeTarget(request.params.token);
    if (account) return { account, locale: isSupportedLocale(account.language) ? account.language : ('en' as AppLocale) };
    const locale = negotiateLocale(request.headers['accept-language']);
    const t = (code: MailMessageCode) => escapeHtml(mailText(locale, code));
    await send(reply, 404, page(locale, `<h1>${t('unsubscribe.title')}</h1>\n<p>${t('unsubscribe.invalid')}</p>\n<p><a href="${escapeHtml(accountLink)}">${t('unsubscribe.account')}</a></p>`));
    return null;
  };

  app.get<{ Params: { token: string } }>(path, { schema: routeSchema('GET', contractPath) }, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const { locale, account } = found;
    const t = (code: MailMessageCode, values?: Record<string, string>) => escapeHtml(mailText(locale, code, values));
    return send(
      reply,
      200,
      page(
        locale,
        `<h1>${t('unsubscribe.title')}</h1>
<p>${t('unsubscribe.intro', { email: account.email })}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t('unsubscribe.confirm')}</button></form>`,
      ),
    );
  });

  // A POST without a body (some clients send none) is the same as the RFC 8058 one.
  const emptyBodyAsForm = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  app.post<{ Params: { token: string } }>(path, { schema: routeSchema('POST', contractPath), preValidation: emptyBodyAsForm }, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const { locale, account } = found;
    await notifications.unsubscribeByLink(account.id);
    const t = (code: MailMessageCode, values?: Record<string, string>) => escapeHtml(mailText(locale, code, values));
    return send(
      reply,
      200,
      page(locale, `<h1>${t('unsubscribe.title')}</h1>\n<p role="status">${t('unsubscribe.done', { email: account.email })}</p>\n<p><a href="${escapeHtml(accountLink)}">${t('unsubscribe.account')}</a></p>`),
    );
  });
}
