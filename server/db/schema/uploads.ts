// Uploaded profile images, kept in the database (docs/decisions/008).
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { users } from './accounts';

export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** The image itself, so every instance serves it (docs/decisions/008); null only for files stored on disk before 0003. */
  data: bytea('data'),
  createdAt: createdAt(),
});
