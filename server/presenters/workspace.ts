/** The workspace object on the wire (schemas/records/workspace.json), as v2.network.get returns it. */
import type { Selectable } from 'kysely'
import type { AnyObject, Workspace, WorkspaceLicense } from '../../schemas/types.generated'
import type { FieldRecord } from '../db/properties'
import type { WorkspacesTable } from '../db/schema'
import { publicField } from './company-property-field'

/** `updated` only once changed; each member with their property values; the property field records. */
export function workspaceObject<M extends AnyObject>(ws: Selectable<WorkspacesTable>, members: M[], fields: FieldRecord[]): Workspace {
  return {
    _id: ws._id,
    name: ws.name,
    uid: ws.uid,
    created: ws.created,
    ...(ws.updated !== null && { updated: ws.updated }),
    members,
    settings: ws.settings as AnyObject,
    license: ws.license as WorkspaceLicense,
    propertyFields: fields.map(publicField),
  }
}
