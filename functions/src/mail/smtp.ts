/**
 * A minimal SMTP client for the local mail catcher (MAIL_SMTP_URL, plain SMTP on localhost, no TLS
 * or auth): one connection per message. Kept this small so the Lambda bundles carry no mail library.
 */
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { MailMessage, MailPort } from '../domain/ports.js';

/** Reads SMTP replies (a reply ends at a line whose code is followed by a space). */
function replyReader(socket: Socket): () => Promise<string> {
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let i: number;
    while ((i = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (/^\d{3}-/.test(line)) continue; // a continuation line (250-SIZE ...)
      const next = waiting.shift();
      if (next) next(line); else lines.push(line);
    }
  });
  return () => {
    const line = lines.shift();
    return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
  };
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function noLineBreaks(value: string, what: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`mail ${what} must not contain line breaks`);
  return value;
}

/** The message as sent: headers, then the text as base64 (so no line starts with a dot). */
export function formatMessage(from: string, message: MailMessage, now = new Date()): string {
  const body = Buffer.from(message.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${noLineBreaks(from, 'sender')}`,
    `To: ${noLineBreaks(message.to, 'recipient')}`,
    `Subject: ${encodeHeader(noLineBreaks(message.subject, 'subject'))}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@commentguard.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body.replace(/\r\n$/, ''),
  ].join('\r\n');
}

/** The address inside "Name <address>", or the value itself. */
function addressOf(value: string): string {
  return /<([^>]+)>/.exec(value)?.[1] ?? value;
}

export function smtpMail(smtpUrl: string, from: string): MailPort {
  const url = new URL(smtpUrl);
  return {
    async send(message) {
      const socket = connect(Number(url.port || 25), url.hostname);
      const failed = new Promise<never>((_, reject) => {
        socket.once('error', reject);
        socket.setTimeout(10_000, () => reject(new Error(`SMTP ${smtpUrl} timed out`)));
      });
      failed.catch(() => undefined); // raced below; never left unhandled
      const next = replyReader(socket);
      const expect = async (code: string, command?: string) => {
        if (command !== undefined) socket.write(`${command}\r\n`);
        const reply = await Promise.race([next(), failed]);
        if (!reply.startsWith(code)) throw new Error(`SMTP ${smtpUrl}: ${command?.split(':')[0] ?? 'greeting'} answered ${reply}`);
      };
      try {
        await expect('220');
        await expect('250', 'EHLO commentguard.local');
        await expect('250', `MAIL FROM:<${noLineBreaks(addressOf(from), 'sender')}>`);
        await expect('250', `RCPT TO:<${noLineBreaks(message.to, 'recipient')}>`);
        await expect('354', 'DATA');
        await expect('250', `${formatMessage(from, message)}\r\n.`);
        await expect('221', 'QUIT');
      } finally {
        socket.destroy();
      }
    },
  };
}
