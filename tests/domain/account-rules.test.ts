// The shared account rules: what the forms and the server accept and the message each refusal shows.
import { describe, expect, it } from 'vitest';
import {
  checkRules,
  normaliseEmail,
  profileSchema,
  ruleMessages,
  signInSchema,
  signUpSchema,
} from '@domain/account-rules';

const valid = { country: 'US', email: 'ana.lopez_1@mail-box.example.com', password: 'Str0ng!Pass', cpassword: 'Str0ng!Pass' };

describe('sign-up rules', () => {
  it('accepts a complete, valid form', () => {
    expect(checkRules(signUpSchema, valid)).toBeNull();
  });

  it.each([
    ['no TLD', 'ana@example'],
    ['one-letter TLD', 'ana@example.c'],
    ['space in local part', 'an a@example.com'],
    ['plus in local part', 'ana+x@example.com'],
    ['no @', 'ana.example.com'],
  ])('refuses an email with %s', (_case, email) => {
    expect(checkRules(signUpSchema, { ...valid, email })).toEqual({ email: 'emailInvalid' });
  });

  it.each([
    ['7 characters', 'Str0ng!'],
    ['25 characters', 'Str0ng!Pass' + 'x'.repeat(14)],
    ['no upper case', 'str0ng!pass'],
    ['no lower case', 'STR0NG!PASS'],
    ['no digit', 'Strong!Pass'],
    ['no symbol', 'Str0ngPass1'],
    ['a space', 'Str0ng! Pass'],
  ])('refuses a password with %s', (_case, password) => {
    expect(checkRules(signUpSchema, { ...valid, password, cpassword: password })).toEqual({ password: 'passwordInvalid' });
  });

  it('accepts passwords of exactly 8 and 24 characters', () => {
    for (const password of ['Str0ng!P', 'Str0ng!P' + 'a'.repeat(16)]) {
      expect(checkRules(signUpSchema, { ...valid, password, cpassword: password })).toBeNull();
    }
  });

  it('requires the confirmation to match and a country', () => {
    expect(checkRules(signUpSchema, { ...valid, cpassword: 'Other1!pass', country: '' })).toEqual({
      cpassword: 'passwordMismatch',
      country: 'countryRequired',
    });
  });

  it('shows the spec\'s messages', () => {
    expect(ruleMessages.emailInvalid.defaultMessage).toBe('Please enter a valid email.');
    expect(ruleMessages.passwordMismatch.defaultMessage).toBe('Must match the above password.');
    expect(ruleMessages.passwordInvalid.defaultMessage).toBe(
      'Your password must contain between 8 and 24 characters. Must include uppercase and lowercase letters, a number and a special character.',
    );
  });
});

describe('sign-in rules', () => {
  it('requires both fields with their own messages', () => {
    expect(checkRules(signInSchema, { email: ' ', password: '' })).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
    expect(ruleMessages.emailRequired.defaultMessage).toBe('Please enter a valid email address.');
    expect(ruleMessages.passwordRequired.defaultMessage).toBe('Please enter your password.');
  });
});

describe('profile rules', () => {
  it('accepts Unicode letters and spaces', () => {
    expect(checkRules(profileSchema, { name: 'José Núñez' })).toBeNull();
  });

  it('refuses digits, punctuation, blanks and names over 60 characters', () => {
    expect(checkRules(profileSchema, { name: 'R2D2' })).toEqual({ name: 'nameInvalid' });
    expect(checkRules(profileSchema, { name: 'Ana!' })).toEqual({ name: 'nameInvalid' });
    expect(checkRules(profileSchema, { name: '   ' })).toEqual({ name: 'nameRequired' });
    expect(checkRules(profileSchema, { name: 'a'.repeat(61) })).toEqual({ name: 'nameTooLong' });
  });
});

describe('email normalisation', () => {
  it('trims and lower-cases so an address is one account', () => {
    expect(normaliseEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
