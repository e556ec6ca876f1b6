// Money and dates in the active locale, subscription badges, and the billing tabs' keyboard.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CancelsBadge, DateText, Money, StatusBadge, Tabs } from '@components';
import { renderIntl } from '../support/components-render';

describe('Money', () => {
  it('shows minor units in the given currency, per locale', () => {
    const { unmount } = renderIntl(<Money amount={1399} currency="EUR" />);
    expect(document.body.textContent).toBe('€13.99');
    unmount();
    renderIntl(<Money amount={1399} currency="EUR" />, 'es');
    expect(document.body.textContent?.replace(/\s/g, ' ')).toBe('13,99 €');
  });

  it('keeps two decimals and other currencies', () => {
    renderIntl(<Money amount={900} currency="USD" />);
    expect(document.body.textContent).toBe('$9.00');
  });
});

describe('DateText', () => {
  it('formats a date in English and Spanish inside a <time> element', () => {
    const { container, unmount } = renderIntl(<DateText value="2025-03-14T12:00:00.000Z" />);
    expect(container.querySelector('time')?.textContent).toBe('March 14, 2025');
    expect(container.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-14T12:00:00.000Z');
    unmount();
    renderIntl(<DateText value="2025-03-14T12:00:00.000Z" />, 'es');
    expect(document.querySelector('time')?.textContent).toBe('14 de marzo de 2025');
  });
});

describe('StatusBadge', () => {
  it('shows trialing and active as current (check), anything else as not (cross)', () => {
    renderIntl(
      <>
        <StatusBadge status="active" />
        <StatusBadge status="trialing" />
        <StatusBadge status="canceled" />
        <CancelsBadge />
      </>,
    );
    expect(screen.getByText('Active').className).toContain('badge--good');
    expect(screen.getByText('Active').textContent).toContain('✓');
    expect(screen.getByText('Free trial').className).toContain('badge--good');
    expect(screen.getByText('Canceled').className).toContain('badge--bad');
    expect(screen.getByText('Canceled').textContent).toContain('✕');
    expect(screen.getByText('Cancels At Period End')).toBeDefined();
  });
});

describe('Tabs', () => {
  function Billing() {
    const [selected, setSelected] = useState('subscription');
    return (
      <Tabs
        label="Billing"
        selectedId={selected}
        onSelect={setSelected}
        tabs={[
          { id: 'subscription', label: 'Subscription', panel: <p>Current plan</p> },
          { id: 'payments', label: 'Payment History', panel: <p>No Payment History</p> },
        ]}
      />
    );
  }

  it('switches panels with clicks and arrow keys, with one tab in the tab order', async () => {
    const user = userEvent.setup();
    renderIntl(<Billing />);
    const [subscription, payments] = screen.getAllByRole('tab');
    expect(subscription?.getAttribute('aria-selected')).toBe('true');
    expect(payments?.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('tabpanel').textContent).toBe('Current plan');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(subscription?.id);

    await user.tab();
    expect(document.activeElement).toBe(subscription);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(payments);
    expect(payments?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('No Payment History');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(subscription);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(payments);
    await user.click(subscription!);
    expect(screen.getByRole('tabpanel').textContent).toBe('Current plan');
  });
});
