/**
 * Workspaces, roles and sessions (issue #9) against the local stack: every role against every
 * signed-in route of the route table (table-driven), two workspaces kept apart, invitations,
 * switching, logout and removed-member revocation, and the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ACCESS, ROUTES, pathOf, type Role, type RouteDef, type RouteName } from '@cg/shared';
import { Client, PASSWORD, signedIn, uniqueEmail } from '../support/client.js';
import { decision, makeComment, seed, store } from '../support/seed.js';

interface Member { client: Client; email: string; user: { id: string; workspaceId: string; role: Role } }

/** Invites `role` into the owner's workspace and has a fresh account accept it. */
async function join(owner: Client, role: Exclude<Role, 'owner'>): Promise<Member> {
  const email = uniqueEmail(role);
  const inv = await owner.post('/api/workspace/invitations', { email, role });
  expect(inv.status).toBe(201);
  const client = new Client();
  expect((await client.post('/api/register', { email, password: PASSWORD, firstName: role, lastName: 'Member' })).status).toBe(201);
  const accepted = await client.post('/api/invitations/accept', { token: inv.json.token });
  expect(accepted.status, accepted.text).toBe(200);
  return { client, email, user: accepted.json };
}

/** A body each route accepts, so an allowed call is judged on its role, not on validation. */
const BODIES: Partial<Record<RouteName, unknown>> = {
  overrideComment: { action: 'ignore' },
  updateReply: { suggestedReply: 'Thanks!' },
  updateSubscription: { plan: 'starter' },
  createSubscription: { priceId: 'price_starter' },
  updateWorkspace: { name: 'Renamed' },
  createInvitation: { email: 'someone@example.com', role: 'viewer' },
  updateMember: { role: 'viewer' },
};

/** Calls that would end the workspace or the caller's membership: checked for refusals only. */
const DESTRUCTIVE = new Set<RouteName>(['deleteWorkspace']);

