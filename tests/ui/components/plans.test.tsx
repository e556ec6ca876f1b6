// Plan choice as a user meets it: the desktop grid (price first, rows in line, "Most popular",
// one call to action per plan, the current plan of a subscriber), the mobile strip, and the
// detail table.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanGrid, PlanStrip, PlanTable, type PlanView } from '@components';
import { PLANS, renderIntl } from '../support/components-render';

const plans: PlanView[] = PLANS.map((plan) => ({ ...plan, devices: [...plan.devices] }));

describe('PlanGrid', () => {
  it('shows four plans with upper-case names, the price first, the same rows on every card, the popular one flagged', () => {
    renderIntl(<PlanGrid plans={plans} onChoose={() => {}} />);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    const standard = screen.getByRole('article', { name: 'STANDARD' });
    expect(within(standard).getByText('Most popular')).toBeDefined();
    // The price comes first, right under the name.
    const price = within(standard).getByText('€13.99');
    expect(price.closest('.plan-card__price')).toBeTruthy();
    expect(within(standard).getByText('1 month')).toBeDefined();
    expect(within(standard).getByText('Full HD (1080p)')).toBeDefined();
    expect(within(standard).getByText('TV, computer, mobile phone, tablet')).toBeDefined();
    expect(within(standard).getByText('Devices your household can watch at the same time').nextSibling?.textContent).toBe('2');
    // Every card has the same rows (downloads included), so they line up side by side.
    const rowsOf = (card: HTMLElement) => within(card).getAllByRole('term').map((term) => term.textContent);
    for (const card of cards) expect(rowsOf(card)).toEqual(rowsOf(standard));
    expect(rowsOf(standard)).toContain('Download devices');
    // The ribbon sits outside the card's head, so it does not push the rows down.
    expect(within(standard).getByText('Most popular').closest('.plan-card__head')).toBeNull();
    const mobile = screen.getByRole('article', { name: 'MOBILE' });
    expect(within(mobile).getByText('Mobile phone, tablet')).toBeDefined();
    expect(within(mobile).queryByText('Most popular')).toBeNull();
  });

  it('offers one call to action per plan, and a click on the card itself chooses nothing', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    renderIntl(<PlanGrid plans={plans} onChoose={onChoose} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Choose Basic', 'Choose Standard', 'Choose Premium', 'Choose Mobile']);
    await user.click(screen.getByRole('article', { name: 'PREMIUM' }));
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(onChoose).toHaveBeenCalledWith('premium');
  });

  it('chooses nothing while busy', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    renderIntl(<PlanGrid plans={plans} onChoose={onChoose} busy />);
    await user.click(screen.getByRole('button', { name: 'Choose Basic' }));
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("marks a subscriber's current plan and offers no checkout, only the action given", () => {
    renderIntl(<PlanGrid plans={plans} onChoose={() => {}} currentPlanId="basic" currentPlanAction={<a href="/billing">Manage in Billing</a>} />);
    const basic = screen.getByRole('article', { name: 'BASIC' });
    expect(within(basic).getByText('Current plan')).toBeDefined();
    expect(within(basic).getByRole('link', { name: 'Manage in Billing' })).toBeDefined();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Most popular')).toBeNull();
  });

  it('falls back to one simultaneous screen and speaks Spanish', () => {
    const plan: PlanView = { ...plans[0]!, simultaneousScreens: undefined };
    renderIntl(<PlanGrid plans={[plan]} onChoose={() => {}} />, 'es');
    const card = screen.getByRole('article', { name: 'BASIC' });
    expect(within(card).getByText('Dispositivos de tu hogar que pueden ver a la vez').nextSibling?.textContent).toContain('1');
    expect(within(card).getByText('9,99 €')).toBeDefined();
    expect(within(card).getByText('1 mes')).toBeDefined();
    expect(within(card).getByText('Televisor, ordenador, teléfono móvil, tableta')).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Elegir Basic' })).toBeDefined();
  });
});

describe('PlanStrip', () => {
  function Strip() {
    const [selected, setSelected] = useState('basic');
    return (
      <>
        <PlanStrip plans={plans} selectedId={selected} onSelect={setSelected} />
        <PlanTable plan={plans.find((plan) => plan.id === selected)!} />
      </>
    );
  }

  it('labels the popular plan and the premium one, selects by click and keys, and the table follows', async () => {
    const user = userEvent.setup();
    renderIntl(<Strip />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(within(radios[1]!).getByText('Popular')).toBeDefined();
    expect(within(radios[2]!).getByRole('img', { name: 'Top tier' })).toBeDefined();
    expect(within(radios[0]!).getByText('€9.99')).toBeDefined();
    expect(within(radios[0]!).getByText('720p')).toBeDefined();
    expect(screen.getByRole('table')?.textContent).toContain('BASIC');

    await user.click(radios[2]!);
    expect(radios[2]!.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('rowheader', { name: 'Monthly price' }).nextSibling?.textContent).toContain('€17.99');
    expect(screen.getByRole('rowheader', { name: 'Download devices' }).nextSibling?.textContent).toContain('6');

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(radios[3]);
    expect(radios[3]!.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('rowheader', { name: 'Supported devices' }).nextSibling?.textContent).toContain('Mobile phone, tablet');
  });
});
