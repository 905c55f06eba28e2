/** The Insight record on the wire (v3.insight.*). */
import type { Filters, InsightRow } from '../db/insights'

export const insightRecord = (r: InsightRow) => ({
  _id: r._id,
  cid: r.cid,
  processId: r.process_id,
  name: r.name,
  fields: r.fields,
  filters: r.filters as Filters,
  uid: r.uid,
  /** Whether a public key exists (the key itself is shown only by v3.insight.publicKey.create). */
  public: r.public_hash !== null,
  created: r.created,
  updated: r.updated,
})
