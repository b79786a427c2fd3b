/**
 * Decision policy: classifier scores, cues and language → one decision with a category, reason codes,
 * priority and whether a person must look. Order: threats (hide, urgent), scams and spam (delete;
 * never thanked), abuse (hide) — each by its rule, or by the intent head above its threshold — then a
 * removal the head suspects but is not sure of (no reply drafted; a person decides), a tag of someone
 * else (ignored), then the kind the intent head reads (or, without one, the rules): criticism (never
 * removed: an empathetic reply, high priority), questions (answered from the brand's knowledge base;
 * else a holding reply, flagged "needs answer"), praise (thanks), the rest ignored.
 */
import type { AiDecision } from '@cg/shared';
import type { BrandContext, CommentInput } from '../port.js';
import { findAnswer, type KnowledgeMatch } from './knowledge.js';
import { isSupported, type Language, type LanguageGuess } from './language.js';
import type { Classification } from './model.js';
import { suggestReply, type ReplyIntent } from './replies.js';
import { isScam } from './rules.js';
import { REMOVAL_INTENTS, type Intent, type RemovalIntent } from './intent.js';
import { RULE_CONFIDENCE } from './rule-confidence.js';

/** The intent head's probability of spam under which, reading the comment as something else, it overrules the spam model alone. */
const HEAD_SPAM_DOUBT = 0.25;

/** A probability as the stated confidence: at least 50 for a decision the analyser makes, any value for one it leaves to a person. */
const pct = (p: number, floor = 0.5) => Math.round(Math.min(0.99, Math.max(floor, p)) * 100);

export const REASONS: Record<string, string> = {
  threat: 'threat of violence, doxxing or self-harm encouragement',
  link: 'contains a link', unknownLink: 'link to an unknown domain', shortener: 'link shortener hides the destination', obfuscatedLink: 'obfuscated link',
  phone: 'phone number', contact: 'asks to move the conversation to WhatsApp/Telegram/DMs', giveaway: 'giveaway or prize words', crypto: 'crypto, trading or investment bait',
  impersonation: 'impersonates Meta or the page', credentials: 'asks for card details, codes or passwords', lookalikes: 'look-alike characters disguise words', promo: 'self-promotion', selfPromo: 'promotes the commenter\'s own page, shop or followers', earnings: 'work-from-home or easy-money bait', spamModel: 'reads like spam (spam model)',
  offensiveModel: 'abusive language (offensive model)', hate: 'demeans people for their origin, religion or sex', offensiveWords: 'insults or profanity', complaint: 'complaint words', sarcasm: 'sarcasm about the brand',
  negative: 'negative sentiment', question: 'asks a question', positive: 'positive sentiment', praiseWords: 'thanks or praise words', neutral: 'nothing to act on', unsupportedLanguage: 'language not supported: reply drafted in the brand language',
  needsAnswer: 'needs answer',
  'intent:question': 'reads like a question (intent model)', 'intent:complaint': 'reads like a complaint (intent model)',
  'intent:sarcasm': 'reads like sarcasm about the brand (intent model)', 'intent:praise': 'reads like praise (intent model)',
  'intent:other': 'nothing for the page to act on (intent model)', 'intent:abuse': 'reads like abuse of a person (intent model)',
  'intent:threat': 'reads like a threat (intent model)', 'intent:scam': 'reads like a scam (intent model)', 'intent:spam': 'reads like spam (intent model)',
  'suspect:threat': 'may be a threat (intent model): a person decides', 'suspect:abuse': 'may be abuse (intent model): a person decides',
  'suspect:scam': 'may be a scam (intent model): a person decides', 'suspect:spam': 'may be spam (intent model): a person decides',
  mention: 'talks to another person it tags, not to the page',
};

export interface PolicyInput {
  comment: CommentInput;
  brand: BrandContext;
  classification: Classification;
  cues: Set<string>;
  language: LanguageGuess;
  version: string;
}

type Category = NonNullable<AiDecision['category']>;

/** Knowledge-base topics that can hold the next step for a complaint (a refund, a repair, a charge, a late parcel). */
const NEXT_STEP_TOPICS = ['returns', 'warranty', 'payment', 'shipping', 'other'] as const;

/** Reason codes of a knowledge-base answer: which entry, and whether it is quoted untranslated. */
function answerReasons(match: KnowledgeMatch | null | undefined, replyLanguage: string): string[] {
  if (!match) return [];
  const why = [`matches answer: ${match.entry.title}`];
  if (match.otherLanguage) why.push(`answer quoted in ${match.entry.language}, not translated to ${replyLanguage}`);
  return why;
}

type ReplyKind = Extract<Intent, 'question' | 'complaint' | 'sarcasm' | 'praise' | 'other'>;
const REPLY_KINDS: ReplyKind[] = ['question', 'complaint', 'sarcasm', 'praise', 'other'];
/** The kinds a reply answers (the rest of REPLY_KINDS is ignored). */
const ANSWERED = REPLY_KINDS.filter((k) => k !== 'other');

