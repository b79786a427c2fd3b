/**
 * The brand voice rules every drafted reply passes before it reaches a moderator (issue 10 item 5),
 * whatever wrote it: no @handles, no promise of a private message (the product sends none), none of
 * the brand's banned words, no discount or code the brand's facts do not hold (invented, or asked for
 * by the comment), no emoji when the brand wants none, the brand's sign-off. A reply that
 * breaks a rule it cannot be repaired for is replaced by a short holding reply in the comment's
 * language, and the decision is flagged for a person.
 */
import type { BrandVoice } from '@cg/shared';

/** Case- and accent-insensitive form used to compare words (banned words are matched on it). */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Promises of a private or direct message, in the 12 supported languages (matched on folded text). */
const PRIVATE_MESSAGE = new RegExp([
  // en
  "(we|i|someone|our team)('ll| will| are going to|'re going to| can| shall)? ?(message|dm|pm|inbox|write to|reach out to|contact|text) (you|u)\\b(?! here| in this thread| below)",
  '\\bsend (you|u) (a |an )?((private|direct) )?(message|dm|pm)\\b',
  '\\b(dms?|direct message|private message|privately|in private|via (dm|pm|messenger|inbox)|check your dms?|(in|to) your (dms?|inbox))\\b',
  // es, pt
  '\\b(por|al|no|pelo|en) (privado|interno|inbox|direct|dm|md)\\b', 'mensaje (privado|directo)', 'mensagem (privada|direta)', '\\b(te|le) (escribimos|enviamos|mandamos|mandaremos|enviaremos) (un )?(mensaje|md|dm)\\b',
  // fr, de, it, nl
  '\\ben (message )?prive\\b', '\\bmessage prive\\b', '\\bpar mp\\b', 'privatnachricht', 'direktnachricht', '\\bper (pn|dm)\\b', '\\bprivat (schreiben|melden|kontaktieren)\\b',
  '\\bin privato\\b', 'messaggio privato', 'messaggio diretto', 'privebericht', '\\bvia (een )?(dm|pb)\\b',
  // pl, tr, id
  '\\bna (priv|pw)\\b', 'prywatn(a|ej|a) wiadomos', 'ozel mesaj', '\\bozelden\\b', "\\bdm'?den\\b", 'pesan pribadi', '\\bjapri\\b', '\\b(lewat|via) (dm|inbox)\\b',
  // ar, hi
  'على الخاص', 'في الخاص', 'رسالة خاصة', 'निजी संदेश', 'प्राइवेट मैसेज', '\\b(dm|inbox|message) (karenge|karte hain|kar denge)\\b',
].join('|'), 'u');

/** A short holding reply per language: a person answers here (never in a private message). */
export const HOLDING_REPLY: Record<string, string> = {
  en: 'Thanks for your comment! Our team will answer you right here shortly.',
  es: '¡Gracias por tu comentario! Nuestro equipo te responderá aquí en breve.',
  fr: 'Merci pour votre commentaire ! Notre équipe vous répondra ici très vite.',
  de: 'Danke für deinen Kommentar! Unser Team antwortet dir hier in Kürze.',
  pt: 'Obrigado pelo comentário! Nossa equipe vai responder aqui em breve.',
  it: 'Grazie per il commento! Il nostro team ti risponderà qui a breve.',
  nl: 'Bedankt voor je reactie! Ons team antwoordt je hier zo snel mogelijk.',
  pl: 'Dziękujemy za komentarz! Nasz zespół odpowie tutaj wkrótce.',
  tr: 'Yorumunuz için teşekkürler! Ekibimiz kısa süre içinde buradan yanıt verecek.',
  id: 'Terima kasih atas komentarnya! Tim kami akan membalas di sini segera.',
  ar: 'شكراً على تعليقك! سيرد عليك فريقنا هنا قريباً.',
  hi: 'आपकी टिप्पणी के लिए धन्यवाद! हमारी टीम जल्द ही यहीं जवाब देगी।',
};

const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}]/gu;
const HANDLE = /(^|[^\p{L}\p{N}_.])@[\p{L}\p{N}_.]+/gu;

/** A display name that is an account handle (no space; digits, dots or underscores): never said. */
export function looksLikeHandle(name: string): boolean {
  const n = name.trim().replace(/^@/, '');
  return !/\s/.test(n) && /[\d_.]/.test(n);
}

