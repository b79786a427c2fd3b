/** Hand-written cues that matter for social comments: links, self-promotion, scams, contact bait, tone. */

const PATTERNS: Array<[string, RegExp]> = [
  ['link', /https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|ly|io|gl|me|tv)\b/i],
  ['promo', /\b(check (out )?(my|our|this)|visit my|subscribe|sub ?4 ?sub|my (channel|page|profile|video|music|website|blog)|follow (me|my|us)|like (and|&) share)\b/i],
  ['money', /\b(earn|make|making) \$?\d*\s*(money|cash|dollars|\$)|\b(free (money|gift|iphone|followers|likes)|giveaway|promo code|discount code|click (here|the link)|bitcoin|crypto|forex|investment|invest with|btc|usdt|nft)\b/i],
  ['contact', /\b(whats ?app|telegram|dm me|inbox me|text me|contact (me|us) on)\b|\+?\d[\d\s().-]{8,}\d/i],
  ['directThreat', /\b(i('?ll| will| am going to| am gonna|'m going to|'m gonna| gonna)|we('?ll| will| are going to)) (kill|shoot|stab|murder|hurt|rape|find|beat|hang|burn) (you|u|ya|your)\b|\b(kill|hang) yourself\b|\bkys\b/i],
  ['threat', /\b(kill|shoot|stab|murder|rape|beat (you|u) up|hang (you|u)|i will find you|die\b)/i],
  ['question', /\?|¿|^(how|what|when|where|why|which|who|is|are|can|could|do|does|will|cuánto|cuanto|cómo|como|dónde|donde|qué|combien|comment|où|quand|wie|was|wann|wo|quanto|quando|onde|como|dove|quale)\b/i],
];

/** Names of the cues present in the raw comment (used as extra model features and by the policy). */
export function cues(raw: string): Set<string> {
  const found = new Set<string>();
  for (const [name, re] of PATTERNS) if (re.test(raw)) found.add(name);
  const letters = raw.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 8 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6) found.add('shouting');
  if (/!{2,}/.test(raw)) found.add('exclaim');
  return found;
}

/** Hard scam rule shared by the analyser and the spam cross-validation: money/crypto bait plus a way to reach the scammer. */
export function isScam(found: Set<string>): boolean {
  return found.has('money') && (found.has('contact') || found.has('link'));
}
