/** The sandbox core: world + tokens + faults + counters, and every state change (which also emits webhooks). */
import { BUSINESSES, type Category, type Language } from './corpus.js';
import { faultError, type GraphError } from './errors.js';
import { World, type AnyComment, type FbComment, type IgComment } from './model.js';
import { createRng, type Rng } from './rng.js';
import { author, commentText, createWorld, followUp, idMaker, pageToken, DEFAULT_BASE_TIME } from './seed.js';
import { TokenStore } from './tokens.js';
import { Messaging } from './messaging.js';
import { WebhookSender, entryFor, verifyCallback, type Delivery, type FeedVerb } from './webhook-sender.js';

export interface SandboxConfig {
  appId: string;
  appSecret: string;
  appName: string;
  webhookUrl?: string;
  verifyToken?: string;
  seed: number;
  baseTime: number;
}

export interface Fault {
  id: number; match: string; code: number; subcode?: number; method?: string;
  regainMinutes?: number; remaining: number;
  /** The call takes effect and then fails (the answer is lost). */
  lost?: boolean;
}
export type FaultInput = { match: string; code: number; subcode?: number; method?: string; regainMinutes?: number; times?: number; lost?: boolean };

export interface NewCommentInput {
  /** A post id, media id, or comment id to reply to; defaults to a random target of `pageId` (or any page). */
  target?: string;
  pageId?: string;
  platform?: 'facebook' | 'instagram';
  /** Pick an ad target (dark post or Instagram ad media). */
  ad?: boolean;
  message?: string;
  category?: Category;
  language?: Language;
  fromId?: string;
  fromName?: string;
  /** Authored by the page / IG account itself. */
  fromPage?: boolean;
  createdTime?: number;
  authorBlocksPage?: boolean;
}

export class MetaSandbox {
  world!: World;
  tokens!: TokenStore;
  /** Private replies sent and people blocked from pages. */
  messaging!: Messaging;
  faults: Fault[] = [];
  calls = { total: 0, graph: 0, byRoute: {} as Record<string, number> };
  usageOverride: number | null = null;
  /** Calls per rolling hour that make 100 % in the usage headers: the app's (200 × DAU at Meta) and each object's (BUC: 4800 × engaged users). */
  usageLimits = { app: 2000, object: 4800 };
  webhookVerified: boolean | null = null;
  readonly webhooks: WebhookSender;
  private rng!: Rng;
  private faultSerial = 0;
  private tokenGeneration = new Map<string, number>();
  private usageWindows = new Map<string, { start: number; count: number }>();

  constructor(readonly config: SandboxConfig) {
    this.webhooks = new WebhookSender(() => this.config.appSecret, () => this.deliveryUrl());
    this.reset();
  }

  reset(): void {
    this.world = createWorld(this.config.seed, this.config.appSecret, this.config.baseTime);
    this.tokens = new TokenStore(this.world);
    this.messaging = new Messaging();
    this.rng = createRng(this.config.seed ^ 0x5eed);
    this.faults = [];
    this.calls = { total: 0, graph: 0, byRoute: {} };
    this.usageOverride = null;
    this.tokenGeneration.clear();
    this.usageWindows.clear();
  }

  // ---- faults -------------------------------------------------------------------------------
  addFault(input: FaultInput): Fault {
    const f: Fault = {
      id: ++this.faultSerial, match: input.match, code: input.code, subcode: input.subcode, method: input.method?.toUpperCase(),
      regainMinutes: input.regainMinutes, remaining: input.times ?? 1, ...(input.lost ? { lost: true } : {}),
    };
    this.faults.push(f);
    return f;
  }

