// The household profiles' client rules: the PIN (4 digits), what a refused choice means, an
// avatar's initial.
import { describe, expect, it } from 'vitest';
import { choiceRefusal, initialOf, isCompletePin, pinDigits } from '@domain/profiles';

const refused = (status: number, code?: string) => ({ kind: 'failed' as const, status, body: { message: 'no', statusCode: status, ...(code ? { code } : {}) } });

describe('profiles', () => {
  it('keeps a PIN to at most 4 digits and calls only 4 digits complete', () => {
    expect(pinDigits('12a3 45')).toBe('1234');
    expect(pinDigits('٣x')).toBe('');
    expect(isCompletePin('1234')).toBe(true);
    expect(isCompletePin('123')).toBe(false);
    expect(isCompletePin('12345')).toBe(false);
    expect(isCompletePin('12a4')).toBe(false);
  });

  it('tells a refusal about the PIN, a lock and a deleted profile from any other failure', () => {
    expect(choiceRefusal(refused(403, 'profiles.pinRequired'))).toBe('pin');
    expect(choiceRefusal(refused(403, 'profiles.wrongPin'))).toBe('pin');
    expect(choiceRefusal(refused(400, 'validation.pin.invalid'))).toBe('pin');
    expect(choiceRefusal(refused(429, 'profiles.pinLocked'))).toBe('locked');
    expect(choiceRefusal(refused(404, 'profiles.notFound'))).toBe('gone');
    expect(choiceRefusal(refused(404))).toBe('gone');
    expect(choiceRefusal(refused(429, 'rateLimit.tooMany'))).toBeNull();
    expect(choiceRefusal(refused(500))).toBeNull();
    expect(choiceRefusal({ kind: 'unreachable' })).toBeNull();
  });

  it('draws an initial for a profile without a picture', () => {
    expect(initialOf(' ana')).toBe('A');
    expect(initialOf('')).toBe('?');
  });
});
