// Forms and messages as a user meets them: the FAQ disclosures (one group, so one open at a time), the
// password show/hide toggle, the country list, and the banner's roles and focus.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Banner, CountrySelect, Faq, ImagePicker, PasswordField } from '@components';
import { ruleMessages } from '@domain/account-rules';
import { renderIntl } from '../support/components-render';

describe('Faq', () => {
  it('asks each question as a closed native disclosure of one group, so the browser opens one answer at a time', async () => {
    const user = userEvent.setup();
    renderIntl(<Faq priceRange={{ min: 899, max: 1799, currency: 'EUR' }} />);
    const disclosures = [...document.querySelectorAll('details')];
    expect(disclosures.map((details) => details.querySelector('summary h3')?.textContent)).toEqual([
      'What is FitStream?',
      'How much does FitStream cost?',
      'Where can I watch?',
      'How do I cancel?',
    ]);
    expect(disclosures.every((details) => !details.open)).toBe(true);
    // One group: the browser closes the open one when another opens (the browser suite sees it).
    expect(new Set(disclosures.map((details) => details.getAttribute('name'))).size).toBe(1);

    const cost = disclosures[1]!;
    await user.click(screen.getByText('How much does FitStream cost?'));
    expect(cost.open).toBe(true);
    expect(cost.querySelector('.faq__answer')?.textContent).toContain('Plans range from €8.99 to €17.99 a month.');
    await user.click(screen.getByText('How much does FitStream cost?'));
    expect(cost.open).toBe(false);
  });

  it('answers the cost question without a range when no plans are known, in Spanish too', async () => {
    const user = userEvent.setup();
    renderIntl(<Faq />, 'es');
    await user.click(screen.getByText(/¿Cuánto cuesta FitStream\?/));
    expect(screen.getByText(/cuota mensual fija/).textContent).not.toMatch(/\{min\}|€/);
  });
});

describe('PasswordField', () => {
  function Field({ error }: { error?: typeof ruleMessages.passwordInvalid }) {
    const [value, setValue] = useState('');
    return <PasswordField id="password" label="Password" value={value} onChange={setValue} error={error} />;
  }

  it('hides the password until the toggle is pressed, and hides it again', async () => {
    const user = userEvent.setup();
    renderIntl(<Field />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    await user.type(input, 'Secret#1x');
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input.value).toBe('Secret#1x');
    await user.click(toggle);
    expect(input.type).toBe('password');
  });

  it('shows a rule message as the field error, linked to the input', () => {
    renderIntl(<Field error={ruleMessages.passwordInvalid} />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toMatch(/between 8 and 24 characters/);
  });
});

describe('CountrySelect', () => {
  it('defaults to the United States and offers about 190 countries sorted by name', () => {
    renderIntl(<CountrySelect id="country" label="Country" onChange={() => {}} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(select.value).toBe('US');
    expect(select.selectedOptions[0]?.textContent).toBe('United States');
    const names = [...select.options].map((option) => option.textContent ?? '');
    expect(names.length).toBeGreaterThanOrEqual(185);
    expect(names.length).toBeLessThanOrEqual(200);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect([...select.options].every((option) => /^[A-Z]{2}$/.test(option.value))).toBe(true);
  });

  it('names the countries in Spanish and reports the chosen code', async () => {
    const user = userEvent.setup();
    let chosen = '';
    renderIntl(<CountrySelect id="country" label="País" value="US" onChange={(code) => (chosen = code)} />, 'es');
    const select = screen.getByLabelText('País') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Estados Unidos');
    await user.selectOptions(select, 'España');
    expect(chosen).toBe('ES');
  });
});

describe('Banner', () => {
  it('announces an error assertively, takes focus, and keeps its slot when cleared', () => {
    const { rerender, container } = renderIntl(<Banner message={null} />);
    const slot = container.firstElementChild;
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Banner message="Invalid email or password" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(document.activeElement).toBe(alert);
    rerender(<Banner message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.firstElementChild).toBe(slot);
  });

  it('announces a success politely and translates message descriptors', () => {
    renderIntl(
      <Banner kind="success" message={{ id: 'notice.subscription.cancelled', defaultMessage: 'Your subscription has been cancelled' }} />,
      'es',
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Tu suscripción ha sido cancelada');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ImagePicker', () => {
  it('accepts images only, hands the picked file over, and offers Delete once a picture is set', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onDelete = vi.fn();
    const { rerender } = renderIntl(<ImagePicker id="image" label="Profile picture" src={null} onPick={onPick} onDelete={onDelete} />);
    const input = screen.getByLabelText('Profile picture') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(screen.getByRole('img', { name: 'No picture chosen' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Delete picture' })).toBeNull();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(onPick).toHaveBeenCalledWith(file);

    rerender(<ImagePicker id="image" label="Profile picture" src="data:image/png;base64,AA==" onPick={onPick} onDelete={onDelete} />);
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe('data:image/png;base64,AA==');
    await user.click(screen.getByRole('button', { name: 'Delete picture' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it("hides the browser's own file button (its text is the browser's language) behind a label in the UI language", async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const { rerender } = renderIntl(<ImagePicker id="image" label="Foto de perfil" src={null} onPick={onPick} onDelete={() => {}} />, 'es');
    const input = screen.getByLabelText('Elegir una foto') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.className).toContain('visually-hidden');
    expect(screen.getByLabelText('Foto de perfil')).toBe(input);
    // The visible control is a label: choosing through it reaches the same input.
    const file = new File(['png'], 'yo.png', { type: 'image/png' });
    await user.upload(screen.getByText('Elegir una foto'), file);
    expect(onPick).toHaveBeenCalledWith(file);
    rerender(<ImagePicker id="image" label="Foto de perfil" src="data:image/png;base64,AA==" onPick={onPick} onDelete={() => {}} />);
    expect(screen.getByLabelText('Cambiar foto')).toBe(input);
  });
});
