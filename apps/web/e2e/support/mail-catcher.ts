import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The raw message (headers and body) as it came over SMTP. */
  raw: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for a server's SMTP_URL. */
  url: string;
  /** Waits until a mail to `address` arrives (servers send in the background) and takes it. */
  take(address: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps every mail it receives (as the server's
 * test/helpers/mail-catcher.ts), for browser tests that follow a mailed link.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async take(address, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((m) => m.to.includes(address.toLowerCase()));
        if (index >= 0) return mails.splice(index, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path and query of the first link to `page` in a mail (quoted-printable soft breaks undone). */
export function linkIn(mail: CaughtMail, page: string): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const escaped = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=[A-Za-z0-9_%.~-]+`).exec(text);
  if (!match) throw new Error(`no ${page} link in the mail:\n${mail.raw}`);
  return match[0];
}
