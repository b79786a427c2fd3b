/** The test/ops control API under /__control (not part of the Graph API). */
import type { AnyComment } from './model.js';
import { graphTime } from './model.js';
import type { MetaSandbox, NewCommentInput } from './sandbox.js';
import type { FeedVerb } from './webhook-sender.js';

export interface ControlHooks { setLiveInterval(ms: number | undefined): void }
type Json = Record<string, unknown>;

export function describeComment(sb: MetaSandbox, c: AnyComment) {
  const media = c.platform === 'instagram' ? sb.world.media.get(c.mediaId) : undefined;
  const post = c.platform === 'facebook' ? sb.world.posts.get(c.postId) : undefined;
  const adId = media?.adId ?? (post && !post.published ? [...sb.world.ads.values()].find((a) => a.storyId === post.id)?.id : undefined);
  return {
    id: c.id, platform: c.platform,
    pageId: c.platform === 'facebook' ? c.pageId : sb.world.pageOfIgUser(c.igUserId)!.id,
    accountId: c.platform === 'facebook' ? c.pageId : c.igUserId,
    objectId: c.platform === 'facebook' ? c.postId : c.mediaId,
    ...(c.parentId ? { parentId: c.parentId } : {}),
    ...(adId ? { adId } : {}),
    authorId: c.fromId, authorName: c.platform === 'facebook' ? c.fromName : c.username,
    text: c.platform === 'facebook' ? c.message : c.text,
    createdTime: graphTime(c.createdTime),
    hidden: c.platform === 'facebook' ? c.isHidden : c.hidden,
    deleted: c.deleted,
    fromPage: c.platform === 'facebook' ? c.fromId === c.pageId : c.fromId === c.igUserId,
    category: c.category ?? null, language: c.language ?? null,
  };
}

