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

describe('language machine on a pre-rendered page', () => {
  it("speaks the page's language until one is chosen, without taking it as this browser's own", () => {
    const keepOnAccount = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { keepOnAccount } }), { input: { language: null, fallback: 'es' } }).start();
    expect(actor.getSnapshot().context).toEqual({ language: 'es', own: false });
    // At a sign-in the account's language is adopted, as on a browser with no language of its own.
    actor.send({ type: 'language.adopt', language: 'en' });
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(keepOnAccount).not.toHaveBeenCalled();
  });

  it('keeps a stored choice over the page language, and ignores a page language it does not speak', () => {
    expect(createActor(languageMachine, { input: { language: 'en', fallback: 'es' } }).start().getSnapshot().context).toEqual({ language: 'en', own: true });
    expect(createActor(languageMachine, { input: { fallback: 'fr' } }).start().getSnapshot().context).toEqual({ language: 'en', own: false });
  });
});
