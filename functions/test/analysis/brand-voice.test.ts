/** The brand's voice and answers in the embedded analyser (issue 10 items 5 and 6), on text written for these tests. */
import { describe, expect, it } from 'vitest';
import type { KnowledgeEntryInput } from '@cg/shared';
import { EmbeddedAnalyser } from '../../src/analysis/index.js';
import type { BrandContext } from '../../src/analysis/port.js';
import { findAnswer } from '../../src/analysis/embedded/knowledge.js';

const analyser = new EmbeddedAnalyser();

const KB: KnowledgeEntryInput[] = [
  { topic: 'shipping', title: 'Shipping to Canada', questions: ['Do you ship to Canada?', 'How much is delivery to Canada?'], answer: 'Yes, we ship to Canada in 5-7 business days for $15, free over $120.', language: 'en' },
  { topic: 'returns', title: 'Returns', questions: ['Can I return my order?', 'What is your refund policy?'], answer: 'Returns are free within 30 days: start one at lumen.example/returns and we refund within 5 days.', language: 'en' },
  { topic: 'stores', title: 'Stores', questions: ['Do you have a store in Lisbon?', 'Where can I try the glasses?'], answer: 'Our stores are at Rua Augusta 12, Lisbon and Rua das Flores 3, Porto, open 10-19 every day.', language: 'en' },
  { topic: 'payment', title: 'Double charges', questions: ['I was charged twice', 'Why was my card charged two times?'], answer: 'If a payment was taken twice, reply with your order number and billing refunds the duplicate within 3 days.', language: 'en' },
];
const withSpanishStores: KnowledgeEntryInput[] = [
  ...KB,
  { topic: 'stores', title: 'Tiendas', questions: ['¿Tenéis tienda en Lisboa?', '¿Dónde puedo probar las gafas?'], answer: 'Nuestras tiendas están en Rua Augusta 12 (Lisboa) y Rua das Flores 3 (Oporto), abiertas de 10 a 19.', language: 'es' },
];

const brand = (extra: Partial<BrandContext> = {}): BrandContext => ({ businessName: 'Lumen Optics', knowledge: KB, ...extra });
const one = async (content: string, b: BrandContext = brand(), authorName = 'Ana Ruiz', id = 'c1') =>
  (await analyser.analyse([{ id, content, authorName, platform: 'facebook' }], b))[0]!;

describe('answers from the knowledge base, across languages', () => {
  it('matches a Spanish question to the English shipping entry and answers in Spanish with its facts', async () => {
    const d = await one('¿Hacéis envíos a Canadá?');
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('question');
    expect(d.reasons).toContain('matches answer: Shipping to Canada');
    expect(d.reasons?.join(' ')).toMatch(/not translated/);
    expect(d.suggestedReply).toMatch(/^¡Hola Ana!/);
    expect(d.suggestedReply).toMatch(/respuesta \(en inglés\)/);
    expect(d.suggestedReply).toContain('5-7 business days for $15');
  });

  it('answers an English question with the entry itself, no human needed', async () => {
    const d = await one('Hi! do you guys ship to canada?', brand(), 'Mark Stone');
    expect(d.reasons).toContain('matches answer: Shipping to Canada');
    expect(d.suggestedReply).toContain('Yes, we ship to Canada in 5-7 business days');
    expect(d.suggestedReply).not.toMatch(/in English|not translated/);
    expect(d.needsHuman).toBe(false);
    expect(d.reasons).not.toContain('needs answer');
  });

  it('prefers the entry written in the commenter\'s language for the same topic', async () => {
    const d = await one('¿Tenéis alguna tienda en Oporto para probar las gafas?', brand({ knowledge: withSpanishStores }));
    expect(d.reasons).toContain('matches answer: Tiendas');
    expect(d.suggestedReply).toContain('Nuestras tiendas están en Rua Augusta 12');
    expect(d.suggestedReply).not.toMatch(/inglés/);
  });

  it.each([
    ['¿Hacéis envíos a Canadá?', 'es', 'inglés'], ['Vous livrez au Canada ?', 'fr', 'anglais'], ['Liefert ihr nach Kanada?', 'de', 'Englisch'],
    ['Vocês entregam no Canadá?', 'pt', 'inglês'], ['Spedite anche in Canada?', 'it', 'inglese'], ['Leveren jullie ook in Canada?', 'nl', 'Engels'],
    ['Czy wysyłacie do Kanady?', 'pl', 'angielski'], ["Kanada'ya kargo var mı?", 'tr', 'İngilizce'], ['Apakah bisa kirim ke Kanada?', 'id', 'Inggris'],
  ])('answers %s in its language, quoting the English facts', async (text, language, english) => {
    const d = await one(text);
    expect(d.language).toBe(language);
    expect(d.reasons).toContain('matches answer: Shipping to Canada');
    expect(d.suggestedReply).toContain(english);
    expect(d.suggestedReply).toContain('5-7 business days for $15');
  });

  it.each([
    ['Liefert ihr auch nach Kanada?', 'Shipping to Canada'],
    ['Vocês fazem devolução se não servir?', 'Returns'],
    ['Où se trouve votre boutique à Lisbonne ?', 'Stores'],
  ])('finds the entry for %s', (text, title) => {
    expect(findAnswer(text, 'xx', KB)?.entry.title).toBe(title);
  });

  it('does not answer with an entry about another named place', async () => {
    expect(findAnswer('Do you ship to Germany?', 'en', KB)).toBeNull();
    const d = await one('Do you ship to Germany?', brand(), 'Mark Stone');
    expect(d.reasons).toContain('needs answer');
    expect(d.suggestedReply).not.toMatch(/Canada/);
  });

  it('gives a short holding reply in the brand\'s voice and flags "needs answer" when nothing matches', async () => {
    const d = await one('Is the blue frame made of titanium?', brand({ voice: { signOff: '— Team Lumen' } }), 'Mark Stone');
    expect(d.decision).toBe('reply');
    expect(d.needsHuman).toBe(true);
    expect(d.reasons).toContain('needs answer');
    expect(d.reasons?.some((r) => r.startsWith('matches answer'))).toBe(false);
    expect(d.suggestedReply).toMatch(/^Hi Mark! /);
    expect(d.suggestedReply).toMatch(/\n— Team Lumen$/);
    expect(d.suggestedReply.length).toBeLessThan(140);
  });

  it('never promises a private message, answered or not, in any language', async () => {
    const texts = ['Do you ship to Canada?', 'Is the blue frame titanium?', '¿Cuánto cuesta el envío a Canadá?', 'Quanto custa a armação azul?', 'Kann ich das zurückschicken?'];
    for (const t of texts) expect((await one(t)).suggestedReply).not.toMatch(/private|privad|DM\b|inbox|message you|mensaje privado|Direktnachricht|privée/i);
  });
});

