/**
 * Features for the two offensive heads (tweets/OLID and Davidson): binary word uni/bigrams and
 * character 2-5-grams (each group L2-normalised), a hand-written profanity/insult lexicon with
 * leetspeak and masking normalisation (f*ck, sh1t, a$$), placeholder handling (@user runs, URLs)
 * and #camelCase hashtag splitting. Hashed into the same space as `features.ts`.
 */
import { charGramHashes, FEATURE_BITS, fnv, FNV_OFFSET, HashAccumulator, scratch, type SparseVector } from './features.js';
import { canonical, destretch } from './normalise.js';
import { decodeEntities, URL_RE } from './text.js';

/** Profanity, insults and slurs, matched on the leet-normalised token (exact or as a listed stem). Offensive by design. */
const PROFANITY = `fuck fucks fucked fucker fuckers fucking fuckin fuckn fck fcking fk fking fuk fukin frick fricking effing motherfucker mf mofo
shit shits shitty shitting bullshit horseshit shithead shithole dipshit crap crappy
bitch bitches bitchy bitchin bastard bastards asshole assholes ass asses arse arsehole jackass dumbass smartass badass
dick dicks dickhead cock cocks cunt cunts pussy pussies twat twats wanker wankers prick pricks douche douchebag bollocks tits
whore whores slut sluts slutty hoe hoes thot skank skanks
damn damned goddamn dammit hell wtf stfu gtfo lmfao af pos
idiot idiots idiotic moron morons moronic stupid stupidity dumb dumber imbecile retard retards retarded cretin dimwit halfwit nitwit
loser losers clown clowns fool fools foolish pathetic disgusting disgrace disgraceful scum scumbag scumbags vile filthy trash garbage
liar liars lying hypocrite hypocrites coward cowards traitor traitors treasonous sleazy sleazebag creep creepy pervert perv
pedo pedophile pedophiles paedophile rapist rapists predator thug thugs criminal criminals crook crooks corrupt evil sick sicko psycho
ugly fat fatass freak freaks witch hag lunatic lunatics nutjob nuts crazy insane deranged delusional brainwashed brainless clueless
ignorant ignorance incompetent worthless useless spineless gutless shameless shameful
nazi nazis fascist fascists commie commies libtard libtards snowflake snowflakes cuck cucks sheep sheeple
fag fags faggot faggots dyke dykes tranny nigga niggas nigger niggers negro spic chink kike wetback wetbacks beaner towelhead raghead
cracker crackers redneck rednecks ho hos kys shut suck sucks sucker sux kill die hate hated hates`;

