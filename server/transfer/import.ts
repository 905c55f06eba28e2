/**
 * Creates the workspaces of an export archive here, inside the caller's transaction: nothing is
 * half written (a failure rolls every row back and removes the files already copied).
 *
 * New ids for everything: every ObjectId the archive holds (in any column, inside JSON documents,
 * as an object key, or after a `user_` / `team_` / `network_` / `group_` / `form_` prefix) is
 * rewritten through one map, so every reference stays consistent and nothing imported can name a
 * record that was here before. People are no exception: an archive is the importer's word, and it
 * may name anyone's e-mail, so it joins no account here to anything. Every person it names other
 * than the importer (same e-mail) is invited to the workspace with their role, title and teams,
 * whether or not they have an account here (the owner sends the invites with
 * v2.network.invite.resend); they join only by accepting. What people made is credited to the
 * importer, so no record here claims an account made it that did not; what is only a person's own
 * state (their unread counts, when they last looked) comes across for the importer alone. The importer owns the
 * imported workspaces. The license is this server's default one, and its quotas must hold.
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { sql } from 'kysely'
import type { Config } from '../config'
import { appendAudit, type AuditActor } from '../db/audit'
import type { DbHandle, Role } from '../db/schema'
import { DEFAULT_LICENSE } from '../db/workspaces'
import { quotaUsage } from '../policies/quota'
import { refused } from '../errors'
import { isObjectId, newId, newSecret, replaceIdsInText } from '../ids'
import { fileStorage } from '../storage'
import { tmpDir } from '../storage/uploads'
import { KINDS, type Kind } from './kinds'
import { invalidArchive, type Archive } from './reader'

export interface ImportResult {
  workspaces: { _id: string; name: string; from: string }[]
  counts: Record<string, number>
  /** People of the archive who are the importer (their e-mail): 0 or 1. */
  linked: number
  /** The e-mail addresses invited: every other person of the archive with a membership. */
  invited: string[]
}

interface Person {
  _id: string
  email: string
  firstname: string
  lastname: string
}

const PREFIXED = /^(user|team|network|group|form)_([0-9a-f]{24})$/

/**
 * The longest text the import keeps until it ends (the interface's short texts): what it holds per
 * person and per invite stays a few kilobytes, however long the archive's texts are.
 */
const HELD_TEXT_MAX = 1000

/** A text of `entry` the import keeps in memory: 422 when it is not a text or longer than HELD_TEXT_MAX. */
function held(value: unknown, entry: string): string {
  if (typeof value === 'string' && value.length <= HELD_TEXT_MAX) return value
  throw invalidArchive(`${entry} holds a value that is not a text of at most ${HELD_TEXT_MAX} characters`)
}

/** What the import keeps of a person: their id, e-mail and names, nothing else of the line. */
const personOf = (p: Record<string, unknown>): Person => ({
  _id: held(p._id, 'people.jsonl'),
  email: held(p.email, 'people.jsonl'),
  firstname: held(p.firstname, 'people.jsonl'),
  lastname: held(p.lastname, 'people.jsonl'),
})

