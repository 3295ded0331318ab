import { describe, expect, it } from 'vitest';
import { attachmentDisplayName, formatFileSize, sniffAttachmentKind } from './attachments.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('an attachment’s kind, from its bytes', () => {
  it('knows PNG, JPEG, WebP, GIF and PDF by their magic numbers', () => {
    expect(sniffAttachmentKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffAttachmentKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffAttachmentKind(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniffAttachmentKind(bytes('GIF89a'))).toBe('gif');
    expect(sniffAttachmentKind(bytes('%PDF-1.7\n'))).toBe('pdf');
  });

  it('refuses an executable, HTML, SVG and text whatever they are called', () => {
    expect(sniffAttachmentKind(bytes('MZ', 0x90, 0))).toBeNull();
    expect(sniffAttachmentKind(bytes(0x7f, 'ELF'))).toBeNull();
    expect(sniffAttachmentKind(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachmentKind(bytes('<svg onload="alert(1)">'))).toBeNull();
    expect(sniffAttachmentKind(bytes('%PDF-x'))).toBeNull();
    expect(sniffAttachmentKind(new Uint8Array())).toBeNull();
  });
});

describe('an attachment’s shown name', () => {
  it('keeps the stem and takes the extension the bytes call for', () => {
    expect(attachmentDisplayName('Statement March.exe', 'png')).toBe('Statement March.png');
    expect(attachmentDisplayName('scan.PDF', 'pdf')).toBe('scan.pdf');
  });

  it('drops folders, markup and leading dots', () => {
    expect(attachmentDisplayName('C:\\Users\\ann\\..\\evil<img src=x>.jpg', 'jpeg')).toBe('evil_img src_x_.jpg');
    expect(attachmentDisplayName('../../.hidden.gif', 'gif')).toBe('hidden.gif');
    expect(attachmentDisplayName('.htaccess', 'gif')).toBe('attachment.gif');
    expect(attachmentDisplayName('', 'pdf')).toBe('attachment.pdf');
  });

  it('shortens a very long name to 100 characters before the extension', () => {
    expect(attachmentDisplayName(`${'a'.repeat(300)}.png`, 'png')).toBe(`${'a'.repeat(100)}.png`);
  });
});

describe('a file size in words', () => {
  it('says bytes, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
