import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * A plain tar (POSIX ustar, PAX records for long names), enough for backups: regular files only.
 * `tar -tvf` lists it and `tar -xf` unpacks it. Entries are written body first and their header
 * after, in the block kept for it, so a stream of unknown length (pg_dump's output) goes straight in.
 */
const BLOCK = 512;

export type TarEntry = { name: string; offset: number; size: number };

export class TarWriter {
  #position = 0;
  readonly handle: FileHandle;
  constructor(handle: FileHandle) {
    this.handle = handle;
  }

  /** Adds one file; resolves with its length and SHA-256 (hex). */
  async add(name: string, body: Readable | Uint8Array, mtime = new Date()): Promise<{ bytes: number; sha256: string }> {
    const names = splitName(name);
    if (!names) await this.#addPaxPath(name, mtime);
    const headerAt = this.#position;
    this.#position += BLOCK;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of body instanceof Uint8Array ? [body] : body) {
      const bytes = chunk as Uint8Array;
      hash.update(bytes);
      await this.#write(bytes);
      size += bytes.length;
    }
    await this.#pad();
    const header = headerBlock(names ?? { name: name.slice(-100), prefix: '' }, size, mtime, '0');
    await this.handle.write(header, 0, BLOCK, headerAt);
    return { bytes: size, sha256: hash.digest('hex') };
  }

  /** Two empty blocks end the archive. */
  async finish(): Promise<void> {
    await this.#write(new Uint8Array(BLOCK * 2));
  }

  async #addPaxPath(name: string, mtime: Date) {
    const record = paxRecord('path', name);
    await this.handle.write(
      headerBlock({ name: 'PaxHeader', prefix: '' }, record.length, mtime, 'x'),
      0,
      BLOCK,
      this.#position,
    );
    this.#position += BLOCK;
    await this.#write(record);
    await this.#pad();
  }

  async #write(bytes: Uint8Array) {
    await this.handle.write(bytes, 0, bytes.length, this.#position);
    this.#position += bytes.length;
  }

  async #pad() {
    const over = this.#position % BLOCK;
    if (over) await this.#write(new Uint8Array(BLOCK - over));
  }
}

/** Every regular file in the archive, with where its bytes are. */
export async function readTarIndex(file: string): Promise<Map<string, TarEntry>> {
  const entries = new Map<string, TarEntry>();
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    let paxPath: string | undefined;
    while (position + BLOCK <= fileSize) {
      await handle.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) return entries;
      if (!checksumMatches(block)) throw new Error(`Not a backup archive (damaged tar header at byte ${position})`);
      const size = readSize(block.subarray(124, 136));
      const type = String.fromCharCode(block[156]!);
      const body = position + BLOCK;
      if (body + size > fileSize) throw new Error('The backup archive is cut short');
      if (type === 'x') {
        const pax = Buffer.alloc(size);
        await handle.read(pax, 0, size, body);
        paxPath = parsePax(pax).get('path');
      } else {
        if (type === '0' || type === '\0') {
          const name = paxPath ?? joinName(text(block, 345, 155), text(block, 0, 100));
          entries.set(name, { name, offset: body, size });
        }
        paxPath = undefined;
      }
      position = body + Math.ceil(size / BLOCK) * BLOCK;
    }
    throw new Error('The backup archive is cut short');
  } finally {
    await handle.close();
  }
}

/** The bytes of one entry as a stream. */
export function entryStream(file: string, entry: TarEntry): Readable {
  // createReadStream's `end` is inclusive, so an empty entry has no range to read.
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

function splitName(name: string): { name: string; prefix: string } | null {
  const bytes = Buffer.byteLength(name);
  if (bytes <= 100) return { name, prefix: '' };
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  return null;
}

function joinName(prefix: string, name: string): string {
  return prefix ? `${prefix}/${name}` : name;
}

function headerBlock(names: { name: string; prefix: string }, size: number, mtime: Date, type: string): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(names.name, 0, 100);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeSize(header, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write(type, 156, 1);
  header.write('ustar\u000000', 257, 8, 'latin1');
  header.write(names.prefix, 345, 155);
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return header;
}

function writeOctal(header: Buffer, at: number, width: number, value: number) {
  header.write(`${value.toString(8).padStart(width - 1, '0')}\u0000`, at, width, 'latin1');
}

/** Octal up to 8 GiB; beyond, the base-256 form GNU tar and others read. */
function writeSize(header: Buffer, size: number) {
  if (size < 8 ** 11) return writeOctal(header, 124, 12, size);
  header[124] = 0x80;
  let rest = size;
  for (let i = 135; i > 124; i--) {
    header[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

function readSize(field: Buffer): number {
  if (field[0]! & 0x80) return field.subarray(1).reduce((total, byte) => total * 256 + byte, 0);
  return Number.parseInt(field.toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
}

function checksumMatches(header: Buffer): boolean {
  const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum === stored;
}

function text(header: Buffer, at: number, width: number): string {
  const field = header.subarray(at, at + width);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? width : end).toString('utf8');
}

/** One PAX record, "<length> <key>=<value>\n", where the length counts itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return Buffer.from(`${length}${body}`);
}

function parsePax(bytes: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(bytes.subarray(at, space).toString('latin1'));
    if (!(length > 0)) break;
    const record = bytes.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) records.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return records;
}
