/** The Graph API adapter against the Meta sandbox: OAuth, pages, full comment collection, errors, actions, webhooks. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaSandbox, type MetaSandboxHandle } from '../../../infra/local/meta-sandbox/index.js';
import {
  GraphClient, MetaApiError, NotFoundError, PermissionError, ThrottledError, TokenInvalidError, TransientError,
  adCommentSources, deleteComment, describeActionFailure, exchangeCode, exchangeLongLived, facebookPageComments,
  getInstagramAccount, getPageSubscription, instagramAccountComments, listAdAccounts, listInstagramMedia, listAds, listPages, loginDialogUrl,
  metaConfigFromEnv, parseWebhook, replyToComment, setCommentHidden, subscribePage, unsubscribePage, verifyHandshake,
  verifySignature, SLOW_DOWN_PERCENT, type MetaConfig, type MetaPage, type PlatformComment,
} from '../../src/platform/meta/index.js';

const VERIFY = 'tok-verify';
let sb: MetaSandboxHandle;
let cfg: MetaConfig;
let client: GraphClient;
const responses: { status: number; message: string }[] = [];
const hooks: { raw: string; signature?: string }[] = [];
let hookServer: ReturnType<typeof createServer>;
let userToken = '';
let pages: MetaPage[] = [];

function newClient(): GraphClient {
  return GraphClient.fromConfig(cfg, { onResponse: (status, message) => responses.push({ status, message }), sleep: async () => {}, random: () => 0.5 });
}

async function connect(c: GraphClient): Promise<string> {
  const redirectUri = 'http://127.0.0.1:1/api/auth/facebook/callback';
  const dialog = loginDialogUrl(cfg, { redirectUri, state: 'signed-state' });
  const html = await (await fetch(dialog)).text();
  const href = new URL(/id="continue" href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
  expect(href.searchParams.get('state')).toBe('signed-state');
  const short = await exchangeCode(c, cfg, href.searchParams.get('code')!, redirectUri);
  const long = await exchangeLongLived(c, cfg, short.accessToken);
  expect(long.expiresIn).toBe(5183944);
  return long.accessToken;
}

/** Every comment of a page's Facebook page and Instagram account, ads included, as the sync would collect them. */
async function collectAll(c: GraphClient, page: MetaPage, token: string, since?: Date): Promise<PlatformComment[]> {
  const ads = (await Promise.all((await listAdAccounts(c, token)).map((a) => listAds(c, a.id, token)))).flat();
  const sources = adCommentSources(ads);
  const ig = await getInstagramAccount(c, page.id, page.accessToken);
  const out: PlatformComment[] = [];
  for await (const batch of facebookPageComments(c, { pageId: page.id, pageToken: page.accessToken, adPosts: sources.facebook.get(page.id), since })) out.push(...batch);
  for await (const batch of instagramAccountComments(c, {
    igUserId: ig!.id, igUsername: ig!.username, pageToken: page.accessToken, since,
    adMedia: sources.instagram.filter((m) => m.igUserId === ig!.id),
  })) out.push(...batch);
  return out;
}

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET') {
      const challenge = verifyHandshake(url.searchParams, VERIFY);
      res.writeHead(challenge ? 200 : 403).end(challenge ?? '');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      hooks.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-hub-signature-256'] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  const hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/webhooks/meta`;
  sb = await startMetaSandbox({ port: 0, appId: 'app-1', appSecret: 'secret-1', webhookUrl: hookUrl, verifyToken: VERIFY });
  cfg = metaConfigFromEnv({ META_GRAPH_URL: sb.url, META_APP_ID: 'app-1', META_APP_SECRET: 'secret-1' });
  client = newClient();
  userToken = await connect(client);
  pages = await listPages(client, userToken);
});
afterAll(async () => {
  await sb?.close();
  await new Promise<void>((r) => { hookServer?.close(() => r()); hookServer?.closeAllConnections(); });
});

