/**
 * cdk-nag (v3, a CDK validation plugin): acknowledgements that apply to every CgFunction.
 * Resource-specific acknowledgements sit next to the resource they concern.
 */
import { Validations } from 'aws-cdk-lib';
import type { CgFunction } from './function.js';

export function acknowledgeFunctionFindings(f: CgFunction): void {
  const v = Validations.of(f);
  v.acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'The only statement on "*" is X-Ray tracing (xray:PutTraceSegments and xray:PutTelemetryRecords), which AWS defines without resource-level permissions.',
  });
  v.acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'Design D1 pins every Lambda to nodejs22.x, the runtime the code and its tests run on locally.',
  });
}

/** execute-api:ManageConnections is per connection id, known only at run time. */
export const MANAGE_CONNECTIONS_REASON =
  'PostToConnection and DeleteConnection address connection ids that exist only at run time; the grant is limited to the @connections path of this one WebSocket stage.';
