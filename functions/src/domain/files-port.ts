/**
 * Where jobs write files (exports): S3 in AWS (functions/src/storage/s3.ts, a bucket whose objects
 * expire), the local S3 stand-in under `npm start` and the tests, behind this one port. A file is
 * downloaded through a short-lived signed link, so its size is no limit (no 6 MB Lambda response).
 * Job files live under `jobs/` (expire after a day); workspace logos under `logos/` (kept).
 */
export interface FileStorePort {
  put(key: string, body: Buffer | string, contentType: string): Promise<void>;
  /** A link that downloads the file as `downloadName` until `ttlSeconds` have passed. */
  signedLink(key: string, downloadName: string, ttlSeconds: number): Promise<string>;
  /** The stored file (workspace logos, under `logos/`: kept until replaced), null when there is none. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}
