/**
 * The exports bucket (issue 13): jobs write exports here and callers download them through
 * presigned GET links that work 15 minutes (functions/src/storage/s3.ts). Private, encrypted,
 * TLS only, every export (jobs/) gone after a day (a link is the only way in, and it expires long
 * before). Workspace logos (logos/<workspace>, read into report files) stay until replaced.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export const EXPORT_EXPIRY_DAYS = 1;

export class Exports extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [
        { prefix: 'jobs/', expiration: Duration.days(EXPORT_EXPIRY_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Exports live a day; workspace logos (logos/) are uploaded again if the stack goes.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Objects live one day and are reached only through presigned links the api function signs for members of the workspace; CloudTrail data events are the audit trail if one is needed, not server access logs.',
    });
  }
}
