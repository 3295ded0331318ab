import type { Config } from '../config.ts';
import { createDatabaseStorage } from './database-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createFolderStorage } from './folder-storage.ts';

/** The database store unless FILE_STORAGE_DIR names a folder (see README, configuration). */
export function createFileStorage(config: Pick<Config, 'FILE_STORAGE_DIR'>): FileStorage {
  return config.FILE_STORAGE_DIR ? createFolderStorage(config.FILE_STORAGE_DIR) : createDatabaseStorage();
}
