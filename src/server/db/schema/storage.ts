import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (avatars) kept in the database, so every app instance can serve them.
 * `path` is `{userId}/{timestamp}.{ext}` inside its bucket.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.path] }),
    index('stored_files_owner_idx').on(t.ownerId),
    ownerPolicy('stored_files', t.ownerId),
  ],
).enableRLS();
