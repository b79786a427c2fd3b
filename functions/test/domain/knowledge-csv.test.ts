/** Knowledge-base CSV import (issue 10 item 5): columns by header, several questions per row, rows named in errors. */
import { describe, expect, it } from 'vitest';
import { parseKnowledgeCsv } from '../../src/domain/knowledge-csv.js';
import { Invalid } from '../../src/domain/errors.js';

describe('knowledge-base CSV', () => {
  it('reads entries with several questions, quoted commas and line breaks, a BOM and other header names', async () => {
    const csv = '\ufeffCategory,Title,Question,Answer,Lang,Notes\r\n'
      + 'shipping,Shipping to Canada,"Do you ship to Canada?|How long, to Canada?","Yes: 5-7 days,\nfree over $120.",EN,internal\r\n'
      + 'stores,Tiendas,¿Tenéis tienda?,Calle Mayor 5.,es,\r\n'
      + ',Opening hours,When are you open?,10-19 every day.,,\r\n';
    const entries = await parseKnowledgeCsv(csv, 'pt');
    expect(entries).toEqual([
      { topic: 'shipping', title: 'Shipping to Canada', questions: ['Do you ship to Canada?', 'How long, to Canada?'], answer: 'Yes: 5-7 days,\nfree over $120.', language: 'en' },
      { topic: 'stores', title: 'Tiendas', questions: ['¿Tenéis tienda?'], answer: 'Calle Mayor 5.', language: 'es' },
      { topic: 'other', title: 'Opening hours', questions: ['When are you open?'], answer: '10-19 every day.', language: 'pt' },
    ]);
  });

  it.each([
    ['title,question,answer\nA,Q?,Yes\n,Q?,Yes', /^Row 3: title: must not be empty/],
    ['title,question,answer\nA,,Yes', /^Row 2: questions: must have at least one question/],
    ['title,question,answer,language\nA,Q?,Yes,english', /^Row 2: language: Use a two-letter language code/],
    ['topic,title,question,answer\nsizes,A,Q?,Yes\nfood,B,Q?,Yes', /^Row 3: topic "food" is not one of shipping, returns/],
    ['title,answer\nA,Yes', /missing: questions/],
    ['title,question,answer\nA,"Q?,Yes', /^The CSV could not be read/],
    ['title,question,answer\n', /has no entries/],
  ])('refuses %j with a message naming what is wrong', async (csv, message) => {
    const err = await parseKnowledgeCsv(csv, 'en').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Invalid);
    expect((err as Invalid).message).toMatch(message);
  });
});
