import type { Tx } from '../../db/client.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

/** Who the export is for, as the checked session knows them. */
export type ExportSubject = { userId: string; email: string; emailVerified: boolean };

export type ExportContext = { tx: Tx; subject: ExportSubject; storage: FileStorage };

/**
 * One table's part of "download my data". Later features add one exporter per table they own
 * (accounts, transactions, standing orders, ...) to the list in exporters.ts; the coverage test
 * fails for a table with a user-id column that is neither exported nor excluded with a reason.
 */
export type Exporter = {
  /** The database table this reads (as named in SQL). */
  table: string;
  /** Its key in the export document. */
  key: string;
  /**
   * `app_user`: read under row-level security like any request. `login`: a table the request
   * role has no grant on (the auth layer's); `read` must filter by the subject itself.
   */
  role: 'app_user' | 'login';
  read: (context: ExportContext) => Promise<unknown>;
};
