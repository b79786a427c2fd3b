/** Rule conditions (issue 11): whole words in any language, accents, links allow/deny, contact details, emoji, authors, AI fields, brands. */
import { describe, expect, it } from 'vitest';
import { Condition, RuleInput, type Comment } from '@cg/shared';
import { DomainError } from '../../src/domain/errors.js';
import { assertSafePattern } from '../../src/domain/rule-editing.js';
import { conditionHolds, ruleMatches, type RuleFacts } from '../../src/domain/rule-match.js';

const NOW = '2026-03-10T12:00:00.000Z';
function comment(content: string, over: Partial<Comment> = {}): Comment {
  return { id: 'facebook_1', platform: 'facebook', authorName: 'Ana Lima', authorId: 'u1', content, timestamp: NOW, status: 'pending', aiDecision: null, accountId: 'acc1', ...over };
}
const facts: RuleFacts = { brandIds: ['acc1', 'page1'] };
/** Parsed through the contract, as the API would. */
const cond = (c: unknown) => Condition.parse(c);
const holds = (c: unknown, text: string, over: Partial<Comment> = {}, f: RuleFacts = facts) => conditionHolds(cond(c), comment(text, over), f);

describe('keyword', () => {
  const kw = (values: string[], text: string) => holds({ type: 'keyword', values }, text);

  it('matches whole words only', () => {
    expect(kw(['scam'], 'This is a SCAM!')).toBe(true);
    expect(kw(['scam'], 'scampi for dinner')).toBe(false);
    expect(kw(['ass'], 'a classic assessment')).toBe(false);
  });

  it('is case- and accent-insensitive both ways', () => {
    expect(kw(['estafa'], 'Esto es una ESTÁFA')).toBe(true);
    expect(kw(['arnaque'], 'Quelle arnaqué')).toBe(true);
    expect(kw(['déçu'], 'tres decu du produit')).toBe(true);
    expect(kw(['straße'], 'Die STRASSE ist gesperrt')).toBe(true);
    expect(kw(['çok kötü'], 'Bu ürün COK KOTU gerçekten')).toBe(true);
  });

  it('matches phrases word by word, whatever the spaces and punctuation between them', () => {
    expect(kw(['free money'], 'Get FREE   money, now')).toBe(true);
    expect(kw(['free money'], 'free, money')).toBe(true);
    expect(kw(['free money'], 'money free')).toBe(false);
    expect(kw(['free money'], 'freemoney')).toBe(false);
  });

  it('works in other scripts: Cyrillic, Arabic, Hindi by words; Chinese and Thai anywhere', () => {
    expect(kw(['мошенники'], 'Это МОШЕННИКИ!')).toBe(true);
    expect(kw(['мошенник'], 'Это мошенники')).toBe(false);
    expect(kw(['احتيال'], 'هذا احتيال واضح')).toBe(true);
    expect(kw(['धोखा'], 'यह धोखा है')).toBe(true);
    expect(kw(['骗子'], '你们都是骗子！')).toBe(true);
    expect(kw(['หลอกลวง'], 'ร้านนี้หลอกลวงลูกค้า')).toBe(true);
  });

  it('any one of the values is enough', () => {
    expect(kw(['spam', 'fraud'], 'total fraud')).toBe(true);
    expect(kw(['spam', 'fraud'], 'lovely')).toBe(false);
  });
});

describe('link', () => {
  it('any link, bare domains and obfuscated ones included', () => {
    expect(holds({ type: 'link' }, 'see https://example.com/x')).toBe(true);
    expect(holds({ type: 'link' }, 'visit cheap-pills.xyz today')).toBe(true);
    expect(holds({ type: 'link' }, 'go to cheap-pills dot xyz')).toBe(true);
    expect(holds({ type: 'link' }, 'no link here. Really.')).toBe(false);
  });

  it('deny: a link to a listed domain or its subdomains, however the domain was typed', () => {
    const deny = { type: 'link', domains: ['https://www.Spam.com/path', 'bit.ly'], match: 'deny' };
    expect(holds(deny, 'go http://promo.spam.com/win')).toBe(true);
    expect(holds(deny, 'go bit.ly/abc')).toBe(true);
    expect(holds(deny, 'go https://notspam.com')).toBe(false);
    expect(holds(deny, 'go https://example.org')).toBe(false);
  });

  it('deny is the default match', () => {
    expect(holds({ type: 'link', domains: ['spam.com'] }, 'spam.com/x')).toBe(true);
    expect(holds({ type: 'link', domains: ['spam.com'] }, 'example.org')).toBe(false);
  });

  it('allow: a link to any domain not listed; links only to listed ones do not match', () => {
    const allow = { type: 'link', domains: ['ourshop.com', 'facebook.com'], match: 'allow' };
    expect(holds(allow, 'order at https://www.ourshop.com/p/1 or m.facebook.com/ourshop')).toBe(false);
    expect(holds(allow, 'better price at https://othershop.net')).toBe(true);
    expect(holds(allow, 'ourshop.com and othershop.net')).toBe(true);
    expect(holds(allow, 'no links')).toBe(false);
  });
});

