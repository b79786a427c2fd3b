/**
 * Unicode canonical form for matching: NFKC (fullwidth, mathematical bold/italic letters, ligatures),
 * zero-width characters removed, and Cyrillic/Greek look-alikes inside Latin words mapped to Latin
 * (a subset of Unicode's confusables.txt: the letters scammers use to dodge filters, "Меtа Ѕuрроrt").
 */

const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', с: 'c', е: 'e', ё: 'e', һ: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', т: 't', у: 'y', х: 'x', ԝ: 'w', ү: 'y', ɡ: 'g',
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', У: 'Y', Ԝ: 'W',
  // Greek
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', ι: 'i', κ: 'k', υ: 'u', χ: 'x',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Latin look-alikes and symbols
  ı: 'i', ℓ: 'l', '０': '0',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'u');
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** Maps look-alikes to Latin inside words that also contain Latin letters, or in text that is mostly Latin. */
export function canonical(raw: string): string {
  // One comment is canonicalised by several passes (cues, language, features): the last few results are kept.
  const hit = recent.get(raw);
  if (hit !== undefined) return hit;
  const out = canonicalUncached(raw);
  if (recent.size >= 8) recent.clear();
  recent.set(raw, out);
  return out;
}
const recent = new Map<string, string>();

function canonicalUncached(raw: string): string {
  const s = raw.normalize('NFKC').replace(ZERO_WIDTH, '');
  if (!CONFUSABLE_RE.test(s)) return s;
  const latin = (s.match(/[a-z]/gi) ?? []).length;
  const other = (s.match(/[\u0370-\u03ff\u0400-\u04ff]/g) ?? []).length;
  const mostlyLatin = latin >= other;
  return s.replace(/[\p{L}\p{M}\p{N}]+/gu, (word) => {
    if (!mostlyLatin && !/[a-z]/i.test(word)) return word;
    return word.replace(/./gu, (c) => CONFUSABLES[c] ?? c);
  });
}

/**
 * Spelling variants of a stretched token for lexicon look-up: runs of three or more of one letter
 * become one and two ("fuuuck" → "fuck", "fuuck"); real double letters stay ("ville" stays "ville").
 */
export function destretch(token: string): string[] {
  if (!/(.)\1\1/u.test(token)) return [token];
  return [token.replace(/(.)\1{2,}/gu, '$1'), token.replace(/(.)\1{2,}/gu, '$1$1')];
}