  /** Consumes a matching fault for this call and returns its error, if any. */
  takeFault(method: string, pathAndQuery: string, objectKey: string): GraphError | undefined {
    const f = this.faults.find((x) => x.remaining > 0 && pathAndQuery.includes(x.match) && (!x.method || x.method === method));
    if (!f) return undefined;
    f.remaining -= 1;
    this.faults = this.faults.filter((x) => x.remaining > 0);
    const regain = f.regainMinutes ?? ([32, 80001, 80002, 80004].includes(f.code) ? 1 : 0);
    const type = f.code === 80002 ? 'instagram' : f.code === 80004 ? 'ads_management' : 'pages';
    // Only a rate-limit error says its object's usage is exhausted; a server error or a refusal does not.
    const limited = [32, 613, 80001, 80002, 80004].includes(f.code);
    const headers: Record<string, string> = {
      'x-app-usage': JSON.stringify({ call_count: [4, 17].includes(f.code) ? 100 : 10, total_cputime: 5, total_time: 5 }),
      'x-business-use-case-usage': JSON.stringify({
        [objectKey]: [{ type, call_count: limited ? 100 : 10, total_cputime: limited ? 30 : 5, total_time: limited ? 30 : 5, estimated_time_to_regain_access: limited ? regain : 0 }],
      }),
    };
    const err = faultError(f.code, f.subcode, headers);
    err.lost = f.lost === true;
    return err;
  }

  // ---- usage headers ------------------------------------------------------------------------
  countCall(route: string, objectKey: string | undefined): void {
    this.calls.total += 1;
    this.calls.graph += 1;
    this.calls.byRoute[route] = (this.calls.byRoute[route] ?? 0) + 1;
    for (const key of ['app', objectKey ?? '']) {
      if (!key) continue;
      const w = this.usageWindows.get(key);
      const now = Date.now();
      if (!w || now - w.start > 3_600_000) this.usageWindows.set(key, { start: now, count: 1 });
      else w.count += 1;
    }
  }

  usagePercent(key: string, limit: number): number {
    if (this.usageOverride !== null) return this.usageOverride;
    return Math.min(100, Math.round(((this.usageWindows.get(key)?.count ?? 0) / limit) * 100));
  }

  // ---- tokens ---------------------------------------------------------------------------------
  /** Revokes a token; page tokens are rotated so that a reconnect (me/accounts) returns a fresh one. */
  revoke(token: string): void {
    this.tokens.revoke(token);
    for (const page of this.world.pages.values()) {
      if (page.accessToken === token) {
        const gen = (this.tokenGeneration.get(page.id) ?? 0) + 1;
        this.tokenGeneration.set(page.id, gen);
        page.accessToken = pageToken(this.config.appSecret, page.id, gen);
      }
    }
  }

  // ---- webhooks -------------------------------------------------------------------------------
  private deliveryUrl(): string | undefined {
    if (!this.config.webhookUrl) return undefined;
    if (this.config.verifyToken && this.webhookVerified !== true) return undefined;
    return this.config.webhookUrl;
  }

  async verifyWebhook(): Promise<boolean | null> {
    if (!this.config.webhookUrl || !this.config.verifyToken) return (this.webhookVerified = null);
    this.webhookVerified = await verifyCallback(this.config.webhookUrl, this.config.verifyToken);
    return this.webhookVerified;
  }

  /** Sends the webhook for a comment event if its page is subscribed. */
  notify(c: AnyComment, verb: FeedVerb): Promise<Delivery | undefined> {
    return this.notifyMany([c], verb);
  }

  /** One POST per object type, batching entries like Meta does. */
  async notifyMany(comments: AnyComment[], verb: FeedVerb): Promise<Delivery | undefined> {
    const byObject = new Map<'page' | 'instagram', unknown[]>();
    for (const c of comments) {
      if (c.platform === 'instagram' && verb !== 'add') continue; // Instagram only notifies new comments
      const page = c.platform === 'facebook' ? this.world.pages.get(c.pageId) : this.world.pageOfIgUser(c.igUserId);
      if (!page || page.subscribedFields.length === 0) continue;
      const { object, entry } = entryFor(this.world, c, verb);
      byObject.set(object, [...(byObject.get(object) ?? []), entry]);
    }
    let last: Delivery | undefined;
    for (const [object, entries] of byObject) last = (await this.webhooks.send(object, entries)) ?? last;
    return last;
  }

