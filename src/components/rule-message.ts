// The field error of a rule key as its message. Apart from notice-banner.tsx because the rules
// module brings yup along, which the landing page must not download.
import { ruleMessages, type RuleMessageKey } from '@domain/account-rules';

export function ruleMessage(key: RuleMessageKey | undefined) {
  return key ? ruleMessages[key] : null;
}
