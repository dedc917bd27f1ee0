// GET /v1/openapi.json: OpenAPI 3.1 with JSON Schema 2020-12 (000 §1, §9), generated
// from the catalog, so it names exactly the operations the emulator routes.
import { operations, shapes, type Operation, type ShapeSpec } from '@extkit/api';

type Schema = Record<string, unknown>;

/** A body or query spec as a JSON Schema: closed keys, required members, enumerations. */
function schemaOf(spec: ShapeSpec): Schema {
  const properties: Record<string, Schema> = {};
  for (const key of spec.keys ?? []) properties[key] = {};
  for (const [key, values] of Object.entries(spec.enums ?? {}))
    properties[key] = { type: ['string', 'null'], enum: [...values, null] };
  for (const key of spec.booleans ?? []) properties[key] = { type: 'boolean' };
  for (const key of spec.instants ?? []) properties[key] = { type: 'string', format: 'date-time' };
  for (const [key, inner] of Object.entries(spec.nested ?? {}))
    properties[key] = { anyOf: [schemaOf(inner), { type: 'null' }] };
  return {
    type: 'object',
    properties,
    ...(spec.required?.length ? { required: [...spec.required] } : {}),
    ...(spec.keys ? { additionalProperties: false } : {}),
  };
}

const errorEnvelope: Schema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'message'],
      properties: {
        type: { type: 'string' },
        message: { type: 'string' },
        code: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

const listEnvelope: Schema = {
  type: 'object',
  required: ['object', 'data', 'next_cursor', 'has_more'],
  properties: {
    object: { const: 'list' },
    data: { type: 'array' },
    next_cursor: { type: ['string', 'null'] },
    has_more: { type: 'boolean' },
  },
};

function operationObject(op: Operation): Schema {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const spec = (shapes as Record<string, ShapeSpec>)[op.id];
  const query =
    op.method === 'GET' && spec
      ? Object.entries((schemaOf(spec).properties as Record<string, Schema>) ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          schema,
        }))
      : [];
  const paging = op.list
    ? [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' } },
      ]
    : [];
  const key = op.keyed
    ? [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: `Bound to the operation and its ${op.keyed} scope; remembered 30 days`,
        },
      ]
    : [];
  const secret =
    op.auth === 'hook_secret'
      ? [{ name: 'x-service-secret', in: 'header', required: true, schema: { type: 'string' } }]
      : [];
  return {
    operationId: op.id,
    summary: `${op.method} ${op.path}`,
    description: `${op.doc}${op.scope ? `. Scope ${op.scope}` : ''}${op.plan ? `. Plan: ${op.plan}` : ''}`,
    ...(op.scope ? { 'x-scope': op.scope } : {}),
    ...(op.plan ? { 'x-plan': op.plan } : {}),
    security: op.auth === 'key' ? [{ bearer: [] }] : [],
    parameters: [...params, ...query, ...paging, ...key, ...secret],
    ...((op.method === 'POST' || op.method === 'PATCH') && op.auth === 'key'
      ? {
          requestBody: {
            required: op.method === 'PATCH',
            content: { 'application/json': { schema: spec ? schemaOf(spec) : { type: 'object' } } },
          },
        }
      : {}),
    responses: {
      [String(op.status)]: {
        description: 'Success',
        content: {
          'application/json': { schema: op.list ? { $ref: '#/components/schemas/List' } : { type: 'object' } },
        },
      },
      default: {
        description: 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document for an emulator answering at `origin`. */
export function openApiDocument(origin: string): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Platform REST API (extkit emulator)', version: 'v1' },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorEnvelope, List: listEnvelope },
    },
  };
}
