/**
 * Whether a rule's conditions hold for a comment (issue 11). Pure: what the conditions need beyond
 * the comment (the author's earlier comments, where it was posted) comes in `RuleFacts`, gathered
 * by the engine (rules.ts) only for the conditions a rule has. Every condition must hold.
 *
 * Keywords match whole words and phrases, case- and accent-insensitively, in any script (in
 * scripts written without spaces — Chinese, Japanese, Thai — a phrase matches anywhere). Links are
 * found as the analyser finds them (linkify-it on de-obfuscated text, registrable domain by tldts).
 */
import { parse } from 'tldts-icann';
import { type Comment, type Condition, type ConditionType, type Rule } from '@cg/shared';
import { findLinks } from '../analysis/embedded/links.js';
import type { AuthorHistoryRange } from './store-port.js';

/** One earlier comment of the same author in the workspace. */
export interface AuthorComment { id: string; timestamp: string; status: string; isHidden: boolean }

export interface RuleFacts {
  /** The account ids that stand for the comment's brand (its account's id and its Facebook page id). */
  brandIds: readonly string[];
  /** The comment is on an ad (or a dark post). */
  isAd?: boolean;
  /** The comment is on an unpublished (dark) post. */
  isDarkPost?: boolean;
  /** The author's comments in the workspace (any order; the comment itself may be among them). */
  authorComments?: readonly AuthorComment[];
}

const DAY_MS = 86_400_000;

/** Conditions that need the author's history. */
export const AUTHOR_CONDITIONS: readonly ConditionType[] = ['repeat_offender', 'first_time_commenter'];

/**
 * The parts of the author's history `conditions` read for comment `c` (each a range for the store):
 * first-time commenter, two comments up to the comment's time (itself and any other is enough);
 * repeat offender, the comments of the longest window of days up to it.
 */
export function authorHistoryRanges(conditions: readonly Condition[], c: Pick<Comment, 'timestamp'>): AuthorHistoryRange[] {
  const ranges: AuthorHistoryRange[] = [];
  if (conditions.some((x) => x.type === 'first_time_commenter')) ranges.push({ upTo: c.timestamp, max: 2 });
  const days = Math.max(0, ...conditions.map((x) => (x.type === 'repeat_offender' ? x.days : 0)));
  const at = Date.parse(c.timestamp);
  if (days > 0 && Number.isFinite(at)) ranges.push({ upTo: c.timestamp, since: new Date(at - days * DAY_MS).toISOString() });
  return ranges;
}

/** Lowercase, without accents (NFKD, combining marks removed), ß → ss. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** Whole word or phrase, case- and accent-insensitive. */
export function hasPhrase(text: string, phrase: string): boolean {
  const want = words(phrase);
  if (!want.length) return false;
  if (UNSPACED.test(phrase)) return fold(text).replace(/\s+/g, '').includes(fold(phrase).replace(/\s+/g, ''));
  const have = words(text);
  outer: for (let i = 0; i + want.length <= have.length; i++) {
    for (let j = 0; j < want.length; j++) if (have[i + j] !== want[j]) continue outer;
    return true;
  }
  return false;
}


const compiled = new Map<string, RegExp>();
function regexOf(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (!re) {
    try { re = new RegExp(pattern, 'i'); } catch { return null; }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

/** "https://www.Shop.example/x" → "shop.example". */
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#:].*$/, '').replace(/^www\./, '').replace(/\.$/, '');
}

function linkHosts(text: string): { host: string; domain: string }[] {
  return findLinks(text).map((l) => ({ host: (parse(l.url).hostname ?? l.domain).toLowerCase().replace(/^www\./, ''), domain: l.domain.toLowerCase() }));
}

function onDomain(link: { host: string; domain: string }, listed: string): boolean {
  return link.host === listed || link.host.endsWith(`.${listed}`) || link.domain === listed;
}

const PHONE = /(?:\+|\b)\d[\d\s().-]{6,}\d\b/g;
const DATE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/;
export function hasPhone(text: string): boolean {
  for (const m of text.match(PHONE) ?? []) {
    const digits = m.replace(/\D/g, '').length;
    if (digits >= 8 && digits <= 15 && !DATE.test(m.trim())) return true;
  }
  return false;
}

export function hasEmail(text: string): boolean {
  return /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u.test(text);
}

export function isEmojiOnly(text: string): boolean {
  if (!/\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]/u.test(text)) return false;
  return text.replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}\u200d\ufe0f\ufe0e\u20e3]|\s/gu, '') === '';
}

export function hasMention(text: string): boolean {
  return /(?:^|[^\p{L}\p{N}_@.])@[\p{L}\p{N}_][\p{L}\p{N}_.]{1,}/u.test(text);
}


function offences(c: Comment, history: readonly AuthorComment[], days: number): number {
  const now = Date.parse(c.timestamp);
  return history.filter((h) => h.id !== c.id && (h.isHidden || h.status === 'deleted')
    && Date.parse(h.timestamp) <= now && now - Date.parse(h.timestamp) <= days * DAY_MS).length;
}

export function conditionHolds(cond: Condition, c: Comment, facts: RuleFacts): boolean {
  const text = c.content ?? '';
  const d = c.aiDecision;
  switch (cond.type) {
    case 'keyword': return cond.values.some((v) => hasPhrase(text, v));
    case 'regex': return regexOf(cond.pattern)?.test(text) ?? false;
    case 'link': {
      const links = linkHosts(text);
      if (!cond.domains?.length) return links.length > 0;
      const listed = cond.domains.map(normaliseDomain);
      return (cond.match ?? 'deny') === 'deny'
        ? links.some((l) => listed.some((x) => onDomain(l, x)))
        : links.some((l) => !listed.some((x) => onDomain(l, x)));
    }
    case 'phone': return hasPhone(text);
    case 'email': return hasEmail(text);
    case 'emoji_only': return isEmojiOnly(text);
    case 'mention': return hasMention(text);
    case 'repeat_offender': return offences(c, facts.authorComments ?? [], cond.days) >= cond.count;
    case 'first_time_commenter': {
      // Meta's times are whole seconds: another comment by the author in the same second may be the earlier one,
      // so it counts as history (a regular's second comment within the second of her first is not a first-timer's).
      const at = Date.parse(c.timestamp);
      return !(facts.authorComments ?? []).some((h) => h.id !== c.id && Date.parse(h.timestamp) <= at);
    }
    case 'category': return !!d && d.category === cond.category && d.confidence >= cond.minConfidence;
    case 'sentiment': return !!d && d.sentiment === cond.sentiment && d.confidence >= cond.minConfidence;
    case 'language': return !!d && cond.languages.includes(d.language.toLowerCase().slice(0, 2));
    case 'placement':
      if (cond.placement === 'organic') return !c.adId && !facts.isAd && !facts.isDarkPost;
      if (cond.placement === 'ad') return Boolean(c.adId || facts.isAd || facts.isDarkPost);
      return Boolean(facts.isDarkPost);
    case 'post': return c.postId === cond.postId || c.adId === cond.postId || (c.postId?.endsWith(`_${cond.postId}`) ?? false);
  }
}

/** The rule is for this comment's brand (or every brand) and every condition holds. */
export function ruleMatches(rule: Pick<Rule, 'brandId' | 'conditions'>, c: Comment, facts: RuleFacts): boolean {
  if (rule.brandId && !facts.brandIds.includes(rule.brandId)) return false;
  return rule.conditions.every((cond) => conditionHolds(cond, c, facts));
}
