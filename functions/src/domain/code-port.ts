/** The port for one-time codes (verification, password reset); the DynamoDB adapter is store/codes.ts. */
export type CodePurpose = 'verify' | 'reset';

/** A code as stored: its hash and salt, the address it was mailed to, tries used, expiry (epoch ms). */
export interface StoredCode { hash: string; salt: string; email: string; tries: number; expiresAt: number }

/** One live code per purpose and user. */
export interface CodeStorePort {
  /** Stores a code, replacing the previous one of that purpose. */
  put(purpose: CodePurpose, userId: string, code: StoredCode): Promise<void>;
  /** Counts one try on a code that is unexpired with tries left, and returns it; null when there is none. */
  takeTry(purpose: CodePurpose, userId: string, maxTries: number, now: number): Promise<StoredCode | null>;
  /** Deletes the code if it still has this hash: true for the one caller that used it. */
  consume(purpose: CodePurpose, userId: string, hash: string): Promise<boolean>;
  remove(purpose: CodePurpose, userId: string): Promise<void>;
}
