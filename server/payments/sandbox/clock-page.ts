// The sandbox test clock's page (/sandbox/clock): a form for an account's email and one button
// per step, saying plainly that it is a test tool.
import escapeHtml from 'escape-html';
import { layout } from './pages';
import type { ClockAction } from './clock';

const steps: { action: ClockAction; label: string; hint: string }[] = [
  { action: 'trial_reminder', label: 'Trial ends in 2 days', hint: 'Sends the trial reminder email.' },
  { action: 'end_trial', label: 'End the trial now', hint: 'The first payment is charged now.' },
  { action: 'renew', label: 'Advance to the next renewal', hint: 'Charges the renewal, applies a scheduled downgrade, or ends a cancelled subscription.' },
  { action: 'fail_next_renewal', label: 'Make the next renewal fail', hint: 'A declined card: the next renewal leaves the subscription past due.' },
];

export function renderClockPage(options: {
  action: string;
  email?: string;
  notice?: { kind: 'done' | 'error'; message: string };
  links: { mail: string; billing: string };
}): string {
  const { notice } = options;
  const buttons = steps
    .map(
      (step) =>
        `<div><button type="submit" name="action" value="${step.action}" aria-describedby="hint-${step.action}">${escapeHtml(step.label)}</button><p class="hint" id="hint-${step.action}">${escapeHtml(step.hint)}</p></div>`,
    )
    .join('\n');
  // A tester's tool, in English only (the pages a subscriber sees follow their language).
  return layout(
    'en',
    'Test clock',
    `<h1>Test clock</h1>
<p class="due">This is a test tool of the sandbox: it moves one account's billing time. No real money or time is involved.</p>
${notice ? `<p class="${notice.kind === 'error' ? 'error' : 'trial'}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(notice.message)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div><label for="email">Account email</label><input id="email" name="email" type="email" autocomplete="off" value="${escapeHtml(options.email ?? '')}" required></div>
${buttons}
</form>
<p class="hint"><a href="${escapeHtml(options.links.mail)}">Sandbox mailbox</a> · <a href="${escapeHtml(options.links.billing)}">Billing</a></p>`,
    'sandbox.badge.clock',
  );
}