  // ---- comments -------------------------------------------------------------------------------
  /** Adds a comment now (or at createdTime) and returns it; does not send the webhook. */
  createComment(input: NewCommentInput): AnyComment {
    const rng = this.rng;
    const ids = idMaker(this.world);
    const target = input.target ?? this.randomTarget(input);
    const parent = this.world.comment(target);
    const post = this.world.posts.get(parent?.platform === 'facebook' ? parent.postId : target);
    const media = this.world.media.get(parent?.platform === 'instagram' ? parent.mediaId : target);
    const now = input.createdTime ?? Date.now();
    if (post) {
      const page = this.world.pages.get(post.pageId)!;
      const spec = BUSINESSES.find((b) => b.name === page.name) ?? BUSINESSES[0]!;
      const gen = commentText(rng, spec, input.category, input.language);
      const a = author(rng, gen.category, gen.language);
      const fb: FbComment = {
        platform: 'facebook', id: ids.fbCommentId(post.id), postId: post.id, pageId: page.id,
        parentId: parent ? (parent.parentId ?? parent.id) : undefined,
        fromId: input.fromPage ? page.id : (input.fromId ?? a.id), fromName: input.fromPage ? page.name : (input.fromName ?? a.name),
        message: input.message ?? (parent ? followUp(rng, gen.language) : gen.text), createdTime: now,
        isHidden: false, deleted: false, likeCount: 0, category: gen.category, language: gen.language, authorBlocksPage: input.authorBlocksPage,
      };
      this.world.addComment(fb);
      return fb;
    }
    if (media) {
      const ig = this.world.igUsers.get(media.igUserId)!;
      const spec = BUSINESSES.find((b) => b.igUsername === ig.username) ?? BUSINESSES[0]!;
      const gen = commentText(rng, spec, input.category, input.language);
      const a = author(rng, gen.category, gen.language);
      const c: IgComment = {
        platform: 'instagram', id: ids.igCommentId(), mediaId: media.id, igUserId: ig.id,
        parentId: parent ? (parent.parentId ?? parent.id) : undefined,
        fromId: input.fromPage ? ig.id : (input.fromId ?? `178414${a.id.slice(6)}`), username: input.fromPage ? ig.username : (input.fromName ?? a.username),
        text: input.message ?? (parent ? followUp(rng, gen.language) : gen.text), createdTime: now,
        hidden: false, deleted: false, likeCount: 0, category: gen.category, language: gen.language, authorBlocksPage: input.authorBlocksPage,
      };
      this.world.addComment(c);
      return c;
    }
    throw new Error(`unknown target ${target}`);
  }

  private randomTarget(input: NewCommentInput): string {
    const rng = this.rng;
    const pages = [...this.world.pages.values()].filter((p) => !input.pageId || p.id === input.pageId);
    const page = rng.pick(pages);
    const platform = input.platform ?? (rng.chance(0.55) ? 'facebook' : 'instagram');
    const ad = input.ad ?? rng.chance(0.2);
    if (platform === 'facebook') {
      const posts = [...this.world.posts.values()].filter((p) => p.pageId === page.id && p.published === !ad);
      return rng.pick(posts).id;
    }
    const media = [...this.world.media.values()].filter((m) => m.igUserId === page.igUserId && m.isAd === ad);
    return rng.pick(media).id;
  }

  /** Adds N comments spread over every post and media (no webhooks), for benchmarks. */
  seedBulk(count: number, pageId?: string): { added: number } {
    const rng = createRng(this.config.seed + count);
    const targets = [
      ...[...this.world.posts.values()].filter((p) => !pageId || p.pageId === pageId).map((p) => p.id),
      ...[...this.world.media.values()].filter((m) => !pageId || this.world.pageOfIgUser(m.igUserId)?.id === pageId).map((m) => m.id),
    ];
    const start = this.config.baseTime - 30 * 86_400_000;
    for (let i = 0; i < count; i++) {
      const c = this.createComment({ target: rng.pick(targets), createdTime: start + Math.floor(rng.next() * 30 * 86_400_000) });
      void c;
    }
    return { added: count };
  }

