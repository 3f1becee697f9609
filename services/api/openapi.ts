/** OpenAPI 3.1 document generated from the same zod schemas that validate requests. */
import { z } from 'zod';
import { runRequestSchema } from '../../shared/plans/index.ts';

export function openApiDocument(): Record<string, unknown> {
  const runRequest = z.toJSONSchema(runRequestSchema, { io: 'input', unrepresentable: 'any' });
  const ok = (description: string) => ({ description, content: { 'application/json': {} } });
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    openapi: '3.1.0',
    info: { title: 'vaglio API', version: '0.1.0', description: 'Runs, resume, cancel, dead letters.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { RunRequest: runRequest },
    },
    security: [{ bearer: [] }],
    paths: {
      '/runs': {
        post: {
          summary: 'Start a run',
          parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/RunRequest' } } } },
          responses: { 201: ok('run created'), 200: ok('run already created with this Idempotency-Key'), 400: ok('invalid body'), 401: ok('no valid token') },
        },
        get: { summary: 'List runs', responses: { 200: ok('runs') } },
      },
      '/runs/{id}': { get: { summary: 'Run status, counts per state, progress', parameters: [idParam], responses: { 200: ok('run'), 404: ok('no such run') } } },
      '/runs/{id}/tasks': { get: { summary: 'Tasks of a run', parameters: [idParam], responses: { 200: ok('tasks') } } },
      '/runs/{id}/resume': { post: { summary: 'Relaunch the tasks that are not completed', parameters: [idParam], responses: { 200: ok('resumed') } } },
      '/runs/{id}/cancel': { post: { summary: 'Cancel a run', parameters: [idParam], responses: { 200: ok('canceled'), 409: ok('already finished') } } },
      '/runs/{id}/mutations': {
        post: { summary: 'Mutation testing of a finished run (a mutate run of its own)', parameters: [idParam], responses: { 201: ok('the mutate run'), 400: ok('bad operators or minScore'), 404: ok('no such run'), 409: ok('run not finished') } },
        get: { summary: "A run's mutation runs", parameters: [idParam], responses: { 200: ok('mutation runs') } },
      },
      '/mutations/{id}': { get: { summary: 'One mutation report', parameters: [idParam], responses: { 200: ok('mutation report'), 404: ok('not found') } } },
      '/dead-letters': { get: { summary: 'Open dead letters', responses: { 200: ok('dead letters') } } },
      '/dead-letters/{id}/reprocess': { post: { summary: 'Relaunch one dead-lettered task', parameters: [idParam], responses: { 200: ok('relaunched') } } },
      '/dead-letters/reprocess': { post: { summary: 'Relaunch dead letters by run or queue', responses: { 200: ok('relaunched') } } },
      '/metrics': { get: { summary: 'Prometheus metrics', responses: { 200: ok('metrics') } } },
      '/healthz': { get: { summary: 'Liveness and dependencies (no auth)', security: [], responses: { 200: ok('healthy') } } },
    },
  };
}
