/** The process object on the wire (schemas/records/process.json), as v2.process.get returns it. */
import { isStarred, loadFields, loadMemberEntries } from '../db/processes'
import type { DbHandle } from '../db/schema'
import type { MemberEntry, ProcessRow } from '../db/processes'
import { publicFormEntry } from './public-form'

/** The process object of v2.process.get. */
export async function processObject(db: DbHandle, p: ProcessRow, viewer: string, memberEntries?: MemberEntry[]) {
  // Independent reads: on PostgreSQL they run at once on the pool's connections. The member entries
  // are read again only when the caller does not have them (loadProcessAccess reads them).
  const [fields, members, publicForm, starred] = await Promise.all([
    loadFields(db, p.cid, p._id),
    memberEntries ?? loadMemberEntries(db, p.cid, p._id),
    publicFormEntry(db, p.cid, p._id),
    isStarred(db, p.cid, p._id, viewer),
  ])
  const object: Record<string, unknown> = {
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
    fields: Object.fromEntries(fields.map((f) => [f._id, f])),
    isStarred: starred,
  }
  if (p.key !== null) object.key = p.key
  // Required by the record: a workflow never changed was last updated when it was created.
  object.updated = p.updated ?? p.created
  return object
}
