// A pre-rendered form used before the app is up (src/lib/held-input.ts, decision 048): what was
// typed, ticked and chosen reaches the hydrated view's state, a button pressed is pressed again,
// a form sent is sent once hydrated, and a value the view has that the markup had not (an
// address from the link) is shown.
import { act, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_FORM, holdInput } from '@lib/held-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Sent {
  email: string;
  password: string;
  remember: boolean;
  country: string;
}

/** `report`: the state as text (off where the view's values differ from the markup's: that text would not hydrate). */
function SignInForm({ onSend, startEmail = '', report = true }: { onSend: (sent: Sent) => void; startEmail?: string; report?: boolean }) {
  const [email, setEmail] = useState(startEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [country, setCountry] = useState('US');
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ email, password, remember, country });
      }}
    >
      <button type="button" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
        Menu
      </button>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input aria-label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <input aria-label="Remember me" type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      <select aria-label="Country" value={country} onChange={(event) => setCountry(event.target.value)}>
        <option value="US">United States</option>
        <option value="ES">Spain</option>
      </select>
      {report && <output>{`${email}|${password}|${String(remember)}|${country}`}</output>}
      <button type="submit">Login</button>
    </form>
  );
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  window[HELD_FORM] = null;
});

/** The form as the build draws it, in the page, before any script of the app. */
function prerendered(onSend: (sent: Sent) => void, report = true): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignInForm onSend={onSend} report={report} />);
  document.body.append(container);
  return container;
}

const field = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement & HTMLSelectElement>(`[aria-label="${label}"]`)!;

/** What `sentBeforeHydration` typed, as the form sends it. */
const TYPED_AND_SENT: Sent = { email: 'ana@example.com', password: 'Secret1!x', remember: false, country: 'US' };

/** The pre-rendered form, typed into and sent before hydration (held as the before-paint script holds it: scripts/prerender.ts). */
function sentBeforeHydration(onSend: (sent: Sent) => void) {
  const container = prerendered(onSend);
  const held = holdInput(container);
  field(container, 'Email').value = TYPED_AND_SENT.email;
  field(container, 'Password').value = TYPED_AND_SENT.password;
  window[HELD_FORM] = container.querySelector('form');
  return { container, held };
}

async function hydrate(container: HTMLElement, element: React.ReactElement): Promise<void> {
  await act(async () => {
    roots.push(hydrateRoot(container, element));
  });
}

describe('input held until the app hydrates', () => {
  it('hands what was typed, ticked and chosen to the hydrated view, and presses what was pressed', async () => {
    const onSend = vi.fn();
    const container = prerendered(onSend);
    const held = holdInput(container);
    field(container, 'Email').value = 'ana@example.com';
    field(container, 'Password').value = 'Secret1!x';
    field(container, 'Remember me').click();
    field(container, 'Country').value = 'ES';
    container.querySelector<HTMLButtonElement>('button[type="button"]')!.click();

    await hydrate(container, <SignInForm onSend={onSend} />);
    // Hydrated, the fields still show what was typed: nothing was redrawn.
    expect(field(container, 'Email').value).toBe('ana@example.com');
    act(() => held.replay());

    expect(container.querySelector('output')?.textContent).toBe('ana@example.com|Secret1!x|true|ES');
    expect(field(container, 'Email').value).toBe('ana@example.com');
    expect(field(container, 'Remember me').checked).toBe(true);
    expect(container.querySelector('button[type="button"]')?.getAttribute('aria-expanded')).toBe('true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends a form that was sent before, with what was typed', async () => {
    const onSend = vi.fn();
    const { container, held } = sentBeforeHydration(onSend);

    await hydrate(container, <SignInForm onSend={onSend} />);
    await act(async () => held.replay());

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(TYPED_AND_SENT);
    expect(window[HELD_FORM]).toBeNull();
  });

  it("shows the view's own value where the markup had none and nothing was typed", async () => {
    const container = prerendered(vi.fn(), false);
    const held = holdInput(container);
    await hydrate(container, <SignInForm onSend={vi.fn()} startEmail="link@example.com" report={false} />);
    act(() => held.replay());
    expect(field(container, 'Email').value).toBe('link@example.com');
    expect(field(container, 'Password').value).toBe('');
  });
});

/** As the app replays: from the routed screen's effect, which says the screen is shown (src/app/flow-screens.tsx). */
function ShownScreen({ onShown, children }: { onShown: () => void; children: React.ReactNode }) {
  useEffect(() => onShown(), [onShown]);
  return children;
}

describe('a form sent before the app is up, replayed from the shown screen’s effect as the app does', () => {
  it('is sent with what was typed, once React has taken it in', async () => {
    const onSend = vi.fn();
    const { container, held } = sentBeforeHydration(onSend);

    await hydrate(
      container,
      <ShownScreen onShown={() => held.replay()}>
        <SignInForm onSend={onSend} />
      </ShownScreen>,
    );

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(TYPED_AND_SENT);
  });
});
