import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX, reencodeAvatar, sniffImageKind } from './image.ts';

function solid(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: { r: 170, g: 17, b: 100 } } })
    .toFormat(format)
    .toBuffer();
}

describe('sniffImageKind', () => {
  it('knows PNG, JPEG, WebP and GIF by their bytes', async () => {
    expect(sniffImageKind(await solid('png'))).toBe('png');
    expect(sniffImageKind(await solid('jpeg'))).toBe('jpeg');
    expect(sniffImageKind(await solid('webp'))).toBe('webp');
    expect(sniffImageKind(await solid('gif'))).toBe('gif');
  });

  it('refuses text, SVG and empty input whatever they are called', () => {
    expect(sniffImageKind(Buffer.from('hello, I am a text file named photo.png'))).toBeNull();
    expect(
      sniffImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeAvatar', () => {
  it('turns a PNG into a 512-pixel WebP square', async () => {
    const result = await reencodeAvatar(await solid('png', 800, 600));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
    expect(result.extension).toBe('webp');
  });

  it('drops EXIF metadata (a camera location, a copyright line) from a JPEG', async () => {
    const withExif = await sharp(await solid('jpeg', 100, 100))
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await reencodeAvatar(withExif);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(result.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('refuses a text file and a truncated image', async () => {
    expect(await reencodeAvatar(Buffer.from('not an image at all'))).toEqual({ ok: false, reason: 'not-an-image' });
    const png = await solid('png', 200, 200);
    expect(await reencodeAvatar(png.subarray(0, 40))).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses an image with more pixels than the bound before decoding it', async () => {
    // A 7,000 × 7,000 PNG of one colour compresses to a few kilobytes.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect(await reencodeAvatar(huge)).toEqual({ ok: false, reason: 'too-many-pixels' });
  });
});
