// The contract (openapi.yaml), loaded once: Fastify route schemas for validation and
// serialization come from here, so the API cannot drift from what the client is generated from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifySchema } from 'fastify';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ContractOperation {
  method: string;
  /** The OpenAPI path template, e.g. `/sandbox/checkout/{sessionId}`. */
  path: string;
  operation: JsonObject;
  parameters: JsonObject[];
}

export const contractFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Replaces every local `$ref` with (a copy of) what it points at. Written here rather than taken
 * from a $ref library: the contract only uses local refs without siblings, and the library
 * (with its own YAML parser) would add about 8 MB to every server's memory for these lines.
 */
function dereference(root: JsonObject): JsonObject {
  const resolve = (ref: string, seen: string[]): Json => {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported (got ${ref}).`);
    if (seen.includes(ref)) throw new Error(`Circular $ref: ${[...seen, ref].join(' → ')}`);
    let target: Json | undefined = root;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (target === undefined) throw new Error(`Unresolved $ref ${ref}`);
    return walk(target, [...seen, ref]);
  };
  const walk = (node: Json, seen: string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') return resolve(node.$ref, seen);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, seen)]));
  };
  return walk(root, []) as JsonObject;
}

export const contract: JsonObject = dereference(parse(readFileSync(contractFile, 'utf8')) as JsonObject);

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The operation for `method` and `path` (OpenAPI `{param}` or Fastify `:param` style, or a concrete URL path). */
export function findOperation(method: string, urlPath: string): ContractOperation {
  const paths = contract.paths;
  if (!isObject(paths)) throw new Error('openapi.yaml has no paths');
  const wanted = urlPath.split('?')[0]!.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const template =
    wanted in paths
      ? wanted
      : Object.keys(paths).find((candidate) => {
          const pattern = candidate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
          return new RegExp(`^${pattern}$`).test(wanted);
        });
  const item = template === undefined ? undefined : paths[template];
  const operation = isObject(item) ? item[method.toLowerCase()] : undefined;
  if (template === undefined || !isObject(item) || !isObject(operation) || !methods.includes(method.toLowerCase())) {
    throw new Error(`openapi.yaml has no operation ${method.toUpperCase()} ${urlPath}`);
  }
  const shared = Array.isArray(item.parameters) ? item.parameters : [];
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const parameters = [...shared, ...own].filter(isObject);
  return { method: method.toUpperCase(), path: template, operation, parameters };
}

/**
 * Adapts an OpenAPI 3.1 (JSON Schema 2020-12) schema to what Fastify's draft-07 Ajv and
 * fast-json-stringify accept: drops `format: binary` (no such Ajv format) and OpenAPI-only
 * annotations, and turns `oneOf` into `anyOf` for serialization (the nullable card).
 */
export function adaptSchema(node: Json, forResponse = false): Json {
  if (Array.isArray(node)) return node.map((item) => adaptSchema(item, forResponse));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'format' && value === 'binary') continue;
    if (key === 'example' || key === 'examples' || key === 'deprecated' || key === 'xml') continue;
    const name = forResponse && key === 'oneOf' ? 'anyOf' : key;
    out[name] = key === 'properties' && isObject(value)
      ? Object.fromEntries(Object.entries(value).map(([prop, schema]) => [prop, adaptSchema(schema, forResponse)]))
      : adaptSchema(value, forResponse);
  }
  return out;
}

function parametersSchema(parameters: JsonObject[], location: string): JsonObject | undefined {
  const selected = parameters.filter((parameter) => parameter.in === location && typeof parameter.name === 'string');
  if (selected.length === 0) return undefined;
  const name = (parameter: JsonObject) => {
    const raw = parameter.name as string;
    return location === 'header' ? raw.toLowerCase() : raw;
  };
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((parameter) => [name(parameter), adaptSchema(parameter.schema ?? {})])),
    required: selected.filter((parameter) => parameter.required === true || location === 'path').map(name),
  };
}

function jsonContentSchema(holder: Json | undefined): Json | undefined {
  if (!isObject(holder) || !isObject(holder.content)) return undefined;
  const content = holder.content;
  const media = content['application/json'] ?? content['application/x-www-form-urlencoded'];
  return isObject(media) ? media.schema : undefined;
}

/** Fastify's `schema` for one operation: body, params, querystring, headers and JSON responses. */
export function routeSchema(method: string, urlPath: string): FastifySchema {
  const { operation, parameters } = findOperation(method, urlPath);
  const schema: Record<string, unknown> = {};
  const params = parametersSchema(parameters, 'path');
  const querystring = parametersSchema(parameters, 'query');
  const headers = parametersSchema(parameters, 'header');
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (headers) schema.headers = headers;
  const body = jsonContentSchema(operation.requestBody);
  if (body !== undefined) schema.body = adaptSchema(body);
  const response: Record<string, Json> = {};
  if (isObject(operation.responses)) {
    for (const [status, definition] of Object.entries(operation.responses)) {
      const content = isObject(definition) && isObject(definition.content) ? definition.content['application/json'] : undefined;
      if (isObject(content) && content.schema !== undefined) response[status] = adaptSchema(content.schema, true);
    }
  }
  if (Object.keys(response).length > 0) schema.response = response;
  return schema as FastifySchema;
}
