/** The dashboard page shell and its Content-Security-Policy (scripts and styles only from /dashboard/assets). */
import type { Response } from 'express';
import { esc } from '../../../shared/report/escape.ts';

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const NAV: [string, string][] = [
  ['/dashboard', 'Runs'],
  ['/dashboard/trends', 'Trends'],
  ['/dashboard/review', 'Review'],
  ['/dashboard/dead-letters', 'Dead letters'],
  ['/admin/queues', 'Queues'],
];

export function sendPage(res: Response, title: string, body: string, status = 200): void {
  res
    .status(status)
    .set({ 'content-security-policy': DASHBOARD_CSP, 'cache-control': 'no-store' })
    .type('html')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · vaglio</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/dashboard/assets/app.css"></head>
<body><header class="top"><a class="brand" href="/dashboard">vaglio</a>${NAV.slice(1).map(([h, t]) => `<a href="${h}">${esc(t)}</a>`).join('')}</header>
<main>${body}</main><script src="/dashboard/assets/app.js"></script></body></html>`);
}

export const progressBar = (p: number) => `<progress max="1" value="${p.toFixed(3)}" data-field="progress"></progress> <span data-field="progress-text">${Math.round(p * 100)}%</span>`;
