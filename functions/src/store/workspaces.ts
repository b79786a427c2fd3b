/**
 * Store: workspaces (the tenant, design D13), their members with a mirror under each user (to list a
 * user's workspaces), and invitations with a single-use token lookup. Membership changes write the
 * member item and its mirror in one transaction, so the two never disagree.
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@cg/shared';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { workspaceKey } from './keys.js';
import { AlreadyMember } from '../domain/store-errors.js';
import { CONFIG_AREAS, configVersionAttribute, type InvitationRecord, type MemberRecord, type MembershipRecord, type PlanFields, type WorkspaceRecord } from '../domain/model.js';
export { AlreadyMember };
export type { InvitationRecord, MemberRecord, MembershipRecord, PlanFields, WorkspaceRecord };



type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

function memberPuts(m: MemberRecord, workspaceName: string, condition = true): TransactItem[] {
  const cond = condition ? { ConditionExpression: 'attribute_not_exists(pk)' } : {};
  return [
    { Put: { TableName: table(), Item: { ...workspaceKey.member(m.workspaceId, m.userId), type: 'member', ...m }, ...cond } },
    { Put: { TableName: table(), Item: { ...workspaceKey.membership(m.userId, m.workspaceId), type: 'membership', workspaceId: m.workspaceId, name: workspaceName, role: m.role } } },
  ];
}

/** Creates a workspace with its owner as the first member, in one transaction. */
export async function createWorkspace(ws: WorkspaceRecord): Promise<void> {
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: table(), Item: { ...workspaceKey.item(ws.id), type: 'workspace', ...ws, ...Object.fromEntries(CONFIG_AREAS.map((a) => [configVersionAttribute(a), 0])) }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...memberPuts({ workspaceId: ws.id, userId: ws.ownerId, email: ws.ownerEmail, role: 'owner', joinedAt: ws.createdAt }, ws.name),
    ],
  }));
}

export async function getWorkspace(workspaceId: string): Promise<WorkspaceRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: workspaceKey.item(workspaceId), ConsistentRead: true }));
  if (!res.Item) return null;
  const { pk: _pk, sk: _sk, type: _t, ...rest } = res.Item;
  return { notice: null, cancelAt: null, currentPeriodEnd: null, trialEndsAt: null, autoAnalyze: true, subscriptionStatus: 'none', ...rest } as WorkspaceRecord;
}

/** Sets workspace attributes (plan, subscription state, notices, settings); the workspace must exist. */
export async function setWorkspaceFields(workspaceId: string, fields: Partial<WorkspaceRecord>): Promise<void> {
  const entries = Object.entries(fields).filter(([k]) => k !== 'id');
  if (!entries.length) return;
  await db().send(new UpdateCommand({
    TableName: table(), Key: workspaceKey.item(workspaceId),
    UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v ?? null])),
  }));
}

export async function getMember(workspaceId: string, userId: string): Promise<MemberRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: workspaceKey.member(workspaceId, userId), ConsistentRead: true }));
  return res.Item ? (res.Item as unknown as MemberRecord) : null;
}

async function queryAll(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': pk, ':s': prefix }, ExclusiveStartKey: start, ConsistentRead: true }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

export async function listMembers(workspaceId: string): Promise<MemberRecord[]> {
  return (await queryAll(workspaceKey.item(workspaceId).pk, workspaceKey.memberPrefix)) as unknown as MemberRecord[];
}

/** The workspaces a user belongs to, with their role in each. */
export async function listMemberships(userId: string): Promise<MembershipRecord[]> {
  return (await queryAll(workspaceKey.userPk(userId), workspaceKey.membershipPrefix)) as unknown as MembershipRecord[];
}

/** Adds a member (and their mirror); AlreadyMember when they are one. */
export async function addMember(m: MemberRecord, workspaceName: string, extra: TransactItem[] = []): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [...memberPuts(m, workspaceName), ...extra] }));
  } catch (err) {
    if (isConditionFailure(err)) throw new AlreadyMember();
    throw err;
  }
}

