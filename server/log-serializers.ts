// What an error looks like in the log. A failed query is logged with its SQL but never its
// parameters, nor the database's own message and detail (they quote values too): those carry
// emails, names and password hashes, which do not belong in logs.
import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

/** The database error's fields that name what failed without quoting any value. */
const SAFE_CAUSE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint'];

function withoutValues(error: DrizzleQueryError): Error {
  const safe = new Error(`Failed query: ${error.query}`);
  safe.name = error.name;
  // The stack starts with the original message, parameters included: keep only its frames.
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n')}`;
  const cause = error.cause as Record<string, unknown> | undefined;
  if (cause && typeof cause === 'object') {
    Object.assign(safe, { cause: Object.fromEntries(SAFE_CAUSE_FIELDS.filter((field) => field in cause).map((field) => [field, cause[field]])) });
  }
  return safe;
}

export const logSerializers = {
  err: (error: Error) => stdSerializers.err(error instanceof DrizzleQueryError ? withoutValues(error) : error),
};
