// The design system's components as a user meets them: the dialog (labelled, focus in, Tab
// kept inside, Escape, focus back to its opener, the page behind inert), the toast (announced,
// dismissable), the table that keeps its column labels for the narrow layout, the empty state
// with its way forward, the key-value list, badges and buttons.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge, Button, Card, Dialog, EmptyState, KeyValueList, ResponsiveTable, Toast, buttonClass } from '@components';
import { renderIntl } from '../support/components-render';

function DialogHarness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Cancel subscription</button>
      <a href="/elsewhere">Elsewhere</a>
      <Dialog open={open} title="Cancel your subscription?" description={<p>You keep access until 1 May.</p>} onClose={() => setOpen(false)}>
        <Button variant="secondary" data-autofocus onClick={() => setOpen(false)}>Keep subscription</Button>
        <Button variant="danger" onClick={onConfirm}>Yes, cancel</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal labelled by its title and described by its text, focusing the safe action', async () => {
    const user = userEvent.setup();
    renderIntl(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You keep access until 1 May.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep subscription' }));
  });

  it('keeps Tab and Shift+Tab inside, makes the page behind inert, and closes on Escape giving focus back', async () => {
    const user = userEvent.setup();
    const { container } = renderIntl(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Cancel subscription' });
    await user.click(opener);
    const keep = screen.getByRole('button', { name: 'Keep subscription' });
    const confirm = screen.getByRole('button', { name: 'Yes, cancel' });
    expect(container.inert).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(keep);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.inert).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('runs the action the user confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderIntl(<DialogHarness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('Toast', () => {
  it('announces its message politely and can be dismissed, in the UI language', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const { rerender } = renderIntl(<Toast message={null} onDismiss={onDismiss} />, 'es');
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(<Toast message="Método de pago actualizado" onDismiss={onDismiss} />);
    expect(region.textContent).toContain('Método de pago actualizado');
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('ResponsiveTable', () => {
  it('is a captioned table whose every cell carries its column label for the narrow layout', () => {
    renderIntl(
      <ResponsiveTable
        caption="Payments"
        columns={[
          { id: 'date', header: 'Date', cell: (row: { id: string; amount: string }) => row.id },
          { id: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'end' },
        ]}
        rows={[{ id: '1 May', amount: '€9.99' }, { id: '1 June', amount: '€9.99' }]}
        rowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Amount']);
    const cells = [...table.querySelectorAll('td')];
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Date', 'Amount', 'Date', 'Amount']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

describe('EmptyState, KeyValueList, Badge, Button, Card', () => {
  it('gives an empty state a heading, a text and its way forward', () => {
    renderIntl(
      <EmptyState title="No subscription yet" action={<a href="/pricing">See plans</a>}>
        <p>Pick a plan to start.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No subscription yet' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('lists facts as terms and their values', () => {
    renderIntl(<KeyValueList items={[{ id: 'price', label: 'Price', value: '€9.99 / month' }, { id: 'next', label: 'Next payment', value: '1 May' }]} />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Price', 'Next payment']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['€9.99 / month', '1 May']);
  });

  it('marks tones, variants and busy states by class and attribute, not by text', () => {
    renderIntl(
      <Card as="section" tone="raised" aria-label="Plan">
        <Badge tone="info" icon="i">Free trial</Badge>
        <Button variant="danger" busy>Cancelling…</Button>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Plan' }).className).toBe('card card--raised');
    expect(screen.getByText('Free trial').className).toBe('badge badge--info');
    const button = screen.getByRole('button', { name: 'Cancelling…' });
    expect(button.className).toBe('btn btn--danger');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('button');
    expect(buttonClass({ variant: 'secondary', size: 'lg', block: true })).toBe('btn btn--secondary btn--lg btn--block');
  });
});
