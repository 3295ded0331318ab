import fs from 'node:fs';
import path from 'node:path';
import {
  REFERENCE_FILE_NAMES,
  type ReferenceFileKey,
  type ReferenceFileTexts,
} from '../../core/reference-data/records.ts';

/** Finds the committed `data/reference/` folder from source (src/server/reference) or the bundle (dist-server). */
export function referenceDataFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'data', 'reference');
    if (fs.existsSync(path.join(candidate, REFERENCE_FILE_NAMES.institutions))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the data/reference/ folder');
}

/** The text of every reference file. */
export function readReferenceFiles(folder = referenceDataFolder()): ReferenceFileTexts {
  const texts = {} as ReferenceFileTexts;
  for (const [key, file] of Object.entries(REFERENCE_FILE_NAMES) as [ReferenceFileKey, string][]) {
    texts[key] = fs.readFileSync(path.join(folder, file), 'utf8');
  }
  return texts;
}
