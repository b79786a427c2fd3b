/** The mail adapter for this process: the local mail catcher when MAIL_SMTP_URL is set, SES otherwise. */
import { config } from '../config.js';
import type { MailPort } from '../domain/ports.js';
import { sesMail } from './ses.js';
import { smtpMail } from './smtp.js';

/** The sender when MAIL_FROM is unset (local runs; the CDK sets it in AWS). */
export const LOCAL_MAIL_FROM = 'Pagewarden <no-reply@commentguard.local>';

function pick(): MailPort {
  const from = config.opt('MAIL_FROM') ?? LOCAL_MAIL_FROM;
  const smtpUrl = config.opt('MAIL_SMTP_URL');
  return smtpUrl ? smtpMail(smtpUrl, from) : sesMail(from);
}

let chosen: MailPort | undefined;
/** Chosen at the first send, so the environment is read after the process has set it. */
export const mailer: MailPort = {
  send: (message) => (chosen ??= pick()).send(message),
};
