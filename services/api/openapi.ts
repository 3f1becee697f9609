/**
 * OpenAPI 3.1 document generated from the zod schemas the routes parse with (contract/schemas.ts) and the list
 * of routes (contract/operations.ts), which test/api/openapi.test.ts holds equal to the router's routes.
 */
import { z } from 'zod';
import { API_SCHEMAS } from './contract/schemas.ts';
import { OPERATIONS } from './contract/operations.ts';
import type { Operation, Response } from './contract/operation.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function jsonSchemaOf(name: keyof typeof API_SCHEMAS): Record<string, unknown> {
  const { schema, io } = API_SCHEMAS[name];
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** A body is optional when its schema accepts none (the routes parse `req.body ?? {}` or a default). */
const bodyRequired = (name: keyof typeof API_SCHEMAS) => !API_SCHEMAS[name].schema.safeParse(undefined).success;

function response(r: Response) {
  if (r.json) return { description: r.description, content: { 'application/json': { schema: ref(r.json) } } };
  return { description: r.description, content: { [r.type ?? 'application/octet-stream']: {} } };
}

function operation(op: Operation) {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1]!,
    in: 'path',
    required: true,
    schema: op.params?.[m[1]!] ?? { type: 'string' },
  }));
  const parameters = [
    ...pathParams,
    ...(op.query ?? []).map((q) => ({ name: q.name, in: 'query', description: q.description, schema: q.schema })),
    ...(op.headers ?? []).map((h) => ({ name: h.name, in: 'header', description: h.description, schema: { type: 'string' } })),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(op.responses)) responses[status] = response(r);
  if (op.body || op.query || op.params) responses['400'] ??= response({ description: 'invalid request: each problem names its field', json: 'Error' });
  if (!op.public) responses['401'] ??= response({ description: 'no valid token or session', json: 'Error' });
  return {
    summary: op.summary,
    ...(op.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: bodyRequired(op.body), content: { 'application/json': { schema: ref(op.body) } } } } : {}),
    responses,
  };
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  const schemas = Object.fromEntries(Object.keys(API_SCHEMAS).map((n) => [n, jsonSchemaOf(n as keyof typeof API_SCHEMAS)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'vaglio API',
      version: '0.1.0',
      description: 'Runs, resume, cancel, dead letters, mutation testing, reports, regression capture and the dashboard.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
    security: [{ bearer: [] }],
    paths,
  };
}
