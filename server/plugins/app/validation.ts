// App layer: validates requests against the contract's schemas. Bodies are checked strictly
// (a number is not a string); path, query and headers are text and may be coerced.
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import fp from 'fastify-plugin';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, useDefaults: true, ...options });
  addFormats(ajv);
  return ajv;
}

const typeNames: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** One Ajv error as a sentence a person can act on, naming the field: "email: must be a string." */
export function describeValidationError(error: ErrorObject, context: string): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return `${[path, params.missingProperty].filter(Boolean).join('.')}: is required.`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${[path, params.additionalProperty].filter(Boolean).join('.')}: is not allowed.`;
  }
  if (path === '' && error.keyword === 'type') {
    return context === 'body' ? 'The request body must be a JSON object.' : `The ${context} must be ${typeNames[String(params.type)] ?? String(params.type)}.`;
  }
  const field = path === '' ? context : path;
  const limit = Number(params.limit);
  const rule = ((): string => {
    switch (error.keyword) {
      case 'type': {
        const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
        return `must be ${types.map((type) => typeNames[String(type)] ?? String(type)).join(' or ')}`;
      }
      case 'minLength':
        return limit <= 1 ? 'must not be empty' : `must be at least ${limit} characters long`;
      case 'maxLength':
        return `must be at most ${limit} characters long`;
      case 'pattern':
        return 'has an invalid format';
      case 'format':
        return `must be a valid ${String(params.format)}`;
      case 'enum':
        return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
      case 'const':
        return `must be ${JSON.stringify(params.allowedValue)}`;
      case 'minimum':
        return `must be at least ${limit}`;
      case 'maximum':
        return `must be at most ${limit}`;
      default:
        return error.message ?? 'is invalid';
    }
  })();
  return `${field}: ${rule}.`;
}

export default fp(
  async (app) => {
    const strict = makeAjv({ coerceTypes: false, removeAdditional: false });
    const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false });
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? strict : coercing).compile(schema),
    );
    app.setSchemaErrorFormatter((errors, context) => {
      const first = errors[0];
      const error = new Error(first ? describeValidationError(first, context) : 'The request is invalid.');
      return error;
    });
  },
  { name: 'validation' },
);
