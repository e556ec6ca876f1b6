// A machine's notice (server text or message descriptor) in the shared Banner. (A field
// error's message comes from rule-message.ts, which the landing page does not load.)
import { Banner } from '@components/banner';
import type { Notice } from '@domain/notices';

export function NoticeBanner({ notice, onDismiss, reserveSpace }: { notice: Notice | null; onDismiss?: () => void; reserveSpace?: boolean }) {
  return <Banner message={notice?.message ?? null} kind={notice?.tone ?? 'error'} reserveSpace={reserveSpace} onDismiss={notice ? onDismiss : undefined} />;
}
