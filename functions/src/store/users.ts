/** Store: user profiles (a person, not a tenant: plans live on the workspace) and the email → user mapping that keeps emails unique. */
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, table } from './client.js';
import { key } from './keys.js';
import { EmailTaken } from '../domain/store-errors.js';
import type { Profile } from '../domain/model.js';
export { EmailTaken };
export type { Profile };


export async function getProfile(userId: string): Promise<Profile | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: key.user(userId), ConsistentRead: true }));
  const i = res.Item;
  if (!i) return null;
  return {
    id: i.userId as string, email: i.email as string, firstName: (i.firstName as string) ?? '', lastName: (i.lastName as string) ?? '',
    // Profiles from before verification existed count as verified.
    emailVerified: i.emailVerified !== false, createdAt: i.createdAt as string, lastWorkspaceId: (i.lastWorkspaceId as string | undefined) ?? null,
  };
}

export async function setLastWorkspace(userId: string, workspaceId: string | null): Promise<void> {
  await setUserFields(userId, { lastWorkspaceId: workspaceId });
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: key.email(email) }));
  return (res.Item?.userId as string | undefined) ?? null;
}

/** Creates the profile and claims the email in one transaction; EmailTaken when the email is in use. */
export async function createUser(user: Profile): Promise<void> {
  const { id, ...rest } = user;
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...key.email(user.email), userId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: table(), Item: { ...key.user(id), type: 'user', userId: id, ...rest, email: user.email.toLowerCase() }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }));
  } catch (err) {
    if (isConditionFailure(err)) throw new EmailTaken();
    throw err;
  }
}

/** Updates name and email; moving the email claim happens in the same transaction. */
export async function updateProfile(userId: string, oldEmail: string, patch: { firstName: string; lastName: string; email: string }): Promise<void> {
  const email = patch.email.toLowerCase();
  const profileUpdate = {
    Update: {
      TableName: table(), Key: key.user(userId),
      UpdateExpression: 'SET firstName = :f, lastName = :l, email = :e',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':f': patch.firstName, ':l': patch.lastName, ':e': email },
    },
  };
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [profileUpdate];
  if (email !== oldEmail.toLowerCase()) {
    items.push(
      { Put: { TableName: table(), Item: { ...key.email(email), userId }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: table(), Key: key.email(oldEmail) } },
    );
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (isConditionFailure(err)) throw new EmailTaken();
    throw err;
  }
}

/** Sets profile attributes (verification flag, last workspace). */
export async function setUserFields(userId: string, fields: Record<string, unknown>): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#k${i}`] = k;
    values[`:v${i}`] = v;
    return `#k${i} = :v${i}`;
  });
  if (!sets.length) return;
  await db().send(new UpdateCommand({
    TableName: table(), Key: key.user(userId), UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: names, ExpressionAttributeValues: values,
  }));
}

export async function deleteUserRecords(userId: string, email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: key.email(email) }));
  await db().send(new DeleteCommand({ TableName: table(), Key: key.user(userId) }));
}
