/**
 * The audit trail (server/db/audit.ts, docs/guides/audit.md): one row per administrative act, written
 * in the act's own transaction. Append-only: a trigger refuses every UPDATE, so no path can rewrite
 * an entry; rows leave only by retention (AUDIT_RETENTION_DAYS) or with their workspace.
 * The key leads with the workspace and orders its entries by time, as v3.audit.list pages them; a
 * second index serves the retention sweep, which deletes across workspaces by age.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // null: a server administrator outside any session (scripts/set-license.ts).
    .addColumn('actor_uid', 'text')
    .addColumn('actor_key', 'text')
    .addColumn('address', 'text')
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addPrimaryKeyConstraint('audit_log_pk', ['cid', 'ts', '_id'])
    .addForeignKeyConstraint('audit_log_workspace', ['cid'], 'workspaces', ['_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('audit_log_ts').on('audit_log').column('ts').execute()
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit entries cannot be changed';
    end $$`.execute(db)
  await sql`create trigger audit_log_append_only before update on audit_log for each row execute function audit_log_append_only()`.execute(db)
}