const workspaceRoutes = (Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(([, d]) => d.auth === 'user' && d.access && d.access !== 'self');

describe('roles on every route', () => {
  let owner: Member;
  let members: Record<Role, Member>;
  let other: Member;
  let commentId: string;

  beforeAll(async () => {
    const o = await signedIn('owner');
    owner = { ...o, user: o.user };
    // Roles only: on Ultimate no route is refused for the plan (plan gating has its own tests).
    const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
    await setWorkspaceFields(o.user.workspaceId, { subscriptionPlan: 'ultimate', subscriptionStatus: 'active', trialEndsAt: null });
    const [admin, moderator, viewer] = [await join(owner.client, 'admin'), await join(owner.client, 'moderator'), await join(owner.client, 'viewer')];
    members = { owner, admin, moderator, viewer };
    const b = await signedIn('other');
    other = { ...b, user: b.user };
    const c = makeComment({ status: 'processed', aiDecision: decision() });
    await seed(owner.user.workspaceId, [c]);
    commentId = c.id;
  });

  it('the server enforces the declared access of each route for each role, and a refusal names the role', async () => {
    expect(workspaceRoutes.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const [name, def] of workspaceRoutes) {
      const allowed = ACCESS[def.access as keyof typeof ACCESS] as readonly Role[];
      for (const role of ['viewer', 'moderator', 'admin', 'owner'] as Role[]) {
        if (DESTRUCTIVE.has(name) && allowed.includes(role)) continue;
        const path = pathOf(name, { id: 'no-such-id', userId: 'no-such-user', brandId: 'no-such-brand', entryId: 'no-such-entry' });
        const res = await members[role].client.request(def.method, path, def.method === 'GET' ? undefined : (BODIES[name] ?? {}));
        if (allowed.includes(role)) {
          expect(res.status, `${role} ${def.method} ${def.path}: ${res.text}`).not.toBe(403);
          expect(res.status, `${role} ${def.method} ${def.path}`).not.toBe(401);
          expect(res.status, `${role} ${def.method} ${def.path}: ${res.text}`).toBeLessThan(500);
        } else {
          expect(res.status, `${role} ${def.method} ${def.path}`).toBe(403);
          expect(res.json.message).toContain(`(${role})`);
        }
        seen.push(`${role} ${name}`);
      }
    }
    expect(seen.length).toBeGreaterThan(workspaceRoutes.length * 3);
  });

  it('a viewer reads the queue but cannot approve; a moderator can', async () => {
    const list = await members.viewer.client.get('/api/comments?pendingOnly=true');
    expect(list.status).toBe(200);
    expect(list.json.comments.map((c: { id: string }) => c.id)).toContain(commentId);
    const refused = await members.viewer.client.post(`/api/comments/${commentId}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Your role (viewer) cannot do this: it needs the owner, admin or moderator role.');
    expect((await store.getComment(owner.user.workspaceId, commentId))!.comment.status).toBe('processed');
    const ok = await members.moderator.client.post(`/api/comments/${commentId}/approve`);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe('approved');
    const activity = await owner.client.get('/api/activity');
    expect(activity.json[0].description).toContain('(by moderator Member)');
  });

  it('two workspaces are kept apart: another workspace neither sees nor acts on this one', async () => {
    const theirs = await other.client.get('/api/comments');
    expect(theirs.status).toBe(200);
    expect(theirs.json.comments.map((c: { id: string }) => c.id)).not.toContain(commentId);
    expect((await other.client.post(`/api/comments/${commentId}/process`)).status).toBe(404);
    expect((await other.client.get('/api/workspace')).json.members).toHaveLength(1);
    expect((await other.client.post(`/api/workspaces/${owner.user.workspaceId}/switch`)).status).toBe(404);
  });

  it('the active workspace: members listed with roles; a member switches between workspaces', async () => {
    const ws = await owner.client.get('/api/workspace');
    expect(ws.status).toBe(200);
    expect(ws.json.members.map((m: { role: Role }) => m.role).sort()).toEqual(['admin', 'moderator', 'owner', 'viewer']);
    const mine = await members.viewer.client.get('/api/workspaces');
    expect(mine.json).toHaveLength(2); // their own and the owner's
    expect(mine.json.find((w: { active: boolean }) => w.active).id).toBe(owner.user.workspaceId);
    const own = mine.json.find((w: { role: Role }) => w.role === 'owner');
    const switched = await members.viewer.client.post(`/api/workspaces/${own.id}/switch`);
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ workspaceId: own.id, role: 'owner' });
    expect((await members.viewer.client.get('/api/comments')).json.comments).toHaveLength(0);
    const back = await members.viewer.client.post(`/api/workspaces/${owner.user.workspaceId}/switch`);
    expect(back.json.role).toBe('viewer');
  });

  it('the audit log names who changed what; a viewer may not read it; pages follow the cursor', async () => {
    const log = await owner.client.get('/api/audit-log?limit=2');
    expect(log.status).toBe(200);
    expect(log.json.entries).toHaveLength(2);
    expect(log.json.nextCursor).toBeTruthy();
    const all: { action: string; actorEmail: string; target: string }[] = [...log.json.entries];
    for (let cursor = log.json.nextCursor; cursor;) {
      const page = await owner.client.get(`/api/audit-log?limit=2&cursor=${encodeURIComponent(cursor)}`);
      all.push(...page.json.entries);
      cursor = page.json.nextCursor;
    }
    expect(all.find((e) => e.action === 'approveComment')).toMatchObject({ actorEmail: members.moderator.email, target: `/api/comments/${commentId}/approve` });
    expect(all.filter((e) => e.action === 'member.join').map((e) => e.target).sort()).toEqual([members.admin.email, members.moderator.email, members.viewer.email].sort());
    expect((await members.viewer.client.get('/api/audit-log')).status).toBe(403);
    expect((await owner.client.get('/api/audit-log?cursor=bogus')).status).toBe(400);
  });
});

describe('invitations', () => {
  it('are single use, for the invited address only, and can be revoked', async () => {
    const { client: owner } = await signedIn('inv-owner');
    const email = uniqueEmail('invitee');
    const inv = (await owner.post('/api/workspace/invitations', { email, role: 'moderator' })).json;
    expect(inv).toMatchObject({ email, role: 'moderator' });
    expect(inv.acceptUrl).toContain(`/invite?token=${inv.token}`);
    expect(Date.parse(inv.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await owner.get('/api/workspace/invitations')).json.map((i: { email: string }) => i.email)).toEqual([email]);

    const stranger = (await signedIn('stranger')).client;
    const wrong = await stranger.post('/api/invitations/accept', { token: inv.token });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toContain(email);

    const invitee = new Client();
    await invitee.post('/api/register', { email, password: PASSWORD });
    const [a, b] = await Promise.all([invitee.post('/api/invitations/accept', { token: inv.token }), invitee.post('/api/invitations/accept', { token: inv.token })]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect((await owner.get('/api/workspace')).json.members).toHaveLength(2);
    expect((await invitee.post('/api/invitations/accept', { token: inv.token })).status).toBe(404);

    const revoked = (await owner.post('/api/workspace/invitations', { email: uniqueEmail('revoked'), role: 'viewer' })).json;
    expect((await owner.delete(`/api/workspace/invitations/${revoked.id}`)).status).toBe(200);
    expect((await owner.get('/api/workspace/invitations')).json).toEqual([]);
  });

  it('an owner cannot be demoted or removed; an admin cannot change themselves', async () => {
    const { client: owner, user } = await signedIn('guard-owner');
    const admin = await join(owner, 'admin');
    const demote = await admin.client.put(`/api/workspace/members/${user.id}`, { role: 'viewer' });
    expect(demote.status).toBe(403);
    expect((await admin.client.delete(`/api/workspace/members/${user.id}`)).status).toBe(403);
    expect((await admin.client.put(`/api/workspace/members/${admin.user.id}`, { role: 'viewer' })).status).toBe(400);
  });
});

describe('sessions end on the server', () => {
  it('a cookie captured before logout is refused after it', async () => {
    const { client } = await signedIn('logout');
    const captured = new Client();
    for (const [k, v] of client.cookies) captured.cookies.set(k, v);
    expect((await captured.get('/api/comments')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await captured.get('/api/comments')).status).toBe(401);
    expect((await captured.post('/api/comments/bulk-analyze')).status).toBe(401);
    expect((await captured.get('/api/user')).status).toBe(401);
  });

  it("a removed member's cookie is refused from the next request on, and so is a deleted user's", async () => {
    const { client: owner } = await signedIn('rm-owner');
    const member = await join(owner, 'moderator');
    expect((await member.client.get('/api/comments')).status).toBe(200);
    const removed = await owner.delete(`/api/workspace/members/${member.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json.members).toHaveLength(1);
    expect((await member.client.get('/api/comments')).status).toBe(401);
    expect((await member.client.post('/api/comments/bulk-analyze')).status).toBe(401);

    const doomed = await signedIn('deleted');
    const copy = new Client();
    for (const [k, v] of doomed.client.cookies) copy.cookies.set(k, v);
    expect((await doomed.client.delete('/api/user')).status).toBe(200);
    expect((await copy.get('/api/user')).status).toBe(401);
    expect((await copy.get('/api/comments')).status).toBe(401);
  });
});

/** Opens the live-update socket as `client`; resolves with the socket, or the refusal's HTTP status. */
function openSocket(client: Client, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  const url = client.baseUrl.replace(/^http/, 'ws') + '/ws';
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { Cookie: client.cookieHeader(), ...headers } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => resolve(ws));
    ws.on('error', () => undefined);
  });
}

describe('live updates follow membership', () => {
  it("a cross-site page cannot open the socket; a removed member's open socket is closed", async () => {
    const { client: owner } = await signedIn('ws-owner');
    const member = await join(owner, 'viewer');
    expect(await openSocket(member.client, { Origin: 'https://evil.example' })).toBe(403);
    const ws = await openSocket(member.client, { Origin: owner.baseUrl });
    expect(ws).toBeInstanceOf(WebSocket);
    const closed = new Promise<void>((resolve) => (ws as WebSocket).once('close', () => resolve()));
    expect((await owner.delete(`/api/workspace/members/${member.user.id}`)).status).toBe(200);
    await closed; // the server closed it: no more updates from this workspace
    expect(await openSocket(member.client)).toBe(401);
  });
});