export const PROFANITY_WORDS = new Set(PROFANITY.split(/\s+/).filter(Boolean));
const STEMS = ['fuck', 'shit', 'bitch', 'cunt', 'whore', 'slut', 'nigg', 'fagg', 'retard', 'idiot', 'moron', 'asshole', 'dickhead', 'douche', 'bastard', 'pussy', 'libtard', 'wank'];
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i' };
const MASKED: Array<[RegExp, string]> = [
  [/^f[*#%@$.]+(c?k|k)/, 'fuck'], [/^sh[*#%@$.!1]+t/, 'shit'], [/^b[*#%@$.!1]+(t?ch)/, 'bitch'], [/^a[*#%@$]{2}/, 'ass'],
  [/^c[*#%@$.]+nt/, 'cunt'], [/^d[*#%@$.!1]+ck/, 'dick'], [/^wh[*#%@$.0]+re/, 'whore'], [/^n[*#%@$.!1]+gg/, 'nigg'],
];

/** Maps a lowercased token with leetspeak or masking (f*ck, sh1t, a$$, b!tch) to its plain form. */
export function unleet(token: string): string {
  let t = token;
  for (const [re, to] of MASKED) if (re.test(t)) { t = t.replace(re, to); break; }
  if (!/[a-z]/.test(t) || !/[0134573@$!]/.test(t) || /^\d+[a-z]{0,2}$/.test(t)) return t;
  return t.replace(/[0134573@$!]/g, (c) => LEET[c]!);
}

/** Whether a normalised (unleeted, lowercase) token is profanity or an insult. */
export function isProfane(token: string): boolean {
  for (const t of destretch(token)) {
    if (PROFANITY_WORDS.has(t)) return true;
    for (const s of STEMS) if (t.includes(s)) return true;
  }
  return false;
}

/** Splits '#DickDurbin' / '#MAGA2018' into 'dick durbin' / 'maga 2018'. */
export function splitHashtag(tag: string): string {
  return tag.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').replace(/([A-Za-z])(\d)/g, '$1 $2').replace(/(\d)([A-Za-z])/g, '$1 $2');
}

const SECOND_PERSON = /^(you|u|ur|your|youre|you're|ya|yall|y'all|he|she|they|his|her|this|that|what|such|a|an|the|ur)$/;

const PLAIN = /^[a-z]+$/;

/** Tokens of a raw comment for the offensive heads (hashtags kept as a tag plus split words). */
export function offensiveTokens(raw: string): { toks: string[]; tags: string[]; users: number; urls: number } {
  let s = canonical(decodeEntities(raw));
  let urls = 0;
  let users = 0;
  s = s.replace(URL_RE, () => { urls++; return ' xurlx '; }).replace(/\bURL\b/g, () => { urls++; return ' xurlx '; });
  s = s.replace(/@\w+/g, () => { users++; return ' xuserx '; });
  const tags: string[] = [];
  s = s.replace(/#(\w+)/g, (_, t: string) => { tags.push(t.toLowerCase()); return ' ' + splitHashtag(t) + ' '; });
  s = s.toLowerCase().replace(/(xuserx\s*){2,}/g, 'xuserx xusersx ').replace(/(.)\1{3,}/g, '$1$1$1');
  const raw2 = s.match(/[\p{L}\p{N}'’*$@!#%]+|\p{Extended_Pictographic}|[?]/gu) ?? [];
  const toks: string[] = [];
  for (const r of raw2) {
    const bang = /!+$/.test(r);
    const core = r.replace(/!+$/, '');
    if (bang && !core) { toks.push('!'); continue; }
    // Plain lowercase words (most tokens) need none of the leetspeak, trimming or possessive passes.
    const u = PLAIN.test(core) ? core : unleet(core.replace(/’/g, "'")).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}*]+$/gu, '').replace(/'s$/, '');
    if (u) toks.push(u);
    if (bang) toks.push('!');
  }
  return { toks, tags, users, urls };
}

/** Same hashed space as the other heads, so every head unpacks with the model file's featureBits. */
export const OFFENSIVE_BITS = FEATURE_BITS;

/** 32-bit FNV-1a hash folded into `bits` bits (same function as features.ts `hash` at FEATURE_BITS). */
export function hashBits(s: string, bits: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & ((1 << bits) - 1);
}

/** Hash width and the L2 weight of the word and character groups (defaults chosen by 5-fold CV on OLID training rows). */
export interface OffensiveFeatureOptions { bits: number; word: number; char: number; charMax?: number }
export const OFFENSIVE_FEATURES: OffensiveFeatureOptions = { bits: OFFENSIVE_BITS, word: 1, char: 1, charMax: 5 };

/** Accumulates into the shared scratch of features.ts (one vector at a time, see HashAccumulator). */
class Acc {
  constructor(private readonly bits: number) {
    if (bits > FEATURE_BITS) throw new Error(`offensive features: ${bits} bits exceed the scratch space`);
    scratch.acc.reset();
    scratch.counts.reset();
  }
  private hash(s: string): number { return hashBits(s, this.bits); }
  /** Binary group: each distinct name once, the group scaled to L2 norm `weight`. */
  group(names: Iterable<string>, weight: number): void {
    const c = scratch.counts;
    for (const n of names) c.add(this.hash(n), 1);
    this.hashedGroup(c, weight);
  }
  add(name: string, v: number): void { scratch.acc.add(this.hash(name), v); }
  /** Binary group of already-hashed features (the distinct keys of `c`, emptied here). */
  hashedGroup(c: HashAccumulator, weight: number): void {
    if (!c.size) return;
    const k = weight / Math.sqrt(c.size);
    for (let i = 0; i < c.size; i++) scratch.acc.add(c.key(i), k);
    c.reset();
  }
  build(): SparseVector {
    return scratch.acc.take();
  }
}

const addGram = (h: number) => scratch.counts.add(h, 1);
const OW = fnv(FNV_OFFSET, 'ow:');
const OB = fnv(FNV_OFFSET, 'ob:');
const OPROF = fnv(FNV_OFFSET, 'oprof:');
const OTAG = fnv(FNV_OFFSET, 'otag:');

/** Sparse feature vector for the offensive heads (deterministic). */
export function featurizeOffensive(raw: string, o: OffensiveFeatureOptions = OFFENSIVE_FEATURES): SparseVector {
  const { toks, tags, urls } = offensiveTokens(raw);
  const a = new Acc(o.bits);
  // Word features (ow:, ob:, oprof:, otag:) hashed as they come, without building their strings.
  const mask = (1 << o.bits) - 1;
  const word = (h: number) => scratch.counts.add((h >>> 0) & mask, 1);
  let prof = 0;
  let targeted = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    word(fnv(OW, t));
    if (i > 0) word(fnv(Math.imul(fnv(OB, toks[i - 1]!) ^ 32, 0x01000193), t));
    if (isProfane(t)) {
      prof++;
      word(fnv(OPROF, t));
      if (i > 0 && SECOND_PERSON.test(toks[i - 1]!)) targeted++;
    }
  }
  for (const t of tags) word(fnv(OTAG, t));
  a.hashedGroup(scratch.counts, o.word);
  const text = ' ' + toks.filter((t) => t !== 'xuserx' && t !== 'xusersx' && t !== 'xurlx').join(' ') + ' ';
  charGramHashes('oc:', text, (1 << o.bits) - 1, addGram, o.charMax);
  a.hashedGroup(scratch.counts, o.char);
  a.add('oprof:n' + Math.min(3, prof), 1);
  if (prof) a.add('oprof:any', 1);
  if (targeted) a.add('oprof:targeted', 1);
  if (urls) a.add('ourl', 0.5);
  const letters = raw.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 8 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6) a.add('oshout', 0.5);
  a.add('olen:' + Math.min(6, Math.floor(Math.log2(1 + toks.length))), 0.3);
  a.add('obias', 0.1);
  return a.build();
}
