/** Table types for kysely. Timestamps are milliseconds since 1970 (bigint columns read as numbers). */
import type { ColumnType, Generated } from 'kysely'

type Json<T> = ColumnType<T, string, string>

export interface UsersTable {
  _id: string
  email: string
  firstname: string
  lastname: string
  password_hash: string
  settings: Json<Record<string, unknown>>
  default_cid: string | null
  created: number
  updated: number | null
}

export interface SessionsTable {
  key_hash: string
  uid: string
  cid: string | null
  created: number
  last_used: number
}

export interface WorkspacesTable {
  _id: string
  name: string
  uid: string
  settings: Json<Record<string, unknown>>
  license: Json<Record<string, unknown>>
  restricted: Generated<boolean>
  created: number
  updated: number | null
}

export type Role = 'owner' | 'admin' | 'user' | 'guest' | 'inviter'

/** Belongs to a workspace: `cid` leads the primary key (see the storage notes in the README). */
export interface WorkspaceMembersTable {
  cid: string
  uid: string
  role: Role
  created: number
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  workspaces: WorkspacesTable
  workspace_members: WorkspaceMembersTable
}
