/** CDK: brands' own schedules (issue 11 item 6): the api may manage schedules of the brand group only and pass the brands' role to the Scheduler only. */
import { beforeAll, describe, expect, it } from 'vitest';
import { brandScheduleGroupName } from '../../lib/automation.js';
import { envOf, logicalId, rolePolicyJson, synthApp, type Synthesized } from './helpers.js';

let s: Synthesized;
beforeAll(() => {
  s = synthApp({ stubBundling: true });
}, 120_000);

type Res = { Properties: Record<string, any> };
const all = (type: string) => Object.entries(s.templates.app.findResources(type) as Record<string, Res>);

describe('brand schedules', () => {
  it('has a schedule group of their own per stage', () => {
    const names = all('AWS::Scheduler::ScheduleGroup').map(([, r]) => r.Properties['Name']);
    expect(names).toContain(brandScheduleGroupName('prod'));
  });

  it('gives the api the group, the role and the target, and the four schedule actions on that group only', () => {
    const env = envOf(s.templates.app, s.compute.functions.api);
    expect(env['BRAND_SCHEDULE_GROUP']).toBe(brandScheduleGroupName('prod'));
    expect(env['BRAND_SCHEDULE_ROLE_ARN']).toEqual({ 'Fn::GetAtt': [logicalId(s.compute.automation.brandRole), 'Arn'] });
    expect(env['BRAND_SCHEDULE_TARGET_ARN']).toEqual({ 'Fn::GetAtt': [logicalId(s.compute.functions.automation.fn), 'Arn'] });
    const statements = (JSON.parse(rolePolicyJson(s.templates.app, s.compute.functions.api)) as { Statement: any[] }[]).flatMap((d) => d.Statement);
    const scheduler = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('scheduler:')));
    expect(scheduler).toHaveLength(1);
    expect([scheduler[0].Action].flat().sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule', 'scheduler:UpdateSchedule']);
    expect(JSON.stringify(scheduler[0].Resource)).toContain(`:schedule/${brandScheduleGroupName('prod')}/*`);
    const pass = statements.filter((st) => [st.Action].flat().includes('iam:PassRole'));
    expect(pass).toHaveLength(1);
    expect(pass[0].Resource).toEqual({ 'Fn::GetAtt': [logicalId(s.compute.automation.brandRole), 'Arn'] });
    expect(pass[0].Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    // The automation function may only delete schedules of that group (those left behind by deleted workspaces); no other function touches them.
    for (const [name, f] of Object.entries(s.compute.functions)) {
      if (name === 'api') continue;
      const actions = (JSON.parse(rolePolicyJson(s.templates.app, f)) as { Statement: any[] }[]).flatMap((d) => d.Statement).filter((st) => [st.Action].flat().some((a: string) => a.startsWith('scheduler:')));
      if (name !== 'automation') expect(actions, name).toEqual([]);
      else {
        expect(actions.map((st) => st.Action)).toEqual(['scheduler:DeleteSchedule']);
        expect(JSON.stringify(actions[0].Resource)).toContain(`:schedule/${brandScheduleGroupName('prod')}/*`);
        expect(envOf(s.templates.app, f)['BRAND_SCHEDULE_GROUP']).toBe(brandScheduleGroupName('prod'));
      }
    }
  });

  it("lets the brands' role invoke the automation function only, assumed by the Scheduler for the brand group only", () => {
    const roleId = logicalId(s.compute.automation.brandRole);
    const [, role] = all('AWS::IAM::Role').find(([id]) => id === roleId)!;
    const trust = role.Properties['AssumeRolePolicyDocument'].Statement[0];
    expect(trust.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(JSON.stringify(trust.Condition.ArnLike)).toContain(logicalId(s.compute.automation.brandGroup));
    const policies = all('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties['Roles']).includes(`"${roleId}"`));
    const statements = policies.flatMap(([, p]) => p.Properties['PolicyDocument'].Statement);
    expect(statements).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [logicalId(s.compute.functions.automation.fn), 'Arn'] } }]);
  });
});
