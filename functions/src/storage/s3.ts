/**
 * The file store (domain/files-port.ts) over S3: jobs write exports to the exports bucket (objects
 * expire after a day, infra/lib/stacks.ts) and callers download them through presigned GET links.
 * Locally the same code talks to the S3 stand-in (infra/local/aws-standins.ts) through
 * AWS_ENDPOINT_URL_S3, which checks each link's signature and expiry as S3 does.
 * The SDK loads on first use: functions that never touch a file do not pay for it at cold start.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config.js';
import type { FileStorePort } from '../domain/files-port.js';

let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
function s3Client() {
  client ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    // A local endpoint is an address, not a bucket host: path-style URLs there.
    s3: new sdk.S3Client({ region: config.region, forcePathStyle: !!config.opt('AWS_ENDPOINT_URL_S3') }),
  }));
  return client;
}

export const s3Files: FileStorePort = {
  async put(key, body, contentType) {
    const { s3, sdk } = await s3Client();
    await s3.send(new sdk.PutObjectCommand({ Bucket: config.req('EXPORTS_BUCKET'), Key: key, Body: body, ContentType: contentType }));
  },
  async signedLink(key, downloadName, ttlSeconds) {
    const [{ s3, sdk }, { getSignedUrl }] = await Promise.all([s3Client(), import('@aws-sdk/s3-request-presigner')]);
    const command = new sdk.GetObjectCommand({
      Bucket: config.req('EXPORTS_BUCKET'), Key: key,
      ResponseContentDisposition: `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '_')}"`,
    });
    return getSignedUrl(s3, command, { expiresIn: ttlSeconds });
  },
  async get(key) {
    const { s3, sdk } = await s3Client();
    try {
      const res = await s3.send(new sdk.GetObjectCommand({ Bucket: config.req('EXPORTS_BUCKET'), Key: key }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  },
  async remove(key) {
    const { s3, sdk } = await s3Client();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.req('EXPORTS_BUCKET'), Key: key }));
  },
};