/** The first name to greet someone by, from their display name; null for a handle or nothing usable. */
export function firstName(displayName: string): string | null {
  const n = displayName.trim();
  if (!n || n.startsWith('@') || looksLikeHandle(n)) return null;
  const first = n.split(/\s+/)[0]!;
  return /^\p{L}[\p{L}'’-]*$/u.test(first) ? first : null;
}

export function bannedWordIn(text: string, banned: readonly string[]): string | null {
  const t = fold(text);
  for (const w of banned) {
    const f = fold(w.trim());
    if (!f) continue;
    const escaped = f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'u').test(t)) return w;
  }
  return null;
}

export const promisesPrivateMessage = (text: string): boolean => PRIVATE_MESSAGE.test(fold(text));

/** Discounts, coupons and codes, in the supported languages (matched on folded text). */
const OFFER = /\b(discount|coupon|promo ?code|voucher|code [a-z0-9]*\d|descuento|cupon|desconto|reduction|code promo|rabatt|gutschein|sconto|codice|korting|kod rabatowy|rabat|indirim|kupon|diskon|potongan)|خصم|कूपन|छूट/u;
/** Code-like tokens (SAVE50, WELCOME-10): letters and digits together. */
const CODE = /\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,}\b/g;

/** An offer or code in the reply that the brand's own facts and answers do not contain (invented, or asked for by the comment). */
export function inventedOffer(reply: string, brandFacts: string): string | null {
  const facts = fold(brandFacts);
  const offer = OFFER.exec(fold(reply))?.[0];
  if (offer && !facts.includes(offer)) return offer;
  for (const code of reply.match(CODE) ?? []) if (!facts.includes(fold(code))) return code;
  return null;
}

export interface GuardInput {
  reply: string;
  voice?: Partial<BrandVoice>;
  /** The commenter's display name (a handle-like name is removed from the reply). */
  authorName?: string;
  /** Language of the reply (for the holding reply); the brand's default language otherwise. */
  language?: string;
  /** The brand's own facts and answers: a discount or code the reply offers must come from them. */
  brandFacts?: string;
}

export interface GuardedReply {
  reply: string;
  /** What was wrong with the draft, in words (added to the decision's reasons); empty when nothing was. */
  violations: string[];
  /** The draft was thrown away and a holding reply put in its place: a person should look. */
  replaced: boolean;
}

const tidy = (s: string) => s.replace(/[ \t]{2,}/g, ' ').replace(/\s+([!?.,;:،])/g, '$1').replace(/^[\s,;:]+/, '').trim();

/** Applies the voice rules to a drafted reply; an empty draft stays empty. */
export function guardReply({ reply, voice = {}, authorName = '', language, brandFacts = '' }: GuardInput): GuardedReply {
  if (!reply.trim()) return { reply: '', violations: [], replaced: false };
  const violations: string[] = [];
  let text = reply;
  if (text.search(HANDLE) >= 0) { text = text.replace(HANDLE, '$1'); violations.push('an @handle removed from the reply'); }
  const handle = authorName.trim().replace(/^@/, '');
  if (handle && looksLikeHandle(handle) && fold(text).includes(fold(handle))) {
    text = text.replace(new RegExp(handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '');
    violations.push('the account handle removed from the reply');
  }
  if (voice.emoji === false && text.search(EMOJI) >= 0) text = text.replace(EMOJI, '');
  text = tidy(text);

  let replaced = false;
  const banned = bannedWordIn(text, voice.bannedWords ?? []);
  const promise = promisesPrivateMessage(text);
  const offer = inventedOffer(text, brandFacts);
  if (banned || promise || offer) {
    replaced = true;
    if (banned) violations.push(`reply replaced: it used the banned word "${banned}"`);
    if (promise) violations.push('reply replaced: it promised a private message');
    if (offer) violations.push(`reply replaced: it offered "${offer}", which is not in the brand's facts`);
    const holding = HOLDING_REPLY[language ?? ''] ?? HOLDING_REPLY[voice.defaultLanguage ?? ''] ?? HOLDING_REPLY.en!;
    text = bannedWordIn(holding, voice.bannedWords ?? []) ? '' : holding;
  }
  const signOff = voice.signOff?.trim();
  if (text && signOff && !fold(text).includes(fold(signOff)) && !bannedWordIn(signOff, voice.bannedWords ?? [])) text = `${text} ${signOff}`;
  return { reply: text, violations, replaced };
}
