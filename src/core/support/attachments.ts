/**
 * Support ticket attachments (issue 28): images or PDF documents up to 5 MB, known by their bytes
 * (magic numbers), never by their name or the type the browser declares.
 */

/** 5 MiB, as a file manager shows "5 MB" (the avatars' limit too). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

export type AttachmentKind = 'png' | 'jpeg' | 'webp' | 'gif' | 'pdf';

export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const EXTENSIONS: Record<AttachmentKind, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', pdf: 'pdf' };

/** What the file picker offers (a hint only: the server reads the bytes). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

export const ATTACHMENT_MESSAGES = {
  tooLarge: 'The attachment is larger than 5 MB. Please attach a smaller file.',
  notAllowed:
    'The attachment must be a PNG, JPEG, WebP or GIF image or a PDF document. This file is not one of those, whatever its name says.',
  unreadable: 'The attachment could not be read as an image. Please attach another copy.',
  empty: 'The attachment is empty',
} as const;

/** The kind the bytes declare, or null for anything else (an executable, HTML, a renamed file). */
export function sniffAttachmentKind(bytes: Uint8Array): AttachmentKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  // "%PDF-" then a version digit.
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d]) && bytes[5] !== undefined && bytes[5] >= 0x31 && bytes[5] <= 0x39)
    return 'pdf';
  return null;
}

export function isImageKind(kind: AttachmentKind): boolean {
  return kind !== 'pdf';
}

const NAME_MAX_CHARS = 100;

/**
 * The name shown for an attachment: the uploaded name's stem with anything but letters, digits,
 * spaces, dots, dashes, underscores and brackets replaced, at most 100 characters, and the
 * extension its bytes call for ("invoice.exe" that is a PNG shows as "invoice.png").
 */
export function attachmentDisplayName(uploadedName: string, kind: AttachmentKind): string {
  const base = uploadedName.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const cleaned = stem
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, NAME_MAX_CHARS);
  return `${cleaned || 'attachment'}.${EXTENSIONS[kind]}`;
}

export function attachmentExtension(kind: AttachmentKind): string {
  return EXTENSIONS[kind];
}

/** "1.2 MB", "340 KB", "512 bytes" (en-GB, 1 KB = 1,024 bytes as file managers show). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
}
