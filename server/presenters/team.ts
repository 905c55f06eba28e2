/** Teams and their accounts on the wire (schemas/records/team.json). */
import type { Selectable } from 'kysely'
import type { Team } from '../../schemas/types.generated'
import type { TeamsTable } from '../db/schema'

/** A type rather than an interface: only a type fits the open object of the Team record's `accounts`. */
export type AccountRecord = {
  _id: string
  team_id: string
  name: string
  color: string | null
  created: number
  updated?: number
}

/** The Team record of company.load_team and company.form_get_teams, as this server fills it. */
export interface TeamRecord extends Team {
  _id: string
  name: string
  description?: string
  public: boolean
  defaultView?: string
  /** Member user ids. */
  members: string[]
  accounts: AccountRecord[]
  uid: string
  created: number
  updated?: number
}

export function accountRecord(a: AccountRow): AccountRecord {
  return {
    _id: a._id,
    team_id: a.team_id,
    name: a.name,
    color: a.color,
    created: a.created,
    ...(a.updated !== null && { updated: a.updated }),
  }
}

export interface AccountRow {
  _id: string
  team_id: string
  name: string
  color: string | null
  created: number
  updated: number | null
}

/** The Team record: `description` and `defaultView` only when set; members are user ids. */
export function teamRecord(t: Selectable<TeamsTable>, members: string[], accounts: AccountRow[]): TeamRecord {
  return {
    _id: t._id,
    name: t.name,
    ...(t.description !== null && { description: t.description }),
    public: t.public,
    ...(t.default_view !== null && { defaultView: t.default_view }),
    members,
    accounts: accounts.map(accountRecord),
    uid: t.uid,
    created: t.created,
    ...(t.updated !== null && { updated: t.updated }),
  }
}
