/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter and 62 random
 * bits. Transactions are listed by (date, id) descending, so ids that grow with time put the
 * transactions of one day newest first in the order they were added (random version 4 ids, the
 * column's default, would shuffle them). PostgreSQL compares uuids byte by byte, which is this order.
 */
import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;

// Random bytes drawn for many ids at once, as crypto.randomUUID does: one call into the system's
// generator a call was 30 µs a deposit under load (docs/performance.md, "Mixed load").
const IDS_PER_DRAW = 256;
const drawn = Buffer.alloc(16 * IDS_PER_DRAW);
let idsLeft = 0;

/** Sixteen fresh random bytes of their own (never handed out twice). */
function sixteenRandomBytes(): Buffer {
  if (idsLeft === 0) {
    randomFillSync(drawn);
    idsLeft = IDS_PER_DRAW;
  }
  idsLeft -= 1;
  const bytes = Buffer.allocUnsafe(16);
  drawn.copy(bytes, 0, idsLeft * 16, idsLeft * 16 + 16);
  return bytes;
}

export function timeOrderedId(nowMs: number = Date.now()): string {
  // Within one millisecond (or if the clock steps back) the counter keeps ids increasing.
  if (nowMs > lastMs) {
    lastMs = nowMs;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = sixteenRandomBytes();
  let ms = lastMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
