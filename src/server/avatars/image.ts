import sharp from 'sharp';

/** The spec's 5 MB avatar limit (5 MiB, as a file manager shows it). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Larger images are refused before decoding: about a 6,300 × 6,300 photo. */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

/** Avatars are kept as a square of this many pixels a side (shown at most 96 px, so 2× and more). */
export const AVATAR_SIZE_PX = 512;

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The image type the bytes themselves declare (their magic numbers), or null. The file name and
 * the browser's declared content type are never trusted.
 */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  return null;
}

export type ReencodeResult =
  | { ok: true; bytes: Buffer; contentType: 'image/webp'; extension: 'webp' }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' | 'unreadable' };

/**
 * Decodes the image and encodes a fresh WebP square: the uploaded bytes are never served, so
 * anything hidden in them (metadata with a location, a polyglot script, a crafted chunk) is
 * dropped. Orientation from EXIF is applied first, then every bit of metadata is stripped
 * (sharp keeps none unless asked). Only the first frame of an animation is kept.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<ReencodeResult> {
  if (sniffImageKind(bytes) === null) return { ok: false, reason: 'not-an-image' };
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const { width = 0, height = 0 } = await image.metadata();
    if (width * height > AVATAR_MAX_INPUT_PIXELS) return { ok: false, reason: 'too-many-pixels' };
    const output = await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, bytes: output, contentType: 'image/webp', extension: 'webp' };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) return { ok: false, reason: 'too-many-pixels' };
    return { ok: false, reason: 'unreadable' };
  }
}
