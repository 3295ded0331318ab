/**
 * Writing a ticket's message with its attachment, in the request transaction: the message row,
 * the file in the storage (bucket `support`, owned by the ticket's owner, as an avatar is owned by
 * its user), and the row that ties them. A request that fails later rolls all three back (the
 * database store; a folder store keeps an unreferenced file, which nothing serves).
 */
import { randomUUID } from 'node:crypto';
import { attachmentExtension } from '../../core/support/attachments.ts';
import type { Tx } from '../db/client.ts';
import { supportTicketAttachments, supportTicketMessages } from '../db/schema/index.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { PreparedAttachment } from './message-form.ts';
import { getAttachment, SUPPORT_BUCKET } from './queries.ts';
import { AppError } from '../errors.ts';
import { SUPPORT_MESSAGES } from '../../core/support/tickets.ts';

export type NewMessage = {
  ticketId: string;
  ownerId: string;
  authorId: string;
  authorRole: 'saver' | 'admin';
  body: string;
  isInternal: boolean;
  attachment: PreparedAttachment | null;
};

export async function insertMessage(
  tx: Tx,
  storage: FileStorage,
  message: NewMessage,
): Promise<{ messageId: string; attachmentId: string | null; createdAt: Date }> {
  const messageId = randomUUID();
  const [row] = await tx
    .insert(supportTicketMessages)
    .values({
      id: messageId,
      ticketId: message.ticketId,
      userId: message.ownerId,
      authorId: message.authorId,
      authorRole: message.authorRole,
      body: message.body,
      isInternal: message.isInternal,
    })
    .returning({ createdAt: supportTicketMessages.createdAt });
  const { attachment } = message;
  if (!attachment) return { messageId, attachmentId: null, createdAt: row!.createdAt };
  const attachmentId = randomUUID();
  const storagePath = `${message.ownerId}/${attachmentId}.${attachmentExtension(attachment.kind)}`;
  await storage.put(tx, {
    bucket: SUPPORT_BUCKET,
    path: storagePath,
    ownerId: message.ownerId,
    contentType: attachment.contentType,
    bytes: attachment.bytes,
  });
  await tx.insert(supportTicketAttachments).values({
    id: attachmentId,
    ticketId: message.ticketId,
    messageId,
    userId: message.ownerId,
    fileName: attachment.fileName,
    contentType: attachment.contentType,
    size: attachment.bytes.length,
    storagePath,
  });
  return { messageId, attachmentId, createdAt: row!.createdAt };
}

/** The saver's own message on their ticket: public, as themselves. */
export function saverMessage(
  userId: string,
  ticketId: string,
  body: string,
  attachment: PreparedAttachment | null,
): NewMessage {
  return { ticketId, ownerId: userId, authorId: userId, authorRole: 'saver', body, isInternal: false, attachment };
}

/**
 * An attachment's bytes and headers, found by the ticket and the attachment's id (of `ownerId`'s
 * tickets when given): row-level security answers NOT_FOUND for one a saver may not see.
 */
export async function readAttachment(
  tx: Tx,
  storage: FileStorage,
  { ticketId, attachmentId, ownerId }: { ticketId: string; attachmentId: string; ownerId?: string },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const attachment = await getAttachment(tx, ticketId, attachmentId, ownerId);
  const file = await storage.get(tx, SUPPORT_BUCKET, attachment.storagePath);
  if (!file) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.attachmentNotFound);
  return { bytes: new Uint8Array(file.bytes), headers: attachmentHeaders(file, attachment.fileName) };
}

/**
 * The attachment's answer: the bytes with the type their magic numbers gave, an image shown
 * inline and a PDF downloaded, and a sandbox policy so nothing in the file runs on our origin.
 */
export function attachmentHeaders(file: { contentType: string; size: number }, fileName: string) {
  const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}
