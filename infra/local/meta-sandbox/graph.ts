/** Graph API routes (nodes and edges) served by the sandbox, with token checks and usage headers. */
import { GraphError, badParam, invalidToken, missingToken, notFound, permission, unknownEdge } from './errors.js';
import { parseFields, project } from './fields.js';
import { compareComments, type AnyComment, type FbComment, type IgComment } from './model.js';
import { pageOf, sortKey } from './paging.js';
import { renderAd, renderAdAccount, renderFbComment, renderIgComment, renderIgUser, renderMedia, renderPage, renderPost } from './render.js';
import type { MetaSandbox } from './sandbox.js';
import type { TokenInfo } from './tokens.js';

export interface GraphRequest { method: string; url: URL; params: URLSearchParams; token?: string; baseUrl: string }
export interface GraphResponse { status: number; body: unknown; headers: Record<string, string> }

const timeParam = (v: string | null): number | undefined => {
  if (!v) return undefined;
  return /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v);
};

export async function handleGraph(sb: MetaSandbox, req: GraphRequest, segments: string[]): Promise<GraphResponse> {
  const headers: Record<string, string> = {};
  let objectKey: string | undefined;
  let bucType = 'pages';
  try {
    if (!req.token) throw missingToken();
    const tok = sb.tokens.check(req.token);
    if (!tok) {
      throw sb.tokens.isExpired(req.token)
        ? invalidToken('Error validating access token: Session has expired.', 463)
        : invalidToken('Invalid OAuth access token - Cannot parse access token');
    }
    const [first, edge, ...rest] = segments;
    if (!first || rest.length) throw unknownEdge(segments.join('/'));
    // Resolve `me` and the object's owner, then check the token against it.
    const id = first === 'me' ? (tok.kind === 'page' ? tok.pageId : 'me') : first;
    const owner = id === 'me' ? undefined : sb.world.ownerOf(id);
    if (id !== 'me' && !owner) throw notFound(id);
    if (owner) {
      objectKey = owner.kind === 'adAccount' || owner.kind === 'ad' ? (owner.kind === 'ad' ? `act_${sb.world.ads.get(id)!.adAccountId}` : id) : owner.pageId;
      bucType = owner.kind.startsWith('ig') ? 'instagram' : owner.kind === 'ad' || owner.kind === 'adAccount' ? 'ads_management' : 'pages';
      checkToken(sb, tok, owner, id);
    }
    const route = `${req.method} ${owner?.kind ?? id}${edge ? '/' + edge : ''}`;
    sb.countCall(route, objectKey);
    const fault = sb.takeFault(req.method, `${req.url.pathname}${req.url.search}`, objectKey ?? 'app');
    if (fault && !fault.lost) throw fault;
    const body = await route_(sb, req, tok, id, owner?.kind, edge);
    if (fault) throw fault;
    usageHeaders(sb, headers, objectKey, bucType);
    return { status: 200, body, headers };
  } catch (e) {
    if (e instanceof GraphError) {
      usageHeaders(sb, headers, objectKey, bucType);
      return { status: e.status, body: e.body(), headers: { ...headers, ...e.extraHeaders, 'www-authenticate': `OAuth "Facebook Platform" "${e.type}" "${e.message.replaceAll('"', "'")}"` } };
    }
    throw e;
  }
}

function checkToken(sb: MetaSandbox, tok: TokenInfo, owner: { pageId?: string; businessId?: string; kind: string }, id: string): void {
  if (owner.businessId) {
    if (tok.kind === 'user' && sb.world.user.businessIds.includes(owner.businessId)) return;
    throw invalidToken(`Invalid OAuth access token for ${id}: ad objects need the user access token of someone with access to the ad account`);
  }
  if (tok.kind === 'page' && tok.pageId === owner.pageId) return;
  if (tok.kind === 'user' && owner.kind === 'page') return; // basic page fields readable with a user token
  throw invalidToken(`Invalid OAuth access token for ${id}: this call requires the Page access token of Page ${owner.pageId}`);
}

