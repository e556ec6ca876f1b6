// A machine's notice (server text or message descriptor) in the shared Banner. (A field
// error's message comes from rule-message.ts, which the landing page does not load.)
import { Banner } from '@components/banner';
import type { Notice } from '@domain/notices';

/** `reserveSpace={false}`: nothing at all while there is no notice (where a notice only follows a press). */
export function NoticeBanner({ notice, onDismiss, reserveSpace = true }: { notice: Notice | null; onDismiss?: () => void; reserveSpace?: boolean }) {
  return <Banner message={notice?.message ?? null} kind={notice?.tone ?? 'error'} onDismiss={notice ? onDismiss : undefined} reserveSpace={reserveSpace} />;
}
