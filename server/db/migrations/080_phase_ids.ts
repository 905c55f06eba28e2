/**
 * Phase ids are unique across every workflow of the server: a client may choose the id of a new
 * phase (and name it in the same call), but not one another workflow already uses. `phase_ids`
 * holds each 24-hex phase id once, with the workflow that has it; its primary key refuses a second
 * owner, also when two transactions add the same id at the same time.
 *
 * A trigger on `processes` keeps it in step with `info.phases` in the transaction of the write, so
 * every path that adds or removes phases (set_info, copies, templates, products, imports) is covered;
 * a workflow's removal takes its rows with it (foreign key). Only ids added by a write are claimed:
 * a server upgraded with ids already shared keeps them (the oldest workflow holds the id here) and
 * those workflows still save. Phase keys that are not 24-hex ids (kept by an import) are unique within
 * their workflow only and are not recorded.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phase_ids')
    .addColumn('phase_id', 'text', (c) => c.notNull())
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('phase_ids_pk', ['phase_id'])
    .addForeignKeyConstraint('phase_ids_process', ['cid', 'process_id'], 'processes', ['cid', '_id'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('phase_ids_by_process').on('phase_ids').columns(['cid', 'process_id']).execute()

  // The phase ids of an info document (none when `phases` is not an object).
  await sql`create function phase_keys(info jsonb) returns setof text language sql immutable as $$
    select k from jsonb_object_keys(case when jsonb_typeof(info->'phases') = 'object' then info->'phases' else '{}'::jsonb end) k
    where k ~ '^[0-9a-f]{24}$'
  $$`.execute(db)
  await sql`create function keep_phase_ids() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' then
      delete from phase_ids p where p.cid = new.cid and p.process_id = new._id and p.phase_id not in (select phase_keys(new.info));
      insert into phase_ids (phase_id, cid, process_id)
        select k, new.cid, new._id from phase_keys(new.info) k where k not in (select phase_keys(old.info));
    else
      insert into phase_ids (phase_id, cid, process_id) select k, new.cid, new._id from phase_keys(new.info) k;
    end if;
    return null;
  end $$`.execute(db)
  await sql`create trigger processes_phase_ids_insert after insert on processes
    for each row execute function keep_phase_ids()`.execute(db)
  await sql`create trigger processes_phase_ids_update after update of info on processes
    for each row when (old.info->'phases' is distinct from new.info->'phases') execute function keep_phase_ids()`.execute(db)

  // Backfill: each id goes to the oldest workflow that has it.
  await sql`insert into phase_ids (phase_id, cid, process_id)
    select distinct on (k) k, p.cid, p._id from processes p, phase_keys(p.info) k order by k, p.created, p._id`.execute(db)
}
