// App layer: validates requests against the contract's schemas. Bodies are checked strictly
// (a number is not a string); path, query and headers are text and may be coerced. A broken
// rule is answered with its own code (`request.invalid.<keyword>`) naming the field, in the
// request's language (locales/server.<lang>.json).
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import fp from 'fastify-plugin';
import { HttpError } from '@server/errors';
import type { MessageCode, MessageValues } from '@server/i18n';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, useDefaults: true, ...options });
  addFormats(ajv);
  return ajv;
}

/** One Ajv error as a server message naming the field, in the request's language when answered. */
export interface ValidationProblem {
  code: MessageCode;
  values: MessageValues;
}

/** The JSON type Ajv reports, as the ICU `select` keys of the messages (anything else is shown as is). */
const typeOf = (type: unknown): string => String(type);

/** A format name as an ICU `select` key: `date-time` → `date_time`. */
const formatKey = (format: unknown): string => String(format).replace(/[^A-Za-z0-9_]/g, '_');

/** One Ajv error as a message a person can act on, naming the field: "email: must be a string." */
export function describeValidationError(error: ErrorObject, context: string): ValidationProblem {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { code: 'request.invalid.required', values: { field: [path, params.missingProperty].filter(Boolean).join('.') } };
  }
  if (error.keyword === 'additionalProperties') {
    return { code: 'request.invalid.additionalProperties', values: { field: [path, params.additionalProperty].filter(Boolean).join('.') } };
  }
  if (path === '' && error.keyword === 'type') {
    return context === 'body' ? { code: 'request.invalid.bodyType', values: {} } : { code: 'request.invalid.part', values: { context } };
  }
  const field = path === '' ? context : path;
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'type': {
      const types = (Array.isArray(params.type) ? params.type : String(params.type).split(',')).map(typeOf);
      const others = types.filter((type) => type !== 'null');
      return others.length === 1 && types.length === 2
        ? { code: 'request.invalid.typeOrNull', values: { field, type: others[0]! } }
        : { code: 'request.invalid.type', values: { field, type: types[0] ?? '' } };
    }
    case 'minLength':
      return Number(params.limit) <= 1 ? { code: 'request.invalid.empty', values: { field } } : { code: 'request.invalid.minLength', values: { field, limit } };
    case 'maxLength':
      return { code: 'request.invalid.maxLength', values: { field, limit: Number(params.limit) } };
    case 'minItems':
      return { code: 'request.invalid.minItems', values: { field, limit: Number(params.limit) } };
    case 'maxItems':
      return { code: 'request.invalid.maxItems', values: { field, limit: Number(params.limit) } };
    case 'pattern':
      return { code: 'request.invalid.pattern', values: { field } };
    case 'format':
      return { code: 'request.invalid.format', values: { field, format: formatKey(params.format) } };
    case 'enum':
      return { code: 'request.invalid.enum', values: { field, allowed: (params.allowedValues as unknown[]).map(String).join(', ') } };
    case 'const':
      return { code: 'request.invalid.const', values: { field, value: JSON.stringify(params.allowedValue) } };
    case 'minimum':
      return { code: 'request.invalid.minimum', values: { field, limit } };
    case 'maximum':
      return { code: 'request.invalid.maximum', values: { field, limit } };
    default:
      return { code: 'request.invalid.value', values: { field } };
  }
}

export default fp(
  async (app) => {
    const strict = makeAjv({ coerceTypes: false, removeAdditional: false });
    const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false });
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? strict : coercing).compile(schema),
    );
    app.setSchemaErrorFormatter((errors, context) => {
      // An HttpError keeps its code: Fastify adds the Ajv errors and the context to it, and the
      // error handler answers it in the request's language.
      const { code, values } = errors[0] ? describeValidationError(errors[0], context) : { code: 'request.invalid.value' as const, values: { field: context } };
      return new HttpError(400, code, { values });
    });
  },
  { name: 'validation' },
);