function usageHeaders(sb: MetaSandbox, headers: Record<string, string>, objectKey: string | undefined, type: string): void {
  const app = sb.usagePercent('app', sb.usageLimits.app);
  headers['x-app-usage'] = JSON.stringify({ call_count: app, total_cputime: Math.round(app / 2), total_time: Math.round(app / 2) });
  if (objectKey) {
    const pct = sb.usagePercent(objectKey, sb.usageLimits.object);
    headers['x-business-use-case-usage'] = JSON.stringify({
      [objectKey]: [{ type, call_count: pct, total_cputime: Math.round(pct / 3), total_time: Math.round(pct / 3), estimated_time_to_regain_access: 0 }],
    });
  }
  headers['facebook-api-version'] = 'v26.0';
}

async function route_(sb: MetaSandbox, req: GraphRequest, tok: TokenInfo, id: string, kind: string | undefined, edge: string | undefined): Promise<unknown> {
  const { world } = sb;
  const p = req.params;
  const fields = parseFields(p.get('fields'));
  const M = req.method;
  const pick = (v: unknown, defaults: string) => project(v, fields ?? parseFields(defaults));
  const paged = <T>(items: T[], keyOf: (t: T) => string, render: (t: T) => unknown, defaults: string, opts: { defaultLimit?: number; maxLimit?: number; descending: boolean }) => {
    const page = pageOf(items, keyOf, p, new URL(req.url.pathname + req.url.search, req.baseUrl), { defaultLimit: opts.defaultLimit ?? 25, maxLimit: opts.maxLimit ?? 100, descending: opts.descending });
    return { data: page.data.map((t) => pick(render(t), defaults)), ...(page.paging ? { paging: page.paging } : {}) };
  };

  if (id === 'me') {
    if (tok.kind !== 'user') throw invalidToken();
    if (!edge && M === 'GET') return pick({ id: world.user.id, name: world.user.name }, 'id,name');
    if (edge === 'accounts' && M === 'GET') {
      const pages = [...world.pages.values()].filter((pg) => world.user.businessIds.includes(pg.businessId));
      return paged(pages, (pg) => sortKey(0, pg.id), (pg) => ({
        ...renderPage(pg, world, true), tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
      }), 'id,name,access_token,category,tasks', { descending: false });
    }
    if (edge === 'adaccounts' && M === 'GET') {
      const accounts = [...world.adAccounts.values()].filter((a) => world.user.businessIds.includes(a.businessId));
      return paged(accounts, (a) => sortKey(0, a.id), renderAdAccount, 'id,account_id', { descending: false });
    }
    throw unknownEdge(edge ?? '');
  }

  switch (kind) {
    case 'page': {
      const page = world.pages.get(id)!;
      if (!edge) {
        if (M !== 'GET') throw badParam('Unsupported operation on Page');
        return pick(renderPage(page, world, tok.kind === 'page'), 'id,name');
      }
      if ((edge === 'feed' || edge === 'posts' || edge === 'published_posts' || edge === 'ads_posts') && M === 'GET') {
        if (tok.kind !== 'page') throw invalidToken(`Invalid OAuth access token: /${edge} requires a Page access token`);
        const adStories = new Set([...world.ads.values()].map((a) => a.storyId));
        const since = timeParam(p.get('since'));
        const until = timeParam(p.get('until'));
        const posts = [...world.posts.values()]
          .filter((x) => x.pageId === id)
          .filter((x) => (edge === 'ads_posts' ? adStories.has(x.id) : x.published && (edge === 'feed' || !x.isVisitorPost)))
          .filter((x) => (since === undefined || x.createdTime >= since) && (until === undefined || x.createdTime <= until))
          .sort((a, b) => b.createdTime - a.createdTime || (a.id < b.id ? 1 : -1));
        return paged(posts, (x) => sortKey(x.createdTime, x.id), renderPost, 'id,message,created_time', { descending: true });
      }
      if (edge === 'subscribed_apps') {
        if (tok.kind !== 'page') throw invalidToken('Invalid OAuth access token: subscribed_apps requires a Page access token');
        if (M === 'GET') {
          return { data: page.subscribedFields.length ? [{ id: sb.config.appId, name: sb.config.appName, link: 'https://pagewarden.local', subscribed_fields: page.subscribedFields }] : [] };
        }
        if (M === 'POST') {
          const fieldsParam = p.get('subscribed_fields');
          if (!fieldsParam) throw badParam('The parameter subscribed_fields is required');
          page.subscribedFields = [...new Set(fieldsParam.replace(/[[\]"]/g, '').split(',').map((s) => s.trim()).filter(Boolean))];
          if (sb.config.webhookUrl && sb.config.verifyToken && sb.webhookVerified !== true) await sb.verifyWebhook();
          return { success: true };
        }
        if (M === 'DELETE') {
          page.subscribedFields = [];
          return { success: true };
        }
      }
      if (edge === 'comments' && M === 'GET') return { data: [] };
      if (edge === 'messages' && M === 'POST') {
        if (tok.kind !== 'page') throw invalidToken('Invalid OAuth access token: /messages requires a Page access token');
        return sb.messaging.send(world, id, p);
      }
      if (edge === 'blocked') {
        if (tok.kind !== 'page') throw invalidToken('Invalid OAuth access token: /blocked requires a Page access token');
        return sb.messaging.blockedEdge(M, id, p);
      }
      throw unknownEdge(edge);
    }
    case 'post':
    case 'fbComment': {
      const post = kind === 'post' ? world.posts.get(id)! : undefined;
      const comment = kind === 'fbComment' ? world.fbComments.get(id)! : undefined;
      if (!edge) {
        if (M === 'GET') {
          if (post) return pick(renderPost(post), 'id,message,created_time');
          const rendered = renderFbComment(comment!, world, req.baseUrl);
          return pick({ ...rendered, can_reply_privately: sb.messaging.canReplyPrivately(comment!, comment!.fromId === comment!.pageId) }, 'id,message,from,created_time');
        }
        if (!comment) throw badParam('Unsupported operation on post');
        if (M === 'POST') {
          const hidden = p.get('is_hidden');
          if (hidden === null) {
            if (p.get('message') && comment.fromId === comment.pageId) { sb.edit(comment, p.get('message')!); return { success: true }; }
            throw badParam('No supported parameter (is_hidden) given');
          }
          if (comment.fromId === comment.pageId) throw badParam('Cannot hide a comment published by the Page');
          const value = hidden === 'true' || hidden === '1';
          if (comment.isHidden !== value) {
            sb.setHidden(comment, value);
            void sb.notify(comment, value ? 'hide' : 'unhide');
          }
          return { success: true };
        }
        if (M === 'DELETE') {
          const removed = sb.remove(comment);
          void sb.notifyMany(removed.slice(0, 1), 'remove');
          return { success: true };
        }
      }
      if (edge === 'comments') {
        const postId = post?.id ?? comment!.postId;
        if (M === 'GET') {
          const filter = p.get('filter') ?? 'toplevel';
          const order = p.get('order') ?? 'chronological';
          const since = timeParam(p.get('since'));
          const until = timeParam(p.get('until'));
          const all = (world.commentsOn(postId) as FbComment[]).filter((c) => !c.deleted);
          let items = comment ? all.filter((c) => c.parentId === comment.id) : filter === 'stream' ? all : all.filter((c) => !c.parentId);
          items = items.filter((c) => (since === undefined || c.createdTime >= since) && (until === undefined || c.createdTime <= until));
          const descending = order === 'reverse_chronological';
          if (descending) items = [...items].reverse();
          const result: Record<string, unknown> = paged(items, (c) => sortKey(c.createdTime, c.id), (c) => renderFbComment(c, world, req.baseUrl), 'id,message,from,created_time', { descending });
          if (p.get('summary') === 'true' || p.get('summary') === '1') {
            result.summary = { order: descending ? 'reverse_chronological' : 'chronological', total_count: items.length, can_comment: true };
          }
          return result;
        }
        if (M === 'POST') {
          const message = p.get('message') ?? '';
          if (!message.trim() && !p.get('attachment_url')) throw badParam('param message must be non-empty');
          if (comment?.authorBlocksPage) throw permission('This comment can\'t be replied to: its author has restricted who can interact with them');
          const created = sb.createComment({ target: id, fromPage: true, message });
          void sb.notify(created, 'add');
          return { id: created.id };
        }
      }
      throw unknownEdge(edge ?? '');
    }
    case 'igUser': {
      const ig = world.igUsers.get(id)!;
      if (!edge && M === 'GET') return pick(renderIgUser(ig, world), 'id');
      if (edge === 'messages' && M === 'POST') return sb.messaging.send(world, id, p);
      if (edge === 'media' && M === 'GET') {
        const media = [...world.media.values()].filter((m) => m.igUserId === id && !m.isAd).sort((a, b) => b.createdTime - a.createdTime);
        return paged(media, (m) => sortKey(m.createdTime, m.id), (m) => renderMedia(m, world), 'id', { descending: true });
      }
      throw unknownEdge(edge ?? '');
    }
    case 'igMedia': {
      const media = world.media.get(id)!;
      if (!edge && M === 'GET') return pick(renderMedia(media, world), 'id');
      if (edge === 'comments' && M === 'GET') {
        const top = (world.commentsOn(id) as IgComment[]).filter((c) => !c.deleted && !c.parentId).reverse();
        return paged(top, (c) => sortKey(c.createdTime, c.id), (c) => renderIgComment(c, world, true), 'id,text,timestamp', { defaultLimit: 50, maxLimit: 50, descending: true });
      }
      if (edge === 'comments' && M === 'POST') {
        const message = p.get('message') ?? '';
        if (!message.trim()) throw badParam('param message must be non-empty');
        const c = sb.createComment({ target: id, fromPage: true, message });
        void sb.notify(c, 'add');
        return { id: c.id };
      }
      throw unknownEdge(edge ?? '');
    }
    case 'igComment': {
      const c = world.igComments.get(id)!;
      if (!edge) {
        if (M === 'GET') return pick(renderIgComment(c, world, false), 'id,text,timestamp');
        if (M === 'POST') {
          const hide = p.get('hide');
          if (hide === null) throw badParam('The parameter hide is required');
          if (c.fromId === c.igUserId) throw badParam('Cannot hide a comment made by the media owner');
          sb.setHidden(c, hide === 'true' || hide === '1');
          return { success: true };
        }
        if (M === 'DELETE') {
          sb.remove(c);
          return { success: true };
        }
      }
      if (edge === 'replies') {
        if (M === 'GET') {
          const replies = (world.commentsOn(c.mediaId) as IgComment[]).filter((r) => r.parentId === id && !r.deleted).sort(compareComments as (a: AnyComment, b: AnyComment) => number);
          return paged(replies, (r) => sortKey(r.createdTime, r.id), (r) => renderIgComment(r, world, false), 'id,text,timestamp', { defaultLimit: 50, maxLimit: 50, descending: false });
        }
        if (M === 'POST') {
          const message = p.get('message') ?? '';
          if (!message.trim()) throw badParam('param message must be non-empty');
          if (c.parentId) throw badParam('Replies can only be made to top-level comments');
          if (c.hidden) throw new GraphError(400, 100, '(#100) Cannot reply to a hidden comment', 'OAuthException', 2534023);
          if (c.authorBlocksPage) throw permission('This comment can\'t be replied to: its author has restricted who can interact with them');
          const r = sb.createComment({ target: id, fromPage: true, message });
          void sb.notify(r, 'add');
          return { id: r.id };
        }
      }
      throw unknownEdge(edge ?? '');
    }
    case 'adAccount': {
      const acc = world.adAccounts.get(id.slice(4))!;
      if (!edge && M === 'GET') return pick(renderAdAccount(acc), 'id,account_id');
      if (edge === 'ads' && M === 'GET') {
        let statuses: string[] | undefined;
        const es = p.get('effective_status');
        if (es) statuses = es.replace(/[[\]"' ]/g, '').split(',').filter(Boolean);
        const ads = [...world.ads.values()].filter((a) => a.adAccountId === acc.id && (!statuses || statuses.includes(a.status)));
        return paged(ads, (a) => sortKey(0, a.id), (a) => renderAd(a, world), 'id', { descending: false });
      }
      throw unknownEdge(edge ?? '');
    }
    case 'ad': {
      const ad = world.ads.get(id)!;
      if (!edge && M === 'GET') return pick(renderAd(ad, world), 'id');
      throw unknownEdge(edge ?? '');
    }
  }
  throw unknownEdge(edge ?? id);
}
