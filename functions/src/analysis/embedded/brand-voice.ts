/**
 * A brand's voice applied to a drafted reply: banned words never appear (a template variant without
 * them is chosen first; what is left is dropped), emoji only when the brand uses them, formal replies
 * without exclamations, and the sign-off at the end.
 */
import { BrandVoice } from '@cg/shared';

const DEFAULT_VOICE: BrandVoice = BrandVoice.parse({});
/** Parsed once per voice object (a batch shares one). */
const parsedVoices = new WeakMap<Partial<BrandVoice>, BrandVoice>();

/** The brand's voice with every default filled in. */
export function voiceOf(partial: Partial<BrandVoice> | undefined): BrandVoice {
  if (!partial) return DEFAULT_VOICE;
  let hit = parsedVoices.get(partial);
  if (!hit) {
    const parsed = BrandVoice.safeParse(partial);
    hit = parsed.success ? parsed.data : DEFAULT_VOICE;
    parsedVoices.set(partial, hit);
  }
  return hit;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const WORD = /[\p{L}\p{M}\p{N}'’]+/gu;

const phrasesOf = new WeakMap<BrandVoice, string[][]>();

/** The banned words and phrases, each as its folded words. */
function bannedPhrases(voice: BrandVoice): string[][] {
  let hit = phrasesOf.get(voice);
  if (!hit) phrasesOf.set(voice, (hit = voice.bannedWords.map((w) => (fold(w).match(WORD) ?? [])).filter((p) => p.length > 0)));
  return hit;
}

/** Whether `text` contains one of the brand's banned words or phrases (case- and accent-insensitive). */
export function hasBanned(text: string, voice: BrandVoice): boolean {
  if (!voice.bannedWords.length) return false;
  const words = fold(text).match(WORD) ?? [];
  return bannedPhrases(voice).some((p) => words.some((_, i) => p.every((w, j) => words[i + j] === w)));
}

/** Drops every banned word or phrase from `text`, tidying the spaces and punctuation left behind. */
export function dropBanned(text: string, voice: BrandVoice): string {
  const phrases = bannedPhrases(voice);
  if (!phrases.length) return text;
  const tokens = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, folded: fold(m[0]) }));
  const cut: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const p = phrases.find((ph) => ph.every((w, j) => tokens[i + j]?.folded === w));
    if (p) { cut.push([tokens[i]!.start, tokens[i + p.length - 1]!.end]); i += p.length - 1; }
  }
  let out = text;
  for (const [s, e] of cut.reverse()) out = out.slice(0, s) + out.slice(e);
  return out.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.!?;:])/g, '$1').replace(/([,;:])(?=[.!?])/g, '').replace(/^[ ,;:]+/gm, '').replace(/ +$/gm, '').trim();
}

/** Emoji and their joiners and variation selectors. */
const EMOJI_RE = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u200d\ufe0f\u20e3]|\p{Emoji_Modifier})+/gu;

export function stripEmoji(text: string): string {
  return text.replace(EMOJI_RE, '').replace(/[ \t]{2,}/g, ' ').replace(/ +([,.!?;:])/g, '$1').trim();
}

/** Formal replies carry no exclamations. */
export function formalise(text: string): string {
  return text.replace(/[¡]/g, '').replace(/ ?!/g, '.').replace(/\.{2,}/g, '.');
}

/** The finished reply: banned words dropped, emoji removed when the brand does not use them, the sign-off added. */
export function finish(text: string, voice: BrandVoice): string {
  let out = dropBanned(text, voice);
  if (!voice.emoji) out = stripEmoji(out);
  const signOff = voice.emoji ? voice.signOff : stripEmoji(voice.signOff);
  const cleanSignOff = signOff && !hasBanned(signOff, voice) ? signOff : '';
  return cleanSignOff ? `${out}\n${cleanSignOff}` : out;
}
