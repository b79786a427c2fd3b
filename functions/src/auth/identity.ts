/** The identity port: what the domain needs from the user directory (Cognito in AWS, cognito-local here). */
export interface AuthTokens { accessToken: string; refreshToken?: string; expiresIn: number }

export class InvalidCredentials extends Error {}
export class InvalidPassword extends Error {}
export class UsernameTaken extends Error {}

export interface IdentityPort {
  /** Creates a confirmed user whose username is our user id. */
  signUp(userId: string, email: string, password: string): Promise<void>;
  signIn(userId: string, password: string): Promise<AuthTokens>;
  refresh(refreshToken: string): Promise<AuthTokens>;
  signOut(accessToken: string): Promise<void>;
  updateEmail(userId: string, email: string): Promise<void>;
  /** Records that the user proved they receive mail at this address (email and email_verified). */
  markEmailVerified(userId: string, email: string): Promise<void>;
  /** Replaces the password (a reset by mailed code); InvalidPassword when the pool's policy refuses it. */
  setPassword(userId: string, password: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}
