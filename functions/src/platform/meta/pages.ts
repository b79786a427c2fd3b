/** Pages of the user (with page tokens), a page's Instagram business account, and webhook subscriptions. */
import * as z from 'zod';
import type { GraphClient } from './http.js';
import type { InstagramAccount, MetaPage } from './types.js';

const PageItem = z.object({
  id: z.string(), name: z.string().default(''), access_token: z.string(), tasks: z.array(z.string()).default([]), category: z.string().optional(),
});
const PageIg = z.object({ id: z.string(), instagram_business_account: z.object({ id: z.string(), username: z.string().optional() }).optional() });
const Success = z.object({ success: z.boolean() });
const Subscriptions = z.object({ data: z.array(z.object({ id: z.string(), subscribed_fields: z.array(z.string()).default([]) })) });

/** Every page the user manages, with its page token and tasks (paging followed). */
export async function listPages(client: GraphClient, userToken: string): Promise<MetaPage[]> {
  const items = await client.all('me/accounts', userToken, { fields: 'id,name,access_token,tasks,category', limit: 100 }, PageItem);
  return items.map((p) => ({ id: p.id, name: p.name, accessToken: p.access_token, tasks: p.tasks, category: p.category }));
}

/** The Instagram business account linked to a page, or null. */
export async function getInstagramAccount(client: GraphClient, pageId: string, pageToken: string): Promise<InstagramAccount | null> {
  const r = await client.get(pageId, pageToken, { fields: 'instagram_business_account{id,username}' }, PageIg);
  return r.instagram_business_account ? { id: r.instagram_business_account.id, username: r.instagram_business_account.username } : null;
}

/** Installs the app on the page for webhooks (`feed` by default). */
export async function subscribePage(client: GraphClient, pageId: string, pageToken: string, fields: readonly string[] = ['feed']): Promise<boolean> {
  return (await client.post(`${pageId}/subscribed_apps`, pageToken, { subscribed_fields: fields.join(',') }, Success)).success;
}

export async function unsubscribePage(client: GraphClient, pageId: string, pageToken: string): Promise<boolean> {
  return (await client.delete(`${pageId}/subscribed_apps`, pageToken, {}, Success)).success;
}

/** Fields this app is subscribed to on the page (empty when not installed). */
export async function getPageSubscription(client: GraphClient, pageId: string, pageToken: string, appId?: string): Promise<string[]> {
  const r = await client.get(`${pageId}/subscribed_apps`, pageToken, {}, Subscriptions);
  const app = appId ? r.data.find((a) => a.id === appId) : r.data[0];
  return app?.subscribed_fields ?? [];
}
