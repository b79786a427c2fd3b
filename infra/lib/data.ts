/**
 * Data: the single DynamoDB table, built from the shared TABLE declaration (design D4), and the
 * KMS key that encrypts Meta access tokens at rest (issue 3 item 2).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { indexProjection, TABLE } from '../../shared/src/table.js';

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly tokenKey: kms.Key;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    const S = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: S },
      sortKey: { name: TABLE.sortKey, type: S },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE.ttlAttribute,
      deletionProtection: props.stage === 'prod',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: S },
        sortKey: { name: index.sortKey, type: S },
        projectionType: dynamodb.ProjectionType[indexProjection(index).type],
        ...(indexProjection(index).nonKeyAttributes ? { nonKeyAttributes: indexProjection(index).nonKeyAttributes } : {}),
      });
    }

    this.tokenKey = new kms.Key(this, 'MetaTokenKey', {
      description: `CommentGuard ${props.stage}: encrypts Meta page and user access tokens at rest`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.tokenKey.addAlias(`alias/commentguard-${props.stage}-meta-tokens`);
  }
}