describe('contact details, emoji, mentions', () => {
  it('phone numbers in usual forms; prices, dates and short numbers are not', () => {
    expect(holds({ type: 'phone' }, 'call +44 20 7946 0958')).toBe(true);
    expect(holds({ type: 'phone' }, 'whatsapp (555) 123-4567')).toBe(true);
    expect(holds({ type: 'phone' }, 'ligue 11987654321')).toBe(true);
    expect(holds({ type: 'phone' }, 'it cost 1200 dollars')).toBe(false);
    expect(holds({ type: 'phone' }, 'bought on 2026-01-15')).toBe(false);
  });

  it('emails', () => {
    expect(holds({ type: 'email' }, 'write to promo.deals@mail.example.com')).toBe(true);
    expect(holds({ type: 'email' }, 'thanks @brand')).toBe(false);
  });

  it('emoji only: emoji with modifiers, flags and spaces; any letter or digit breaks it', () => {
    expect(holds({ type: 'emoji_only' }, '😍😍 🔥')).toBe(true);
    expect(holds({ type: 'emoji_only' }, '👍🏽 ❤️ 🇵🇹')).toBe(true);
    expect(holds({ type: 'emoji_only' }, 'love it 😍')).toBe(false);
    expect(holds({ type: 'emoji_only' }, '100')).toBe(false);
    expect(holds({ type: 'emoji_only' }, '   ')).toBe(false);
  });

  it('mentions, not emails', () => {
    expect(holds({ type: 'mention' }, '@maria look at this')).toBe(true);
    expect(holds({ type: 'mention' }, 'cc @joão_s')).toBe(true);
    expect(holds({ type: 'mention' }, 'mail me at ana@example.com')).toBe(false);
  });
});

describe('regex', () => {
  it('matches case-insensitively', () => {
    expect(holds({ type: 'regex', pattern: 'win(ner)?\\s+\\$\\d+' }, 'You are a WINNER $500')).toBe(true);
    expect(holds({ type: 'regex', pattern: '^hello$' }, 'hello there')).toBe(false);
  });

  it('catastrophic, broken or too long patterns are refused when the rule is saved', () => {
    for (const bad of ['(a+)+$', '(\\w*)*x', '(.*a){12}', '(a|b)\\1', '[unclosed', 'a'.repeat(201)]) {
      expect(() => assertSafePattern(bad), bad).toThrow(DomainError);
    }
    expect(() => assertSafePattern('\\b(buy|cheap)\\s+followers\\b')).not.toThrow();
  });
});