describe('the brand\'s voice', () => {
  it('never uses a banned word, rephrasing the template or dropping the word from the answer', async () => {
    const voice = { bannedWords: ['sorry', 'free', 'team'] };
    const complaint = await one('The hinge broke after two days, really disappointed', brand({ voice, knowledge: [] }), 'Mark Stone');
    const question = await one('Is the blue frame made of titanium?', brand({ voice }), 'Mark Stone', 'q2');
    const answer = await one('Do you ship to Canada?', brand({ voice }), 'Mark Stone', 'q3');
    for (const d of [complaint, question, answer]) {
      expect(d.suggestedReply).not.toMatch(/\b(sorry|free|team)\b/i);
      expect(d.suggestedReply.length).toBeGreaterThan(20);
    }
    expect(answer.suggestedReply).toContain('5-7 business days for $15');
  });

  it('adds the sign-off, leaves emoji out when the brand does not use them, and never greets a handle', async () => {
    const voice = { tone: 'playful' as const, emoji: false, signOff: '— Lumen crew ✨' };
    const d = await one('Love these glasses, best purchase this year 😍', brand({ voice }), 'daniel_hughes21');
    expect(d.category).toBe('praise');
    expect(d.suggestedReply).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(d.suggestedReply).toMatch(/\n— Lumen crew$/);
    expect(d.suggestedReply).not.toMatch(/daniel|hughes|@/i);
    const withEmoji = await one('Love these glasses, best purchase this year 😍', brand({ voice: { tone: 'playful' } }), 'Daniel Hughes');
    expect(withEmoji.suggestedReply).toMatch(/^Hey Daniel!/);
    expect(withEmoji.suggestedReply).toMatch(/\p{Extended_Pictographic}/u);
  });

  it('speaks formally without exclamations, and addresses nobody by name when told so', async () => {
    const formal = await one('Do you ship to Canada?', brand({ voice: { tone: 'formal' } }), 'Mark Stone');
    expect(formal.suggestedReply).toMatch(/^Hello Mark\./);
    expect(formal.suggestedReply).not.toContain('!');
    const anonymous = await one('Do you ship to Canada?', brand({ voice: { addressBy: 'none' } }), 'Mark Stone');
    expect(anonymous.suggestedReply).not.toMatch(/Mark/);
  });

  it('varies the wording of answers between comments', async () => {
    const ds = await analyser.analyse(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, content: 'Do you ship to Canada?', authorName: 'Mark Stone', platform: 'facebook' as const })), brand());
    expect(new Set(ds.map((d) => d.suggestedReply)).size).toBeGreaterThan(1);
    for (const d of ds) expect(d.suggestedReply).toContain('5-7 business days');
  });
});

describe('criticism (item 6)', () => {
  it('answers a complaint with an apology and the next step from the knowledge base, high priority, never removed', async () => {
    const d = await one('I was charged twice for the same order, please fix this', brand(), 'Mark Stone');
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('complaint');
    expect(d.priority).toBe('high');
    expect(d.isSpam).toBe(false);
    expect(d.suggestedReply).toMatch(/sorry|apologise/i);
    expect(d.suggestedReply).toContain('billing refunds the duplicate within 3 days');
    expect(d.reasons).toContain('matches answer: Double charges');
  });

  it.each([
    'Se me rompieron las gafas a la semana, qué decepción', 'Really disappointing quality for the price', 'Que decepção, a armação veio torta',
    'Your prices are a joke', 'Terrible support, I waited 3 weeks for an answer', 'Never buying from you again', 'Produto horrível, não recomendo',
    'Slechte service, nooit meer', 'I ordered 3 weeks ago and still nothing. Call me at 555-123-4567',
  ])('drafts an empathetic reply to criticism, never ignoring or removing it: %s', async (text) => {
    const d = await one(text, brand({ knowledge: [] }), 'Lucía Gómez');
    expect(d.decision).toBe('reply');
    expect(d.category).toBe('complaint');
    expect(d.priority).toBe('high');
  });

  it('apologises in the commenter\'s language and keeps a complaint without a matching entry for a person', async () => {
    const d = await one('Pésimo servicio, nadie contesta el teléfono', brand(), 'Lucía Gómez');
    expect(d.decision).toBe('reply');
    expect(d.priority).toBe('high');
    expect(d.needsHuman).toBe(true);
    expect(d.suggestedReply).toMatch(/Sentimos|Lamentamos|Disculpa/);
    expect(d.reasons?.some((r) => r.startsWith('matches answer'))).toBe(false);
  });
});
