/** The parameters in a PHC string such as `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
export function argon2Parameters(
  hash: string,
): { algorithm: string; version: number; memoryKiB: number; iterations: number; parallelism: number } | null {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(hash);
  if (!match) return null;
  const [, algorithm, version, m, t, p] = match;
  return {
    algorithm: algorithm!,
    version: Number(version),
    memoryKiB: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
  };
}

/**
 * OWASP Password Storage Cheat Sheet: Argon2id with one of these equally strong settings
 * (memory in KiB, iterations), parallelism 1 — or more memory or iterations than one of them.
 */
const OWASP_ARGON2ID_MINIMUMS = [
  { memoryKiB: 47_104, iterations: 1 },
  { memoryKiB: 19_456, iterations: 2 },
  { memoryKiB: 12_288, iterations: 3 },
  { memoryKiB: 9_216, iterations: 4 },
  { memoryKiB: 7_168, iterations: 5 },
];

export function meetsOwaspArgon2Minimum(hash: string): boolean {
  const params = argon2Parameters(hash);
  if (params?.algorithm !== 'argon2id' || params.version !== 19 || params.parallelism < 1) return false;
  return OWASP_ARGON2ID_MINIMUMS.some(
    (min) => params.memoryKiB >= min.memoryKiB && params.iterations >= min.iterations,
  );
}
