/** Parses request bodies and queries with the shared zod schemas; every problem becomes a 400 naming its field. */
import type { z } from 'zod';
import { BadRequest, UnsupportedMediaType, type FieldError } from './errors.js';

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
