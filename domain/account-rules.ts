// The account rules shared by the app's forms and the server's handlers: one module, so
// client and server can never disagree about what a valid email, password or name is.
import { defineMessages } from '@formatjs/intl';
import * as yup from 'yup';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 24;
export const NAME_MAX_LENGTH = 60;
export { DEFAULT_COUNTRY } from './countries';

/** Local part of letters, digits, dot, underscore, hyphen; `@`; domain; a TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** 8 to 24 characters without spaces, with upper case, lower case, a digit and a symbol. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9\\s])\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);
/** Unicode letters and spaces: the product is sold in Spanish ("José Núñez"). */
export const NAME_PATTERN = /^[\p{L}\p{M}\s]+$/u;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
/** A profile's PIN (decision 064): exactly 4 digits. */
export const PIN_PATTERN = /^[0-9]{4}$/;
/** Profiles per account (decision 064). */
export const PROFILE_LIMIT = 5;

export const ruleMessages = defineMessages({
  emailRequired: { id: 'validation.email.required', defaultMessage: 'Please enter a valid email address.' },
  emailInvalid: { id: 'validation.email.invalid', defaultMessage: 'Please enter a valid email.' },
  passwordRequired: { id: 'validation.password.required', defaultMessage: 'Please enter your password.' },
  passwordInvalid: {
    id: 'validation.password.invalid',
    defaultMessage:
      'Your password must contain between 8 and 24 characters. Must include uppercase and lowercase letters, a number and a special character.',
  },
  passwordMismatch: { id: 'validation.cpassword.mismatch', defaultMessage: 'Must match the above password.' },
  countryRequired: { id: 'validation.country.required', defaultMessage: 'Please choose your country.' },
  nameRequired: { id: 'validation.name.required', defaultMessage: 'Please enter a valid name.' },
  nameInvalid: { id: 'validation.name.invalid', defaultMessage: 'Name should contain only letters and spaces.' },
  nameTooLong: { id: 'validation.name.tooLong', defaultMessage: 'Name must be at most 60 characters.' },
  pinInvalid: { id: 'validation.pin.invalid', defaultMessage: 'The PIN is 4 digits.' },
  imageNameInvalid: {
    id: 'validation.image.invalid',
    defaultMessage: 'Please choose a JPG, JPEG, PNG or GIF image.',
  },
});

export type RuleMessageKey = keyof typeof ruleMessages;

/** Image file names the profile form accepts (the upload itself checks the bytes). */
export const IMAGE_FILE_NAME_PATTERN = /\.(jpe?g|png|gif)$/i;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const signInSchema = yup.object({
  email: yup.string().trim().required('emailRequired'),
  password: yup.string().required('passwordRequired'),
});

export const signUpSchema = yup.object({
  country: yup.string().required('countryRequired').matches(COUNTRY_PATTERN, 'countryRequired'),
  email: yup.string().trim().required('emailInvalid').matches(EMAIL_PATTERN, 'emailInvalid'),
  password: yup.string().required('passwordInvalid').matches(PASSWORD_PATTERN, 'passwordInvalid'),
  cpassword: yup
    .string()
    .required('passwordMismatch')
    .oneOf([yup.ref('password')], 'passwordMismatch'),
});

/** /forgot-password: the address to send the reset link to. */
export const forgotPasswordSchema = yup.object({
  email: yup.string().trim().required('emailInvalid').matches(EMAIL_PATTERN, 'emailInvalid'),
});

/** /reset-password: the new password, by the sign-up rules. */
export const resetPasswordSchema = yup.object({
  password: yup.string().required('passwordInvalid').matches(PASSWORD_PATTERN, 'passwordInvalid'),
  cpassword: yup
    .string()
    .required('passwordMismatch')
    .oneOf([yup.ref('password')], 'passwordMismatch'),
});

export const profileSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required('nameRequired')
    .max(NAME_MAX_LENGTH, 'nameTooLong')
    .matches(NAME_PATTERN, 'nameInvalid'),
});

/** A profile's PIN, set by the owner or typed to switch into the profile. */
export const pinSchema = yup.object({
  pin: yup.string().required('pinInvalid').matches(PIN_PATTERN, 'pinInvalid'),
});

/** /account's profiles: a PIN set or changed by the owner, confirmed with the account's password. */
export const profilePinSchema = yup.object({
  pin: yup.string().required('pinInvalid').matches(PIN_PATTERN, 'pinInvalid'),
  password: yup.string().required('passwordRequired'),
});

/** /account: a new address, confirmed with the current password. */
export const changeEmailSchema = yup.object({
  email: yup.string().trim().required('emailInvalid').matches(EMAIL_PATTERN, 'emailInvalid'),
  password: yup.string().required('passwordRequired'),
});

/** /account: the current password, and a new one by the sign-up rules, typed twice. */
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('passwordRequired'),
  password: yup.string().required('passwordInvalid').matches(PASSWORD_PATTERN, 'passwordInvalid'),
  cpassword: yup
    .string()
    .required('passwordMismatch')
    .oneOf([yup.ref('password')], 'passwordMismatch'),
});

/** /account: deleting the account asks for the password. */
export const deleteAccountSchema = yup.object({
  password: yup.string().required('passwordRequired'),
});

export type FieldErrors<T extends string = string> = Partial<Record<T, RuleMessageKey>>;

/**
 * Validates `values` against one of the schemas above and answers the first broken rule of
 * each field as a message key, or `null` when every rule holds.
 */
export function checkRules<S extends yup.AnyObjectSchema>(
  schema: S,
  values: Record<string, unknown>,
): FieldErrors<Extract<keyof yup.InferType<S>, string>> | null {
  // Only the schema's own fields: yup looks every input key up on a plain object, so a key
  // like `constructor` or `toString` would find Object.prototype's and crash it.
  const own = Object.fromEntries(Object.keys(schema.fields).map((field) => [field, values[field]]));
  try {
    schema.validateSync(own, { abortEarly: false });
    return null;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: Record<string, RuleMessageKey> = {};
    for (const inner of error.inner) {
      const field = inner.path ?? '';
      if (!(field in errors)) errors[field] = inner.message as RuleMessageKey;
    }
    return errors as FieldErrors<Extract<keyof yup.InferType<S>, string>>;
  }
}
