/**
 * Secrets: third-party credentials in Secrets Manager, one secret per trust boundary so that each
 * function is granted only what it uses. All are created with empty fields (or a generated value
 * where we choose it, like the Meta webhook verify token) and filled in after the first deploy:
 * see docs/deploy.md. An empty field means "not configured" to the handlers (design D8).
 *
 * | secret                         | JSON fields                          | read by              |
 * | commentguard/<stage>/meta      | appId, appSecret, verifyToken        | api, webhooks        |
 * | commentguard/<stage>/stripe    | secretKey, publishableKey            | api                  |
 * | commentguard/<stage>/stripe-webhook | webhookSecret                   | webhooks             |
 * | commentguard/<stage>/openai    | apiKey                               | analyser             |
 */
import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export class Secrets extends Construct {
  readonly meta: secretsmanager.Secret;
  readonly stripe: secretsmanager.Secret;
  readonly stripeWebhook: secretsmanager.Secret;
  readonly openai: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    const name = (n: string): string => `commentguard/${props.stage}/${n}`;
    const empty = (...fields: string[]): Record<string, SecretValue> =>
      Object.fromEntries(fields.map((f) => [f, SecretValue.unsafePlainText('')]));

    this.meta = new secretsmanager.Secret(this, 'Meta', {
      secretName: name('meta'),
      description: 'Meta app: appId, appSecret (fill in) and the webhook verifyToken (generated).',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ appId: '', appSecret: '' }),
        generateStringKey: 'verifyToken',
        excludePunctuation: true,
        passwordLength: 40,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stripe = new secretsmanager.Secret(this, 'Stripe', {
      secretName: name('stripe'),
      description: 'Stripe API: secretKey and publishableKey (empty = payments not configured).',
      secretObjectValue: empty('secretKey', 'publishableKey'),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stripeWebhook = new secretsmanager.Secret(this, 'StripeWebhook', {
      secretName: name('stripe-webhook'),
      description: 'Stripe webhook endpoint signing secret: webhookSecret.',
      secretObjectValue: empty('webhookSecret'),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.openai = new secretsmanager.Secret(this, 'OpenAI', {
      secretName: name('openai'),
      description: 'OpenAI: apiKey (empty = the embedded analyser is used).',
      secretObjectValue: empty('apiKey'),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const s of [this.meta, this.stripe, this.stripeWebhook, this.openai]) {
      Validations.of(s).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'These are credentials issued by third parties (Meta, Stripe, OpenAI) that can only be rotated in their dashboards, so a Secrets Manager rotation Lambda cannot rotate them.',
      });
    }
  }
}
