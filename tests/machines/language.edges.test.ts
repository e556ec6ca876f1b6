// The language machine's edges the main tests leave open: no stored choice at all, and a value
// from outside the type system (an old stored choice, a hand-edited request) asked for at run time.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { languageMachine, type LanguageEvent } from '../../machines/language.machine';

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
});
