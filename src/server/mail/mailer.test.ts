import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDirForTest } from '../test/temp-dir.ts';
import { createLogger } from '../logger.ts';
import { createMailer, extractLinks, listStoredMail, readStoredMail } from './mailer.ts';
import { alreadyRegisteredMail, verificationMail } from './templates.ts';

const quiet = createLogger('silent');

/** A minimal SMTP server (RFC 5321 happy path) that keeps what it receives. */
function startSmtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let idx = buffer.indexOf('\r\n'); idx >= 0; idx = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise<{ port: number; received: typeof received; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        received,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('the mailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers a message to a real SMTP server and writes no file', async () => {
    const mailDir = tempDirForTest('mail-');
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'SavvyPig <no-reply@example.com>',
      mailDir,
      logger: quiet,
    });
    await mailer.send(
      verificationMail('ann@example.com', 'Ann', 'http://localhost:3000/api/auth/verify-email?token=abc'),
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to[0]).toContain('ann@example.com');
    expect(smtp.received[0]!.data).toContain('Subject: Verify your email for SavvyPig');
    expect(mailer.mailDir).toBeUndefined();
    expect(fs.readdirSync(mailDir)).toEqual([]);
  });
});

describe('the mailer without SMTP', () => {
  it('writes an .eml file and an index the mailbox can read', async () => {
    const mailDir = tempDirForTest('mail-');
    const mailer = createMailer({ from: 'SavvyPig <no-reply@example.com>', mailDir, logger: quiet });
    mailer.sendInBackground(
      alreadyRegisteredMail('bo@example.com', 'http://localhost:3000/login', 'http://localhost:3000/reset-request'),
    );
    await mailer.flush();
    const files = fs.readdirSync(mailDir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const eml = fs.readFileSync(path.join(mailDir, files.find((f) => f.endsWith('.eml'))!), 'utf8');
    expect(eml).toMatch(/^To: bo@example.com$/m);
    const [summary] = await listStoredMail(mailDir);
    expect(summary?.links).toEqual(['http://localhost:3000/login', 'http://localhost:3000/reset-request']);
    expect((await readStoredMail(mailDir, summary!.id))?.subject).toBe('Someone tried to sign up with your email');
    expect(await readStoredMail(mailDir, '../../etc/passwd')).toBeNull();
  });

  it('never shows a reader half a mail: the mailbox lists whole ones while many are written', async () => {
    const mailDir = tempDirForTest('mail-');
    const mailer = createMailer({ from: 'SavvyPig <no-reply@example.com>', mailDir, logger: quiet });
    // Long mails, so a write takes more than one chunk; the reader lists as fast as it can meanwhile.
    const long = 'x'.repeat(1_200_000);
    for (let i = 0; i < 12; i++)
      mailer.sendInBackground({ to: `m${i}@example.com`, subject: `Mail ${i}`, text: long, html: `<p>${long}</p>` });
    let done = false;
    const flushed = mailer.flush().then(() => {
      done = true;
    });
    let reads = 0;
    while (!done) {
      for (const mail of await listStoredMail(mailDir)) expect(mail.text).toHaveLength(long.length);
      reads += 1;
    }
    await flushed;
    expect(reads).toBeGreaterThan(0);
    expect(await listStoredMail(mailDir)).toHaveLength(12);
    expect(fs.readdirSync(mailDir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});

describe('templates', () => {
  it('escape what a user typed', () => {
    const mail = verificationMail('x@example.com', '<script>alert(1)</script>', 'http://localhost/v?a=1&b=2');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="http://localhost/v?a=1&amp;b=2"');
  });

  it('extract links from plain text', () => {
    expect(extractLinks('Go to https://a.example/x?y=1. Or http://b.example')).toEqual([
      'https://a.example/x?y=1.',
      'http://b.example',
    ]);
  });
});
