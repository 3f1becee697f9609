/** The dashboard's routes, documented in the API's OpenAPI document (see services/api/contract/operations.ts). */
import { error, html, json, type Operation } from '../contract/operation.ts';

const page = (path: string, summary: string): Operation => ({ method: 'get', path, summary, responses: { 200: html('page'), 404: html('not found page') } });

export const DASHBOARD_OPERATIONS: Operation[] = [
  page('/dashboard', 'Dashboard: runs with live progress'),
  page('/dashboard/trends', 'Dashboard: pass rate, cost and latency over runs (?name= one run name)'),
  page('/dashboard/dead-letters', 'Dashboard: dead letters'),
  page('/dashboard/runs/{id}', 'Dashboard: one run, its bandi and cases (50 a page, failures first; ?outcome=, family=, tender=, check=, branch=, q=, page=)'),
  page('/dashboard/runs/{id}/cases/{taskKey}', 'Dashboard: one case and its transcript'),
  page('/dashboard/mutations/{id}', 'Dashboard: one mutation report'),
  {
    method: 'get',
    path: '/dashboard/review',
    summary: "Dashboard: human review of a stratified sample of judge verdicts and red-team decisions; agreement and Cohen's kappa per mandate",
    query: [
      { name: 'n', description: 'items to sample (default 20)', schema: { type: 'integer', minimum: 1, maximum: 200 } },
      { name: 'runs', description: 'recent finished runs to sample from (default 5)', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ],
    responses: { 200: html('page') },
  },
  {
    method: 'post',
    path: '/dashboard/api/review-labels',
    summary: "Labels one machine decision agree/disagree (JSON only, same origin); returns its mandate's agreement",
    body: 'ReviewLabelRequest',
    responses: { 200: json("the mandate's agreement", 'ReviewLabelResult'), 400: error('invalid body'), 403: error('cross-site request'), 404: error('no such decision'), 415: error('not JSON') },
  },
  { method: 'get', path: '/dashboard/api/runs', summary: 'Runs with live progress (the dashboard polls it)', responses: { 200: json('runs', 'DashboardRuns') } },
  { method: 'get', path: '/dashboard/assets/app.js', summary: "The dashboard's script", responses: { 200: { description: 'script', type: 'text/javascript; charset=utf-8' } } },
  { method: 'get', path: '/dashboard/assets/uplot.js', summary: 'uPlot, the charting library (served locally)', responses: { 200: { description: 'script', type: 'text/javascript; charset=utf-8' } } },
  { method: 'get', path: '/dashboard/assets/review.js', summary: "The review page's script (labels)", responses: { 200: { description: 'script', type: 'text/javascript; charset=utf-8' } } },
  { method: 'get', path: '/dashboard/assets/charts.js', summary: "The dashboard's charts (uPlot)", responses: { 200: { description: 'script', type: 'text/javascript; charset=utf-8' } } },
  { method: 'get', path: '/dashboard/assets/charts.css', summary: "The charts' stylesheet (uPlot's and the dashboard's)", responses: { 200: { description: 'stylesheet', type: 'text/css; charset=utf-8' } } },
  { method: 'get', path: '/dashboard/assets/app.css', summary: "The dashboard's stylesheet", responses: { 200: { description: 'stylesheet', type: 'text/css; charset=utf-8' } } },
];
