/** Normalised platform types shared by the Meta adapter modules. */
import type { PlatformComment } from '../../domain/model.js';
export type PlatformName = 'facebook' | 'instagram';

/** A comment as the app stores it, whatever platform or source it came from (declared by the domain). */
export type { PlatformComment };

export interface MetaPage { id: string; name: string; accessToken: string; tasks: string[]; category?: string }
export interface InstagramAccount { id: string; username?: string }
export interface TokenGrant { accessToken: string; tokenType: string; expiresIn?: number }

/** Graph's "2026-10-05T12:34:56+0000" (or unix seconds) → ISO 8601. */
export function toIso(value: string | number | undefined): string {
  if (value === undefined) return new Date(0).toISOString();
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  const d = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}
