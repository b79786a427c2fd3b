/**
 * The local EventBridge Scheduler stand-in, driven by the real SDK client and the api's adapter: the
 * calls and errors the SDK expects (ResourceNotFound, Conflict, validation), cron read in each
 * schedule's zone across a DST change, EventBridge's 1-7 day numbers, and firing what is due at a
 * given instant (once per schedule and minute) with the schedule's input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateScheduleCommand, GetScheduleCommand, ResourceNotFoundException, ConflictException, SchedulerClient, ValidationException } from '@aws-sdk/client-scheduler';
import { eventBridgeScheduler } from '../../functions/src/scheduler/eventbridge.js';
import { cronPattern, startLocalScheduler, type LocalScheduler } from '../local/scheduler.js';

const TARGET = 'arn:aws:lambda:us-east-1:000000000000:function:automation';
const config = { group: 'commentguard-test-brands', roleArn: 'arn:aws:iam::000000000000:role/brand-schedules', targetArn: TARGET };
let local: LocalScheduler;
let client: SchedulerClient;
const invoked: unknown[] = [];

beforeAll(async () => {
  local = await startLocalScheduler({ region: 'us-east-1', account: '000000000000', invoke: async (arn, input) => { expect(arn).toBe(TARGET); invoked.push(input); return { ok: true }; } });
  client = new SchedulerClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
});
afterAll(async () => {
  client?.destroy();
  await local?.close();
});

describe('local scheduler', () => {
  it('reads EventBridge cron: ? fields, day names, 1-7 day numbers from Sunday', () => {
    expect(cronPattern('cron(0 9 ? * MON-FRI *)')).toBe('0 9 * * MON-FRI');
    expect(cronPattern('cron(30 8,17 * * ? *)')).toBe('30 8,17 * * *');
    expect(cronPattern('cron(0 10 ? * 1,7 *)')).toBe('0 10 * * 0,6');
    expect(() => cronPattern('cron(0 10 * * * *)')).toThrow('exactly one of day-of-month and day-of-week');
    expect(() => cronPattern('rate(5 minutes)')).toThrow('only cron');
  });

  it('answers the SDK as EventBridge does: created, conflict, not found, invalid zone', async () => {
    const port = eventBridgeScheduler(client, () => config);
    await port.put('brand-x', { crons: ['cron(0 9 ? * MON-FRI *)'], timeZone: 'Europe/Berlin', input: { task: 'brand', workspaceId: 'w', brandId: 'b' }, description: 'test' });
    const got = await client.send(new GetScheduleCommand({ Name: 'brand-x-0', GroupName: config.group }));
    expect(got).toMatchObject({ ScheduleExpression: 'cron(0 9 ? * MON-FRI *)', ScheduleExpressionTimezone: 'Europe/Berlin', GroupName: config.group, Target: { Arn: TARGET } });
    const again = { Name: 'brand-x-0', GroupName: config.group, ScheduleExpression: 'cron(0 9 * * ? *)', FlexibleTimeWindow: { Mode: 'OFF' as const }, Target: { Arn: TARGET, RoleArn: config.roleArn } };
    await expect(client.send(new CreateScheduleCommand(again))).rejects.toBeInstanceOf(ConflictException);
    await expect(client.send(new GetScheduleCommand({ Name: 'brand-x-1', GroupName: config.group }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new CreateScheduleCommand({ ...again, Name: 'brand-y-0', ScheduleExpressionTimezone: 'Mars/Base' }))).rejects.toBeInstanceOf(ValidationException);
  });

  it('fires what is due at an instant in its zone, across the end of summer time, once per minute', async () => {
    invoked.length = 0;
    // 09:00 in Berlin: 07:00 UTC on Friday 24 October 2025 (summer time), 08:00 UTC on Monday 27 October.
    expect(await local.fireDue(new Date('2025-10-24T08:00:00Z'))).toEqual([]);
    const friday = await local.fireDue(new Date('2025-10-24T07:00:20Z'));
    expect(friday.map((f) => [f.name, f.at])).toEqual([['brand-x-0', '2025-10-24T07:00:00.000Z']]);
    expect(await local.fireDue(new Date('2025-10-24T07:00:40Z'))).toEqual([]);
    expect(await local.fireDue(new Date('2025-10-25T07:00:00Z'))).toEqual([]);
    expect(await local.fireDue(new Date('2025-10-27T07:00:00Z'))).toEqual([]);
    expect((await local.fireDue(new Date('2025-10-27T08:00:00Z'))).map((f) => f.name)).toEqual(['brand-x-0']);
    expect(invoked).toEqual([{ task: 'brand', workspaceId: 'w', brandId: 'b' }, { task: 'brand', workspaceId: 'w', brandId: 'b' }]);
    await eventBridgeScheduler(client, () => config).remove('brand-x');
    expect([...local.schedules.values()]).toEqual([]);
    expect(await local.fireDue(new Date('2025-10-28T08:00:00Z'))).toEqual([]);
  });
});
