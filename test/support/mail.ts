/** The local mail catcher of this run's stack, as the tests read it (codes, invitation links). */
import { inject } from 'vitest';

export interface CaughtMail { id: number; from: string; to: string[]; subject: string; text: string; receivedAt: string }

/** Every mail caught for this address, oldest first. The product sends before it answers, so no waiting is needed. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const base = inject('stackEnv').MAIL_CATCHER_URL;
  if (!base) throw new Error('the test stack has no MAIL_CATCHER_URL');
  const res = await fetch(`${base}/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** The newest mail to this address whose subject matches; fails the test when there is none. */
export async function lastMail(address: string, subject: RegExp): Promise<CaughtMail> {
  const found = (await mailsTo(address)).filter((m) => subject.test(m.subject)).at(-1);
  if (!found) throw new Error(`no mail to ${address} with a subject matching ${subject}`);
  return found;
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}
