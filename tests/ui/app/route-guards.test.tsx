// The route guards of the shell (src/app/router.tsx): unknown paths, public legal pages, and
// logging out.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../support/screens-harness';

describe('sign-up and sign-in journeys', () => {
  it('unknown paths go to /', async () => {
    renderApp('/nowhere', { signedIn: false });
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('legal pages are public', async () => {
    renderApp('/terms', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(currentPath()).toBe('/terms');
  });

  it('logging out clears the user and goes to /', async () => {
    const { local, api } = renderApp('/success');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(local.getItem('fitstream.session')).toBeNull();
    expect(api.logout).toHaveBeenCalled();
  });
});
