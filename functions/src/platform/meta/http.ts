/** GraphClient: fetch-based Graph API calls with zod-checked answers, paging, usage headers and typed errors. */
import * as z from 'zod';
import { throttleRetryAfterMs, exponentialBackoffMs } from './backoff.js';
import type { MetaConfig } from './config.js';
import { DEFAULT_API_VERSION, DEFAULT_GRAPH_URL } from './config.js';
import { MetaApiError, ThrottledError, TokenInvalidError, TransientError, mapGraphError, type GraphErrorBody } from './errors.js';
import { parseUsageHeaders, UsageGovernor, type GraphUsage } from './usage.js';

export type Params = Record<string, string | number | boolean | undefined>;

export interface GraphResponseInfo { method: string; path: string; code?: number; durationMs: number }

export interface GraphClientOptions {
  graphUrl?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Called for every answer (status 0 = network failure) so the app can count them by status and message. */
  onResponse?: (status: number, message: string, info: GraphResponseInfo) => void;
  onUsage?: (usage: GraphUsage, path: string) => void;
  /** Retries of 5xx / network errors inside one call (default 2). Throttling is never retried here. */
  transientRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
}

const ErrorEnvelope = z.object({
  error: z.object({
    message: z.string().optional(), type: z.string().optional(), code: z.number().optional(),
    error_subcode: z.number().optional(), fbtrace_id: z.string().optional(), is_transient: z.boolean().optional(),
  }),
});

export const Paging = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
}).optional();

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), paging: Paging });
}

export interface PageOf<T> { items: T[]; /** The next page's URL without access_token, or null at the end. */ next: string | null }

