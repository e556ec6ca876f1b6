// `npm run design:gallery`: docs/design-system.html, the design system's components rendered by
// the app's own React components with the app's own stylesheet (open it from disk, no server),
// beside docs/design-system.md which says when to use each. A test fails when it is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import en from '@locales/en.json';
import { Badge, Button, Card, EmptyState, KeyValueList, ResponsiveTable, Spinner, Toast } from '@components';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const galleryFile = path.join(root, 'docs/design-system.html');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="stack" style={{ marginBlock: 'var(--space-8)' }}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const payments = [
  { id: '1', date: '1 March 2026', what: 'Standard plan', amount: '€13.99' },
  { id: '2', date: '1 February 2026', what: 'Free trial', amount: '€0.00' },
];

function Gallery() {
  return (
    <main className="page stack">
      <h1>FitStream design system: the components</h1>
      <p>
        Rendered by <code>scripts/design-gallery.tsx</code> from <code>src/components</code> with <code>src/styles</code>; when and how to use
        each: <a href="design-system.md">design-system.md</a>.
      </p>
      <Section title="Button">
        <div className="billing-actions">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="link">Link</Button>
          <Button busy>Busy</Button>
          <Button disabled>Disabled</Button>
        </div>
      </Section>
      <Section title="Card">
        <Card>Flat card: the default surface of a group of content.</Card>
        <Card tone="raised">Raised card: a plan, a chosen option.</Card>
        <Card tone="brand">Brand card: the one promotion on a page.</Card>
      </Section>
      <Section title="Badge">
        <div className="billing-actions">
          <Badge>Neutral</Badge>
          <Badge tone="success" icon="✓">Active</Badge>
          <Badge tone="warning">Cancels at period end</Badge>
          <Badge tone="danger" icon="✕">Past due</Badge>
          <Badge tone="accent">Most popular</Badge>
        </div>
      </Section>
      <Section title="KeyValueList">
        <KeyValueList
          items={[
            { id: 'plan', label: 'Plan', value: 'Standard' },
            { id: 'price', label: 'Price', value: '€13.99 a month' },
            { id: 'next', label: 'Next payment', value: '1 April 2026' },
          ]}
        />
      </Section>
      <Section title="ResponsiveTable (a list of cards below 640 px)">
        <ResponsiveTable
          caption="Payments"
          columns={[
            { id: 'date', header: 'Date', cell: (row: (typeof payments)[number]) => row.date },
            { id: 'what', header: 'Description', cell: (row: (typeof payments)[number]) => row.what },
            { id: 'amount', header: 'Amount', align: 'end', cell: (row: (typeof payments)[number]) => row.amount },
          ]}
          rows={payments}
          rowKey={(row) => row.id}
          isCurrent={(row) => row.id === '2'}
        />
      </Section>
      <Section title="EmptyState">
        <EmptyState title="No payments yet" action={<Button>See the plans</Button>}>
          Your payments and invoices will be listed here.
        </EmptyState>
      </Section>
      <Section title="Toast">
        <div style={{ position: 'relative', minHeight: '5rem', transform: 'translateZ(0)' }}>
          <Toast message="Your card was updated." onDismiss={() => {}} />
        </div>
      </Section>
      <Section title="Spinner">
        <Spinner size="lg" />
      </Section>
      <Section title="Dialog">
        <p>
          A dialog opens over the page (in a portal on <code>document.body</code>, with everything else inert), so it cannot stand in this
          page: open it on <code>/billing</code> with “Cancel subscription”, or on <code>/account</code> with “Delete account”.
        </p>
      </Section>
    </main>
  );
}

export function renderGallery(): string {
  const body = renderToStaticMarkup(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <Gallery />
    </IntlProvider>,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FitStream design system: the components</title>
<link rel="stylesheet" href="../src/styles/global.css">
</head>
<body>
${body}
</body>
</html>
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(galleryFile, renderGallery());
  console.log(`wrote ${path.relative(root, galleryFile)}`);
}