/** Changes a member's role; false when they are no longer a member. */
export async function setMemberRole(workspaceId: string, userId: string, role: Role): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: table(), Key: workspaceKey.member(workspaceId, userId), UpdateExpression: 'SET #r = :r', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#r': 'role' }, ExpressionAttributeValues: { ':r': role } } },
        { Update: { TableName: table(), Key: workspaceKey.membership(userId, workspaceId), UpdateExpression: 'SET #r = :r', ExpressionAttributeNames: { '#r': 'role' }, ExpressionAttributeValues: { ':r': role } } },
      ],
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function removeMember(workspaceId: string, userId: string): Promise<void> {
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Delete: { TableName: table(), Key: workspaceKey.member(workspaceId, userId) } },
      { Delete: { TableName: table(), Key: workspaceKey.membership(userId, workspaceId) } },
    ],
  }));
}

export async function setMemberEmail(workspaceId: string, userId: string, email: string): Promise<void> {
  await db().send(new UpdateCommand({ TableName: table(), Key: workspaceKey.member(workspaceId, userId), UpdateExpression: 'SET email = :e', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':e': email } })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
}

/** Renames the workspace and every member's mirror of its name. */
export async function renameWorkspace(workspaceId: string, name: string): Promise<void> {
  await setWorkspaceFields(workspaceId, { name });
  for (const m of await listMembers(workspaceId)) {
    await db().send(new UpdateCommand({ TableName: table(), Key: workspaceKey.membership(m.userId, workspaceId), UpdateExpression: 'SET #n = :n', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': name } })).catch((err: unknown) => { if (!isConditionFailure(err)) throw err; });
  }
}

// ---- invitations ----

function ttlOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** Stores an invitation and its token lookup in one transaction. */
export async function putInvitation(inv: InvitationRecord): Promise<void> {
  const ttl = { [TABLE.ttlAttribute]: ttlOf(inv.expiresAt) + 86_400 };
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: table(), Item: { ...workspaceKey.invitation(inv.workspaceId, inv.id), type: 'invitation', ...inv, ...ttl } } },
      { Put: { TableName: table(), Item: { ...workspaceKey.inviteToken(inv.tokenHash), type: 'inviteToken', workspaceId: inv.workspaceId, invitationId: inv.id, ...ttl } } },
    ],
  }));
}

export async function listInvitations(workspaceId: string): Promise<InvitationRecord[]> {
  return (await queryAll(workspaceKey.item(workspaceId).pk, workspaceKey.invitationPrefix)) as unknown as InvitationRecord[];
}

export async function getInvitation(workspaceId: string, id: string): Promise<InvitationRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: workspaceKey.invitation(workspaceId, id), ConsistentRead: true }));
  return res.Item ? (res.Item as unknown as InvitationRecord) : null;
}

export async function findInvitationByToken(tokenHash: string): Promise<InvitationRecord | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: workspaceKey.inviteToken(tokenHash), ConsistentRead: true }));
  if (!res.Item) return null;
  return getInvitation(res.Item.workspaceId as string, res.Item.invitationId as string);
}

/** Deletes an invitation and its token. */
export async function deleteInvitation(inv: Pick<InvitationRecord, 'workspaceId' | 'id' | 'tokenHash'>): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: workspaceKey.inviteToken(inv.tokenHash) }));
  await db().send(new DeleteCommand({ TableName: table(), Key: workspaceKey.invitation(inv.workspaceId, inv.id) }));
}

/**
 * Accepts an invitation once: the member is added and the token and invitation are consumed in one
 * transaction, so two accepts of one token cannot both succeed. False when the token was used meanwhile.
 */
export async function acceptInvitation(inv: InvitationRecord, member: MemberRecord, workspaceName: string): Promise<boolean> {
  try {
    await addMember(member, workspaceName, [
      { Delete: { TableName: table(), Key: workspaceKey.inviteToken(inv.tokenHash), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: table(), Key: workspaceKey.invitation(inv.workspaceId, inv.id) } },
    ]);
    return true;
  } catch (err) {
    if (err instanceof AlreadyMember) {
      // Either already a member (the condition on the member put) or the token is gone: tell them apart.
      if (await getMember(inv.workspaceId, member.userId)) throw err;
      return false;
    }
    throw err;
  }
}
