// The server's tests' SMTP catcher (a real SMTP server on a loopback port that keeps every mail),
// for browser tests that follow a mailed link.
import type { CaughtMail } from '../../../server/test/helpers/mail-catcher';

export { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../server/test/helpers/mail-catcher';

/** The path and query of the first link to `page` in a mail (quoted-printable soft breaks undone). */
export function linkIn(mail: CaughtMail, page: string): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const escaped = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=[A-Za-z0-9_%.~-]+`).exec(text);
  if (!match) throw new Error(`no ${page} link in the mail:\n${mail.raw}`);
  return match[0];
}
