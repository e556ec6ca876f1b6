// The frame the sign-in, sign-up and profile forms share, so they look and behave alike: the
// machine's notice on top (the page scrolls up to each new one), the heading, and a spinner in
// place of the form while the machine is busy, so nothing can be sent twice.
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { Spinner } from '@components/spinner';
import { useScrollToTopOn } from '@lib/navigation';
import type { Notice } from '@domain/notices';
import { NoticeBanner } from './notice-banner';

export interface FormShellProps {
  notice: Notice | null;
  scrollToTop: number;
  heading: ReactNode;
  busy: boolean;
  busyLabel: MessageDescriptor;
  onSubmit: () => void;
  children: ReactNode;
}

export function FormShell({ notice, scrollToTop, heading, busy, busyLabel, onSubmit, children }: FormShellProps) {
  useScrollToTopOn(scrollToTop);
  return (
    <div className="page page--narrow">
      <NoticeBanner notice={notice} />
      {heading}
      {busy ? (
        <Spinner size="lg" label={busyLabel} />
      ) : (
        <form
          className="card stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      )}
    </div>
  );
}