  setHidden(c: AnyComment, hidden: boolean): void {
    if (c.platform === 'facebook') c.isHidden = hidden;
    else c.hidden = hidden;
  }

  /** Deletes a comment and its replies. */
  remove(c: AnyComment): AnyComment[] {
    const removed = [c, ...this.world.commentsOn(c.platform === 'facebook' ? c.postId : c.mediaId).filter((r) => r.parentId === c.id && !r.deleted)];
    for (const r of removed) r.deleted = true;
    return removed;
  }

  edit(c: AnyComment, text: string): void {
    if (c.platform === 'facebook') c.message = text;
    else c.text = text;
  }

  // ---- reporting ------------------------------------------------------------------------------
  counts() {
    const byPage: Record<string, {
      name: string; igUserId: string;
      facebook: { total: number; published: number; visitorPosts: number; darkPosts: number; replies: number; fromPage: number; hidden: number };
      instagram: { total: number; organic: number; ads: number; replies: number; fromAccount: number; hidden: number };
    }> = {};
    for (const p of this.world.pages.values()) {
      byPage[p.id] = {
        name: p.name, igUserId: p.igUserId,
        facebook: { total: 0, published: 0, visitorPosts: 0, darkPosts: 0, replies: 0, fromPage: 0, hidden: 0 },
        instagram: { total: 0, organic: 0, ads: 0, replies: 0, fromAccount: 0, hidden: 0 },
      };
    }
    let deleted = 0;
    for (const c of this.world.fbComments.values()) {
      if (c.deleted) { deleted++; continue; }
      const b = byPage[c.pageId]!.facebook;
      const post = this.world.posts.get(c.postId)!;
      b.total++;
      if (!post.published) b.darkPosts++;
      else if (post.isVisitorPost) b.visitorPosts++;
      else b.published++;
      if (c.parentId) b.replies++;
      if (c.fromId === c.pageId) b.fromPage++;
      if (c.isHidden) b.hidden++;
    }
    for (const c of this.world.igComments.values()) {
      if (c.deleted) { deleted++; continue; }
      const b = byPage[this.world.pageOfIgUser(c.igUserId)!.id]!.instagram;
      b.total++;
      if (this.world.media.get(c.mediaId)!.isAd) b.ads++;
      else b.organic++;
      if (c.parentId) b.replies++;
      if (c.fromId === c.igUserId) b.fromAccount++;
      if (c.hidden) b.hidden++;
    }
    const pages = Object.values(byPage);
    const facebook = pages.reduce((s, p) => s + p.facebook.total, 0);
    const instagram = pages.reduce((s, p) => s + p.instagram.total, 0);
    return { total: facebook + instagram, facebook, instagram, deleted, byPage };
  }

  snapshot() {
    return {
      user: { id: this.world.user.id, name: this.world.user.name },
      calls: this.calls,
      comments: this.counts(),
      pages: [...this.world.pages.values()].map((p) => ({
        id: p.id, name: p.name, igUserId: p.igUserId, adAccountId: `act_${this.world.businesses.get(p.businessId)!.adAccountId}`,
        subscribedFields: p.subscribedFields, accessToken: p.accessToken,
      })),
      ads: [...this.world.ads.values()],
      privateReplies: [...this.messaging.privateReplies.values()],
      blocked: Object.fromEntries([...this.messaging.blocked].map(([page, ids]) => [page, [...ids]])),
      faults: this.faults,
      webhooks: {
        url: this.config.webhookUrl ?? null, verified: this.webhookVerified,
        sent: this.webhooks.sent, failed: this.webhooks.failed, recent: this.webhooks.deliveries.slice(-20),
      },
    };
  }
}

export { DEFAULT_BASE_TIME };
