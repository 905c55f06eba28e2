/** The process object on the wire (schemas/records/process.json), as v2.process.get returns it. */
import type { Process, ProcessField } from '../../schemas/types.generated'
import { isStarred, loadFields, loadMemberEntries } from '../db/processes'
import type { DbHandle } from '../db/schema'
import type { MemberEntry, ProcessRow } from '../db/processes'
import { publicFormEntry } from './public-form'

/** The process object of v2.process.get. */
export async function processObject(db: DbHandle, p: ProcessRow, viewer: string, memberEntries?: MemberEntry[]): Promise<Process> {
  // Independent reads: on PostgreSQL they run at once on the pool's connections. The member entries
  // are read again only when the caller does not have them (loadProcessAccess reads them).
  const [fields, members, publicForm, starred] = await Promise.all([
    loadFields(db, p.cid, p._id),
    memberEntries ?? loadMemberEntries(db, p.cid, p._id),
    publicFormEntry(db, p.cid, p._id),
    isStarred(db, p.cid, p._id, viewer),
  ])
  return {
    phases: {},
    phasesOrder: [],
    phasesRemoved: [],
    fieldsOrder: [],
    translations: {},
    ...p.info,
    ...publicForm,
    _id: p._id,
    uid: p.uid,
    cid: p.cid,
    name: p.name,
    enableUnlinkedMode: p.dataset,
    created: p.created,
    members,
    fields: Object.fromEntries(fields.map((f) => [f._id, f as ProcessField])),
    isStarred: starred,
    ...(p.key !== null && { key: p.key }),
    // Required by the record: a workflow never changed was last updated when it was created.
    updated: p.updated ?? p.created,
  }
}