export async function importArchive(
  db: DbHandle,
  config: Config,
  archive: Archive,
  importer: string,
  workspaceIds: string[] | null,
  progress: (step: string, done: number, total: number) => void,
  /** Who imports, and where from (a job and its server, or an archive file), for the audit trail. */
  record: { actor: AuditActor; origin: Record<string, unknown> },
): Promise<ImportResult> {
  const chosen = new Set(workspaceIds ?? archive.manifest.workspaces.map((w) => w._id))
  const unknown = [...chosen].filter((id) => !archive.manifest.workspaces.some((w) => w._id === id))
  if (unknown.length) throw refused('the archive does not hold these workspaces', { workspaceIds: unknown })

  const ids = new Map<string, string>()
  const people = new Map<string, Person>()
  for await (const line of archive.lines('people.jsonl')) {
    const person = personOf(line)
    people.set(person._id, person)
  }
  const importerEmail = await emailOf(db, importer)
  // The people to invite: everyone but the importer. All of them are the importer in the records.
  const invited = new Set<string>()
  for (const [oldId, p] of people) {
    ids.set(oldId, importer)
    if (p.email.toLowerCase() !== importerEmail) invited.add(oldId)
  }
  const newIdFor = (old: string) => {
    let id = ids.get(old)
    if (!id) ids.set(old, (id = newId()))
    return id
  }
  const remap = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (isObjectId(value)) return newIdFor(value)
      const prefixed = PREFIXED.exec(value)
      return prefixed ? `${prefixed[1]}_${newIdFor(prefixed[2])}` : value
    }
    if (Array.isArray(value)) return withoutRepeats(value.map(remap), importer)
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [remap(k) as string, remap(v)]))
    return value
  }

  const jsonColumns = await jsonColumnsOf(db)
  const counts: Record<string, number> = {}
  const invites = new Map<string, { cid: string; person: Person; role: string; title: string | null; custom_role: string | null; teams: Set<string> }>()
  const copied: string[] = []
  const now = Date.now()
  try {
    let done = 0
    for (const kind of KINDS) {
      progress(kind.name, done++, KINDS.length)
      if (!archive.has(`${kind.name}.jsonl`)) continue
      let count = 0
      for await (const source of archive.lines(`${kind.name}.jsonl`)) {
        const oldCid = source[kind.workspace ?? 'cid'] as string
        if (!chosen.has(oldCid)) continue
        const row = remap(source) as Record<string, unknown>
        if (kind.name === 'members' && invited.has(source.uid as string)) {
          invites.set(`${row.cid}:${source.uid}`, {
            cid: row.cid as string,
            person: people.get(source.uid as string)!,
            role: held(row.role, 'members.jsonl'),
            title: row.title == null ? null : held(row.title, 'members.jsonl'),
            custom_role: row.custom_role == null ? null : held(row.custom_role, 'members.jsonl'),
            teams: new Set(),
          })
          continue
        }
        if (kind.name === 'teamMembers' && invited.has(source.uid as string)) {
          invites.get(`${row.cid}:${source.uid}`)?.teams.add(held(row.team_id, 'teamMembers.jsonl'))
          continue
        }
        // Another person's reading state would become the importer's, and meet the importer's own on its key.
        if (kind.ownState && invited.has(source.uid as string)) continue
        // Only ids already mapped (the records a text names come before it in KINDS); any other stays.
        for (const column of kind.idsInText ?? []) if (typeof row[column] === 'string') row[column] = replaceIdsInText(row[column], (id) => ids.get(id))
        adjust(kind, row, importer)
        if (kind.name === 'files' && archive.has(`files/${source._id}`)) copied.push(await copyBytes(config, archive, source._id as string, row._id as string))
        await insertRow(db, kind, row, jsonColumns.get(kind.table) ?? new Set())
        count++
      }
      counts[kind.name] = count
    }
    const imported = [...chosen].map((old) => ({ from: old, _id: ids.get(old)! }))
    for (const { _id: cid } of imported) {
      await ownedBy(db, cid, importer, now)
      await rebuildPhaseCounts(db, cid)
    }
    for (const invite of invites.values()) await invitePerson(db, invite, importer, now)
    for (const { _id: cid } of imported) await checkQuotas(db, cid)
    const names = await db
      .selectFrom('workspaces')
      .select(['_id', 'name'])
      .where(
        '_id',
        'in',
        imported.map((w) => w._id),
      )
      .execute()
    const workspaces = imported.map((w) => ({ ...w, name: names.find((n) => n._id === w._id)?.name ?? '' }))
    // Each workspace made is on record from its first moment, in the import's own transaction.
    for (const w of workspaces) {
      await appendAudit(db, {
        cid: w._id,
        kind: 'data.import',
        actor: record.actor,
        targetId: w._id,
        after: { ...record.origin, from: w.from, name: w.name, counts },
      })
    }
    return {
      workspaces,
      counts,
      linked: people.size - invited.size,
      invited: [...invites.values()].map((i) => i.person.email),
    }
  } catch (err) {
    await Promise.all(copied.map((fileId) => fileStorage(config).remove(fileId)))
    throw err
  }
}

/** What an imported row becomes here beyond its ids. */
function adjust(kind: Kind, row: Record<string, unknown>, importer: string) {
  for (const [column, how] of Object.entries(kind.secrets ?? {})) row[column] = how === 'renew' ? newSecret() : null
  if (kind.table === 'workspaces') Object.assign(row, { license: DEFAULT_LICENSE, uid: importer, restricted: false })
}

