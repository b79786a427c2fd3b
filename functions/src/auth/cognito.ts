/** Identity adapter over the Cognito user-pool API (the same calls work against cognito-local). */
import {
  AdminCreateUserCommand, AdminDeleteUserCommand, AdminSetUserPasswordCommand, AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient,
  GlobalSignOutCommand, InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.js';
import { traced } from '../observability/index.js';
import { InvalidCredentials, InvalidPassword, UsernameTaken, type AuthTokens, type IdentityPort } from './identity.js';

let client: CognitoIdentityProviderClient | undefined;
function cognito(): CognitoIdentityProviderClient {
  const endpoint = config.cognitoEndpoint;
  client ??= traced(new CognitoIdentityProviderClient({
    region: config.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }));
  return client;
}

function errName(err: unknown): string { return (err as { name?: string })?.name ?? ''; }

function tokens(result: { AccessToken?: string; RefreshToken?: string; ExpiresIn?: number } | undefined): AuthTokens {
  if (!result?.AccessToken) throw new InvalidCredentials('no token issued');
  return { accessToken: result.AccessToken, refreshToken: result.RefreshToken, expiresIn: result.ExpiresIn ?? 3600 };
}

export const cognitoIdentity: IdentityPort = {
  // The pool has no public sign-up (infra/lib/auth.ts): the user is created by the admin API, with no
  // invitation message, and the password made permanent, which confirms the user.
  async signUp(userId, email, password) {
    try {
      await cognito().send(new AdminCreateUserCommand({
        UserPoolId: config.userPoolId, Username: userId, TemporaryPassword: password, MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }));
    } catch (err) {
      if (errName(err) === 'InvalidPasswordException') throw new InvalidPassword((err as Error).message);
      if (errName(err) === 'UsernameExistsException') throw new UsernameTaken();
      throw err;
    }
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: userId, Password: password, Permanent: true }));
  },
  async signIn(userId, password) {
    try {
      const res = await cognito().send(new InitiateAuthCommand({
        ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: userId, PASSWORD: password },
      }));
      return tokens(res.AuthenticationResult);
    } catch (err) {
      if (['NotAuthorizedException', 'UserNotFoundException', 'UserNotConfirmedException', 'InvalidPasswordException'].includes(errName(err))) throw new InvalidCredentials();
      throw err;
    }
  },
  async refresh(refreshToken) {
    try {
      const res = await cognito().send(new InitiateAuthCommand({
        ClientId: config.userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken },
      }));
      return tokens(res.AuthenticationResult);
    } catch (err) {
      if (['NotAuthorizedException', 'UserNotFoundException'].includes(errName(err))) throw new InvalidCredentials();
      throw err;
    }
  },
  async signOut(accessToken) {
    try { await cognito().send(new GlobalSignOutCommand({ AccessToken: accessToken })); } catch { /* the cookies are cleared regardless */ }
  },
  async updateEmail(userId, email) {
    // Unverified until the code we mail comes back (markEmailVerified); the pool sends no mail of its own.
    await cognito().send(new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId, Username: userId,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }],
    }));
  },
  async markEmailVerified(userId, email) {
    // The email goes along: cognito-local refuses email_verified alone.
    await cognito().send(new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId, Username: userId,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
    }));
  },
  async setPassword(userId, password) {
    try {
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: userId, Password: password, Permanent: true }));
    } catch (err) {
      if (errName(err) === 'InvalidPasswordException') throw new InvalidPassword((err as Error).message);
      throw err;
    }
  },
  async deleteUser(userId) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: userId }));
  },
};
