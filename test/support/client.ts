/** A tiny cookie-keeping HTTP client for integration tests, speaking to the local gateway like a browser. */
import { inject } from 'vitest';

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl = inject('baseUrl')) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; text: string; headers: Headers }> {
    const res = await fetch(this.baseUrl + path, {
      method, redirect: 'manual',
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}), ...headers },
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

let n = 0;
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${Date.now().toString(36)}-${(n++).toString(36)}@example.com`;
}

export const PASSWORD = 'Str0ngPassword';

/** A signed-in client with a fresh account. */
export async function signedIn(tag = 'user'): Promise<{ client: Client; email: string; user: any }> {
  const client = new Client();
  const email = uniqueEmail(tag);
  const res = await client.post('/api/register', { email, password: PASSWORD, firstName: 'Test', lastName: 'User' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, email, user: res.json };
}
