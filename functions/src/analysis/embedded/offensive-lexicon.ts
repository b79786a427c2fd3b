/**
 * Offensive words per language, applied only to text detected in that language (so German "die",
 * Italian "ho" or Spanish "pos" never meet the English list). Insults and slurs count on their own;
 * plain profanity ("merde", "cazzo") counts only when aimed at someone (a second-person word nearby),
 * and so do animal names ("kutta", "حمار", "anjing"), ordinary words until aimed at someone. Tokens are
 * matched exactly after de-stretching ("fuuuck" → "fuck"), never by collapsing real double letters.
 * Offensive by design.
 */
import { destretch } from './normalise.js';
import type { Language } from './language.js';

interface Lexicon { insults: string; profanity: string; you: string }
const LEX: Partial<Record<Language, Lexicon>> = {
  en: {
    insults: 'idiot idiots moron morons retard retarded imbecile cunt cunts twat wanker bitch bitches whore slut skank faggot fag nigger nigga dyke tranny kike spic chink wetback scumbag asshole assholes dickhead motherfucker bastard loser losers stupid dumbass jackass',
    profanity: 'fuck fucking fucked fucker shit shitty bullshit crap damn dick cock pussy',
    you: 'you u ur your youre yall',
  },
  es: {
    insults: 'idiota idiotas imbécil imbecil estúpido estupido estúpida estupida pendejo pendeja pendejos cabrón cabron cabrona gilipollas maricón maricon marica zorra puta puto subnormal retrasado mamón mamon malparido hijueputa hdp payaso tarado tarada',
    profanity: 'mierda joder coño carajo verga chingada chingar culero',
    you: 'tú tu te eres usted ustedes vosotros sois',
  },
  fr: {
    insults: 'connard connards connasse salope salopes enculé encule enculés pute putes abruti abrutie débile debile crétin cretin crétine bouffon pd tapette batard bâtard négro bougnoule',
    profanity: 'merde putain bordel chier foutre',
    you: 'tu toi t\'es vous te',
  },
  de: {
    insults: 'arschloch arschlöcher fotze hure huren wichser schlampe spast spasti idiot idioten vollidiot missgeburt hurensohn hurensöhne schwuchtel kanake depp trottel penner',
    profanity: 'scheiße scheisse scheiß scheiss fick ficken verdammt kacke',
    you: 'du dich dir ihr euch sie',
  },
  pt: {
    insults: 'otário otario otária otaria viado puta puto arrombado arrombada vagabundo vagabunda idiota imbecil babaca cuzão cuzao corno fdp retardado burro burra lixo',
    profanity: 'porra caralho merda foda foda-se buceta cacete',
    you: 'você voce vc tu te vocês voces',
  },
  it: {
    insults: 'stronzo stronza stronzi coglione coglioni puttana troia idiota idioti imbecille deficiente cretino cretina frocio bastardo vaffanculo',
    profanity: 'cazzo merda minchia fanculo',
    you: 'tu ti sei te voi',
  },
  nl: {
    insults: 'klootzak kutwijf hoer slet mongool idioot debiel eikel lul sukkel kankerlijer tyfuslijer',
    profanity: 'kut kanker tering tyfus shit godverdomme',
    you: 'je jij jou jullie u',
  },
  pl: {
    insults: 'kurwa dziwka chuj pizda skurwysyn debil idiota frajer pedał cwel szmata kretyn',
    profanity: 'kurwa kurde cholera jebać jebany pierdolić spierdalaj',
    you: 'ty ciebie cię was wy',
  },
  tr: {
    insults: 'orospu piç pic şerefsiz serefsiz ibne aptal salak gerizekalı yavşak kahpe amcık göt',
    profanity: 'siktir sikerim amk aq lan',
    you: 'sen seni sana siz',
  },
  id: {
    insults: 'bangsat goblok tolol bajingan kontol memek brengsek bego idiot',
    profanity: 'anjir asu tai anjing babi',
    you: 'kau kamu lu lo loe elo anda',
  },
  ar: {
    insults: 'غبي حقير وسخ منيوك شرموطة عاهرة خول',
    profanity: 'زفت تبا كلب حمار حيوان',
    you: 'انت أنت انتي يا',
  },
  hi: {
    insults: 'चूतिया कमीना हरामी madarchod behenchod bhenchod chutiya kamina harami randi bhosdike gandu',
    profanity: 'साला bc mc saala कुत्ता गधा kutta gadha',
    you: 'तू तुम tu tum tera teri',
  },
};

const SETS = Object.fromEntries(Object.entries(LEX).map(([l, x]) => [l, {
  insults: new Set(x.insults.split(/\s+/)), profanity: new Set(x.profanity.split(/\s+/)), you: new Set(x.you.split(/\s+/)),
}])) as Partial<Record<Language, { insults: Set<string>; profanity: Set<string>; you: Set<string> }>>;

export interface OffensiveMatch { insults: string[]; profanity: string[]; targeted: boolean }

const has = (set: Set<string>, token: string) => destretch(token).some((t) => set.has(t));
/** Inflected insults ("klootzakken", "debilami"): Latin-script stems of five letters or more. */
const STEMS = new Map<Set<string>, string[]>();
const stemOf = (set: Set<string>, token: string) => {
  if (token.length < 6 || !/^[a-zà-ÿąćęłńśźżğış]+$/.test(token)) return false;
  let stems = STEMS.get(set);
  if (!stems) STEMS.set(set, (stems = [...set].filter((w) => w.length >= 5 && /^[a-zà-ÿ]+$/.test(w))));
  return stems.some((w) => token.startsWith(w));
};

/** Offensive words of `language` found in the text (empty when the language has no lexicon). */
export function offensiveWords(text: string, language: string): OffensiveMatch {
  const lex = SETS[language as Language];
  const none = { insults: [], profanity: [], targeted: false };
  if (!lex) return none;
  const toks = text.toLowerCase().match(/[\p{L}\p{M}'’-]+/gu) ?? [];
  const insults: string[] = [];
  const profanity: string[] = [];
  let targeted = false;
  toks.forEach((t, i) => {
    const isInsult = has(lex.insults, t) || stemOf(lex.insults, t);
    const isProf = has(lex.profanity, t);
    if (isInsult) insults.push(t);
    if (isProf) profanity.push(t);
    if ((isInsult || isProf) && toks.slice(Math.max(0, i - 3), i + 3).some((w) => lex.you.has(w))) targeted = true;
  });
  return { insults, profanity, targeted };
}

/** Languages whose insult lexicon holds this lowercase token (language detection evidence). */
export function lexiconLanguages(token: string): readonly Language[] {
  return INSULT_LANGUAGES.get(token) ?? NONE;
}
const NONE: readonly Language[] = [];
const INSULT_LANGUAGES = new Map<string, Language[]>();
for (const [lang, lex] of Object.entries(SETS)) for (const w of lex!.insults) INSULT_LANGUAGES.set(w, [...(INSULT_LANGUAGES.get(w) ?? []), lang as Language]);
