/** One documented route: what the OpenAPI document says about it, and what the router must serve. */
import type { SchemaName } from './schemas.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Response {
  description: string;
  /** A JSON body described by a named schema. */
  json?: SchemaName;
  /** Any other body, by content type (HTML pages, YAML, CSV, Prometheus text). */
  type?: string;
}

export interface Operation {
  method: Method;
  /** OpenAPI form: `/runs/{id}`. */
  path: string;
  summary: string;
  /** Served without a token. */
  public?: boolean;
  /** A path parameter's schema when it is not a plain string. */
  params?: Record<string, Record<string, unknown>>;
  query?: { name: string; description?: string; schema: Record<string, unknown> }[];
  headers?: { name: string; description?: string }[];
  body?: SchemaName;
  responses: Record<number, Response>;
  /** Mounted by another library (Bull Board): its sub-routes are that library's. */
  mount?: boolean;
}

export const html = (description: string): Response => ({ description, type: 'text/html; charset=utf-8' });
export const json = (description: string, schema: SchemaName): Response => ({ description, json: schema });
export const error = (description: string): Response => ({ description, json: 'Error' });
