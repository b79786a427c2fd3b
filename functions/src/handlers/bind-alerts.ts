/**
 * Binds the alerts port (domain/alert-port.ts) for every function that raises alerts or serves the
 * bell: the DynamoDB store, the mail adapter (SES in AWS, the mail catcher locally), the WebSocket
 * notifier and the HTTP POST to a Slack-compatible incoming webhook.
 */
import { bindAlerts } from '../domain/alert-port.js';
import { slackPost } from '../alerts/slack.js';
import { mailer } from '../mail/index.js';
import { wsNotifier } from '../realtime/notifier.js';
import { dynamoAlertStore } from '../store/alerts.js';

bindAlerts({ store: dynamoAlertStore, channels: { mail: mailer, notifier: wsNotifier, postJson: slackPost } });
