/** The process object on the wire (schemas/records/process.json), as v2.process.get returns it. */
import type { Process, ProcessField } from '../../schemas/types.generated'
import { loadMemberEntries, loadProcessParts, type ProcessParts } from '../db/processes'
import type { DbHandle } from '../db/schema'
import type { MemberEntry, ProcessRow } from '../db/processes'
import { publicFormRecord } from './public-form'

/** The process object of v2.process.get. */
export async function processObject(db: DbHandle, p: ProcessRow, viewer: string, memberEntries?: MemberEntry[], parts?: ProcessParts): Promise<Process> {
  // One statement for fields, public form and star; that and the member entries are read again
  // only when the caller does not have them (loadProcessAccess reads both).
  const [{ fields, publicForm, starred }, members] = await Promise.all([
    parts ?? loadProcessParts(db, p.cid, p._id, viewer),
    memberEntries ?? loadMemberEntries(db, p.cid, p._id),
  ])
  return {
    phases: {},
    phasesOrder: [],
    phasesRemoved: [],
    fieldsOrder: [],
    translations: {},
    ...p.info,
    ...(publicForm && { publicForm: publicFormRecord(publicForm) }),
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
