import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { tempDirForTest } from '../test/temp-dir.ts';
import { entryStream, readTarIndex, TarWriter } from './tar.ts';

const files: Record<string, string> = {
  'manifest.json': '{"a":1}',
  'files/avatars/0b5c1f2e-6d0a-4a7e-9f7d-3c1e2b4a5d6f/1795861814267-a-name-long-enough-to-need-the-prefix-field-of-ustar.webp':
    'image bytes',
  [`files/${'deep/'.repeat(40)}past-every-ustar-field.txt`]: 'a name only PAX can hold',
  'empty.txt': '',
};

async function written(dir: string): Promise<string> {
  const file = path.join(dir, 'archive.tar');
  const handle = await fs.promises.open(file, 'w');
  const writer = new TarWriter(handle);
  for (const [name, body] of Object.entries(files)) {
    // Streams and buffers both go in; the stream's length is not known beforehand.
    await writer.add(name, name.endsWith('.txt') ? Readable.from([Buffer.from(body)]) : Buffer.from(body));
  }
  await writer.finish();
  await handle.close();
  return file;
}

describe('the backup archive (tar)', () => {
  it('reads back every file it wrote, names of any length and empty files included', async () => {
    const file = await written(tempDirForTest('tar-'));
    const index = await readTarIndex(file);
    expect([...index.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [name, body] of Object.entries(files))
      expect(await text(entryStream(file, index.get(name)!))).toBe(body);
  });

  it.runIf(fs.existsSync('/usr/bin/tar') || fs.existsSync('/bin/tar'))(
    'is a tar that the tar command unpacks, and reads what the tar command packs',
    async () => {
      const dir = tempDirForTest('tar-');
      const file = await written(dir);
      const out = path.join(dir, 'out');
      fs.mkdirSync(out);
      execFileSync('tar', ['-xf', file, '-C', out]);
      for (const [name, body] of Object.entries(files))
        expect(fs.readFileSync(path.join(out, name), 'utf8')).toBe(body);

      const packed = path.join(dir, 'packed.tar');
      execFileSync('tar', ['--format=pax', '-cf', packed, '-C', out, '.']);
      const index = await readTarIndex(packed);
      for (const [name, body] of Object.entries(files))
        expect(await text(entryStream(packed, index.get(`./${name}`)!))).toBe(body);
    },
  );

  it('refuses a file that is not a tar, and one cut short', async () => {
    const dir = tempDirForTest('tar-');
    const notTar = path.join(dir, 'not.tar');
    fs.writeFileSync(notTar, Buffer.alloc(2048, 'x'));
    await expect(readTarIndex(notTar)).rejects.toThrow('Not a backup archive');
    const file = await written(dir);
    const cut = path.join(dir, 'cut.tar');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 1024 + 100));
    await expect(readTarIndex(cut)).rejects.toThrow('cut short');
  });
});
