/**
 * Auth: the Cognito user pool that holds identities (design D2) and the app client the api
 * Lambda uses server-side.
 *
 * Sign-up goes through the API only: public self sign-up is closed (the app client id is not a
 * secret, so an open pool would take accounts that skip the API's checks, limits and workspace).
 * `POST /api/register` runs AdminCreateUser (no message) and a permanent AdminSetUserPassword, so
 * the user is confirmed and signed in at once. Email verification by Cognito is off: the api mails
 * its own codes and sets `email_verified` where needed; the pool never sends mail.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_POLICY } from '@cg/shared/auth';

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `commentguard-${props.stage}`,
      // Usernames are the app's user ids; emails live in the table (unique there, changeable), and
      // POST /api/login looks the id up by email before InitiateAuth.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      // Users are created confirmed by the api Lambda's admin calls: see the module comment.
      autoVerify: {},
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        // The same policy the server checks and the Register screen states (shared/src/auth.ts).
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: props.stage === 'prod',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'commentguard-server',
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: false, adminUserPassword: false, custom: false },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    const pool = Validations.of(this.userPool);
    pool.acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The password policy is the product spec\'s (at least 8 characters with upper case, lower case and a digit); symbols are not required so that the Register screen\'s stated rules and the pool agree.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is not part of the product yet: sign-in is a server-side USER_PASSWORD_AUTH call behind rate limiting, and adding an MFA step needs screens the spec does not have.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Essentials feature plan is enough: the Plus plan only adds threat protection, which is acknowledged under AwsSolutions-COG3 for the same reason.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Threat protection (Plus feature plan) is billed per monthly active user and sees only the api Lambda\'s IP with server-side USER_PASSWORD_AUTH; login and register are rate-limited per IP and per email in the api instead.',
    });
  }
}
