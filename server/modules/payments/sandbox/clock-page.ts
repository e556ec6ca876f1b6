// The sandbox test clock's page (/sandbox/clock): a form for an account's email and one button
// per step, saying plainly that it is a test tool. In the language of the tester's browser, like
// the sandbox mailbox that links to it (server messages `sandbox.clock.*`).
import escapeHtml from 'escape-html';
import type { AppLocale } from '@domain/locales';
import { translate, type MessageCode } from '@server/i18n';
import { layout } from './pages';
import { clockActions, type ClockAction } from './clock';

export function renderClockPage(options: {
  locale: AppLocale;
  action: string;
  email?: string;
  notice?: { kind: 'done' | 'error'; code: MessageCode };
  links: { mail: string; billing: string };
}): string {
  const { locale, notice } = options;
  const t = (code: MessageCode) => escapeHtml(translate(locale, code));
  const buttons = clockActions
    .map(
      (action: ClockAction) =>
        `<div><button type="submit" name="action" value="${action}" aria-describedby="hint-${action}">${t(`sandbox.clock.step.${action}`)}</button><p class="hint" id="hint-${action}">${t(`sandbox.clock.hint.${action}`)}</p></div>`,
    )
    .join('\n');
  return layout(
    locale,
    translate(locale, 'sandbox.clock.title'),
    `<h1>${t('sandbox.clock.title')}</h1>
<p class="due">${t('sandbox.clock.intro')}</p>
${notice ? `<p class="${notice.kind === 'error' ? 'error' : 'trial'}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${t(notice.code)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div><label for="email">${t('sandbox.clock.email')}</label><input id="email" name="email" type="email" autocomplete="off" value="${escapeHtml(options.email ?? '')}" required></div>
${buttons}
</form>
<p class="hint"><a href="${escapeHtml(options.links.mail)}">${t('sandbox.clock.mailbox')}</a> · <a href="${escapeHtml(options.links.billing)}">${t('sandbox.clock.billing')}</a></p>`,
    'sandbox.badge.clock',
  );
}
