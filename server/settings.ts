// How a part of the server declares its environment variables: each as a JSON Schema property
// (type, default, description) that ajv checks, all of them at once, so that a start-up names
// every bad variable; plus what a schema cannot say (an address list, a URL) as a parse step,
// and rules across variables. server/config.ts composes the declarations; the README's
// configuration table is generated from them (scripts/docs-config.ts).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/** A configuration the server cannot start with; `problems` has one line per bad variable or rule. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.length === 1 ? (list[0] ?? '') : `${list.length} environment variables are wrong:\n${list.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = list;
  }
}

/** The JSON Schema of one variable, as ajv checks it (after coercing the text to the type). */
export interface SettingSchema {
  type: 'integer' | 'string';
  description: string;
  default?: number | string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  pattern?: string;
  minLength?: number;
}

/** One environment variable; `T` is what the code receives (null when unset without a default). */
export interface Setting<T> {
  readonly schema: SettingSchema;
  /** The default as the README states it, when it is worked out at start (from other variables, or generated). */
  readonly defaultText?: string;
  /** What a value that misses `pattern` should have looked like: "<expected>, e.g. …". */
  readonly expected?: string;
  /** Never echoed in an error message (passwords in URLs, secrets). */
  readonly secret?: boolean;
  /** After the schema: turns the text into the value, or throws a ConfigError naming the variable. */
  readonly parse?: (text: string) => T;
  /** Never set: carries `T` for the types. */
  readonly valueType?: T;
}

type Described<T> = { description: string; defaultText?: string; secret?: boolean } & T;

/** A whole number from `minimum` to `maximum`. */
export function integer(options: Described<{ minimum: number; maximum: number; default: number }>): Setting<number>;
export function integer(options: Described<{ minimum: number; maximum: number }>): Setting<number | null>;
export function integer({ defaultText, secret, ...schema }: Described<{ minimum: number; maximum: number; default?: number }>): Setting<number | null> {
  return { schema: { type: 'integer', ...schema }, defaultText, secret };
}

/** Free text, or text matching `pattern` (then `expected` says what it should look like). */
export function text(options: Described<{ default: string; pattern?: string; expected?: string }>): Setting<string>;
export function text(options: Described<{ pattern?: string; expected?: string; minLength?: number }>): Setting<string | null>;
export function text({ defaultText, secret, expected, ...schema }: Described<{ default?: string; pattern?: string; expected?: string; minLength?: number }>): Setting<string | null> {
  return { schema: { type: 'string', ...schema }, defaultText, secret, expected };
}

/** One of `options`. */
export function choice<const O extends string>(options: readonly O[], settings: Described<{ default: O }>): Setting<O> {
  const { defaultText, secret, ...schema } = settings;
  return { schema: { type: 'string', enum: options, ...schema }, defaultText, secret };
}

/** Text turned into a value by `parse` (which throws a ConfigError); `pattern` is checked first. */
export function parsed<T>(parse: (text: string) => T, options: Described<{ default: string; pattern?: string; expected?: string }>): Setting<T>;
export function parsed<T>(parse: (text: string) => T, options: Described<{ pattern?: string; expected?: string }>): Setting<T | null>;
export function parsed<T>(parse: (text: string) => T, { defaultText, secret, expected, ...schema }: Described<{ default?: string; pattern?: string; expected?: string }>): Setting<T | null> {
  return { schema: { type: 'string', ...schema }, defaultText, secret, expected, parse };
}

