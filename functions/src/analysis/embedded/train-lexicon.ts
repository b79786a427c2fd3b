/**
 * Training-time word lists, baked into model.json by `npm run train` (so they stay out of the Lambda
 * bundle): the VADER English valence lexicon (data/valence-en.tsv) and a small multilingual list of
 * positive and negative words.
 */
import { readFileSync } from 'node:fs';

export const VALENCE_PATH = new URL('./data/valence-en.tsv', import.meta.url).pathname;

const POSITIVE = `love loved lovely loving great awesome amazing excellent fantastic wonderful best good nice beautiful perfect
happy glad thanks thank thx recommend fabulous brilliant superb enjoy enjoyed like likes cool fun excited exciting congrats
congratulations proud delicious yummy favorite favourite gorgeous stunning helpful friendly fast impressive win wins winning
gracias encanta encantó genial excelente increíble hermoso hermosa perfecto bueno buena feliz maravilloso recomiendo
merci génial super parfait magnifique adore j'adore excellent bravo belle beau heureux top
danke toll super großartig wunderbar schön perfekt liebe prima klasse empfehlen
obrigado obrigada adoro ótimo ótima maravilhoso lindo linda perfeito incrível parabéns amei
grazie bellissimo bellissima ottimo ottima fantastico perfetto adoro bravo complimenti stupendo`;

const NEGATIVE = `hate hated terrible awful horrible worst bad poor disappointed disappointing disappointment broken refund
scam fake rude slow never waste wasted useless angry annoyed annoying sad sucks sucked problem issue complaint cancel cancelled
late missing damaged wrong unacceptable ridiculous pathetic disgusting dirty cold expensive overpriced lost fail failed failure
worse sick tired crap garbage trash
malo mala pésimo horrible terrible nunca estafa roto tarde problema queja devolución decepcionado asco odio peor
mauvais nul horrible jamais arnaque cassé retard problème déçu remboursement pire honte
schlecht schrecklich nie betrug kaputt spät problem enttäuscht rückerstattung schlimm schlechteste
ruim péssimo horrível nunca golpe quebrado atrasado problema decepcionado reembolso pior
cattivo pessimo orribile mai truffa rotto ritardo problema deluso rimborso peggiore schifo`;

/** Reads the lexicon TSV (token<TAB>valence; # comments). */
export function readValence(path = VALENCE_PATH): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    const [word, v] = line.split('\t');
    if (word && v && Number.isFinite(Number(v))) out[word] = Number(v);
  }
  return out;
}

/** The shipped multilingual polarity lists. */
export function trainingPolarity(): { positive: string[]; negative: string[] } {
  return { positive: POSITIVE.split(/\s+/).filter(Boolean), negative: NEGATIVE.split(/\s+/).filter(Boolean) };
}
