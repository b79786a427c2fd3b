/** The EventBridge Scheduler adapter's calls (aws-sdk-client-mock): cron, zone, group, target, idempotent update. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient, UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { MAX_SCHEDULE_TIMES } from '@cg/shared';
import { eventBridgeScheduler } from '../../src/scheduler/eventbridge.js';

const mock = mockClient(SchedulerClient);
const config = { group: 'commentguard-test-brands', roleArn: 'arn:aws:iam::123456789012:role/brand-schedules', targetArn: 'arn:aws:lambda:eu-west-1:123456789012:function:automation' };
const spec = { crons: ['cron(0 9,13,17 ? * MON-FRI *)'], timeZone: 'Europe/Berlin', input: { task: 'brand', workspaceId: 'w1', brandId: 'b1' }, description: 'test' };
const missing = () => new ResourceNotFoundException({ message: 'Schedule not found', Message: 'Schedule not found', $metadata: {} });

describe('EventBridge Scheduler adapter', () => {
  beforeEach(() => mock.reset());

  it('creates a missing schedule with the cron, the zone, the group and the target, and deletes the unused slots', async () => {
    mock.on(UpdateScheduleCommand).rejects(missing());
    mock.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    mock.on(DeleteScheduleCommand).rejects(missing());
    await eventBridgeScheduler(new SchedulerClient({ region: 'eu-west-1' }), () => config).put('brand-abc', spec);
    const created = mock.commandCalls(CreateScheduleCommand);
    expect(created).toHaveLength(1);
    expect(created[0]!.args[0].input).toMatchObject({
      Name: 'brand-abc-0', GroupName: config.group, ScheduleExpression: 'cron(0 9,13,17 ? * MON-FRI *)', ScheduleExpressionTimezone: 'Europe/Berlin',
      State: 'ENABLED', FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: config.targetArn, RoleArn: config.roleArn, Input: JSON.stringify(spec.input) },
    });
    expect(mock.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input)).toEqual(
      Array.from({ length: MAX_SCHEDULE_TIMES - 1 }, (_, i) => ({ Name: `brand-abc-${i + 1}`, GroupName: config.group })),
    );
  });

  it('saving again updates the same schedule in place (no second create)', async () => {
    mock.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    mock.on(DeleteScheduleCommand).rejects(missing());
    const port = eventBridgeScheduler(new SchedulerClient({ region: 'eu-west-1' }), () => config);
    await port.put('brand-abc', spec);
    await port.put('brand-abc', { ...spec, crons: ['cron(30 8 * * ? *)', 'cron(0 18 * * ? *)'], timeZone: 'America/New_York' });
    expect(mock.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    const updates = mock.commandCalls(UpdateScheduleCommand).map((c) => c.args[0].input);
    expect(updates.map((u) => [u.Name, u.ScheduleExpression, u.ScheduleExpressionTimezone, u.GroupName])).toEqual([
      ['brand-abc-0', 'cron(0 9,13,17 ? * MON-FRI *)', 'Europe/Berlin', config.group],
      ['brand-abc-0', 'cron(30 8 * * ? *)', 'America/New_York', config.group],
      ['brand-abc-1', 'cron(0 18 * * ? *)', 'America/New_York', config.group],
    ]);
  });

  it('remove deletes every slot of the name, a missing one being no error; other errors surface', async () => {
    mock.on(DeleteScheduleCommand).rejects(missing());
    mock.on(DeleteScheduleCommand, { Name: 'brand-abc-0' }).resolves({});
    await eventBridgeScheduler(new SchedulerClient({ region: 'eu-west-1' }), () => config).remove('brand-abc');
    expect(mock.commandCalls(DeleteScheduleCommand)).toHaveLength(MAX_SCHEDULE_TIMES);
    mock.reset();
    mock.on(DeleteScheduleCommand).rejects(new Error('AccessDenied'));
    await expect(eventBridgeScheduler(new SchedulerClient({ region: 'eu-west-1' }), () => config).remove('brand-abc')).rejects.toThrow('AccessDenied');
  });
});

describe('EventBridge Scheduler adapter configuration', () => {
  it('removing needs only the group (the automation function); saving needs the role and the target too', async () => {
    mock.reset();
    mock.on(DeleteScheduleCommand).rejects(missing());
    const onlyGroup = eventBridgeScheduler(new SchedulerClient({ region: 'eu-west-1' }), () => ({ group: config.group, roleArn: '', targetArn: '' }));
    await onlyGroup.remove('brand-abc');
    expect(mock.commandCalls(DeleteScheduleCommand)).toHaveLength(MAX_SCHEDULE_TIMES);
    await expect(onlyGroup.put('brand-abc', spec)).rejects.toThrow('BRAND_SCHEDULE_ROLE_ARN');
    expect(mock.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });
});
