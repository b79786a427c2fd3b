/**
 * A page connected by two workspaces (an agency and its client): every webhook change reaches both;
 * Meta is unsubscribed only when the last one disconnects. Through the Meta sandbox.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const workspaces = await import('../../functions/src/store/workspaces.js');

async function comments(client: Client): Promise<any[]> {
  return (await client.get('/api/comments?limit=100')).json.comments;
}

/** Polls the list until `pick` finds what it looks for (webhooks go through a queue). */
async function waitFor(client: Client, pick: (list: any[]) => any): Promise<any> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const found = pick(await comments(client));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

async function workspace(tag: string): Promise<Client> {
  const { client, user } = await signedIn(tag);
  // Two sandbox businesses need room for two brands; arrivals stay pending (analysis is tested elsewhere).
  await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
  expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
  return client;
}

async function newComment(pageId: string, message: string): Promise<string> {
  const created = await control('comments', { pageId, platform: 'facebook', message });
  await control('webhooks/flush', {});
  return created.id ?? created.comment?.id;
}

const subscribed = async (pageId: string): Promise<string[]> => (await control('state')).pages.find((p: any) => p.id === pageId).subscribedFields;

describe('a page shared by two workspaces', () => {
  let agency: Client;
  let client: Client;
  let pageId: string;
  beforeAll(async () => {
    await control('reset', {});
    agency = await workspace('agency');
    client = await workspace('client');
    pageId = (await control('state')).pages[0].id;
  });

  it('a new comment and its changes land in both workspaces', async () => {
    const id = await newComment(pageId, 'Do you ship to Canada?');
    expect((await waitFor(agency, (l) => l.find((c) => c.externalId === id)))?.content).toBe('Do you ship to Canada?');
    expect((await waitFor(client, (l) => l.find((c) => c.externalId === id)))?.content).toBe('Do you ship to Canada?');
    // A change is applied to each workspace's copy (one is not dropped as the other's duplicate).
    await control(`comments/${id}/hide`, { hidden: true });
    await control('webhooks/flush', {});
    expect(await waitFor(agency, (l) => l.find((c) => c.externalId === id && c.isHidden))).toBeTruthy();
    expect(await waitFor(client, (l) => l.find((c) => c.externalId === id && c.isHidden))).toBeTruthy();
  });

  it('the first to disconnect leaves the page subscribed and the other still gets webhooks', async () => {
    expect((await agency.delete(`/api/social-accounts/fb_${pageId}`)).status).toBe(200);
    expect(await subscribed(pageId)).toContain('feed');
    const id = await newComment(pageId, 'Is the winter jacket waterproof?');
    expect((await waitFor(client, (l) => l.find((c) => c.externalId === id)))?.content).toBe('Is the winter jacket waterproof?');
    // Both were handled by the same delivery: the agency, gone from the page, got nothing.
    expect((await comments(agency)).some((c) => c.externalId === id)).toBe(false);
  });

  it('the last to disconnect unsubscribes the page at Meta', async () => {
    expect((await client.delete(`/api/social-accounts/fb_${pageId}`)).status).toBe(200);
    expect(await subscribed(pageId)).toEqual([]);
  });
});
