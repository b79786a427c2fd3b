/**
 * Language of a comment: script first (Arabic, Devanagari, other non-Latin scripts), then, for Latin
 * text, the tinyld detector (its light profile, restricted to our languages) combined with telltale
 * function words of each supported language, which carry short comments where n-grams are weak.
 * Latin-script Hindi (Hinglish) is recognised by its own function words.
 */
import { detectAll } from 'tinyld/light';
import { canonical } from './normalise.js';
import { lexiconLanguages } from './offensive-lexicon.js';

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'id', 'ar', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
const SUPPORTED = new Set<string>(LANGUAGES);
export const isSupported = (code: string): code is Language => SUPPORTED.has(code);

const LATIN: Exclude<Language, 'ar'>[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'id', 'hi'];
const STOPWORDS: Record<Exclude<Language, 'ar'>, string> = {
  en: 'the and is are was were you your i my me it this that of to for on with have has not but what how when where why can do does will would love great thanks please just so be they we our us if or from who which there their about get got dont',
  es: 'el la los las es son un una y del que por para con pero muy qué cómo cuánto cuanto cuesta dónde donde cuándo gracias hola tu su mi lo está están tiene este esta envío precio también hay hacen tienen puedo ya pedido mas más le les nos yo',
  fr: 'le les est sont une et des du qui pour avec pas mais très je vous il elle nous ce cette merci bonjour combien comment où quand ne ça c\'est au aux sur mon ma mes votre vos j\'ai suis fait été trop',
  de: 'der die das ist sind ein eine und zu den dem nicht mit für auf ich du sie wir es sehr was wie wann wo danke hallo ihr mein kein auch noch bitte habe hat schon aber oder euch gibt',
  pt: 'o os as é são um uma do da que em para com não mas muito eu você vocês ele ela nós isso esta este obrigado obrigada olá quanto custa onde quando como meu minha frete tem no na pra vcs está ainda amei demais chegou',
  it: 'il lo gli è sono un una di del della che per con non ma molto io tu lei noi questo questa grazie ciao quanto costa dove quando come mio mia anche spedizione ho sei nel alla ancora perché',
  nl: 'de het een en is zijn van dat die niet met voor op ik je jij jullie wij we mijn ook maar wat hoe wanneer waar bedankt dank hallo heel nog geen bij naar dit er kan',
  pl: 'i w na nie jest to się że z do jak co czy ale tak już mi mnie jestem bardzo dziękuję dzięki proszę gdzie kiedy ile moje mój dla od są był wasz was',
  tr: 've bir bu da de çok ne mi mı mu mü için ile ben sen siz biz var yok değil ama gibi nasıl nerede neden teşekkürler teşekkür merhaba kadar hala daha şu olarak ki',
  id: 'yang dan di ini itu tidak saya aku kamu anda apa ada bisa untuk dengan dari ke juga sudah belum mau berapa apakah kak min terima kasih banget sekali tapi sama lagi gak nggak udah',
  hi: 'hai hain nahi nahin nhi kya bahut bohot accha acha achha yaar mera meri tera teri kaise kyun kyu bhai kar karo raha rahe rahi tha thi mujhe aap aapka tum hum ye yeh woh bhi sab kuch kab kahan abhi gaya gayi diya wala wali kaun kitna hoga hota chahiye jaldi ji aur hua hue ko ka koi toh ek phir kuch liye liya lekin agar sirf kyunki matlab sach acchi achhi bura buri pyar pyaar dil logo desh sabse zyada jyada rha rhe rhi hogi dekho karna karne ho gye gyi gya gae karte karta karti hoon hun kro nhi h kyu kuch saale saala kaha dkhi apka apki',
};
const SETS = Object.fromEntries(LATIN.map((l) => [l, new Set(STOPWORDS[l].split(/\s+/))])) as Record<Exclude<Language, 'ar'>, Set<string>>;
const CHARS: Partial<Record<Language, RegExp>> = {
  es: /[ñ¿¡]/g, fr: /[çœèêëîû]|\bqu'|\bj'|\bd'|\bl'/g, de: /[öüß]/g, pt: /[ãõ]|ção\b|ções\b/g, it: /[ìò]|zione\b/g,
  pl: /[ąćęłńśźż]/g, tr: /[ğış]|İ/g, nl: /\bij|ij\b|\bzijn\b|\bgeen\b/g,
};

