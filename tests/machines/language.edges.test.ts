// The language machine's edges the main tests leave open: no stored choice at all, a value from
// outside the type system (an old stored choice, a hand-edited request) asked for at run time, and
// what a sign-in does with the account's language.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { languageMachine, type LanguageEvent } from '@machines/language.machine';

describe('language machine', () => {
  it('is English when nothing was stored', () => {
    expect(createActor(languageMachine, { input: undefined }).start().getSnapshot().context.language).toBe('en');
  });

  it('keeps the language and stores nothing when asked for one it does not have', () => {
    const persistLanguage = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { persistLanguage } }), { input: { language: 'es' } }).start();
    actor.send({ type: 'language.set', language: 'fr' } as unknown as LanguageEvent);
    expect(actor.getSnapshot().context.language).toBe('es');
    expect(persistLanguage).not.toHaveBeenCalled();
  });

  describe("at a sign-in, the account's language", () => {
    const started = (stored: string | null) => {
      const persistLanguage = vi.fn();
      const keepOnAccount = vi.fn();
      const actor = createActor(languageMachine.provide({ actions: { persistLanguage, keepOnAccount } }), { input: { language: stored } }).start();
      return { actor, persistLanguage, keepOnAccount };
    };

    it('is taken by a browser with no language of its own, stored here and not sent back', () => {
      const { actor, persistLanguage, keepOnAccount } = started(null);
      actor.send({ type: 'language.adopt', language: 'es' });
      expect(actor.getSnapshot().context).toEqual({ language: 'es', own: true });
      expect(persistLanguage).toHaveBeenCalledExactlyOnceWith(expect.anything(), 'es');
      expect(keepOnAccount).not.toHaveBeenCalled();
    });

    it("gives way to the browser's own language, which the account is told", () => {
      const { actor, persistLanguage, keepOnAccount } = started('es');
      actor.send({ type: 'language.adopt', language: 'en' });
      expect(actor.getSnapshot().context.language).toBe('es');
      expect(keepOnAccount).toHaveBeenCalledExactlyOnceWith(expect.anything(), 'es');
      expect(persistLanguage).not.toHaveBeenCalled();
    });

    it('changes nothing and tells nobody when both already agree', () => {
      const { actor, persistLanguage, keepOnAccount } = started('es');
      actor.send({ type: 'language.adopt', language: 'es' });
      expect(actor.getSnapshot().context.language).toBe('es');
      expect(keepOnAccount).not.toHaveBeenCalled();
      expect(persistLanguage).not.toHaveBeenCalled();
    });

    it('a language chosen with the switcher before signing in is the browser\'s own', () => {
      const { actor, keepOnAccount } = started(null);
      actor.send({ type: 'language.set', language: 'es' });
      keepOnAccount.mockClear();
      actor.send({ type: 'language.adopt', language: 'en' });
      expect(actor.getSnapshot().context.language).toBe('es');
      expect(keepOnAccount).toHaveBeenCalledExactlyOnceWith(expect.anything(), 'es');
    });
  });

  it('tells the account what the switcher chose, and only a language it has', () => {
    const keepOnAccount = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { keepOnAccount } }), { input: undefined }).start();
    actor.send({ type: 'language.set', language: 'es' });
    expect(keepOnAccount).toHaveBeenCalledExactlyOnceWith(expect.anything(), 'es');
    actor.send({ type: 'language.set', language: 'fr' } as unknown as LanguageEvent);
    expect(keepOnAccount).toHaveBeenCalledTimes(1);
  });

  it("adopts no account language it does not have, on a browser with none of its own", () => {
    const persistLanguage = vi.fn();
    const actor = createActor(languageMachine.provide({ actions: { persistLanguage } }), { input: undefined }).start();
    actor.send({ type: 'language.adopt', language: 'fr' } as unknown as LanguageEvent);
    expect(actor.getSnapshot().context).toEqual({ language: 'en', own: false });
    expect(persistLanguage).not.toHaveBeenCalled();
  });
});
