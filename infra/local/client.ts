/**
 * A browser-like HTTP client for the local stack (cookies kept, redirects not followed), and the
 * Meta sandbox's connect flow and control API — shared by the integration tests and the benchmarks.
 */
export interface Answer { status: number; json: any; text: string; headers: Headers }

export class StackClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(this.baseUrl + path, {
      method, redirect: 'manual',
      headers: { ...(body !== undefined || method !== 'GET' ? { 'Content-Type': 'application/json' } : {}), ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    return { status: res.status, json, text, headers: res.headers };
  }

  get(path: string) { return this.request('GET', path); }
  post(path: string, body?: unknown) { return this.request('POST', path, body); }
  put(path: string, body?: unknown) { return this.request('PUT', path, body); }
  delete(path: string) { return this.request('DELETE', path); }
}

function unescapeHtml(s: string): string {
  return s.replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** Runs the connect flow as a browser would: our redirect → the sandbox consent → Continue (or Cancel) → our callback. */
export async function connectThroughSandbox(client: StackClient, choice: 'continue' | 'cancel' = 'continue'): Promise<string> {
  const start = await client.get('/api/auth/facebook');
  if (start.status !== 302) throw new Error(`connect did not redirect: ${start.status} ${start.text}`);
  const html = await (await fetch(start.headers.get('location')!)).text();
  const link = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)?.[1];
  if (!link) throw new Error(`no ${choice} link on the consent page`);
  const callback = new URL(unescapeHtml(link));
  const done = await client.get(callback.pathname + callback.search);
  return done.headers.get('location') ?? `(status ${done.status})`;
}

/** Calls the Meta sandbox's control API (GET without a body, POST with one). */
export async function sandboxControl(sandboxUrl: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sandboxUrl}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Follows a job (a route's 202 `{job}`) with GET /api/jobs/{id} until it ends; throws when it failed or took too long. */
export async function finishedJob(client: StackClient, job: { id: string }, timeoutMs = 300_000): Promise<any> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const j = (await client.get(`/api/jobs/${job.id}`)).json;
    if (j.status === 'succeeded') return j;
    if (j.status === 'failed') throw new Error(`job ${job.id} (${j.kind}) failed: ${j.error}`);
    if (Date.now() > deadline) throw new Error(`job ${job.id} (${j.kind}) still ${j.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Syncs until nothing is left: POST /api/sync-comments again while it says `more`, and follows the job
 * when the rest continues in one (202). Returns the sync's answer summed over every pass.
 */
export async function syncAll(client: StackClient): Promise<{ added: number; queued: number; throttled: string[]; needsReconnect: string[] }> {
  const total = { added: 0, queued: 0, throttled: [] as string[], needsReconnect: [] as string[] };
  const add = (r: any) => {
    total.added += r?.added ?? 0;
    total.queued += r?.queued ?? 0;
    total.throttled = [...new Set([...total.throttled, ...(r?.throttled ?? [])])];
    total.needsReconnect = [...new Set([...total.needsReconnect, ...(r?.needsReconnect ?? [])])];
  };
  for (;;) {
    const res = await client.post('/api/sync-comments');
    if (res.status !== 200 && res.status !== 202) throw new Error(`sync failed: ${res.status} ${res.text}`);
    add(res.json);
    if (res.status === 202) {
      const rest = (await finishedJob(client, res.json.job)).result;
      add(rest);
      if (!rest?.more) return total;
    } else if (!res.json.more) return total;
  }
}
