/**
 * Store: one-time codes (email verification, password reset), one live code per purpose and user
 * under `CODE#<purpose>#<userId>` / `CODE`, removed by DynamoDB's TTL once expired.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@cg/shared';
import type { CodeStorePort } from '../domain/code-port.js';
import { db, isConditionFailure, table } from './client.js';

export const codeKey = (purpose: string, userId: string) => ({ pk: `CODE#${purpose}#${userId}`, sk: 'CODE' });

export const dynamoCodes: CodeStorePort = {
  async put(purpose, userId, code) {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...codeKey(purpose, userId), type: 'code', ...code, [TABLE.ttlAttribute]: Math.ceil(code.expiresAt / 1000) },
    }));
  },
  async takeTry(purpose, userId, maxTries, now) {
    try {
      const res = await db().send(new UpdateCommand({
        TableName: table(), Key: codeKey(purpose, userId),
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(pk) AND tries < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': maxTries, ':now': now },
        ReturnValues: 'ALL_NEW',
      }));
      const a = res.Attributes!;
      return { hash: a.hash, salt: a.salt, email: a.email, tries: Number(a.tries), expiresAt: Number(a.expiresAt) };
    } catch (err) {
      if (isConditionFailure(err)) return null;
      throw err;
    }
  },
  async consume(purpose, userId, hash) {
    try {
      await db().send(new DeleteCommand({
        TableName: table(), Key: codeKey(purpose, userId),
        ConditionExpression: '#h = :h', ExpressionAttributeNames: { '#h': 'hash' }, ExpressionAttributeValues: { ':h': hash },
      }));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
  async remove(purpose, userId) {
    await db().send(new DeleteCommand({ TableName: table(), Key: codeKey(purpose, userId) }));
  },
};
