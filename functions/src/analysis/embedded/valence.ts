/**
 * Valence features for the sentiment heads: the model's valence map (VADER's English lexicon, baked into
 * model.json by `npm run train`, see train-lexicon.ts) summed over a comment's tokens, flipped after a negator, as a handful
 * of dense features (positive and negative mass, a compound score and its bin).
 */
export type Valence = ReadonlyMap<string, number>;

const NEGATORS = new Set("not no never don't dont doesn't didn't isn't wasn't aren't can't cant cannot won't wont ain't nothing nobody neither nor without".split(' '));
const TOKEN = /[\p{L}\p{N}'’]+|\p{Extended_Pictographic}|[:;=8][-'^]?[()dp/\\|*]/giu;

/** Named features and values from the lexicon (empty lexicon: none). */
export function valenceFeatures(raw: string, lex: Valence | undefined): Array<[string, number]> {
  if (!lex?.size) return [];
  const toks = raw.toLowerCase().match(TOKEN) ?? [];
  let pos = 0;
  let neg = 0;
  let negate = 0;
  for (const tok of toks) {
    const t = tok.replace(/’/g, "'");
    const v = lex.get(t) ?? (/(.)\1\1/u.test(t) ? lex.get(t.replace(/(.)\1{2,}/gu, '$1$1')) ?? lex.get(t.replace(/(.)\1{2,}/gu, '$1')) : undefined);
    if (v !== undefined) {
      const s = negate > 0 ? -0.74 * v : v;
      if (s > 0) pos += s; else neg -= s;
    }
    if (negate > 0) negate--;
    if (NEGATORS.has(t) || t.endsWith("n't")) negate = 3;
  }
  const comp = (pos - neg) / Math.sqrt((pos - neg) ** 2 + 15);
  return [['vx:pos', Math.min(pos, 8) / 4], ['vx:neg', Math.min(neg, 8) / 4], ['vx:comp', comp], [`vx:bin${Math.round(comp * 4)}`, 1], [pos + neg ? 'vx:any' : 'vx:none', 1]];
}