export interface LanguageGuess {
  /** ISO 639-1 code: a supported language, or the detector's code for an unsupported one ('und' when nothing to go on). */
  language: string;
  supported: boolean;
  script: 'latin' | 'arabic' | 'devanagari' | 'other' | 'none';
  /** Whether English reading of the text is plausible (the English offensive heads may read it). */
  englishLike?: boolean;
  /** Latin text with a Hinglish function word that was not decided Hindi (code-mixed: "ho" is not an insult there). */
  mixedHindi?: boolean;
}

const LATIN_LETTER = /\p{Script=Latin}/u;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const DEVANAGARI_LETTER = /\p{Script=Devanagari}/u;
const LETTER = /\p{L}/u;

function script(s: string): LanguageGuess['script'] {
  // One pass over the characters: ASCII answers without a regular expression.
  let latin = 0, arabic = 0, deva = 0, letters = 0;
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) { latin++; letters++; }
      continue;
    }
    if (ARABIC_LETTER.test(ch)) { arabic++; if (LETTER.test(ch)) letters++; continue; }
    if (!LETTER.test(ch)) { if (DEVANAGARI_LETTER.test(ch)) deva++; continue; }
    letters++;
    if (LATIN_LETTER.test(ch)) latin++;
    else if (DEVANAGARI_LETTER.test(ch)) deva++;
  }
  if (!letters) return 'none';
  const max = Math.max(latin, arabic, deva, letters - latin - arabic - deva);
  if (max === arabic) return 'arabic';
  if (max === deva) return 'devanagari';
  if (max === latin) return 'latin';
  return 'other';
}

/** The comment's language, whether we support it, and its script. */
export function detect(raw: string): LanguageGuess {
  const text = canonical(raw).replace(/https?:\/\/\S+|@\w+|#\w+/g, ' ');
  const sc = script(text);
  if (sc === 'arabic') return { language: 'ar', supported: true, script: sc };
  if (sc === 'devanagari') return { language: 'hi', supported: true, script: sc };
  if (sc === 'none') return { language: 'und', supported: false, script: sc };
  if (sc === 'other') {
    const code = detectAll(text)[0]?.lang ?? 'und';
    return { language: code, supported: isSupported(code), script: sc };
  }
  const lower = text.toLowerCase();
  const toks = lower.match(/[\p{L}']+/gu) ?? [];
  const scores = new Map<string, number>();
  const words = new Map<string, number>();
  for (const lang of LATIN) {
    let n = 0;
    for (const t of toks) if (SETS[lang].has(t)) n++;
    words.set(lang, n);
    const re = CHARS[lang];
    scores.set(lang, 1.5 * n + (re ? 1.5 * (lower.match(re) ?? []).length : 0));
  }
  // Insults are telling too ("pendejo", "klootzak", "goblok"): each counts as a function word of its languages.
  for (const t of toks) for (const lang of lexiconLanguages(t)) if (lang !== 'ar') { words.set(lang, words.get(lang)! + 1); scores.set(lang, scores.get(lang)! + 1.5); }
  const hinglish = words.get('hi')!;
  // Latin-script Hindi is code-mixed with English: two Hindi function words at least as many as English ones decide.
  if (hinglish >= 2 && hinglish >= words.get('en')!) return { language: 'hi', supported: true, script: sc, englishLike: false };
  const evidence = new Map(scores);
  const ranked = [...scores.values()].sort((a, b) => b - a);
  // Function words alone are decisive when one language leads by a wide margin (skips the n-gram detector).
  if (ranked[0]! < 4.5 || ranked[0]! - ranked[1]! < 3) {
    for (const { lang, accuracy } of detectAll(text)) scores.set(lang, (scores.get(lang) ?? 0) + 3 * accuracy);
  }
  scores.set('en', (scores.get('en') ?? 0) + 0.25);
  let best = 'en';
  let bestScore = -1;
  for (const [lang, s] of scores) if (s > bestScore) { best = lang; bestScore = s; }
  if (bestScore < 0.9) best = 'en';
  // English-like: English, or Latin text with no function word or letter of the detected language (the n-gram guess alone).
  const englishLike = best === 'en' || !evidence.get(best);
  return { language: best, supported: isSupported(best), script: sc, englishLike, mixedHindi: hinglish > 0 };
}

/** Best-guess ISO 639-1 code of a comment (English when there is nothing to go on). */
export function detectLanguage(raw: string): string {
  const g = detect(raw);
  return g.language === 'und' ? 'en' : g.language;
}
