/** Decision policy: turns classifier scores, cues and language into one AiDecision. */
import type { AiDecision } from '@cg/shared';
import type { BrandContext, CommentInput } from '../port.js';
import type { Language } from './language.js';
import { NEGATIVE_WORDS, POSITIVE_WORDS } from './lexicon.js';
import type { Classification } from './model.js';
import { suggestReply, type ReplyIntent } from './replies.js';
import { normalise, words } from './text.js';

const pct = (p: number) => Math.round(Math.min(1, Math.max(0, p)) * 100);

/** Outside English the classifier is weak: let the multilingual lexicon decide polarity when it has evidence. */
function sentimentFor(c: Classification, language: Language, text: string): { sentiment: AiDecision['sentiment']; p: number } {
  if (language === 'en') return { sentiment: c.sentiment, p: c.pSentiment };
  let pos = 0;
  let neg = 0;
  for (const w of words(normalise(text))) {
    if (POSITIVE_WORDS.has(w)) pos++;
    if (NEGATIVE_WORDS.has(w)) neg++;
  }
  if (pos > neg) return { sentiment: 'positive', p: 0.6 + 0.1 * Math.min(3, pos - neg) };
  if (neg > pos) return { sentiment: 'negative', p: 0.6 + 0.1 * Math.min(3, neg - pos) };
  return { sentiment: 'neutral', p: 0.6 };
}

export interface PolicyInput {
  comment: CommentInput;
  brand: BrandContext;
  classification: Classification;
  cues: Set<string>;
  language: Language;
  version: string;
}

export function decide({ comment, brand, classification: c, cues, language, version }: PolicyInput): AiDecision {
  const { sentiment, p } = sentimentFor(c, language, comment.content);
  const base = { sentiment, isSpam: c.isSpam, isOffensive: c.isOffensive, language, provider: 'embedded', version };
  if (c.isSpam) {
    const why = [cues.has('link') && 'a link', cues.has('promo') && 'self-promotion', cues.has('money') && 'a money or crypto offer', cues.has('contact') && 'contact bait'].filter(Boolean);
    return { ...base, decision: 'delete', suggestedReply: '', confidence: pct(c.pSpam), reasoning: `Spam (${pct(c.pSpam)}% likely)${why.length ? ` with ${why.join(', ')}` : ''}; deleting keeps the thread clean.` };
  }
  if (c.isOffensive) {
    const threat = cues.has('directThreat') || (cues.has('threat') && language === 'en');
    if (threat || c.pOffensive >= 0.97) {
      return { ...base, decision: 'delete', suggestedReply: '', confidence: pct(c.pOffensive), reasoning: threat ? 'Offensive and threatening language; deleting it.' : 'Strongly offensive or abusive language; deleting it.' };
    }
    return { ...base, decision: 'hide', suggestedReply: '', confidence: pct(c.pOffensive), reasoning: 'Offensive or insulting language; hiding it from the public thread.' };
  }
  const safety = 1 - Math.max(c.pSpam, c.pOffensive) / 2;
  let intent: ReplyIntent | null = null;
  if (sentiment === 'negative') intent = 'complaint';
  else if (cues.has('question')) intent = 'question';
  else if (sentiment === 'positive') intent = 'praise';
  if (!intent) {
    return { ...base, decision: 'ignore', suggestedReply: '', confidence: pct(p * safety), reasoning: 'Neutral comment with no question or complaint; nothing to do.' };
  }
  const reasons: Record<ReplyIntent, string> = {
    complaint: 'Negative comment or complaint; a helpful public reply is recommended.',
    question: 'The commenter asks a question; replying helps them and other readers.',
    praise: 'Positive comment; thanking the commenter builds goodwill.',
  };
  return {
    ...base,
    decision: 'reply',
    suggestedReply: suggestReply(intent, language, brand, comment.authorName, comment.id),
    confidence: pct((intent === 'question' ? Math.max(p, 0.7) : p) * safety),
    reasoning: reasons[intent],
  };
}
