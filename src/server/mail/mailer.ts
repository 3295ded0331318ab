import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string; replyTo?: string };

export type StoredMail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  links: string[];
};

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends without making the caller wait (and so without timing that tells anything); logs
   * failures. Given a function, runs it in the background too and sends what it returns (nothing
   * for null): for work whose cost or outcome must not show in the response time, such as
   * looking up whether an address has an account.
   */
  sendInBackground(mail: OutgoingMail | (() => Promise<OutgoingMail | null>)): void;
  /** Waits for background sends (tests and graceful shutdown). */
  flush(): Promise<void>;
  /** The local mailbox folder when mail is written to files, else undefined. */
  mailDir?: string;
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise `.eml` files (plus a JSON index) in `mailDir`. */
export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string; logger: Logger }): Mailer {
  const { logger, from } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  let madeMailDir: Promise<void> | undefined;

  async function send(mail: OutgoingMail, id = nextMailId()): Promise<void> {
    const info = await transport.sendMail({ from, ...mail });
    if (options.smtpUrl) {
      logger.info('mail sent', { to: mail.to, subject: mail.subject, messageId: info.messageId });
      return;
    }
    // Once per mailer, not per message (the daily digest writes thousands); again if it failed.
    madeMailDir ??= fs.mkdir(options.mailDir, { recursive: true }).then(
      () => {},
      (err: unknown) => {
        madeMailDir = undefined;
        throw err;
      },
    );
    await madeMailDir;
    const raw = (info as unknown as { message: Buffer }).message;
    await writeWhole(path.join(options.mailDir, `${id}.eml`), raw).catch((err: unknown) => {
      // The folder was removed since: made again on the next send.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') madeMailDir = undefined;
      throw err;
    });
    const stored: StoredMail = {
      id,
      to: mail.to,
      from,
      subject: mail.subject,
      date: new Date().toISOString(),
      text: mail.text,
      html: mail.html,
      links: extractLinks(mail.text),
    };
    await writeWhole(path.join(options.mailDir, `${id}.json`), JSON.stringify(stored, null, 2));
    logger.info('mail written', { to: mail.to, subject: mail.subject, file: `${id}.eml` });
  }

  return {
    send: (mail) => send(mail),
    mailDir: options.smtpUrl ? undefined : options.mailDir,
    sendInBackground(mailOrTask) {
      // Its place in the mailbox is taken now: the mail sorts after what was sent before it,
      // however long the task or another's takes.
      const id = nextMailId();
      const p = (async () => {
        // A microtask later, so even a task's synchronous part runs after the caller has moved on.
        await Promise.resolve();
        const mail = typeof mailOrTask === 'function' ? await mailOrTask() : mailOrTask;
        if (!mail) return;
        await send(mail, id).catch((err) =>
          logger.error('mail send failed', { to: mail.to, subject: mail.subject, ...errorFields(err) }),
        );
      })()
        .catch((err) => logger.error('background mail task failed', errorFields(err)))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

let lastMailMs = 0;
let mailsThisMs = 0;

/**
 * A local mailbox file's id: the time, then a count within the millisecond, so ids sort in the
 * order mails were sent (the mailbox lists them so, and tests read them so), then a random part.
 */
function nextMailId(): string {
  const now = Math.max(Date.now(), lastMailMs);
  mailsThisMs = now === lastMailMs ? mailsThisMs + 1 : 0;
  lastMailMs = now;
  return `${now}-${String(mailsThisMs).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * Writes a file under a temporary name and renames it into place, so a reader listing the mailbox
 * (the dev mailbox, a test waiting for a mail) never opens half a file.
 */
async function writeWhole(file: string, content: string | Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, file);
}

export async function listStoredMail(mailDir: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(mailDir);
  } catch {
    return [];
  }
  const jsonFiles = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, 200);
  const mails = await Promise.all(
    jsonFiles.map(async (n) => JSON.parse(await fs.readFile(path.join(mailDir, n), 'utf8')) as StoredMail),
  );
  return mails;
}

export async function readStoredMail(mailDir: string, id: string): Promise<StoredMail | null> {
  if (!/^[0-9]+-[0-9]{4}-[0-9a-f]{8}$/.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(mailDir, `${id}.json`), 'utf8')) as StoredMail;
  } catch {
    return null;
  }
}
