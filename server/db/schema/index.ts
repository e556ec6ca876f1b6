// The database schema (drizzle, PostgreSQL dialect), one file per area: the one description of
// every table, from which the committed SQL migrations in server/db/migrations are generated
// (drizzle.config.ts reads this folder).
export * from './accounts';
export * from './uploads';
export * from './payments';
export * from './catalog';
export * from './playback';
export * from './mail';
export * from './downloads';
export * from './notifications';
export * from './activity';
export * from './schedule';
export * from './programmes';
