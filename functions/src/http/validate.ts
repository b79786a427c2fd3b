/** Parses request bodies and queries with the shared zod schemas; every problem becomes a 400 naming its field. */
import type { z } from 'zod';
import { BadRequest, Forbidden, UnsupportedMediaType, type FieldError } from './errors.js';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
}

function invalid(errors: FieldError[]): BadRequest {
  return new BadRequest(`Invalid request: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
}

export function isJson(contentType: string | undefined): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test((contentType ?? '').trim());
}

/** JSON body → schema output. 415 without a JSON content type, 400 for malformed JSON or bad fields. */
export function parseBody<S extends z.ZodType>(schema: S, raw: string | null, contentType: string | undefined): z.infer<S> {
  if (!isJson(contentType)) throw new UnsupportedMediaType();
  let data: unknown;
  try {
    data = JSON.parse(raw ?? '');
  } catch {
    throw new BadRequest('Malformed JSON body', [{ field: '(body)', message: 'is not valid JSON' }]);
  }
  const result = schema.safeParse(data);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

export function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, string | undefined> | null): z.infer<S> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** DynamoDB refuses keys over 1 KB, so no path id may be longer. */
export const MAX_PARAM_BYTES = 1024;

/** Every path parameter must fit a DynamoDB key: a 400 naming the parameter otherwise. */
export function checkPathParams(params: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(params)) {
    if (Buffer.byteLength(value ?? '', 'utf8') > MAX_PARAM_BYTES) {
      throw new BadRequest(`Path parameter ${name} is too long (over ${MAX_PARAM_BYTES} bytes)`, [{ field: name, message: `is over ${MAX_PARAM_BYTES} bytes` }]);
    }
  }
}

type Headers = Record<string, string | undefined> | null | undefined;

function headerOf(headers: Headers, name: string): string | undefined {
  const found = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
  return found ? headers![found] : undefined;
}

function originOf(url: string): string | null {
  try { return new URL(url).origin; } catch { return null; }
}

/** The app's own origin: APP_URL when set, else the request's Host as forwarded (CloudFront sets X-Forwarded-Host). */
export function ownOrigin(headers: Headers): string | null {
  const appUrl = process.env.APP_URL;
  if (appUrl) return originOf(appUrl);
  const host = headerOf(headers, 'x-forwarded-host') ?? headerOf(headers, 'host');
  if (!host) return null;
  const proto = headerOf(headers, 'x-forwarded-proto')?.split(',')[0]?.trim() ?? 'https';
  return originOf(`${proto}://${host.split(',')[0]!.trim()}`);
}

/** True when no Origin is sent, or it is the app's own (scheme, host and port). */
export function originAllowed(headers: Headers): boolean {
  const origin = headerOf(headers, 'origin');
  if (origin === undefined) return true;
  const own = ownOrigin(headers);
  return own !== null && originOf(origin) === own;
}

/** A cross-site Origin is refused (403) on every call that changes something. */
export function checkOrigin(headers: Headers): void {
  if (!originAllowed(headers)) throw new Forbidden(`Origin ${headerOf(headers, 'origin')} is not allowed: requests must come from the app's own site`);
}

/**
 * Blocks forged cross-site requests: a state-changing call (POST/PUT/DELETE), with or without a
 * body, must say `Content-Type: application/json` (415 otherwise), and a body sent to a route that
 * takes none must still be valid JSON (400). Raw-body webhooks are signature-checked instead.
 */
export function checkRequestShape(method: string, route: { body?: unknown; rawBody?: boolean }, raw: Buffer, contentType: string | undefined): void {
  if (route.rawBody || !['POST', 'PUT', 'DELETE', 'PATCH'].includes(method.toUpperCase())) return;
  if (!isJson(contentType)) throw new UnsupportedMediaType();
  if (route.body || !raw.length) return;
  try {
    JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequest('Malformed JSON body', [{ field: '(body)', message: 'is not valid JSON' }]);
  }
}
