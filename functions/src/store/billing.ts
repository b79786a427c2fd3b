/** Store: the user ↔ Stripe customer mapping, the current subscription id, and webhook event dedupe. */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import { db, isConditionFailure, table } from './client.js';
import { billingKey } from './billing-keys.js';

import type { BillingAccount } from '../domain/model.js';
export type { BillingAccount };

/** Processed event ids are kept this long (Stripe retries for up to 3 days). */
export const EVENT_TTL_SECONDS = 30 * 24 * 3600;

export async function getBillingAccount(workspaceId: string): Promise<BillingAccount | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: billingKey.account(workspaceId), ConsistentRead: true }));
  if (!res.Item) return null;
  return { customerId: (res.Item.customerId as string | undefined) ?? null, subscriptionId: (res.Item.subscriptionId as string | undefined) ?? null };
}

/** Records the user's customer id and its reverse mapping in one transaction. */
export async function saveCustomer(workspaceId: string, customerId: string): Promise<void> {
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Update: { TableName: table(), Key: billingKey.account(workspaceId), UpdateExpression: 'SET customerId = :c, #t = :t, workspaceId = :u', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':c': customerId, ':t': 'billing', ':u': workspaceId } } },
      { Put: { TableName: table(), Item: { ...billingKey.customer(customerId), type: 'stripeCustomer', workspaceId } } },
    ],
  }));
}

export async function saveSubscriptionId(workspaceId: string, subscriptionId: string): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: table(), Key: billingKey.account(workspaceId), UpdateExpression: 'SET subscriptionId = :s, #t = :t, workspaceId = :u',
    ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':s': subscriptionId, ':t': 'billing', ':u': workspaceId },
  }));
}

/** Drops the workspace's customer link: its billing record and the customer → workspace mapping. */
export async function deleteBillingAccount(workspaceId: string, customerId: string | null): Promise<void> {
  await db().send(new TransactWriteCommand({
    TransactItems: [
      { Delete: { TableName: table(), Key: billingKey.account(workspaceId) } },
      ...(customerId ? [{ Delete: { TableName: table(), Key: billingKey.customer(customerId) } }] : []),
    ],
  }));
}

export async function workspaceIdForCustomer(customerId: string): Promise<string | null> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: billingKey.customer(customerId) }));
  return (res.Item?.workspaceId as string | undefined) ?? null;
}

/** Claims an event id; false when it was already claimed (a replay or a duplicate delivery). */
export async function claimEvent(eventId: string, now = Date.now()): Promise<boolean> {
  try {
    await db().send(new PutCommand({
      TableName: table(), Item: { ...billingKey.event(eventId), type: 'stripeEvent', [TABLE.ttlAttribute]: Math.floor(now / 1000) + EVENT_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Releases a claim when applying the event failed, so Stripe's retry is applied. */
export async function releaseEvent(eventId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: billingKey.event(eventId) }));
}
