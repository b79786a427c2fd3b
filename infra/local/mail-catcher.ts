/**
 * The local mail catcher: an SMTP server on 127.0.0.1 that keeps every message it is sent (nothing
 * is delivered anywhere), and a small HTTP inbox: `/` for people, `/messages` as JSON for the tests
 * (`?to=<address>` filters by recipient). The functions send to it when MAIL_SMTP_URL is set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail { id: number; from: string; to: string[]; subject: string; text: string; receivedAt: string }

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> for the functions' MAIL_SMTP_URL. */
  smtpUrl: string;
  /** The inbox: HTML at `/`, JSON at `/messages`. */
  webUrl: string;
  messages: CaughtMail[];
  close(): Promise<void>;
}

/** Messages kept (oldest dropped first), so a long `npm start` does not grow without bound. */
const KEEP = 500;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inboxPage(messages: CaughtMail[]): string {
  const items = [...messages].reverse().map((m) => `<article><h2>${escapeHtml(m.subject)}</h2>`
    + `<p><b>To:</b> ${escapeHtml(m.to.join(', '))} · <b>From:</b> ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p>`
    + `<pre>${escapeHtml(m.text)}</pre></article>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CommentGuard mail catcher</title>
<style>body{font:15px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc}pre{white-space:pre-wrap}</style></head>
<body><h1>Mail caught locally (${messages.length})</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
}

interface Listener { listen(port: number, host: string, cb: () => void): unknown; once(event: 'error', cb: (err: Error) => void): unknown }
function listen(server: Listener, port: number): Promise<void> {
  return new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
}

/** Starts both servers; port 0 (the default) lets the system pick free ports. */
export async function startMailCatcher(opts: { smtpPort?: number; webPort?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push({
          id: nextId++,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: (mail.text ?? '').replace(/\r\n/g, '\n'),
          receivedAt: new Date().toISOString(),
        });
        if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
        callback();
      }, (err: Error) => callback(err));
    },
  });
  const web: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(list));
    } else if (url.pathname === '/' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(inboxPage(messages));
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET / (inbox) or GET /messages[?to=address] (JSON)');
    }
  });
  await listen(smtp, opts.smtpPort ?? 0);
  try {
    await listen(web, opts.webPort ?? 0);
  } catch (err) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw err;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    messages,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => web.close(() => r())),
      ]);
    },
  };
}
