/** Text normalisation shared by features, rules and language detection. */
import { canonical } from './normalise.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export const URL_RE = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|ly|io|co|me|tv|info|biz|xyz|gl)(?:\/\S*)?\b/gi;

/** Decodes the HTML entities found in scraped social text. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#?\w+);/g, (m, e: string) => {
    if (ENTITIES[e] !== undefined) return ENTITIES[e]!;
    if (e.startsWith('#')) {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return m;
  });
}

/** Lowercased text with links and mentions replaced by placeholder words. */
export function normalise(raw: string): string {
  return canonical(decodeEntities(raw))
    .replace(URL_RE, ' xurlx ')
    .replace(/@\w+/g, ' xuserx ')
    .toLowerCase()
    .replace(/(.)\1{3,}/g, '$1$1$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Word tokens (letters, digits, apostrophes, '#', emoji kept as their own tokens). */
export function words(norm: string): string[] {
  return norm.match(/#?[\p{L}\p{N}'’]+|\p{Extended_Pictographic}|[!?]/gu) ?? [];
}
