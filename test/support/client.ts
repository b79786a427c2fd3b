/** The integration tests' client: the local stack's browser-like client, bound to this run's stack. */
import { inject } from 'vitest';
import { StackClient } from '../../infra/local/client.js';

/** The stack client bound to this run's stack. */
export class Client extends StackClient {
  constructor(baseUrl = inject('baseUrl')) { super(baseUrl); }
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

/** Every comment of the signed-in workspace, through the API's keyset paging (nextCursor). */
export async function allComments(client: Client): Promise<any[]> {
  const out: any[] = [];
  for (let cursor = ''; ;) {
    const page = (await client.get(`/api/comments?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json;
    out.push(...page.comments);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}