describe('config and connect', () => {
  it('reads the base URL and version from config, defaulting to Meta', () => {
    const d = metaConfigFromEnv({});
    expect(d).toMatchObject({ graphUrl: 'https://graph.facebook.com', apiVersion: 'v26.0', dialogUrl: 'https://www.facebook.com' });
    expect(cfg.dialogUrl).toBe(sb.url);
    expect(client.baseUrl).toBe(`${sb.url}/v26.0`);
  });

  it('lists both pages with tokens and their Instagram accounts', async () => {
    expect(pages.map((p) => p.name).sort()).toEqual(['Lumen Skincare', 'Trailhead Outfitters']);
    for (const p of pages) {
      expect(p.accessToken).toBeTruthy();
      expect(p.tasks).toContain('MODERATE');
      const ig = await getInstagramAccount(client, p.id, p.accessToken);
      expect(ig?.id).toBe(sb.state.world.pages.get(p.id)!.igUserId);
    }
    expect(responses.every((r) => r.status === 200 && r.message === 'OK')).toBe(true);
  });

  it('subscribes and unsubscribes a page', async () => {
    const p = pages[1]!;
    expect(await subscribePage(client, p.id, p.accessToken)).toBe(true);
    expect(await getPageSubscription(client, p.id, p.accessToken, 'app-1')).toEqual(['feed']);
    expect(await unsubscribePage(client, p.id, p.accessToken)).toBe(true);
    expect(await getPageSubscription(client, p.id, p.accessToken)).toEqual([]);
  });
});

describe('collecting comments', () => {
  it('collects every comment of each page, dark posts and Instagram ads included', async () => {
    for (const page of pages) {
      const got = await collectAll(client, page, userToken);
      const ids = new Set(got.map((c) => `${c.platform}:${c.externalId}`));
      const expected = sb.state.counts().byPage[page.id]!;
      expect(ids.size).toBe(got.length);
      expect(got.filter((c) => c.platform === 'facebook')).toHaveLength(expected.facebook.total);
      expect(got.filter((c) => c.platform === 'instagram')).toHaveLength(expected.instagram.total);
      expect(got.filter((c) => c.platform === 'facebook' && c.fromPage)).toHaveLength(expected.facebook.fromPage);
      expect(got.filter((c) => c.platform === 'instagram' && c.fromPage)).toHaveLength(expected.instagram.fromAccount);
      expect(got.filter((c) => c.platform === 'instagram' && c.adId)).toHaveLength(expected.instagram.ads);
      expect(got.filter((c) => c.platform === 'facebook' && c.adId).length).toBeGreaterThanOrEqual(expected.facebook.darkPosts);
      const reply = got.find((c) => c.platform === 'facebook' && c.parentId)!;
      expect(got.some((c) => c.externalId === reply.parentId)).toBe(true);
      expect(got.every((c) => c.accountExternalId && c.authorName && !Number.isNaN(Date.parse(c.timestamp)))).toBe(true);
    }
  });

  it('follows paging to the end on a bulk-seeded sandbox', async () => {
    const bulk = await startMetaSandbox({ appId: 'app-1', appSecret: 'secret-1', seed: 7 });
    try {
      const page = [...bulk.state.world.pages.values()][0]!;
      bulk.state.seedBulk(3000, page.id);
      const c = GraphClient.fromConfig({ graphUrl: bulk.url, apiVersion: 'v26.0' });
      const bulkCfg = { ...cfg, graphUrl: bulk.url, dialogUrl: bulk.url };
      const { code } = await (await fetch(`${bulk.url}/__control/oauth/code`, { method: 'POST', body: JSON.stringify({ redirect_uri: 'http://x/cb' }) })).json() as { code: string };
      const token = (await exchangeCode(c, bulkCfg, code, 'http://x/cb')).accessToken;
      const mp = (await listPages(c, token)).find((p) => p.id === page.id)!;
      const got = await collectAll(c, mp, token);
      const expected = bulk.state.counts().byPage[page.id]!;
      expect(new Set(got.map((x) => x.externalId)).size).toBe(expected.facebook.total + expected.instagram.total);
      expect(bulk.state.calls.byRoute['GET igMedia/comments']).toBeGreaterThan(6);
    } finally {
      await bulk.close();
    }
  });

  it('reads incrementally from a since-time', async () => {
    const page = pages[0]!;
    const since = new Date();
    const fb = sb.state.createComment({ pageId: page.id, platform: 'facebook', ad: true });
    const ig = sb.state.createComment({ pageId: page.id, platform: 'instagram', ad: false });
    const got = await collectAll(client, page, userToken, since);
    expect(got.map((c) => c.externalId).sort()).toEqual([fb.id, ig.id].sort());
    expect(got.find((c) => c.externalId === fb.id)?.adId).toBeTruthy();
  });
});

