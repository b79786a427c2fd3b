/** The functions' SMTP client against the local mail catcher: what is sent is what the inbox lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMail } from '../../functions/src/mail/smtp.js';
import { startMailCatcher, type MailCatcher } from '../local/mail-catcher.js';

let catcher: MailCatcher;
beforeAll(async () => { catcher = await startMailCatcher(); });
afterAll(async () => { await catcher.close(); });

describe('local mail catcher', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(catcher.smtpUrl).hostname).toBe('127.0.0.1');
    expect(new URL(catcher.webUrl).hostname).toBe('127.0.0.1');
  });

  it('receives a UTF-8 message with a long body and lists it as JSON by recipient', async () => {
    const mail = smtpMail(catcher.smtpUrl, 'Pagewarden <no-reply@commentguard.local>');
    const text = `Héllo Zoë — your code is 123456\n.\n${'long line '.repeat(40)}\nlast line\n`;
    await mail.send({ to: 'zoe@example.com', subject: 'Café ☕ code', text });
    await mail.send({ to: 'other@example.com', subject: 'Other', text: 'x' });

    const res = await fetch(`${catcher.webUrl}/messages?to=ZOE@example.com`);
    expect(res.status).toBe(200);
    const list = await res.json() as { from: string; to: string[]; subject: string; text: string }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ from: 'no-reply@commentguard.local', to: ['zoe@example.com'], subject: 'Café ☕ code' });
    expect(list[0]!.text.trimEnd()).toBe(text.trimEnd());
  });

  it('shows the inbox as a page for people, with the text escaped', async () => {
    await smtpMail(catcher.smtpUrl, 'no-reply@commentguard.local').send({ to: 'a@example.com', subject: '<b>hi</b>', text: 'body' });
    const page = await (await fetch(catcher.webUrl)).text();
    expect(page).toContain('&#60;b&#62;hi&#60;/b&#62;');
    expect(page).not.toContain('<b>hi</b>');
  });

  it('a recipient with a line break is refused before anything is sent', async () => {
    const mail = smtpMail(catcher.smtpUrl, 'no-reply@commentguard.local');
    await expect(mail.send({ to: 'bad\r\nRCPT TO:<x@example.com>', subject: 's', text: 't' })).rejects.toThrow(/line breaks/);
  });
});