export class GraphClient {
  readonly graphUrl: string;
  readonly apiVersion: string;
  lastUsage: GraphUsage | null = null;
  /** Slows down and defers calls as the usage headers approach Meta's limits. */
  readonly usage = new UsageGovernor();
  /** Calls made (attempts included), for benchmarks. */
  callCount = 0;
  private throttleStreak = 0;
  private readonly invalidTokens = new Set<string>();
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: GraphClientOptions = {}) {
    this.graphUrl = (opts.graphUrl ?? DEFAULT_GRAPH_URL).replace(/\/+$/, '');
    this.apiVersion = opts.apiVersion ?? DEFAULT_API_VERSION;
    this.fetchImpl = opts.fetch ?? fetch;
    this.random = opts.random ?? Math.random;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  static fromConfig(cfg: Pick<MetaConfig, 'graphUrl' | 'apiVersion'>, opts: Omit<GraphClientOptions, 'graphUrl' | 'apiVersion'> = {}): GraphClient {
    return new GraphClient({ ...opts, graphUrl: cfg.graphUrl, apiVersion: cfg.apiVersion });
  }

  get baseUrl(): string {
    return `${this.graphUrl}/${this.apiVersion}`;
  }

  /** Absolute URL for a Graph path ("/me/accounts" or "me/accounts"). */
  url(path: string, params: Params = {}): URL {
    const u = new URL(`${this.baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u;
  }

  get<T>(path: string, token: string | undefined, params: Params, schema: z.ZodType<T>): Promise<T> {
    return this.send('GET', this.url(path, params), token, undefined, schema);
  }

  post<T>(path: string, token: string, params: Params, schema: z.ZodType<T>): Promise<T> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) body.set(k, String(v));
    return this.send('POST', this.url(path), token, body, schema);
  }

  delete<T>(path: string, token: string, params: Params, schema: z.ZodType<T>): Promise<T> {
    return this.send('DELETE', this.url(path, params), token, undefined, schema);
  }

  /** Pages through a list edge, following paging.next to the end; yields each page with its `next` checkpoint. */
  async *pages<T>(path: string, token: string, params: Params, item: z.ZodType<T>): AsyncGenerator<PageOf<T>> {
    yield* this.pagesFrom(this.url(path, params).toString(), token, item);
  }

  /** Resumes paging from a stored `next` URL (as yielded by pages()). */
  async *pagesFrom<T>(startUrl: string, token: string, item: z.ZodType<T>): AsyncGenerator<PageOf<T>> {
    const schema = listSchema(item);
    let url: URL | null = this.rebase(startUrl);
    const seen = new Set<string>();
    while (url) {
      if (seen.has(url.toString())) break; // defensive: a cursor loop would never end
      seen.add(url.toString());
      const page = (await this.send('GET', url, token, undefined, schema)) as { data: T[]; paging?: { next?: string } };
      const next = page.paging?.next && page.data.length > 0 ? this.rebase(page.paging.next) : null;
      yield { items: page.data, next: next ? next.toString() : null };
      url = next;
    }
  }

  /** Every item of a list edge. */
  async all<T>(path: string, token: string, params: Params, item: z.ZodType<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const page of this.pages(path, token, params, item)) out.push(...page.items);
    return out;
  }

  /** Keeps paging URLs on our configured host and strips the token Meta embeds in them. */
  private rebase(raw: string): URL {
    const src = new URL(raw, this.baseUrl + '/');
    const u = new URL(this.graphUrl + src.pathname + src.search);
    u.searchParams.delete('access_token');
    return u;
  }

  private async send<T>(method: string, url: URL, token: string | undefined, body: URLSearchParams | undefined, schema: z.ZodType<T>): Promise<T> {
    if (token && this.invalidTokens.has(token)) {
      throw new TokenInvalidError('Token previously rejected by Meta (190); reconnect required', 400, 190);
    }
    const retries = this.opts.transientRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(method, url, token, body, schema);
      } catch (e) {
        if (e instanceof TokenInvalidError && token) this.invalidTokens.add(token);
        if (e instanceof TransientError && attempt < retries) {
          await this.sleep(e.retryAfterMs);
          continue;
        }
        throw e;
      }
    }
  }

  private async once<T>(method: string, url: URL, token: string | undefined, body: URLSearchParams | undefined, schema: z.ZodType<T>): Promise<T> {
    const gate = this.usage.before(url.pathname);
    if (gate.deferMs > 0) throw new ThrottledError(`Deferred: Meta usage is near its limit (X-App-Usage / X-Business-Use-Case-Usage); next call in ${Math.ceil(gate.deferMs / 1000)} s`, 429, 4, gate.deferMs);
    if (gate.paceMs > 0) await this.sleep(gate.paceMs);
    const started = Date.now();
    const path = url.pathname;
    const report = (status: number, message: string, code?: number) =>
      this.opts.onResponse?.(status, message, { method, path, code, durationMs: Date.now() - started });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    this.callCount += 1;
    let res: Response;
    try {
      res = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000) });
    } catch (e) {
      const message = `Network error: ${e instanceof Error ? e.message : String(e)}`;
      report(0, message);
      throw new TransientError(message, 0, exponentialBackoffMs(0, this.random));
    }
    const usage = parseUsageHeaders(res.headers);
    if (usage) {
      this.lastUsage = usage;
      this.usage.note(usage);
      this.opts.onUsage?.(usage, path);
    }
    const text = await res.text();
    let json: unknown;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    if (!res.ok || (json && typeof json === 'object' && 'error' in json)) {
      const env = ErrorEnvelope.safeParse(json);
      const err: GraphErrorBody | undefined = env.success ? env.data.error : undefined;
      const attempt = this.throttleStreak;
      const mapped = mapGraphError(res.status, err ?? { message: `HTTP ${res.status} ${text.slice(0, 200)}` },
        throttleRetryAfterMs(usage?.regainMs ?? 0, attempt, this.random));
      if (mapped instanceof ThrottledError) this.throttleStreak += 1;
      report(res.status, mapped.message, mapped.code);
      throw mapped;
    }
    this.throttleStreak = 0;
    report(res.status, 'OK');
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new MetaApiError(`Unexpected Graph API answer for ${method} ${path}: ${parsed.error.message.slice(0, 300)}`, res.status);
    }
    return parsed.data;
  }
}
