// Plan choice as a user meets it: the desktop grid (radio group, keyboard, "Most popular",
// choosing proceeds), the mobile strip, and the detail table.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanGrid, PlanStrip, PlanTable, type PlanView } from '../../src/components';
import { PLANS, renderIntl } from './components-render';

const plans: PlanView[] = PLANS.map((plan) => ({ ...plan, devices: [...plan.devices] }));

function Grid({ onChoose }: { onChoose: (id: string) => void }) {
  const [selected, setSelected] = useState('standard');
  return <PlanGrid plans={plans} selectedId={selected} onSelect={setSelected} onChoose={onChoose} />;
}

describe('PlanGrid', () => {
  it('shows four plans with upper-case names, prices and details, the popular one flagged', () => {
    renderIntl(<Grid onChoose={() => {}} />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(screen.getByRole('radio', { name: 'STANDARD' }).getAttribute('aria-checked')).toBe('true');
    const standard = screen.getByRole('radio', { name: 'STANDARD' });
    expect(within(standard).getByText('Most popular')).toBeDefined();
    expect(within(standard).getByText('€13.99')).toBeDefined();
    expect(within(standard).getByText('1 month')).toBeDefined();
    expect(within(standard).getByText('Full HD (1080p)')).toBeDefined();
    expect(within(standard).getByText('TV, computer, mobile phone, tablet')).toBeDefined();
    expect(within(standard).getByText('2')).toBeDefined();
    const mobile = screen.getByRole('radio', { name: 'MOBILE' });
    expect(within(mobile).getByText('Mobile phone, tablet')).toBeDefined();
    expect(within(mobile).queryByText('Most popular')).toBeNull();
  });

  it('moves the selection with the arrow keys and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    renderIntl(<Grid onChoose={onChoose} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'STANDARD' }));
    await user.keyboard('{ArrowRight}');
    const premium = screen.getByRole('radio', { name: 'PREMIUM' });
    expect(document.activeElement).toBe(premium);
    expect(premium.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'STANDARD' }).getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'BASIC' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'MOBILE' }).getAttribute('aria-checked')).toBe('true');
    expect(onChoose).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('mobile');
  });

  it('chooses a column on click, and not while busy', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const { rerender } = renderIntl(<PlanGrid plans={plans} onSelect={() => {}} onChoose={onChoose} busy />);
    await user.click(screen.getByRole('radio', { name: 'BASIC' }));
    expect(onChoose).not.toHaveBeenCalled();
    rerender(<PlanGrid plans={plans} onSelect={() => {}} onChoose={onChoose} />);
    await user.click(screen.getByRole('radio', { name: 'BASIC' }));
    expect(onChoose).toHaveBeenCalledWith('basic');
  });

  it('falls back to one simultaneous screen and speaks Spanish', () => {
    const plan: PlanView = { ...plans[0]!, simultaneousScreens: undefined };
    renderIntl(<PlanGrid plans={[plan]} selectedId="basic" onSelect={() => {}} onChoose={() => {}} />, 'es');
    const radio = screen.getByRole('radio', { name: 'BASIC' });
    expect(within(radio).getByText('Dispositivos de tu hogar que pueden ver a la vez').nextSibling?.textContent).toContain('1');
    expect(within(radio).getByText('9,99 €')).toBeDefined();
    expect(within(radio).getByText('1 mes')).toBeDefined();
    expect(within(radio).getByText('Televisor, ordenador, teléfono móvil, tableta')).toBeDefined();
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
