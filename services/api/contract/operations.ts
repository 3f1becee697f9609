/**
 * Every route the api serves, documented. test/api/openapi.test.ts fails when this list and the Express
 * router disagree (a route served but not listed, or listed but not served).
 */
import { FORMATS } from '../../../shared/report/formats.ts';
import { DASHBOARD_OPERATIONS } from '../dashboard/operations.ts';
import { error, html, json, type Operation } from './operation.ts';

const notFound = error('no such run');

const API_OPERATIONS: Operation[] = [
  { method: 'get', path: '/healthz', summary: 'Liveness and dependencies', public: true, responses: { 200: json('healthy', 'Health'), 503: json('Redis or Postgres unreachable', 'Health') } },
  { method: 'get', path: '/openapi.json', summary: 'This document', public: true, responses: { 200: { description: 'OpenAPI 3.1', type: 'application/json' } } },
  {
    method: 'post',
    path: '/runs',
    summary: 'Start a run',
    headers: [{ name: 'Idempotency-Key', description: 'the same key returns the run it created' }],
    body: 'RunRequest',
    responses: { 201: json('run created', 'Run'), 200: json('run already created with this Idempotency-Key', 'Run') },
  },
  {
    method: 'get',
    path: '/runs',
    summary: 'List runs, newest first',
    query: [{ name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } }],
    responses: { 200: json('runs', 'RunList') },
  },
  { method: 'get', path: '/runs/{id}', summary: 'Run status, counts per state, progress', responses: { 200: json('run', 'Run'), 404: notFound } },
  { method: 'get', path: '/runs/{id}/tasks', summary: 'Tasks of a run (up to 5,000)', responses: { 200: json('tasks', 'TaskList') } },
  {
    method: 'post',
    path: '/runs/{id}/resume',
    summary: 'Relaunch the tasks that are not completed',
    body: 'ResumeRequest',
    responses: { 200: json('resumed', 'ResumeResult'), 404: notFound },
  },
  { method: 'post', path: '/runs/{id}/cancel', summary: 'Cancel a run', responses: { 200: json('canceled', 'Run'), 404: notFound, 409: error('already finished') } },
  {
    method: 'post',
    path: '/runs/{id}/mutations',
    summary: 'Mutation testing of a finished run (a mutate run of its own)',
    body: 'MutationRequest',
    responses: { 201: json('the mutate run', 'Run'), 404: notFound, 409: error('run not finished') },
  },
  { method: 'get', path: '/runs/{id}/mutations', summary: "A run's mutation runs", responses: { 200: json('mutation runs', 'MutationList'), 404: notFound } },
  { method: 'get', path: '/mutations/{id}', summary: 'One mutation report', responses: { 200: json('mutation report', 'MutationReport'), 404: error('not found') } },
  ...Object.entries(FORMATS).map(
    ([fmt, h]): Operation => ({
      method: 'get',
      path: `/runs/{id}/report.${fmt}`,
      summary: `The run's report as ${fmt.toUpperCase()} (a download)`,
      responses: { 200: { description: 'report', type: h.contentType }, 404: notFound },
    }),
  ),
  {
    method: 'get',
    path: '/runs/{id}/cases/{taskKey}/regression.yaml',
    summary: "A run's conversation as a regression case (scenario YAML)",
    responses: { 200: { description: 'scenario file', type: 'application/yaml' }, 404: error('no such conversation') },
  },
  {
    method: 'post',
    path: '/feedback',
    summary: "Files a user's feedback as a case of the stored regression set, replayed by every daily run",
    body: 'Feedback',
    responses: { 201: json('the filed case (open) and its scenario YAML', 'FiledRegression') },
  },
  {
    method: 'get',
    path: '/regressions',
    summary: 'The stored regression set: each case open until its latest result is a pass',
    query: [{ name: 'status', schema: { enum: ['open', 'green'] } }],
    responses: { 200: json('regression cases, newest first', 'RegressionList') },
  },
  {
    method: 'get',
    path: '/dead-letters',
    summary: 'Open dead letters',
    query: [
      { name: 'runId', schema: { type: 'string' } },
      { name: 'queue', schema: { type: 'string' } },
      { name: 'all', description: 'include reprocessed ones', schema: { enum: ['true', 'false'] } },
    ],
    responses: { 200: json('dead letters', 'DeadLetterList') },
  },
  {
    method: 'post',
    path: '/dead-letters/{id}/reprocess',
    summary: 'Relaunch one dead-lettered task',
    params: { id: { type: 'integer', minimum: 1 } },
    responses: { 200: json('relaunched', 'DeadLetterReprocessResult'), 404: error('no open dead letter with this id') },
  },
  { method: 'post', path: '/dead-letters/reprocess', summary: 'Relaunch dead letters by run or queue', body: 'ReprocessRequest', responses: { 200: json('relaunched', 'ReprocessResult') } },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics', responses: { 200: { description: 'metrics', type: 'text/plain; version=0.0.4' } } },
  { method: 'get', path: '/admin/queues', summary: 'Bull Board (queues, jobs, retries)', mount: true, responses: { 200: html('Bull Board') } },
];

export const OPERATIONS: Operation[] = [...API_OPERATIONS, ...DASHBOARD_OPERATIONS];
