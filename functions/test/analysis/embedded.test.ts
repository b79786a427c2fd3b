/** Embedded analyser: sensible decisions on clear cases, languages, replies, determinism, schema. */
import { describe, expect, it } from 'vitest';
import { AiDecision } from '@cg/shared';
import { EmbeddedAnalyser } from '../../src/analysis/index.js';
import { detectLanguage } from '../../src/analysis/embedded/language.js';

const brand = { businessName: 'Acme Shoes', tone: 'friendly' as const };
const analyser = new EmbeddedAnalyser();
const one = async (content: string, id = 'c1') => (await analyser.analyse([{ id, content, authorName: 'Ana Diaz', platform: 'facebook' }], brand))[0]!;

describe('EmbeddedAnalyser', () => {
  it('deletes a spam link', async () => {
    const d = await one('Check out my channel http://bit.ly/abc123 and subscribe!!!');
    expect(d.isSpam).toBe(true);
    expect(d.decision).toBe('delete');
  });

  it('deletes a crypto/whatsapp scam', async () => {
    const d = await one('Earn $500 a day with bitcoin, message me on whatsapp +1 555 123 4567');
    expect(d.isSpam).toBe(true);
    expect(d.decision).toBe('delete');
  });

  it('flags insults and slurs as offensive and hides or deletes them', async () => {
    for (const text of ['you are a stupid idiot', 'shut up you fucking moron', 'I will kill you']) {
      const d = await one(text);
      expect(d.isOffensive, text).toBe(true);
      expect(['hide', 'delete']).toContain(d.decision);
    }
  });

  it('reads praise as positive and thanks the commenter', async () => {
    const d = await one('I love this product!');
    expect(d.sentiment).toBe('positive');
    expect(d.decision).toBe('reply');
    expect(d.suggestedReply).toMatch(/^Hi Ana! /);
  });

  it('answers a Spanish question in Spanish, naming the business', async () => {
    const d = await one('Hola, ¿cuánto cuesta el envío?');
    expect(d.language).toBe('es');
    expect(d.decision).toBe('reply');
    expect(d.suggestedReply).toMatch(/pregunta/i);
    expect(d.suggestedReply).not.toMatch(/privad|mensaje privado/i);
  });

  it('replies to a complaint and ignores neutral chit-chat', async () => {
    expect((await one('My order arrived broken and nobody answers my emails, terrible service')).decision).toBe('reply');
    expect((await one('ok')).decision).toBe('ignore');
  });

  it('is deterministic and every decision validates against AiDecision', async () => {
    const batch = ['great shoes', 'where is my refund??', 'visit www.cheap-pills.com', 'meh', 'Danke, super Qualität!'].map((content, i) => ({ id: `k${i}`, content, authorName: 'X', platform: 'instagram' as const }));
    const a = await analyser.analyse(batch, { businessName: 'Shop', voice: { tone: 'formal' } });
    const b = await analyser.analyse(batch, { businessName: 'Shop', voice: { tone: 'formal' } });
    expect(a).toEqual(b);
    expect(a).toHaveLength(batch.length);
    for (const d of a) {
      expect(AiDecision.parse(d)).toEqual(d);
      expect(d.provider).toBe('embedded');
      expect(d.version).toMatch(/^embedded-/);
      expect(d.reasoning.length).toBeGreaterThan(0);
    }
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Where can I buy this in blue?', 'en'],
    ['¿Dónde puedo comprar esto?', 'es'],
    ['Bonjour, combien coûte la livraison ?', 'fr'],
    ['Wie lange dauert der Versand nach Berlin?', 'de'],
    ['Quanto custa o frete para o Brasil?', 'pt'],
    ['Quanto costa la spedizione in Italia?', 'it'],
    ['👍👍', 'en'],
  ])('%s → %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));
});
