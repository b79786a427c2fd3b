/**
 * The store asks every `begins_with(sk, :s)` key condition as a range (store/client.ts
 * prefixAsRange): on DynamoDB Local it must find exactly the items begins_with finds — keys with
 * accents, emoji (outside the BMP) and U+FFFF after the prefix included, nothing of the next prefix.
 */
import { inject, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';

Object.assign(process.env, inject('stackEnv'));
const { db, prefixAsRange, table } = await import('../../functions/src/store/client.js');

describe('prefix key conditions asked as ranges', () => {
  it('find the same items as begins_with, in the same order', async () => {
    const pk = `PREFIXTEST#${Date.now().toString(36)}`;
    const sks = ['WORD#', 'WORD#a', 'WORD#Ärger#1', 'WORD#😀#2', 'WORD#\uffff', 'WORD#z\u{10FFFE}', 'WORD$', 'WORC#z', 'WORDS', 'WOR', 'X'];
    // Keys written and read with a plain document client (no rewriting) for the reference answer.
    const plain = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
    await plain.send(new BatchWriteCommand({ RequestItems: { [table()]: sks.map((sk) => ({ PutRequest: { Item: { pk, sk } } })) } }));
    for (const prefix of ['WORD#', 'WORD', 'WO', 'WORD#Ä', 'WORD#😀', 'nothing']) {
      for (const forward of [true, false]) {
        const input = { TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': pk, ':s': prefix }, ScanIndexForward: forward };
        const reference = (await plain.send(new QueryCommand(input))).Items!.map((i) => i.sk as string);
        const asked = prefixAsRange(input);
        expect(asked.KeyConditionExpression).toBe('pk = :p AND sk BETWEEN :s AND :s_end');
        const ranged = (await plain.send(new QueryCommand(asked))).Items!.map((i) => i.sk as string);
        expect(ranged, `prefix ${prefix}`).toEqual(reference);
        expect(new Set(ranged), `prefix ${prefix}`).toEqual(new Set(sks.filter((sk) => sk.startsWith(prefix))));
      }
    }
  });

  it("is how the store's client asks every Query", async () => {
    expect(db().middlewareStack.identify().some((m) => m.startsWith('prefixAsRange'))).toBe(true);
    const pk = `PREFIXTEST#${Date.now().toString(36)}b`;
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: ['A#1', 'A#2', 'B#1'].map((sk) => ({ PutRequest: { Item: { pk, sk } } })) } }));
    const res = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': pk, ':s': 'A#' } }));
    expect(res.Items!.map((i) => i.sk)).toEqual(['A#1', 'A#2']);
  });
});
