/** The Meta sandbox over raw HTTP: OAuth, token checks, seeded data, paging, Instagram rules, ads, faults, webhooks. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaSandbox, type MetaSandboxHandle } from '../../local/meta-sandbox/index.js';
import { startReceiver } from './receiver.js';

const APP = { appId: 'app-123', appSecret: 'shh-secret' };
const VERIFY = 'verify-me';
let sb: MetaSandboxHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let pages: { id: string; igUserId: string; adAccountId: string; accessToken: string }[];

type Json = Record<string, any>;
async function graph(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(`${sb.url}/v26.0/${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}
async function control(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<Json> {
  const res = await fetch(`${sb.url}/__control/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return (await res.json()) as Json;
}
async function userToken(): Promise<string> {
  const redirect = 'http://localhost:9/api/auth/facebook/callback';
  const { code } = await control('oauth/code', { redirect_uri: redirect });
  const q = new URLSearchParams({ client_id: APP.appId, client_secret: APP.appSecret, redirect_uri: redirect, code });
  return ((await graph(`oauth/access_token?${q}`)).body as Json).access_token;
}

beforeAll(async () => {
  receiver = await startReceiver(VERIFY);
  sb = await startMetaSandbox({ port: 0, ...APP, webhookUrl: receiver.url, verifyToken: VERIFY });
  pages = (await control('state')).pages;
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

describe('OAuth', () => {
  it('renders the consent page with Continue and Cancel redirects', async () => {
    const q = new URLSearchParams({ client_id: APP.appId, redirect_uri: 'http://localhost:3000/cb', state: 'st4te', scope: 'pages_show_list', response_type: 'code' });
    const res = await fetch(`${sb.url}/v26.0/dialog/oauth?${q}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Connect to Pagewarden');
    expect(html).toContain('Lumen Skincare');
    expect(html).toContain('Trailhead Outfitters');
    const cont = new URL(/id="continue" href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
    expect(cont.origin + cont.pathname).toBe('http://localhost:3000/cb');
    expect(cont.searchParams.get('state')).toBe('st4te');
    expect(cont.searchParams.get('code')).toBeTruthy();
    const cancel = new URL(/id="cancel" href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    expect(cancel.searchParams.get('state')).toBe('st4te');
  });

  it('refuses a wrong client_id in the dialog', async () => {
    const res = await fetch(`${sb.url}/v26.0/dialog/oauth?client_id=nope&redirect_uri=http://x/cb&state=s`);
    expect(res.status).toBe(400);
  });

  it('exchanges a code once, with the identical redirect_uri and the right secret', async () => {
    const redirect = 'http://localhost:3000/cb';
    const { code } = await control('oauth/code', { redirect_uri: redirect });
    const base = { client_id: APP.appId, client_secret: APP.appSecret, code };
    const wrongUri = await graph(`oauth/access_token?${new URLSearchParams({ ...base, redirect_uri: 'http://localhost:3000/other' })}`);
    expect(wrongUri.body.error.code).toBe(100);
    const wrongSecret = await graph(`oauth/access_token?${new URLSearchParams({ ...base, client_secret: 'x', redirect_uri: redirect })}`);
    expect(wrongSecret.body.error.code).toBe(1);
    const ok = await graph(`oauth/access_token?${new URLSearchParams({ ...base, redirect_uri: redirect })}`);
    expect(ok.status).toBe(200);
    expect(ok.body.token_type).toBe('bearer');
    const reused = await graph(`oauth/access_token?${new URLSearchParams({ ...base, redirect_uri: redirect })}`);
    expect(reused.body.error.message).toMatch(/used/);
    const long = await graph(`oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: APP.appId, client_secret: APP.appSecret, fb_exchange_token: ok.body.access_token })}`);
    expect(long.body.expires_in).toBe(5183944);
  });
});

describe('tokens', () => {
  it('requires a token valid for the object', async () => {
    const [a, b] = pages;
    expect((await graph(`${a!.id}/feed`)).body.error.code).toBe(104);
    expect((await graph(`${a!.id}/feed`, 'garbage')).body.error.code).toBe(190);
    expect((await graph(`${a!.id}/feed`, b!.accessToken)).body.error.code).toBe(190);
    expect((await graph(`${a!.id}/feed`, await userToken())).body.error.code).toBe(190);
    const ok = await graph(`${a!.id}/feed?access_token=${a!.accessToken}`);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.headers.get('x-business-use-case-usage')!)[a!.id][0].type).toBe('pages');
    expect(JSON.parse(ok.headers.get('x-app-usage')!)).toHaveProperty('call_count');
  });

  it('lists the user pages with tokens and their Instagram accounts', async () => {
    const token = await userToken();
    const accounts = await graph('me/accounts?fields=id,name,access_token,tasks&limit=1', token);
    expect(accounts.body.data).toHaveLength(1);
    expect(accounts.body.paging.next).toMatch(new RegExp(`^${sb.url}/v26.0/me/accounts`));
    expect(accounts.body.data[0].tasks).toContain('MODERATE');
    const page = accounts.body.data[0];
    const ig = await graph(`${page.id}?fields=instagram_business_account{id,username}`, page.access_token);
    expect(ig.body.instagram_business_account.username).toBe('lumen.skincare');
  });
});

describe('seeded data', () => {
  it('is deterministic, about 300 comments, all categories and five languages', async () => {
    const other = await startMetaSandbox({ ...APP });
    try {
      expect(other.state.counts()).toEqual(sb.state.counts());
      expect([...other.state.world.fbComments.keys()]).toEqual([...sb.state.world.fbComments.keys()]);
    } finally {
      await other.close();
    }
    const counts = sb.state.counts();
    expect(counts.total).toBeGreaterThanOrEqual(250);
    expect(counts.total).toBeLessThanOrEqual(350);
    for (const p of Object.values(counts.byPage)) {
      expect(p.facebook.darkPosts).toBeGreaterThan(0);
      expect(p.facebook.visitorPosts).toBeGreaterThan(0);
      expect(p.facebook.fromPage).toBeGreaterThan(0);
      expect(p.instagram.ads).toBeGreaterThan(0);
      expect(p.instagram.fromAccount).toBeGreaterThan(0);
    }
    const all = (await control('comments')).comments as Json[];
    expect(new Set(all.map((c) => c.language))).toEqual(new Set(['en', 'es', 'fr', 'de', 'pt']));
    expect(new Set(all.map((c) => c.category))).toEqual(new Set(['question', 'praise', 'complaint', 'neutral', 'spam', 'scam', 'offensive', 'troll']));
  });
});

describe('Graph edges', () => {
  it('pages comments with filter=stream, cursors, absolute next URLs and a summary', async () => {
    const page = pages[0]!;
    const feed = await graph(`${page.id}/feed?fields=id,created_time&limit=100`, page.accessToken);
    const post = feed.body.data[feed.body.data.length - 1];
    const seen: Json[] = [];
    let url: string | undefined = `${sb.url}/v26.0/${post.id}/comments?filter=stream&limit=5&summary=true&fields=id,message,from{id,name},parent{id},created_time&access_token=${page.accessToken}`;
    let total = 0;
    while (url) {
      const body = (await (await fetch(url)).json()) as Json;
      total = body.summary.total_count;
      seen.push(...body.data);
      url = body.paging?.next;
      if (url) expect(url.startsWith(sb.url)).toBe(true);
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen.map((c) => c.id)).size).toBe(total);
    expect(seen.some((c) => c.parent)).toBe(true);
    const top = await graph(`${post.id}/comments?limit=100`, page.accessToken);
    expect(top.body.data.length).toBe(seen.filter((c) => !c.parent).length);
  });

  it('keeps dark posts out of the feed and ad comments off the organic media', async () => {
    const page = pages[0]!;
    const token = await userToken();
    const ads = await graph(`${page.adAccountId}/ads?fields=id,name,effective_status,creative{effective_object_story_id,effective_instagram_media_id,source_instagram_media_id}`, token);
    const feedIds = new Set((await graph(`${page.id}/feed?limit=100`, page.accessToken)).body.data.map((p: Json) => p.id));
    const dark = ads.body.data.map((a: Json) => a.creative.effective_object_story_id).filter((id: string) => !feedIds.has(id));
    expect(dark.length).toBe(2);
    const darkComments = await graph(`${dark[0]}/comments?filter=stream&limit=100`, page.accessToken);
    expect(darkComments.body.data.length).toBeGreaterThan(0);
    const igAd = ads.body.data.find((a: Json) => a.creative.effective_instagram_media_id)!.creative;
    const media = (await graph(`${page.igUserId}/media?limit=100`, page.accessToken)).body.data.map((m: Json) => m.id);
    expect(media).not.toContain(igAd.effective_instagram_media_id);
    expect(media).toContain(igAd.source_instagram_media_id);
    const adComments = (await graph(`${igAd.effective_instagram_media_id}/comments?fields=id`, page.accessToken)).body.data.map((c: Json) => c.id);
    const organic = (await graph(`${igAd.source_instagram_media_id}/comments?fields=id`, page.accessToken)).body.data.map((c: Json) => c.id);
    expect(adComments.length).toBeGreaterThan(0);
    expect(adComments.filter((id: string) => organic.includes(id))).toEqual([]);
    expect((await graph(`${page.adAccountId}/ads`, page.accessToken)).body.error.code).toBe(190);
  });

  it('applies the Instagram rules: 50 a page, replies only to visible top-level comments', async () => {
    const page = pages[1]!;
    const media = (await graph(`${page.igUserId}/media`, page.accessToken)).body.data[0].id;
    for (let i = 0; i < 60; i++) await control('comments', { target: media, webhook: false });
    const first = await graph(`${media}/comments?limit=100&fields=id,text,hidden,replies{id}`, page.accessToken);
    expect(first.body.data.length).toBe(50);
    expect(first.body.paging.next).toBeTruthy();
    const top = first.body.data[0].id;
    const reply = await graph(`${top}/replies`, page.accessToken, { method: 'POST', body: new URLSearchParams({ message: 'Thanks!' }) });
    expect(reply.body.id).toBeTruthy();
    expect((await graph(`${reply.body.id}/replies`, page.accessToken, { method: 'POST', body: new URLSearchParams({ message: 'x' }) })).body.error.code).toBe(100);
    expect((await graph(`${top}?hide=true`, page.accessToken, { method: 'POST' })).body.success).toBe(true);
    expect((await graph(`${top}/replies`, page.accessToken, { method: 'POST', body: new URLSearchParams({ message: 'y' }) })).body.error.code).toBe(100);
    expect((await graph(top, page.accessToken, { method: 'DELETE' })).body.success).toBe(true);
    expect((await graph(top, page.accessToken, { method: 'DELETE' })).body.error.code).toBe(100);
  });
});

describe('faults', () => {
  it('injects throttling with the BUC regain time, then recovers', async () => {
    const page = pages[0]!;
    await control('faults', { match: '/feed', code: 80001, times: 2, regainMinutes: 3 });
    for (let i = 0; i < 2; i++) {
      const r = await graph(`${page.id}/feed`, page.accessToken);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(80001);
      expect(JSON.parse(r.headers.get('x-business-use-case-usage')!)[page.id][0].estimated_time_to_regain_access).toBe(3);
    }
    expect((await graph(`${page.id}/feed`, page.accessToken)).status).toBe(200);
  });

  it('injects 190 and 500', async () => {
    const page = pages[0]!;
    await control('faults', { match: '/feed', code: 190 });
    const r190 = await graph(`${page.id}/feed`, page.accessToken);
    expect(r190.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    await control('faults', { match: '/feed', code: 500 });
    expect((await graph(`${page.id}/feed`, page.accessToken)).status).toBe(500);
  });
});

describe('webhooks', () => {
  it('verifies the callback when a page subscribes and sends signed Meta-shaped events', async () => {
    const page = pages[0]!;
    const sub = await graph(`${page.id}/subscribed_apps`, page.accessToken, { method: 'POST', body: new URLSearchParams({ subscribed_fields: 'feed' }) });
    expect(sub.body.success).toBe(true);
    expect(receiver.handshakes).toBeGreaterThan(0);
    expect((await graph(`${page.id}/subscribed_apps`, page.accessToken)).body.data[0].subscribed_fields).toEqual(['feed']);

    const before = receiver.received.length;
    const added = await control('comments', { pageId: page.id, platform: 'facebook', message: 'Is this waterproof?' });
    expect(added.webhook.ok).toBe(true);
    const got = receiver.received[before]!;
    expect(got.signature).toBe('sha256=' + createHmac('sha256', APP.appSecret).update(got.raw).digest('hex'));
    const value = got.json.entry[0]!.changes[0]!.value;
    expect(got.json.object).toBe('page');
    expect(value).toMatchObject({ item: 'comment', verb: 'add', comment_id: added.comment.id, message: 'Is this waterproof?' });

    const ig = await control('comments', { pageId: page.id, platform: 'instagram', ad: true });
    const igBody = receiver.received[receiver.received.length - 1]!.json;
    expect(igBody.object).toBe('instagram');
    expect((igBody.entry[0]!.changes[0]!.value.media as Json).ad_id).toBe(ig.comment.adId);

    await control(`comments/${added.comment.id}/hide`, { hidden: true });
    await control(`comments/${added.comment.id}/edit`, { message: 'edited' });
    await control(`comments/${added.comment.id}/remove`, {});
    const verbs = receiver.received.slice(-3).map((r) => r.json.entry[0]!.changes[0]!.value.verb);
    expect(verbs).toEqual(['hide', 'edited', 'remove']);

    const other = pages[1]!; // not subscribed → nothing sent
    const n = receiver.received.length;
    expect((await control('comments', { pageId: other.id, platform: 'facebook' })).webhook).toBeNull();
    expect(receiver.received.length).toBe(n);
  });

  it('batches several events in one signed POST and replays raw bodies', async () => {
    const page = pages[0]!;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await control('comments', { pageId: page.id, platform: 'facebook', webhook: false })).comment.id);
    const n = receiver.received.length;
    const sent = await control('webhooks/send', { commentIds: ids, verb: 'add' });
    expect(sent.webhook).toMatchObject({ ok: true, entries: 3 });
    expect(receiver.received[n]!.json.entry.map((e) => e.changes[0]!.value.comment_id)).toEqual(ids);
    await control('webhooks/send', { raw: receiver.received[n]!.raw });
    expect(receiver.received[n + 1]!.raw).toBe(receiver.received[n]!.raw);
    expect(receiver.received[n + 1]!.signature).toBe(receiver.received[n]!.signature);
  });

  it('adds bulk comments for benchmarks', async () => {
    const before = sb.state.counts().total;
    const r = await control('seed-bulk', { count: 10_000 });
    expect(r.comments).toBe(before + 10_000);
  });
});