describe('errors', () => {
  it('maps throttling to ThrottledError with the regain time, or exponential backoff', async () => {
    const page = pages[0]!;
    const c = newClient();
    sb.state.addFault({ match: '/comments', code: 80001, regainMinutes: 2 });
    const err = await collectAll(c, page, userToken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect((err as ThrottledError).code).toBe(80001);
    expect((err as ThrottledError).retryAfterMs).toBeGreaterThanOrEqual(120_000);
    expect((err as ThrottledError).retryAfterMs).toBeLessThanOrEqual(150_000);
    expect(responses.some((r) => r.status === 400 && r.message.includes('80001'))).toBe(true);

    const fresh = newClient();
    const igUserId = sb.state.world.pages.get(page.id)!.igUserId;
    sb.state.addFault({ match: '/media', code: 613, times: 2 });
    const first = await listInstagramMedia(fresh, igUserId, page.accessToken).catch((e: unknown) => e);
    const second = await listInstagramMedia(fresh, igUserId, page.accessToken).catch((e: unknown) => e);
    expect((first as ThrottledError).retryAfterMs).toBe(1250); // 1 s × (1 + 0.5 × jitter 0.5)
    expect((second as ThrottledError).retryAfterMs).toBe(2500);
    await expect(listInstagramMedia(fresh, igUserId, page.accessToken)).resolves.toHaveLength(5);
  });

  it('reads the usage headers so callers can slow down above 75 %', async () => {
    const c = newClient();
    const page = pages[0]!;
    sb.state.usageOverride = 80;
    try {
      await getPageSubscription(c, page.id, page.accessToken);
    } finally {
      sb.state.usageOverride = null;
    }
    expect(c.lastUsage?.maxPercent).toBe(80);
    expect(c.lastUsage?.buc[page.id]?.[0]?.type).toBe('pages');
    expect(c.lastUsage!.maxPercent).toBeGreaterThan(SLOW_DOWN_PERCENT);
  });

  it('maps 190 to TokenInvalidError and stops using that token', async () => {
    const c = newClient();
    const page = (await listPages(c, userToken))[1]!;
    sb.state.addFault({ match: `/${page.id}`, code: 190 });
    await expect(getInstagramAccount(c, page.id, page.accessToken)).rejects.toBeInstanceOf(TokenInvalidError);
    const calls = c.callCount;
    await expect(getInstagramAccount(c, page.id, page.accessToken)).rejects.toBeInstanceOf(TokenInvalidError);
    expect(c.callCount).toBe(calls);
  });

  it('maps a revoked token to TokenInvalidError; a reconnect gives a fresh one', async () => {
    const c = newClient();
    const page = (await listPages(c, userToken))[1]!;
    await fetch(`${sb.url}/__control/revoke`, { method: 'POST', body: JSON.stringify({ pageId: page.id }) });
    await expect(getInstagramAccount(c, page.id, page.accessToken)).rejects.toBeInstanceOf(TokenInvalidError);
    const fresh = (await listPages(c, userToken)).find((p) => p.id === page.id)!;
    expect(fresh.accessToken).not.toBe(page.accessToken);
    await expect(getInstagramAccount(c, page.id, fresh.accessToken)).resolves.toBeTruthy();
    pages = await listPages(client, userToken);
  });

  it('retries a transient 500 and reports a persistent one', async () => {
    const c = newClient();
    const page = pages[0]!;
    sb.state.addFault({ match: '/subscribed_apps', code: 500, times: 1 });
    await expect(getPageSubscription(c, page.id, page.accessToken)).resolves.toBeDefined();
    sb.state.addFault({ match: '/subscribed_apps', code: 500, times: 3 });
    await expect(getPageSubscription(c, page.id, page.accessToken)).rejects.toBeInstanceOf(TransientError);
  });
});

describe('actions', () => {
  it('reply, hide, unhide and delete on Facebook change the sandbox', async () => {
    const page = pages[0]!;
    const target = sb.state.createComment({ pageId: page.id, platform: 'facebook', category: 'question' });
    const t = { platform: 'facebook' as const, commentId: target.id, token: page.accessToken };
    const reply = await replyToComment(client, t, 'Yes, we ship to Canada!');
    const stored = sb.state.world.fbComments.get(reply.id)!;
    expect(stored).toMatchObject({ parentId: target.id, fromId: page.id, message: 'Yes, we ship to Canada!' });
    await setCommentHidden(client, t, true);
    expect(sb.state.world.fbComments.get(target.id)!.isHidden).toBe(true);
    await setCommentHidden(client, t, false);
    expect(sb.state.world.fbComments.get(target.id)!.isHidden).toBe(false);
    await deleteComment(client, t);
    expect(sb.state.world.fbComments.get(target.id)!.deleted).toBe(true);
    const again = await deleteComment(client, t).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(NotFoundError);
    expect(describeActionFailure(again).reason).toBe('not_found');
  });

  it('reply, hide and delete on Instagram; refusals are explained', async () => {
    const page = pages[0]!;
    const target = sb.state.createComment({ pageId: page.id, platform: 'instagram' });
    const t = { platform: 'instagram' as const, commentId: target.id, token: page.accessToken };
    const reply = await replyToComment(client, t, 'Thank you!');
    expect(sb.state.world.igComments.get(reply.id)?.parentId).toBe(target.id);
    await setCommentHidden(client, t, true);
    expect(sb.state.world.igComments.get(target.id)!.hidden).toBe(true);
    const refused = await replyToComment(client, t, 'again').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MetaApiError);
    expect(describeActionFailure(refused)).toMatchObject({ reason: 'rejected', retryable: false });
    await deleteComment(client, t);
    expect(sb.state.world.igComments.get(target.id)!.deleted).toBe(true);

    const blocked = sb.state.createComment({ pageId: page.id, platform: 'facebook', authorBlocksPage: true });
    const err = await replyToComment(client, { platform: 'facebook', commentId: blocked.id, token: page.accessToken }, 'hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermissionError);
  });
});

describe('webhooks', () => {
  it('accepts the sandbox signature, rejects a forged one, and parses feed and instagram events', async () => {
    const page = pages[0]!;
    expect(await subscribePage(client, page.id, page.accessToken)).toBe(true);
    expect(sb.state.webhookVerified).toBe(true);

    const n = hooks.length;
    const fb = sb.state.createComment({ pageId: page.id, platform: 'facebook', message: '¿Hacen envíos a México?' });
    await sb.state.notify(fb, 'add');
    const ig = sb.state.createComment({ pageId: page.id, platform: 'instagram', ad: true });
    await sb.state.notify(ig, 'add');
    await setCommentHidden(client, { platform: 'facebook', commentId: fb.id, token: page.accessToken }, true);
    await replyToComment(client, { platform: 'facebook', commentId: fb.id, token: page.accessToken }, 'Sí!');
    await sb.state.webhooks.flush();
    const got = hooks.slice(n);
    expect(got).toHaveLength(4);
    for (const h of got) {
      expect(verifySignature(h.raw, h.signature, 'secret-1')).toBe(true);
      expect(verifySignature(Buffer.from(h.raw), h.signature, 'secret-1')).toBe(true);
      expect(verifySignature(h.raw, h.signature, 'wrong-secret')).toBe(false);
      expect(verifySignature(h.raw.replace('}', ' }'), h.signature, 'secret-1')).toBe(false);
    }
    expect(verifySignature(got[0]!.raw, 'sha256=' + '0'.repeat(64), 'secret-1')).toBe(false);
    expect(verifySignature(got[0]!.raw, undefined, 'secret-1')).toBe(false);
    expect(verifySignature(got[0]!.raw, 'sha1=abc', 'secret-1')).toBe(false);

    const [add, igAdd, hide, ownReply] = got.map((h) => parseWebhook(h.raw));
    expect(add!.events).toEqual([expect.objectContaining({
      platform: 'facebook', verb: 'add', accountExternalId: page.id, dedupeKey: `facebook:${fb.id}:add`,
      comment: expect.objectContaining({ externalId: fb.id, postId: fb.platform === 'facebook' ? fb.postId : '', content: '¿Hacen envíos a México?', authorId: fb.fromId }),
    })]);
    expect(add!.events[0]!.comment.parentId).toBeUndefined();
    expect(igAdd!.events[0]).toMatchObject({ platform: 'instagram', verb: 'add', comment: { externalId: ig.id, adId: expect.any(String) } });
    expect(hide!.events[0]).toMatchObject({ verb: 'hide', comment: { isHidden: true } });
    expect(ownReply!.events).toEqual([]);
    expect(ownReply!.skipped).toBe(1);
  });

  it('answers the handshake only with the right token and rejects malformed bodies', () => {
    expect(verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '123' }, VERIFY)).toBe('123');
    expect(verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '123' }, VERIFY)).toBeNull();
    expect(verifyHandshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1' }, VERIFY)).toBeNull();
    expect(() => parseWebhook('not json')).toThrow();
    expect(() => parseWebhook({ object: 'page' })).toThrow();
    const other = parseWebhook({ object: 'page', entry: [{ id: '1', time: 1, changes: [{ field: 'feed', value: { item: 'reaction', verb: 'add' } }] }] });
    expect(other).toMatchObject({ events: [], skipped: 1 });
    const reply = parseWebhook({ object: 'page', entry: [{ id: '1', time: 1, changes: [{ field: 'feed', value: {
      item: 'comment', verb: 'edited', comment_id: '9_2', post_id: '1_9', parent_id: '9_1', from: { id: '5', name: 'Ana' }, message: 'x', created_time: 1694691184,
    } }] }] });
    expect(reply.events[0]).toMatchObject({ verb: 'edited', comment: { parentId: '9_1', timestamp: '2023-09-14T11:33:04.000Z' } });
  });
});