describe('author, AI fields, placement, post, brand', () => {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.parse(NOW) - daysAgo * day).toISOString();

  it('repeat offender: n hidden or deleted in the last d days, this comment not counted', () => {
    const history = [
      { id: 'facebook_1', timestamp: NOW, status: 'pending', isHidden: true },
      { id: 'a', timestamp: at(1), status: 'approved', isHidden: true },
      { id: 'b', timestamp: at(3), status: 'deleted', isHidden: false },
      { id: 'c', timestamp: at(20), status: 'deleted', isHidden: false },
      { id: 'd', timestamp: at(2), status: 'approved', isHidden: false },
    ];
    const f = { ...facts, authorComments: history };
    expect(holds({ type: 'repeat_offender', count: 2, days: 7 }, 'x', {}, f)).toBe(true);
    expect(holds({ type: 'repeat_offender', count: 3, days: 7 }, 'x', {}, f)).toBe(false);
    expect(holds({ type: 'repeat_offender', count: 3, days: 30 }, 'x', {}, f)).toBe(true);
  });

  it('first-time commenter: nobody earlier than this comment', () => {
    expect(holds({ type: 'first_time_commenter' }, 'x', {}, { ...facts, authorComments: [{ id: 'facebook_1', timestamp: NOW, status: 'pending', isHidden: false }] })).toBe(true);
    expect(holds({ type: 'first_time_commenter' }, 'x', {}, { ...facts, authorComments: [{ id: 'z', timestamp: at(400), status: 'approved', isHidden: false }] })).toBe(false);
    // Another comment in the same second (Meta's times are whole seconds) may be the earlier one: not a first-timer.
    expect(holds({ type: 'first_time_commenter' }, 'x', {}, { ...facts, authorComments: [{ id: 'facebook_1', timestamp: NOW, status: 'pending', isHidden: false }, { id: 'facebook_2', timestamp: NOW, status: 'pending', isHidden: false }] })).toBe(false);
  });

  const decided = (over: Partial<NonNullable<Comment['aiDecision']>>): Partial<Comment> => ({
    aiDecision: { decision: 'ignore', suggestedReply: '', reasoning: '', sentiment: 'negative', isSpam: false, isOffensive: false, confidence: 72, language: 'pt', provider: 't', version: '1', category: 'complaint', ...over },
  });

  it('category, sentiment and language from the analysis, with a minimum confidence', () => {
    expect(holds({ type: 'category', category: 'complaint', minConfidence: 70 }, 'x', decided({}))).toBe(true);
    expect(holds({ type: 'category', category: 'complaint', minConfidence: 80 }, 'x', decided({}))).toBe(false);
    expect(holds({ type: 'category', category: 'spam', minConfidence: 0 }, 'x', decided({}))).toBe(false);
    expect(holds({ type: 'sentiment', sentiment: 'negative', minConfidence: 50 }, 'x', decided({}))).toBe(true);
    expect(holds({ type: 'language', languages: ['es', 'pt'] }, 'x', decided({}))).toBe(true);
    expect(holds({ type: 'language', languages: ['en'] }, 'x', decided({}))).toBe(false);
    expect(holds({ type: 'sentiment', sentiment: 'negative', minConfidence: 0 }, 'x')).toBe(false);
  });

  it('placement and post', () => {
    expect(holds({ type: 'placement', placement: 'ad' }, 'x', { adId: 'ad1' })).toBe(true);
    expect(holds({ type: 'placement', placement: 'organic' }, 'x', { adId: 'ad1' })).toBe(false);
    expect(holds({ type: 'placement', placement: 'organic' }, 'x')).toBe(true);
    expect(holds({ type: 'placement', placement: 'dark_post' }, 'x', {}, { ...facts, isDarkPost: true })).toBe(true);
    expect(holds({ type: 'placement', placement: 'dark_post' }, 'x', { adId: 'ad1' })).toBe(false);
    expect(holds({ type: 'post', postId: '777' }, 'x', { postId: 'page1_777' })).toBe(true);
    expect(holds({ type: 'post', postId: '777' }, 'x', { postId: 'page1_778' })).toBe(false);
  });

  it('a rule needs every condition and its brand', () => {
    const rule = RuleInput.parse({ name: 'r', mode: 'on', brandId: 'page1', conditions: [{ type: 'link' }, { type: 'keyword', values: ['promo'] }], action: { type: 'hide' } });
    expect(ruleMatches({ ...rule, brandId: 'page1' }, comment('promo at spam.xyz'), facts)).toBe(true);
    expect(ruleMatches({ ...rule, brandId: 'page1' }, comment('promo, no link'), facts)).toBe(false);
    expect(ruleMatches({ ...rule, brandId: 'page2' }, comment('promo at spam.xyz'), facts)).toBe(false);
    expect(ruleMatches({ ...rule, brandId: null }, comment('promo at spam.xyz'), { brandIds: [] })).toBe(true);
  });
});

describe('the contract refuses bad rules with a message naming the field', () => {
  it.each([
    [{ name: '', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } }, 'name'],
    [{ name: 'r', mode: 'sometimes', conditions: [{ type: 'link' }], action: { type: 'hide' } }, 'mode'],
    [{ name: 'r', mode: 'on', conditions: [], action: { type: 'hide' } }, 'conditions'],
    [{ name: 'r', mode: 'on', conditions: [{ type: 'colour' }], action: { type: 'hide' } }, 'conditions'],
    [{ name: 'r', mode: 'on', conditions: [{ type: 'keyword', values: [] }], action: { type: 'hide' } }, 'conditions'],
    [{ name: 'r', mode: 'on', conditions: [{ type: 'link', domains: ['not a domain'] }], action: { type: 'hide' } }, 'conditions'],
    [{ name: 'r', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'reply' } }, 'action'],
    [{ name: 'r', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'flag' } }, 'action'],
  ])('%j', (body, field) => {
    const r = RuleInput.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(field);
  });
});