async function insertRow(db: DbHandle, kind: Kind, row: Record<string, unknown>, json: Set<string>) {
  const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, json.has(k) && v !== null ? JSON.stringify(v) : v]))
  // Rows only collide where two people became one (an invited person credited to the importer): of
  // what they made (a like, a follow, a star) the first is kept. A person's own state is never
  // merged so: only the importer's comes across (Kind.ownState).
  await db
    .insertInto(kind.table)
    .values(values as never)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** The jsonb columns of every table: their values are written as JSON text. */
async function jsonColumnsOf(db: DbHandle): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('jsonb', 'json')`.execute(db)
  const out = new Map<string, Set<string>>()
  for (const r of rows) out.set(r.table_name, (out.get(r.table_name) ?? new Set()).add(r.column_name))
  return out
}

async function emailOf(db: DbHandle, uid: string): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('_id', '=', uid).executeTakeFirstOrThrow()
  return row.email.toLowerCase()
}

/**
 * Several people became the importer: an id list (followers, a people field) names them once. Only
 * the importer's id can repeat because of the import; other repeats are the archive's and stay.
 */
function withoutRepeats(list: unknown[], importer: string): unknown[] {
  const mine = new Set([importer, `user_${importer}`])
  const seen = new Set<unknown>()
  return list.filter((item) => {
    if (!mine.has(item as string)) return true
    if (seen.has(item)) return false
    seen.add(item)
    return true
  })
}

/** Copies a file's bytes into storage under its new id, checking them against the manifest; returns the new id. */
async function copyBytes(config: Config, archive: Archive, oldId: string, fileId: string): Promise<string> {
  const tmp = path.join(tmpDir(config), `import-${newId()}`)
  await fsp.mkdir(path.dirname(tmp), { recursive: true })
  const { chunks, digest } = await archive.open(`files/${oldId}`)
  try {
    await pipeline(chunks, fs.createWriteStream(tmp))
    digest()
    await fileStorage(config).put(fileId, tmp)
  } catch (err) {
    await fsp.rm(tmp, { force: true })
    throw err
  }
  return fileId
}

/** The importer owns the workspace (whatever their role was where it came from). */
async function ownedBy(db: DbHandle, cid: string, uid: string, now: number) {
  await db
    .insertInto('workspace_members')
    .values({ cid, uid, role: 'owner', title: null, custom_role: null, created: now })
    .onConflict((oc) => oc.columns(['cid', 'uid']).doUpdateSet({ role: 'owner' }))
    .execute()
}

/** The per-phase counts are derived: counted again from the imported activities. */
async function rebuildPhaseCounts(db: DbHandle, cid: string) {
  await sql`insert into activity_phase_counts (cid, process_id, phase_id, count)
    select cid, process_id, current_phase, count(*) from activities where cid = ${cid} and not removed group by cid, process_id, current_phase`.execute(db)
}

/**
 * A person the archive names, other than the importer: invited to the workspace as they were in it
 * (role, title, custom role, teams). An account with that address joins only by accepting.
 */
async function invitePerson(
  db: DbHandle,
  invite: { cid: string; person: Person; role: string; title: string | null; custom_role: string | null; teams: Set<string> },
  importer: string,
  now: number,
) {
  await db
    .insertInto('invites')
    .values({
      cid: invite.cid,
      _id: newId(),
      invite_key: newSecret(),
      email: invite.person.email,
      name: `${invite.person.firstname} ${invite.person.lastname}`.trim() || null,
      title: invite.title,
      notes: null,
      role: invite.role as Role,
      custom_role: invite.custom_role,
      teams: JSON.stringify([...invite.teams]),
      discussion_ids: '[]',
      brand_id: null,
      invited_by: importer,
      created: now,
      updated: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** The license's quotas hold for what was imported (422 naming the first that does not). */
async function checkQuotas(db: DbHandle, cid: string) {
  for (const [quota, usage] of Object.entries(await quotaUsage(db, cid))) {
    if (usage.limit !== null && usage.used !== undefined && usage.used > usage.limit) {
      throw refused(`the import needs ${usage.used} ${quota} where the workspace license allows ${usage.limit}`, {
        quota,
        used: usage.used,
        limit: usage.limit,
      })
    }
  }
}
