// drizzle-kit: generates the SQL migrations in server/db/migrations from server/db/schema (one file per area).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
});
