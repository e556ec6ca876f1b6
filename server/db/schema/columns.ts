// Column types several tables share.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (PostgreSQL bytea): a Buffer from node-postgres, a Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