/**
 * The head's least probability of the kind the rules read for it to overrule the head's "nothing to act on"
 * ("I love this product!": praise 0.57 against other 0.69, where ordinary tweets taught it that loving things
 * is chatter).
 */
const RULE_KIND_SUPPORT = 0.3;

/**
 * The intent head's most likely kind among those answered or ignored; a complaint or sarcasm cue makes it
 * criticism, as without the head; when the head reads nothing to act on but the rules read a kind it finds
 * plausible, that kind.
 */
function replyKind(p: Record<Intent, number>, criticism: boolean, ruled: ReplyKind): ReplyKind {
  const best = REPLY_KINDS.reduce((a, b) => (p[b] > p[a] ? b : a));
  if (criticism && best !== 'complaint' && best !== 'sarcasm') return 'complaint';
  return best === 'other' && ruled !== 'other' && p[ruled] >= RULE_KIND_SUPPORT ? ruled : best;
}

/** Without an intent head: criticism, then questions, then praise (sentiment or praise words), else nothing to act on. */
function ruleKind(cues: Set<string>, criticism: boolean, sentiment: string, pSentiment: number): ReplyKind {
  const sure = pSentiment >= 0.6;
  if (criticism || (sentiment === 'negative' && sure)) return 'complaint';
  if (cues.has('question')) return 'question';
  if (sentiment === 'positive' && pSentiment >= 0.5) return 'praise';
  // Thanks and praise words of every supported language (languages without a sentiment head need them).
  if (cues.has('praise') && !(sentiment === 'negative' && sure)) return 'praise';
  return 'other';
}