export type Settings = Record<string, Setting<unknown>>;
export type SettingValues<S extends Settings> = { -readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** What every section's derive may use besides its own values. */
export interface StartContext {
  /** NODE_ENV=production. */
  production: boolean;
  /** Something an operator should know; logged as a warning at start. */
  warn(message: string): void;
}

/** A part of the server's configuration: its variables, the rules across them, and what the code receives. */
export interface ConfigSection<S extends Settings, Before, Out> {
  /** Who uses these settings (a module's name, or "core"), as the README's table says. */
  name: string;
  /** The file that declares them, relative to the repository, for the README's table. */
  file: string;
  settings: S;
  /** Rules across this section's variables, checked once each of them is valid: one message per broken rule. */
  check?(values: SettingValues<S>): string[];
  /** This section's part of the configuration; `before` is what the sections composed before it made. */
  derive(values: SettingValues<S>, before: Before, context: StartContext): Out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of sections of any shape
export type AnySection = ConfigSection<any, any, any>;

export function configSection<S extends Settings, Before, Out>(section: ConfigSection<S, Before, Out>): ConfigSection<S, Before, Out> {
  return section;
}

/** Each section's checked values; read with `of(section)`. */
export interface CheckedValues {
  of<S extends Settings>(section: ConfigSection<S, never, unknown>): SettingValues<S>;
}

const validators = new WeakMap<readonly AnySection[], ValidateFunction>();

/** The JSON Schema of every variable the sections declare (a name declared twice is a bug). */
export function environmentSchema(sections: readonly AnySection[]): { type: 'object'; properties: Record<string, SettingSchema> } {
  const properties: Record<string, SettingSchema> = {};
  for (const section of sections) {
    for (const [name, setting] of Object.entries(section.settings as Settings)) {
      if (properties[name]) throw new Error(`${name} is declared twice (again in ${section.file}).`);
      properties[name] = setting.schema;
    }
  }
  return { type: 'object', properties };
}

function validator(sections: readonly AnySection[]): ValidateFunction {
  let validate = validators.get(sections);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: true });
    validate = ajv.compile(environmentSchema(sections));
    validators.set(sections, validate);
  }
  return validate;
}

function problem(name: string, setting: Setting<unknown>, error: ErrorObject, raw: string): string {
  const got = setting.secret ? '' : ` (got "${raw}")`;
  const { schema } = setting;
  if (schema.type === 'integer') return `${name} must be a whole number from ${schema.minimum} to ${schema.maximum}${got}.`;
  if (schema.enum) {
    const options = schema.enum.map((option) => `"${option}"`);
    return `${name} must be ${[options.slice(0, -1).join(', '), options.at(-1)].filter(Boolean).join(' or ')}${got}.`;
  }
  if (error.keyword === 'minLength') return `${name} must be at least ${schema.minLength} characters long.`;
  return `${name} must be ${setting.expected ?? `a match for ${schema.pattern}`}${got}.`;
}

/**
 * Every declared variable of `env` (trimmed; empty counts as unset), checked against its schema,
 * parsed, and each section's rules applied: all of them, so that one ConfigError names every
 * bad variable.
 */
export function checkEnvironment(sections: readonly AnySection[], env: Record<string, string | undefined>): CheckedValues {
  const data: Record<string, unknown> = {};
  const raw: Record<string, string> = {};
  for (const section of sections) {
    for (const name of Object.keys(section.settings)) {
      const text = env[name]?.trim();
      if (text) data[name] = raw[name] = text;
    }
  }
  const problems = new Map<string, string>();
  const validate = validator(sections);
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      const name = error.instancePath.slice(1);
      const setting = sections.map((section) => (section.settings as Settings)[name]).find(Boolean);
      if (setting && !problems.has(name)) problems.set(name, problem(name, setting, error, raw[name] ?? ''));
    }
  }
  const values = new Map<AnySection, Record<string, unknown>>();
  const rules: string[] = [];
  for (const section of sections) {
    const own: Record<string, unknown> = {};
    let valid = true;
    for (const [name, setting] of Object.entries(section.settings as Settings)) {
      if (problems.has(name)) {
        valid = false;
        continue;
      }
      const value = data[name] ?? null;
      try {
        own[name] = setting.parse && typeof value === 'string' ? setting.parse(value) : value;
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.set(name, error.message);
        valid = false;
      }
    }
    if (valid) rules.push(...(section.check?.(own) ?? []));
    values.set(section, own);
  }
  if (problems.size > 0 || rules.length > 0) throw new ConfigError([...problems.values(), ...rules]);
  return {
    of: <S extends Settings>(section: ConfigSection<S, never, unknown>) => values.get(section as AnySection) as SettingValues<S>,
  };
}

/** DATA_DIR is created if needed and must be writable: PGlite and the generated secrets live there. */
export async function writableDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created or written to (${code}); set DATA_DIR to a writable directory.`);
  }
}

/** The secret given, or one generated once and kept in DATA_DIR/`fileName` (mode 600). */
export async function storedSecret(given: string | null, dataDir: string, fileName: string): Promise<string> {
  if (given !== null) return given;
  await writableDataDir(dataDir);
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
