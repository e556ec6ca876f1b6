// Language machine: English by default, a stored choice restored, each change persisted.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { languageMachine } from '@machines/language.machine';

describe('language machine', () => {
  it('defaults to English, restores a stored choice, and persists changes', () => {
    expect(createActor(languageMachine, { input: {} }).start().getSnapshot().context.language).toBe('en');
    expect(createActor(languageMachine, { input: { language: 'fr' } }).start().getSnapshot().context.language).toBe('en');
    const persistLanguage = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { persistLanguage } }), { input: { language: 'es' } }).start();
    expect(actor.getSnapshot().context.language).toBe('es');
    actor.send({ type: 'language.set', language: 'en' });
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(persistLanguage).toHaveBeenCalledWith(expect.anything(), 'en');
  });
});