export async function handleControl(sb: MetaSandbox, hooks: ControlHooks, method: string, path: string, q: URLSearchParams, body: Json): Promise<{ status: number; body: unknown }> {
  const ok = (b: unknown = { ok: true }) => ({ status: 200, body: b });
  const parts = path.split('/').filter(Boolean); // ['__control', ...]
  const [, a, b, c] = parts;
  if (a === 'state' && method === 'GET') return ok(sb.snapshot());
  if (a === 'reset' && method === 'POST') { sb.reset(); return ok(); }
  if (a === 'faults') {
    if (method === 'GET') return ok({ faults: sb.faults });
    if (method === 'DELETE') { sb.faults = []; return ok(); }
    if (method === 'POST') {
      if (typeof body.match !== 'string' || typeof body.code !== 'number') return { status: 400, body: { error: 'match (string) and code (number) are required' } };
      return ok(sb.addFault({
        match: body.match, code: body.code, times: typeof body.times === 'number' ? body.times : 1,
        subcode: typeof body.subcode === 'number' ? body.subcode : undefined,
        method: typeof body.method === 'string' ? body.method : undefined,
        regainMinutes: typeof body.regainMinutes === 'number' ? body.regainMinutes : undefined,
        lost: body.lost === true,
      }));
    }
  }
  if (a === 'comments' && !b) {
    if (method === 'GET') {
      const all = [...sb.world.fbComments.values(), ...sb.world.igComments.values()].map((x) => describeComment(sb, x))
        .filter((x) => (!q.get('pageId') || x.pageId === q.get('pageId')) && (!q.get('platform') || x.platform === q.get('platform')) && (q.get('deleted') === 'true' || !x.deleted));
      return ok({ comments: all, count: all.length });
    }
    if (method === 'POST') {
      let created: AnyComment;
      try {
        created = sb.createComment(body as NewCommentInput);
      } catch (e) {
        return { status: 400, body: { error: e instanceof Error ? e.message : String(e) } };
      }
      const delivery = body.webhook === false ? undefined : await sb.notify(created, 'add');
      return ok({ comment: describeComment(sb, created), webhook: delivery ?? null });
    }
  }
  if (a === 'comments' && b && c && method === 'POST') {
    const comment = sb.world.comment(b);
    if (!comment || comment.deleted) return { status: 404, body: { error: 'no such comment' } };
    let verb: FeedVerb;
    if (c === 'edit') { sb.edit(comment, String(body.message ?? '')); verb = 'edited'; }
    else if (c === 'remove') { sb.remove(comment); verb = 'remove'; }
    else if (c === 'hide') { const h = body.hidden !== false; sb.setHidden(comment, h); verb = h ? 'hide' : 'unhide'; }
    else return { status: 404, body: { error: 'unknown action' } };
    const delivery = body.webhook === false ? undefined : await sb.notify(comment, verb);
    return ok({ comment: describeComment(sb, comment), webhook: delivery ?? null });
  }
  if (a === 'seed-bulk' && method === 'POST') {
    const count = Number(body.count ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 200_000) return { status: 400, body: { error: 'count must be 1..200000' } };
    return ok({ ...sb.seedBulk(count, typeof body.pageId === 'string' ? body.pageId : undefined), comments: sb.counts().total });
  }
  if (a === 'revoke' && method === 'POST') {
    const tokens: string[] = [];
    if (typeof body.token === 'string') tokens.push(body.token);
    if (typeof body.pageId === 'string') { const p = sb.world.pages.get(body.pageId); if (p) tokens.push(p.accessToken); }
    tokens.forEach((t) => sb.revoke(t));
    return ok({ revoked: tokens.length });
  }
  if (a === 'config' && method === 'POST') {
    if ('webhookUrl' in body) { sb.config.webhookUrl = typeof body.webhookUrl === 'string' ? body.webhookUrl : undefined; sb.webhookVerified = null; }
    if ('verifyToken' in body) { sb.config.verifyToken = typeof body.verifyToken === 'string' ? body.verifyToken : undefined; sb.webhookVerified = null; }
    if ('liveIntervalMs' in body) hooks.setLiveInterval(typeof body.liveIntervalMs === 'number' ? body.liveIntervalMs : undefined);
    const verified = body.verify === true ? await sb.verifyWebhook() : sb.webhookVerified;
    return ok({ webhookUrl: sb.config.webhookUrl ?? null, verified });
  }
  if (a === 'oauth' && b === 'code' && method === 'POST') {
    if (typeof body.redirect_uri !== 'string') return { status: 400, body: { error: 'redirect_uri required' } };
    return ok({ code: sb.tokens.issueCode(body.redirect_uri) });
  }
  if (a === 'webhooks' && b === 'send' && method === 'POST') {
    if (typeof body.raw === 'string') return ok({ webhook: (await sb.webhooks.sendRaw(body.raw)) ?? null });
    const ids = Array.isArray(body.commentIds) ? body.commentIds.map(String) : [];
    const comments = ids.map((id) => sb.world.comment(id)).filter((x): x is AnyComment => !!x);
    const verb = (typeof body.verb === 'string' ? body.verb : 'add') as FeedVerb;
    return ok({ webhook: (await sb.notifyMany(comments, verb)) ?? null, comments: comments.length });
  }
  if (a === 'webhooks' && b === 'flush' && method === 'POST') { await sb.webhooks.flush(); return ok({ sent: sb.webhooks.sent, failed: sb.webhooks.failed }); }
  if (a === 'usage-limits' && method === 'POST') {
    for (const k of ['app', 'object'] as const) if (typeof body[k] === 'number' && body[k] > 0) sb.usageLimits[k] = body[k];
    return ok(sb.usageLimits);
  }
  if (a === 'usage' && method === 'POST') {
    sb.usageOverride = typeof body.percent === 'number' ? body.percent : null;
    return ok({ percent: sb.usageOverride });
  }
  return { status: 404, body: { error: `unknown control route ${method} ${path}` } };
}
