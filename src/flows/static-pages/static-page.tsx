// StaticPage: the frame of the legal and information pages: a title, an optional "last
// updated" line, and sections of paragraphs and bullet lists, all given as messages.
// Props: { title, updated?: MessageLike, intro?: MessageDescriptor[], sections: Section[],
//   values?: values shared by every message (e.g. { phone }) }.
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

export type StaticValues = Record<string, string | number>;

export interface StaticSection {
  /** The section's anchor (`/support#contact`). */
  id?: string;
  heading: MessageDescriptor;
  paragraphs?: readonly MessageDescriptor[];
  items?: readonly MessageDescriptor[];
  after?: readonly MessageDescriptor[];
}

export interface StaticPageProps {
  title: MessageDescriptor;
  updated?: MessageDescriptor;
  intro?: readonly MessageDescriptor[];
  sections: readonly StaticSection[];
  values?: StaticValues;
}

export function StaticPage({ title, updated, intro = [], sections, values }: StaticPageProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message, values);
  return (
    <article className="page page--prose prose">
      <h1>{t(title)}</h1>
      {updated ? <p className="prose__meta">{t(updated)}</p> : null}
      {intro.map((message) => (
        <p key={message.id}>{t(message)}</p>
      ))}
      {sections.map((section) => (
        <section key={String(section.heading.id)} id={section.id}>
          <h2>{t(section.heading)}</h2>
          {section.paragraphs?.map((message) => <p key={message.id}>{t(message)}</p>)}
          {section.items ? (
            <ul>
              {section.items.map((message) => (
                <li key={message.id}>{t(message)}</li>
              ))}
            </ul>
          ) : null}
          {section.after?.map((message) => <p key={message.id}>{t(message)}</p>)}
        </section>
      ))}
    </article>
  );
}
