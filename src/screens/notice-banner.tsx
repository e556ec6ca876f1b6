// A machine's notice (server text or message descriptor) in the shared Banner, and the field
// error of a rule key as its message: the two ways machine values become visible text.
import { Banner } from '../components/banner';
import { ruleMessages, type RuleMessageKey } from '../domain/account-rules';
import type { Notice } from '../domain/notices';

export function NoticeBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss?: () => void }) {
  return <Banner message={notice?.message ?? null} kind={notice?.tone ?? 'error'} onDismiss={notice ? onDismiss : undefined} />;
}

export function ruleMessage(key: RuleMessageKey | undefined) {
  return key ? ruleMessages[key] : null;
}
