/** Language detection for en, es, fr, de, pt, it from stopword hits and telltale characters; defaults to en. */
import { normalise, words } from './text.js';

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

const STOPWORDS: Record<Language, string> = {
  en: 'a an from day the and is are was were you your i my me it this that of to in for on with have has not but what how when where why can do does will would love great thanks please',
  es: 'el la los las es son un una y de del que en por para con no pero muy qué cómo cuánto cuanto cuesta dónde cuándo gracias hola tu su mi me lo se está están tiene este esta envío precio también',
  fr: 'le la les est sont un une et de des du que qui en pour avec pas mais très je tu vous il elle nous ce cette merci bonjour combien comment où quand est-ce ne ça c\'est au aux',
  de: 'der die das ist sind ein eine und zu den dem nicht mit für auf ich du sie wir es sehr was wie wann wo danke hallo ihr mein kein auch noch bitte',
  pt: 'o a os as é são um uma e de do da que em para com não mas muito eu você ele ela nós isso esta este obrigado obrigada olá quanto custa onde quando como meu minha frete',
  it: 'il lo la gli le è sono un una e di del della che in per con non ma molto io tu lei noi questo questa grazie ciao quanto costa dove quando come mio mia anche spedizione',
};
const SETS = Object.fromEntries(LANGUAGES.map((l) => [l, new Set(STOPWORDS[l].split(/\s+/))])) as Record<Language, Set<string>>;
const CHARS: Record<Language, RegExp> = { en: /$^/, es: /[ñ¿¡]/g, fr: /[çœèêëîû]|\bqu'|\bd'|\bl'/g, de: /[äöüß]/g, pt: /[ãõ]|ção\b/g, it: /[ìò]|zione\b|\bperché\b/g };

/** Best-guess ISO 639-1 code of a comment. */
export function detectLanguage(raw: string): Language {
  const norm = normalise(raw);
  const toks = words(norm);
  let best: Language = 'en';
  let bestScore = 0;
  for (const lang of LANGUAGES) {
    let score = 0;
    for (const t of toks) if (SETS[lang].has(t)) score += 1;
    score += 1.5 * (norm.match(CHARS[lang]) ?? []).length;
    if (lang === 'en') score += 0.5; // ties go to English
    if (score > bestScore) { best = lang; bestScore = score; }
  }
  return bestScore >= 1 ? best : 'en';
}
