/** Outgoing mail through Amazon SES (v2 API) in AWS; the function's role may send from MAIL_FROM's identity. */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';
import { traced } from '../observability/index.js';
import type { MailPort } from '../domain/ports.js';

let client: SESv2Client | undefined;

export function sesMail(from: string): MailPort {
  return {
    async send({ to, subject, text }) {
      client ??= traced(new SESv2Client({ region: config.region }));
      await client.send(new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
      }));
    },
  };
}
