/**
 * A brand's voice and answers through the API (issue 10 item 5): set the voice and import a
 * knowledge-base CSV for a connected page; a question arriving by webhook gets a draft answered from
 * it in the brand's voice; a viewer reads but cannot change; a wrong CSV is a 400 naming its row.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { allComments, Client, PASSWORD, signedIn, uniqueEmail } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));

const CSV = [
  'topic,title,question,answer,language',
  'shipping,Shipping to Canada,"Do you ship to Canada?|How long does delivery to Canada take?","Yes, we ship to Canada in 5-7 business days for $15, free over $120.",en',
  'stores,Tiendas,"¿Tenéis tienda física?|¿Dónde puedo ver los productos?","Nuestra tienda está en Calle Mayor 5, Madrid, abierta de 10 a 20.",es',
].join('\n');

async function viewerOf(owner: Client): Promise<Client> {
  const email = uniqueEmail('kb-viewer');
  const inv = await owner.post('/api/workspace/invitations', { email, role: 'viewer' });
  expect(inv.status).toBe(201);
  const client = new Client();
  expect((await client.post('/api/register', { email, password: PASSWORD, firstName: 'View', lastName: 'Er' })).status).toBe(201);
  expect((await client.post('/api/invitations/accept', { token: inv.json.token })).status).toBe(200);
  return client;
}

describe('brand voice and knowledge base', () => {
  let owner: Client;
  let brandId: string;

  beforeAll(async () => {
    ({ client: owner } = await signedIn('kb-owner'));
    expect(await connectThroughSandbox(owner)).toBe('/settings?success=connected');
    const brands = (await owner.get('/api/brands')).json;
    expect(brands.length).toBeGreaterThan(0);
    expect(brands[0].platforms).toContain('facebook');
    brandId = brands[0].id;
  });

  it('a brand starts with the default voice and an empty knowledge base; an unknown brand is a 404', async () => {
    const voice = await owner.get(`/api/brands/${brandId}/voice`);
    expect(voice.status).toBe(200);
    expect(voice.json).toMatchObject({ tone: 'friendly', emoji: true, addressBy: 'first_name', bannedWords: [] });
    expect((await owner.get(`/api/brands/${brandId}/knowledge`)).json).toEqual([]);
    const unknown = await owner.get('/api/brands/999999/voice');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/No connected brand 999999/);
  });

  it('sets the voice, imports the CSV, and a question arriving by webhook gets a draft answered from it', async () => {
    const put = await owner.put(`/api/brands/${brandId}/voice`, { tone: 'friendly', signOff: '— The Test Shop', emoji: false, bannedWords: ['cheap'], defaultLanguage: 'en', facts: 'Family shop since 1990.' });
    expect(put.status, put.text).toBe(200);
    expect((await owner.get(`/api/brands/${brandId}/voice`)).json).toMatchObject({ signOff: '— The Test Shop', emoji: false, bannedWords: ['cheap'] });

    const preview = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: CSV, dryRun: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json).toMatchObject({ added: 2, updated: 0, dryRun: true });
    expect((await owner.get(`/api/brands/${brandId}/knowledge`)).json).toEqual([]);
    const imported = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: CSV });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ added: 2, updated: 0, dryRun: false });
    const audit = JSON.stringify((await owner.get('/api/audit-log')).json);
    expect(audit).toContain('importKnowledge');
    expect(audit).toContain('Shipping to Canada');
    expect(audit).not.toContain('5-7 business days');
    const again = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: CSV });
    expect(again.json).toMatchObject({ added: 0, updated: 2 });
    const entries = (await owner.get(`/api/brands/${brandId}/knowledge`)).json;
    expect(entries.map((e: { title: string }) => e.title).sort()).toEqual(['Shipping to Canada', 'Tiendas']);
    expect(entries.find((e: { title: string }) => e.title === 'Shipping to Canada').questions).toHaveLength(2);

    const created = await control('comments', { pageId: brandId, platform: 'facebook', message: '¿Hacéis envíos a Canadá? 🙂', fromName: 'Lucía Gómez' });
    const externalId = created.comment?.id ?? created.id;
    await control('webhooks/flush', {});
    let comment: any;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      comment = (await allComments(owner)).find((c) => c.externalId === externalId);
      if (comment?.aiDecision) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(comment?.aiDecision, JSON.stringify(comment)).toBeTruthy();
    const d = comment.aiDecision;
    expect(d.decision).toBe('reply');
    expect(d.reasons).toContain('matches answer: Shipping to Canada');
    expect(d.suggestedReply).toMatch(/^¡Hola Lucía!/);
    expect(d.suggestedReply).toContain('5-7 business days for $15');
    expect(d.suggestedReply).toMatch(/\n— The Test Shop$/);
    expect(d.suggestedReply).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('adds, edits and deletes an entry', async () => {
    const added = await owner.post(`/api/brands/${brandId}/knowledge`, { topic: 'returns', title: 'Returns', questions: ['Can I return it?'], answer: 'Yes, within 30 days.', language: 'en' });
    expect(added.status, added.text).toBe(201);
    const edited = await owner.put(`/api/brands/${brandId}/knowledge/${added.json.id}`, { ...added.json, id: undefined, updatedAt: undefined, answer: 'Yes, within 60 days.' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.answer).toBe('Yes, within 60 days.');
    expect((await owner.delete(`/api/brands/${brandId}/knowledge/${added.json.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/brands/${brandId}/knowledge/${added.json.id}`)).status).toBe(404);
    expect((await owner.put(`/api/brands/${brandId}/knowledge/nope`, { title: 'x', questions: ['y'], answer: 'z' })).status).toBe(404);
  });

  it('a wrong CSV is a 400 that names the row or the missing column, and imports nothing', async () => {
    const before = (await owner.get(`/api/brands/${brandId}/knowledge`)).json.length;
    const badTopic = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: 'topic,title,question,answer\nshipping,Ok,Do you ship?,Yes\nweather,Rain,Is it raining?,No' });
    expect(badTopic.status).toBe(400);
    expect(badTopic.json.message).toMatch(/^Row 3: topic "weather" is not one of/);
    const noAnswer = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: 'title,question,answer\nOk,Do you ship?,' });
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.json.message).toMatch(/^Row 2: answer/);
    const missing = await owner.post(`/api/brands/${brandId}/knowledge/import`, { csv: 'title,answer\nOk,Yes' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/missing: questions/);
    expect((await owner.get(`/api/brands/${brandId}/knowledge`)).json).toHaveLength(before);
  });

  it('a viewer reads the voice and the knowledge base but cannot change them (403)', async () => {
    const viewer = await viewerOf(owner);
    expect((await viewer.get(`/api/brands/${brandId}/voice`)).status).toBe(200);
    expect((await viewer.get(`/api/brands/${brandId}/knowledge`)).status).toBe(200);
    const put = await viewer.put(`/api/brands/${brandId}/voice`, { tone: 'formal' });
    expect(put.status).toBe(403);
    expect(put.json.message).toContain('(viewer)');
    expect((await viewer.post(`/api/brands/${brandId}/knowledge/import`, { csv: CSV })).status).toBe(403);
    expect((await viewer.post(`/api/brands/${brandId}/knowledge`, { title: 'x', questions: ['y'], answer: 'z' })).status).toBe(403);
    expect((await owner.get(`/api/brands/${brandId}/voice`)).json.tone).toBe('friendly');
  });
});