export function decide({ comment, brand, classification: c, cues, language, version }: PolicyInput): AiDecision {
  const replyLanguage: Language = language.supported && isSupported(language.language) ? language.language
    : isSupported(brand.voice?.defaultLanguage ?? '') ? (brand.voice!.defaultLanguage as Language) : 'en';
  const criticism = cues.has('complaint') || cues.has('sarcasm');
  const sentiment = cues.has('sarcasm') ? 'negative' : c.sentiment;
  const scam = isScam(cues);
  const spamCues = ['credentials', 'unknownLink', 'shortener', 'obfuscatedLink', 'phone', 'contact', 'giveaway', 'crypto', 'impersonation', 'lookalikes', 'promo', 'selfPromo', 'earnings'].filter((k) => cues.has(k));
  const promotion = cues.has('selfPromo') || cues.has('earnings');
  // Criticism is never removed as spam unless it is a scam or carries contact/link bait; thanks, praise and
  // questions with no spam cue at all are not removed on the spam model's word alone; nor, with no spam cue, a
  // comment the intent head reads as something else (the spam model learnt YouTube comments, not business ones).
  const headDoubts = !!c.intent && !['spam', 'scam'].includes(c.intent.top) && c.intent.p.spam < HEAD_SPAM_DOUBT;
  const modelSpam = c.isSpam && !((criticism || cues.has('praise') || cues.has('question') || headDoubts) && !spamCues.length);
  const isSpam = scam || (promotion && !criticism) || modelSpam;
  const base = { sentiment, isSpam, isOffensive: c.isOffensive || cues.has('threat'), language: language.language === 'und' ? replyLanguage : language.language, provider: 'embedded', version };
  const out = (decision: AiDecision['decision'], category: Category, confidence: number, reasons: string[], extra: Partial<AiDecision> = {}, floor?: number): AiDecision => ({
    ...base, decision, category, confidence: pct(confidence, floor), reasons: reasons.map((r) => REASONS[r] ?? r),
    reasoning: `${category[0]!.toUpperCase()}${category.slice(1)}: ${reasons.map((r) => REASONS[r] ?? r).join('; ')}.`,
    suggestedReply: '', priority: 'normal', needsHuman: false, ...extra,
  });

  // A removal needs its rule, or the intent head's probability of it above the model's threshold.
  const head = c.intent;
  const headSays = (k: RemovalIntent) => head?.removes === k;
  const byHead = (k: Intent) => [`intent:${k}`];
  if (cues.has('threat')) return out('hide', 'threat', RULE_CONFIDENCE.threat, ['threat'], { priority: 'urgent', needsHuman: true, isOffensive: true });
  if (headSays('threat')) return out('hide', 'threat', head!.pRemoves ?? head!.p.threat, byHead('threat'), { priority: 'urgent', needsHuman: true, isOffensive: true });
  if (scam) return out('delete', 'scam', RULE_CONFIDENCE.scam, spamCues.length ? spamCues : ['spamModel']);
  if (headSays('scam')) return out('delete', 'scam', head!.pRemoves ?? head!.p.scam, [...spamCues, ...byHead('scam')], { isSpam: true });
  if (isSpam) return out('delete', 'spam', modelSpam ? c.pSpam : RULE_CONFIDENCE.promotion, modelSpam ? [...spamCues, 'spamModel'] : spamCues);
  if (headSays('spam') && !criticism) return out('delete', 'spam', head!.pRemoves ?? head!.p.spam, [...spamCues, ...byHead('spam')], { isSpam: true });
  const offensiveReasons = c.offensiveWords.length ? ['offensiveWords', ...c.offensiveWords.slice(0, 3).map((w) => `word "${w}"`)] : ['offensiveModel'];
  const lexiconAbuse = c.offensiveWords.length > 0 && language.language !== 'en';
  // Criticism that swears about the situation ("this damn app crashed again") is answered, not hidden: only
  // insults, swearing aimed at someone, or language the offensive heads are all but sure of, hide it.
  const swearingCriticism = criticism && !c.insults.length && !c.aimed && c.pOffensive < (c.offensiveWords.length ? 0.95 : 0.85);
  if (cues.has('hate')) return out('hide', 'abuse', RULE_CONFIDENCE.hate, ['hate'], { priority: 'high', isOffensive: true });
  if (c.isOffensive && !swearingCriticism) {
    return out('hide', 'abuse', lexiconAbuse ? RULE_CONFIDENCE.lexiconAbuse : c.pOffensive, offensiveReasons, { priority: 'high' });
  }
  if (headSays('abuse') && !swearingCriticism) return out('hide', 'abuse', head!.pRemoves ?? head!.p.abuse, byHead('abuse'), { priority: 'high', isOffensive: true });

  const unsupported = !language.supported ? ['unsupportedLanguage'] : [];
  // A comment that opens by tagging someone else (not the page: rules.ts) talks to them: nothing for the page to answer.
  if (cues.has('mention') && !criticism) {
    return out('ignore', 'other', RULE_CONFIDENCE.mention, ['mention']);
  }
  const ruled = ruleKind(cues, criticism, sentiment, c.pSentiment);
  const kind = head ? replyKind(head.p, criticism, ruled) : ruled;
  // The rules' reasons first, then the knowledge-base entry, then the intent head's reading.
  const modelReasons = head ? byHead(kind) : [];
  const reply = (intent: ReplyIntent, category: Category, p: number, reasons: string[], extra: Partial<AiDecision> = {}, match?: KnowledgeMatch | null) =>
    out('reply', category, p, [...reasons, ...answerReasons(match, replyLanguage), ...unsupported, ...modelReasons], {
      suggestedReply: suggestReply(intent, replyLanguage, brand, comment.authorName, comment.id, match && { text: match.entry.answer, language: match.entry.language }),
      needsHuman: unsupported.length > 0 || !!match?.otherLanguage, ...extra,
    });
  // The head's most likely intent is a removal it is not sure enough of to act on alone: no reply is drafted
  // (a likely scam is never thanked, a likely threat or insult never answered); a person decides, first.
  if (head && (REMOVAL_INTENTS as readonly string[]).includes(head.top) && !criticism) {
    const top = head.top as RemovalIntent;
    // Its confidence is the head's probability that there is indeed nothing to act on: low, and stated as it is.
    return out('ignore', 'other', head.p.other, [`suspect:${top}`], { needsHuman: true, priority: top === 'threat' ? 'urgent' : 'high' }, 0);
  }
  const safe = 1 - Math.max(c.pSpam, c.pOffensive) / 3;
  // With the head, its probability of the decision (a reply: of any kind answered, so a question read as a
  // complaint is still a right reply); where the rule that would have decided alone agrees, at least that
  // rule's measured confidence (both read the comment the same way).
  const headP = head && (kind === 'other' ? head.p.other : Math.min(0.99, ANSWERED.reduce((t, k) => t + head.p[k], 0)));
  const p = (rule: number, ruleAgrees = false) => (headP !== undefined ? (ruleAgrees ? Math.max(rule, headP) : headP) : rule);
  const why = (...rules: Array<string | false>) => rules.filter((r): r is string => !!r);
  if (kind === 'complaint' || kind === 'sarcasm') {
    const nextStep = findAnswer(comment.content, replyLanguage, brand.knowledge, NEXT_STEP_TOPICS);
    const reasons = why(cues.has('complaint') && 'complaint', cues.has('sarcasm') && 'sarcasm', sentiment === 'negative' && 'negative');
    return reply('complaint', 'complaint', p(criticism ? RULE_CONFIDENCE.criticism : c.pSentiment, criticism) * safe, reasons, { priority: 'high', needsHuman: true }, nextStep);
  }
  if (kind === 'question') {
    const match = findAnswer(comment.content, replyLanguage, brand.knowledge);
    const reasons = why(cues.has('question') && 'question');
    const confidence = p(RULE_CONFIDENCE.question, cues.has('question')) * safe;
    if (match) return reply('question', 'question', confidence, reasons, {}, match);
    return reply('question', 'question', confidence, [...reasons, 'needsAnswer'], { needsHuman: true });
  }
  if (kind === 'praise') {
    const positive = sentiment === 'positive' && c.pSentiment >= 0.5;
    const byWords = cues.has('praise') && !positive;
    return reply('praise', 'praise', p(byWords ? RULE_CONFIDENCE.praise : c.pSentiment, byWords || positive) * safe, why(positive && 'positive', byWords && 'praiseWords'), byWords ? { sentiment: 'positive' } : {});
  }
  return out('ignore', 'other', p(c.pSentiment) * safe, ['neutral', ...modelReasons], { needsHuman: unsupported.length > 0 });
}
