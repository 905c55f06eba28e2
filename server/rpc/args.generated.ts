/* Generated from schemas/ by scripts/arg-types.ts (npm run types): do not edit. */

export type Name = string
export type PropertyFieldType = 'text' | 'date' | 'phone' | 'email' | 'url' | 'team' | 'country' | 'optionlist'
export type FilledBy = 'user' | 'admin'
/**
 * ObjectId[], string[] or string
 */
export type PropertyValue = ObjectIdList | StringList | ShortText
export type ObjectId = string
/**
 * @maxItems 1000
 */
export type ObjectIdList = ObjectId[]
export type ShortText = string
/**
 * @maxItems 1000
 */
export type StringList = ShortText[]
export type Key = string
/**
 * any JSON value, bounded
 */
export type Any =
  | null
  | boolean
  | number
  | string
  | Any[]
  | {
      [k: string]: Any
    }
export type Text = string
export type Color = string
export type DefaultView = 'activities' | 'discussions' | 'events' | 'feed'
/**
 * milliseconds since 1970-01-01 UTC
 */
export type Timestamp = number
export type Email = string
export type FieldType =
  | 'activitylink'
  | 'country'
  | 'date'
  | 'daterange'
  | 'datetime'
  | 'datetimerange'
  | 'numeric'
  | 'numericunit'
  | 'teams'
  | 'text'
  | 'textarea'
  | 'textunit'
  | 'textpredefinedoptions'
  | 'time'
  | 'timerange'
  | 'users'
  | 'linkedfrom'
  | 'subheader'
/**
 * @maxItems 1000
 */
export type AnyObjectList = AnyObject[]
/**
 * @maxItems 10000
 */
export type AnyArray = Any[]
export type Lang = 'fi' | 'en' | 'sv'
export type Role = 'user' | 'admin' | 'owner' | 'guest' | 'inviter'
/**
 * stringified team ids
 *
 * @maxItems 1000
 */
export type ObjectIdList1 = ObjectId[]
export type Permission = 'admin' | 'any' | 'own' | 'ownteam'
/**
 * script code
 */
export type Code = string
export type Password = string
/**
 * @maxItems 1000
 *
 * Items: workspace (network, company) id
 */
export type WorkspaceIdList = string[]
/**
 * users invited to the discussion
 *
 * @maxItems 1000
 */
export type ObjectIdList2 = ObjectId[]
export type ProcessIdOrString = ObjectId
export type Url = string
/**
 * an identifier given as a string
 */
export type IdString = string
/**
 * default: the user's default workspace
 *
 * @maxItems 1000
 *
 * Items: workspace (network, company) id
 */
export type WorkspaceIdList1 = string[]
/**
 * at most one: the workspace of the post (default the current one)
 *
 * @maxItems 1000
 *
 * Items: workspace (network, company) id
 */
export type WorkspaceIdList2 = string[]
/**
 * user ids of members who may see the post
 *
 * @maxItems 1000
 */
export type ObjectIdList3 = ObjectId[]

export interface ArgumentTypes {
  'auth#0': string
  'company.add_property_field#0': 'users'
  'company.add_property_field#1': {
    label: Name
    type: PropertyFieldType
    filledBy: FilledBy
    enableMultiple?: boolean
    data?: PropertyValue
  }
  'company.check_invite#0': Key
  /**
   * options: own (boolean); other keys are ignored
   */
  'company.form_get_teams#0': {
    /**
     * only the teams the caller belongs to
     */
    own?: boolean
    [k: string]: Any | boolean | undefined
  }
  /**
   * workspace (network, company) id
   */
  'company.leave#0': string
  'company.load_team#0': ObjectId
  'company.new_account#0': {
    name: Name
    team_id: ObjectId
  }
  'company.new_team#0': {
    name: Name
    description?: Text
  }
  'company.remove_account#0': {
    account_id: ObjectId
    team_id: ObjectId
  }
  'company.remove_property_field#0': ObjectId
  'company.remove_property_field#1': 'users'
  'company.remove_team#0': ObjectId
  'company.remove_user#0': ObjectId
  'company.set_account_data#0': 'name' | 'color'
  'company.set_account_data#1': {
    account_id: ObjectId
    name?: Name
    color?: Color
  }
  /**
   * workspace general options (all optional)
   */
  'company.set_general_options#0': {
    name?: Name
    /**
     * merged into the workspace settings; fastFunctions is set with v2.network.fastFunctions.set and description at the top level
     */
    settings?: {
      /**
       * theme color
       */
      color?: string
      defaultView?: DefaultView
      fastFunctions?: never
      description?: never
      [k: string]: Any | string | DefaultView | undefined
    }
    description?: Text
  }
  'company.set_property_value#0': ObjectId
  'company.set_property_value#1': 'users'
  'company.set_property_value#2': {
    uid: ObjectId
    data?: PropertyValue
  }
  'company.set_team_data#0': {
    team_id: ObjectId
    section: 'name' | 'description' | 'public' | 'defaultView'
    data: Any
  }
  'company.set_user_data#0': {} & {
    section: 'owner' | 'admin' | 'guest' | 'inviter' | 'feedAdmin' | 'title' | 'customRole'
    uid: ObjectId
    /**
     * "true"/"false" for owner, admin, guest, inviter, feedAdmin; free text for title (empty clears); a custom role id for customRole (empty clears)
     */
    value: string
    /**
     * workspace (network, company) id
     */
    workspaceId?: string
  }
  'company.set_user_property_value#0': ObjectId
  'company.set_user_property_value#1': PropertyValue
  'company.update_property_field#0': 'users'
  'company.update_property_field#1': ObjectId
  'company.update_property_field#2': {
    filledBy: FilledBy
    label: Name
    type: PropertyFieldType
    created?: Timestamp
    uid?: ObjectId
    _id?: ObjectId
    enableMultiple?: boolean
    /**
     * ObjectId[], string[] or string
     */
    data?: ObjectIdList | StringList | ShortText
  }
  'company.update_team_users#0': ObjectId
  /**
   * @maxItems 10000
   */
  'company.update_team_users#1': ObjectId[]
  'login#0': Email
  'login#1': string
  'loginSso#0': string
  'process.create#0': {
    name?: Name
    description?: Text
    defaultView?: string
    /**
     * workspace (network, company) id
     */
    workspaceId?: string
    enableMapLocation?: boolean
    /**
     * marks a dataset
     */
    enableUnlinkedMode?: boolean
    enableUniqueName?: boolean
    defaultGroupByField?: string
  }
  'process.create_docTemplateField#0': {
    processId: ObjectId
    /**
     * document template name
     */
    name: string
    group: 'images' | 'activityLinks' | 'fields'
  }
  'process.create_field#0': ObjectId
  'process.create_field#1': FieldDescriptor
  'process.delete_docTemplateField#0': {
    processId: ObjectId
    /**
     * document template name
     */
    name: string
    group: 'images' | 'activityLinks' | 'fields'
    /**
     * a field or image key
     */
    key: string
  }
  'process.get_next_prefix_id#0': ObjectId
  'process.install_template#0': ObjectId
  'process.list#0': ObjectId | string | null
  /**
   * phase id filter, or a workspace id when the first argument is a process key
   */
  'process.list#1': string
  'process.remove#0': ObjectId
  'process.remove_field#0': ObjectId
  'process.remove_field#1': ObjectId
  'process.set_docTemplateFieldProperty#0': {
    processId: ObjectId
    /**
     * document template name
     */
    name: string
    group: 'fieldMap' | 'images' | 'activityLinks' | 'fields' | 'opts'
    /**
     * a field or image key
     */
    key: string
    property:
      | 'label'
      | 'value'
      | 'description'
      | 'field'
      | 'process'
      | 'staticActivityIds'
      | 'formatFieldValue'
      | 'thousandSeparator'
      | 'decimalSeparator'
      | 'toFixedDigits'
      | 'toFixedIds'
      | 'linkedActivitiesFilteredPhases'
    value?: Any
  }
  'process.set_docTemplatePrintName#0': ObjectId
  /**
   * document template id
   */
  'process.set_docTemplatePrintName#1': string
  'process.set_docTemplatePrintName#2': ShortText
  'process.set_documentTemplate#0': ObjectId
  /**
   * document template; full structure not shown; an object holding only name deletes that template
   */
  'process.set_documentTemplate#1': {
    name: ShortText
    fieldMap?: {
      images?: AnyObject
      activityLinks?: AnyObject
      fields?: AnyObject
      [k: string]: Any | AnyObject | undefined
    }
    [k: string]:
      | Any
      | ShortText
      | {
          images?: AnyObject
          activityLinks?: AnyObject
          fields?: AnyObject
          [k: string]: Any | AnyObject | undefined
        }
      | undefined
  }
  'process.set_documentTemplates#0': ObjectId
  'process.set_documentTemplates#1': {
    /**
     * document template; full structure not shown; an object holding only name deletes that template
     */
    [k: string]: {
      name: ShortText
      fieldMap?: {
        images?: AnyObject
        activityLinks?: AnyObject
        fields?: AnyObject
        [k: string]: Any | AnyObject | undefined
      }
      [k: string]:
        | Any
        | ShortText
        | {
            images?: AnyObject
            activityLinks?: AnyObject
            fields?: AnyObject
            [k: string]: Any | AnyObject | undefined
          }
        | undefined
    }
  } | null
  'process.set_info#0': ObjectId
  'process.set_info#1': ProcessInfo
  'process.set_info#2': Lang
  'process.update_field#0': ObjectId
  'process.update_field#1': ObjectId
  'process.update_field#2': FieldDescriptorUpdate
  'process.update_field#3': Lang
  'resume#0': number
  /**
   * workspace (network, company) id
   */
  'v2.network.copy#0': string
  /**
   * name of the new workspace (A)
   */
  'v2.network.copy#1': string
  /**
   * string whose meaning is not shown (A)
   */
  'v2.network.create#0': string
  /**
   * workspace (network, company) id
   */
  'v2.network.fastFunctions.set#0': string
  'v2.network.fastFunctions.set#1': boolean
  /**
   * workspace (network, company) id
   */
  'v2.network.get#0': string
  'v2.network.invite.edit#0': Key
  'v2.network.invite.edit#1': {
    notes?: Text | null
    title?: ShortText | null
    role?: Role
    teams?: ObjectIdList1
    /**
     * custom role id
     */
    customRole?: string
    discussionIds?: ObjectIdList
  }
  /**
   * workspace (network, company) id
   */
  'v2.network.invite.list#0': string
  'v2.network.invite.remove#0': Key
  'v2.network.invite.resend#0': Key
  'v2.network.invite.resend#1': ObjectId
  'v2.network.invite.send#0': {
    email: Email
    name?: ShortText
    title?: ShortText
    notes?: Text
    brandId?: ObjectId
    role?: Role
    teams?: ObjectIdList
    /**
     * custom role id
     */
    customRole?: string
    discussionIds?: ObjectIdList
    /**
     * workspace (network, company) id
     */
    cid?: string
  }
  'v2.network.product.create#0': {
    /**
     * name of the version
     */
    name: string
  }
  /**
   * marketplace target
   */
  'v2.network.product.get#0': string
  'v2.network.product.getManifest#0': ObjectId
  'v2.network.product.install#0': ObjectId
  /**
   * workspace (network, company) id
   */
  'v2.network.product.install#1': string
  'v2.network.product.isProductInstalled#0': ObjectId
  /**
   * workspace (network, company) id
   */
  'v2.network.product.isProductInstalled#1': string
  'v2.network.product.publishTemplate#0': {
    /**
     * semver
     */
    version: string
    versionDescription: Text
    title: Name
    description: Text
    /**
     * workspace (network, company) id
     */
    workspaceId?: string
    targetId?: ObjectId
  }
  'v2.network.publicCopy#0': {
    /**
     * workspace (network, company) id
     */
    copyNetworkId: string
  }
  'v2.network.role.create#0': {
    name: string
    /**
     * capability names of server/policies/roles.ts (all but members.setOwner)
     *
     * @maxItems 13
     */
    capabilities:
      | []
      | [
          | 'workspace.read'
          | 'workspace.update'
          | 'members.invite'
          | 'invites.manage'
          | 'members.manage'
          | 'roles.manage'
          | 'teams.read'
          | 'teams.manage'
          | 'properties.manage'
          | 'properties.fillOwn'
          | 'workspace.admin'
          | 'processes.create'
          | 'feed.admin'
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
  }
  'v2.network.role.remove#0': ObjectId
  'v2.network.role.update#0': ObjectId
  'v2.network.role.update#1': {
    name?: string
    /**
     * capability names of server/policies/roles.ts (all but members.setOwner)
     *
     * @maxItems 13
     */
    capabilities?:
      | []
      | [
          | 'workspace.read'
          | 'workspace.update'
          | 'members.invite'
          | 'invites.manage'
          | 'members.manage'
          | 'roles.manage'
          | 'teams.read'
          | 'teams.manage'
          | 'properties.manage'
          | 'properties.fillOwn'
          | 'workspace.admin'
          | 'processes.create'
          | 'feed.admin'
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
      | [
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          ),
          (
            | 'workspace.read'
            | 'workspace.update'
            | 'members.invite'
            | 'invites.manage'
            | 'members.manage'
            | 'roles.manage'
            | 'teams.read'
            | 'teams.manage'
            | 'properties.manage'
            | 'properties.fillOwn'
            | 'workspace.admin'
            | 'processes.create'
            | 'feed.admin'
          )
        ]
  }
  'v2.network.update#0': string | null
  'v2.network.update#1': {
    name?: Name
    isolatedTeams?: boolean
    color?: Color
    defaultView?: DefaultView
    allowPublicCopy?: boolean
    functionFieldVersion?: number
    /**
     * @maxItems 3
     */
    languages?: [] | [Lang] | [Lang, Lang] | [Lang, Lang, Lang]
    localauth?: boolean
    disableVideoCalls?: boolean
  }
  /**
   * workspace (network, company) id
   */
  'v2.network.workflowTemplate#0': string
  'v2.process.copy#0': ObjectId | ObjectIdList
  'v2.process.get#0': ObjectId
  'v2.process.member.add#0': ObjectId
  /**
   * network, user, team or group
   */
  'v2.process.member.add#1': string
  'v2.process.member.list#0': ObjectId
  'v2.process.member.remove#0': ObjectId
  /**
   * user or team
   */
  'v2.process.member.remove#1': string
  'v2.process.meta#0': {
    process: ObjectId
    search?: string
  }
  'v2.process.permissions.deny#0': ObjectId
  /**
   * user or team id
   */
  'v2.process.permissions.deny#1': string
  'v2.process.permissions.deny#2': Permission
  'v2.process.permissions.grant#0': ObjectId
  /**
   * user or team id
   */
  'v2.process.permissions.grant#1': string
  'v2.process.permissions.grant#2': Permission
  'v2.process.publicForm.create#0': PublicFormCreate
  'v2.process.publicForm.update#0': PublicFormUpdate
  'v2.process.star#0': ObjectId
  'v2.process.translation.create#0': ObjectId
  'v2.process.translation.create#1': Lang
  'v2.process.validateFunction#0': Code
  'v2.process.validateFunction#1': StringList
  /**
   * workspace (network, company) id
   */
  'v2.process.validateFunctions#0': string
  'v2.user.invite.accept#0': Key
  'v2.user.invite.decline#0': Key
  'v2.user.invite.register#0': {
    firstname: Name
    lastname: Name
    password: Password
  } | null
  'v2.user.invite.register#1': Key
  'v2.user.profile#0': ObjectId
  'v2.user.register#0': RegisterUser
  'v2.user.register#1': RegisterOptions | null
  /**
   * string whose meaning is not shown
   */
  'v2.user.register#2': string
  'v2.user.registerSsoA#0': {
    /**
     * identity token
     */
    token: string
    email: Email
    firstname: Name
    lastname: Name
  }
  'v2.user.registerSsoA#1': SsoRegisterOptions
  'v2.user.registerSsoB#0': string
  'v2.user.registerSsoB#1': SsoRegisterOptions
  'v2.user.settings.global.set#0': UserGlobalSettings
  /**
   * verification id, from the mail
   */
  'v2.user.verify_email#0': string
  /**
   * verification key, from the mail
   */
  'v2.user.verify_email#1': string
  'v3.activity.ball.candidates#0': ObjectId
  'v3.activity.ball.clear#0': ObjectId
  'v3.activity.ball.list#0': '*' | ObjectIdList
  'v3.activity.ball.pass#0': ObjectId
  'v3.activity.ball.pass#1': ObjectId
  'v3.activity.ball.take#0': ObjectId
  /**
   * options; shape not shown in the interface
   */
  'v3.activity.convertStackedVariables#0': {
    [k: string]: Any
  }
  'v3.activity.count#0': ObjectId
  'v3.activity.create#0': ObjectId
  'v3.activity.create#1': ActivityInput | null
  'v3.activity.create#2': ActivityCreateOptions
  'v3.activity.createMany#0': ProcessIdOrString
  /**
   * @maxItems 10000
   */
  'v3.activity.createMany#1': ActivityInput[]
  'v3.activity.createMany#2': ActivityCreateManyOptions
  /**
   * options; shape not shown in the interface
   */
  'v3.activity.evaluateAllFunctions#0': {
    [k: string]: Any
  }
  'v3.activity.evaluateMany#0': {
    processId: ObjectId
    phaseId?: ObjectId
    _id?: ObjectId
    name?: ShortText
    fields?: FieldValueMap
  }
  'v3.activity.evaluateWorkflowFunctions.logs#0': {
    runId: ObjectId
    afterTs?: number
    limit?: number
  }
  'v3.activity.evaluateWorkflowFunctions.start#0': {
    processId: ObjectId
    /**
     * @maxItems 1000
     */
    fieldIds?: string[]
    apply?: boolean
  }
  'v3.activity.explainNode.assist#0': {
    activityId: ObjectId
    fieldId: ObjectId
    direction?: 'incoming' | 'outgoing' | 'both'
    graphMode?: 'configured' | 'runtime'
    maxDepth?: number
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
  }
  'v3.activity.explainNode#0': {
    activityId: ObjectId
    fieldId: ObjectId
    direction?: 'incoming' | 'outgoing' | 'both'
    graphMode?: 'configured' | 'runtime'
    maxDepth?: number
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
  }
  'v3.activity.explainNodeDryRun#0': {
    activityId: ObjectId
    fieldId: ObjectId
    incomingMaxDepth?: number
    includeContext?: boolean
  }
  'v3.activity.extractHistory#0': {
    activityId: ObjectId
  }
  'v3.activity.forceRepairPath#0': {
    activityId: ObjectId
    fieldId: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    writeValues?: boolean
    propagateDependents?: boolean
  }
  'v3.activity.forceRepairWorkflowPath#0': {
    workflowId: ObjectId
    fieldId: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    writeValues?: boolean
    propagateDependents?: boolean
    limit?: number
    includeActivityResults?: boolean
  }
  'v3.activity.functionField.assist#0': {
    mode: 'generate' | 'improve' | 'explain'
    activityId: ObjectId
    workflow: AnyObject
    field: AnyObject
    instruction?: Text
    code?: Code
    dependencies?: AnyObjectList
    functionVariables?: AnyObject
    currentEvaluation?: AnyObject
  }
  'v3.activity.get#0': ObjectId
  'v3.activity.linkedFrom.next#0': ObjectId
  'v3.activity.linkedFrom.next#1': ObjectId
  'v3.activity.linkedFrom.next#2': {
    activityLimit?: number
  }
  'v3.activity.linkedFrom.overview#0': ObjectId
  'v3.activity.linkedFrom.overview#1': {
    /**
     * per phase
     */
    activityLimit?: number
    includeEmptyWorkflows?: boolean
    phaseIds?: ObjectIdList
  }
  'v3.activity.linkedFrom.refresh#0': ObjectId
  'v3.activity.linkedFrom.refresh#1': ObjectId
  'v3.activity.linkedFrom.refresh#2': {
    activityIds?: ObjectIdList
    /**
     * matches name
     */
    searchString?: string
  }
  'v3.activity.linkedFrom.search#0': ObjectId
  /**
   * matches name
   */
  'v3.activity.linkedFrom.search#1': string
  'v3.activity.linkedFrom.search#2': {
    activityLimit?: number
  }
  'v3.activity.list#0': {
    processId: ObjectId
    phaseId?: ObjectId
    search?: string
    /**
     * field id -> value: activities whose value equals it (a date as ISO or ms; a list field contains it; null: no value)
     */
    fields?: {
      [k: string]: string | number | boolean | null | (string | number)[]
    }
    sort?: 'created' | 'updated' | 'name'
    order?: 'asc' | 'desc'
    limit?: number
    after?: string
  }
  'v3.activity.permissions#0': ObjectId
  /**
   * workspace (network, company) id
   */
  'v3.activity.permissions#1': string
  'v3.activity.permissions#2': {
    /**
     * true requests details
     */
    details?: boolean
    items?: {
      /**
       * @maxItems 1000
       */
      workflowIds?: ObjectId[]
      /**
       * @maxItems 1000
       */
      calendarIds?: ObjectId[]
    }
  }
  'v3.activity.phaseCount#0': ObjectId
  /**
   * @maxItems 10000
   */
  'v3.activity.remove#0': ObjectId[]
  'v3.activity.removed.more#0': ObjectId
  'v3.activity.removed.more#1': {
    limit?: number
    skip?: number
    search?: ShortText
  }
  /**
   * @maxItems 100
   */
  'v3.activity.removed.overview#0': ObjectId[]
  'v3.activity.removed.overview#1': {
    /**
     * per phase
     */
    limit?: number
    search?: ShortText
  }
  /**
   * @maxItems 10000
   */
  'v3.activity.removed.recover#0': ObjectId[]
  /**
   * options; shape not shown in the interface: designed after forceRepairPath
   */
  'v3.activity.repairPath#0': {
    activityId?: ObjectId
    fieldId?: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    writeValues?: boolean
    propagateDependents?: boolean
    [k: string]: Any | ObjectId | number | boolean | undefined
  }
  /**
   * options; shape not shown in the interface: designed after forceRepairPath
   */
  'v3.activity.repairPathDryRun#0': {
    activityId?: ObjectId
    fieldId?: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    [k: string]: Any | ObjectId | number | boolean | undefined
  }
  /**
   * options; shape not shown in the interface: designed after forceRepairWorkflowPath
   */
  'v3.activity.repairWorkflowPath#0': {
    workflowId?: ObjectId
    fieldId?: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    writeValues?: boolean
    propagateDependents?: boolean
    limit?: number
    includeActivityResults?: boolean
    [k: string]: Any | ObjectId | number | boolean | undefined
  }
  /**
   * options; shape not shown in the interface: designed after forceRepairWorkflowPath
   */
  'v3.activity.repairWorkflowPathDryRun#0': {
    workflowId?: ObjectId
    fieldId?: ObjectId
    incomingMaxDepth?: number
    outgoingMaxDepth?: number
    includeValues?: boolean
    limit?: number
    includeActivityResults?: boolean
    [k: string]: Any | ObjectId | number | boolean | undefined
  }
  'v3.activity.template.create#0': ObjectId
  'v3.activity.template.create#1': ObjectId
  /**
   * which history: one activity, one workflow, one workspace or everything the caller sees; a time window; a page size
   */
  'v3.activity.timeline2#0': {
    activityId?: ObjectId
    processId?: ObjectId
    /**
     * workspace (network, company) id
     */
    workspaceId?: string
    after?: Timestamp
    before?: Timestamp
    limit?: number
  }
  /**
   * activity updates, each naming its activity by _id
   *
   * @maxItems 10000
   */
  'v3.activity.updateMany#0': {
    _id: ObjectId
    name?: ShortText
    fields?: FieldValueMap
    phaseId?: ObjectId
    teamId?: ObjectId
    fileIds?: ObjectIdList
    followerIds?: ObjectIdList
    location?: Location
    priority?: number | null
  }[]
  /**
   * options: ignoreRequired skips the required fields of the phase; workspaceId is accepted and ignored
   */
  'v3.activity.updateMany#1': {
    ignoreRequired?: boolean
    /**
     * workspace (network, company) id
     */
    workspaceId?: string
  }
  /**
   * options; shape not shown in the interface
   */
  'v3.activity.verifyWorkflowValues#0': {
    workflowId?: ObjectId
    fieldIds?: ObjectIdList
    limit?: number
    [k: string]: Any | ObjectId | ObjectIdList | number | undefined
  }
  'v3.calendar.create#0': {
    name: Name
    description?: Text | null
    color?: Color | null
    timezone?: string
  }
  'v3.calendar.event.create#0': ObjectId
  'v3.calendar.event.create#1': {
    title: Name
    description?: Text | null
    location?: ShortText | null
    start: string
    end?: string | null
    allDay?: boolean
    timezone?: string | null
  }
  'v3.calendar.event.list#0': ObjectId
  'v3.calendar.event.list#1': {
    from?: string
    to?: string
  }
  'v3.calendar.event.remove#0': ObjectId
  'v3.calendar.event.update#0': ObjectId
  'v3.calendar.event.update#1': {
    title?: Name
    description?: Text | null
    location?: ShortText | null
    start?: string
    end?: string | null
    allDay?: boolean
    timezone?: string | null
  }
  'v3.calendar.remove#0': ObjectId
  'v3.calendar.subscribeCode.create#0': ObjectId
  'v3.calendar.subscribeCode.rotate#0': ObjectId
  'v3.calendar.update#0': ObjectId
  'v3.calendar.update#1': {
    name?: Name
    description?: Text | null
    color?: Color | null
    timezone?: string
  }
  'v3.core.checkEmail#0': Email
  'v3.core.checkEmail#1': string
  'v3.core.proofOfWork#0': {
    identifier?: string
    salt?: string
  } | null
  'v3.core.proofOfWork#1': string | null
  'v3.core.proofOfWork#2': Any
  'v3.file.get#0': ObjectId
  'v3.file.setPublic#0': ObjectId
  'v3.file.setPublic#1': boolean
  'v3.insight.create#0': {
    processId: ObjectId
    name: Name
    /**
     * @maxItems 200
     */
    fields: ObjectId[]
    filters?: {
      /**
       * @maxItems 200
       */
      phases?: ObjectId[]
      /**
       * @maxItems 50
       */
      where?: {
        field: string
        op: 'eq' | 'ne' | 'contains' | 'empty' | 'notEmpty' | 'gt' | 'gte' | 'lt' | 'lte'
        value?: Any
      }[]
    }
  }
  'v3.insight.list#0': ObjectId
  'v3.insight.publicKey.create#0': ObjectId
  'v3.insight.publicKey.revoke#0': ObjectId
  'v3.insight.remove#0': ObjectId
  'v3.insight.run#0': ObjectId
  'v3.insight.update#0': ObjectId
  'v3.insight.update#1': {
    name?: Name
    /**
     * @maxItems 200
     */
    fields?: ObjectId[]
    filters?: {
      /**
       * @maxItems 200
       */
      phases?: ObjectId[]
      /**
       * @maxItems 50
       */
      where?: {
        field: string
        op: 'eq' | 'ne' | 'contains' | 'empty' | 'notEmpty' | 'gt' | 'gte' | 'lt' | 'lte'
        value?: Any
      }[]
    } | null
  }
  'v3.proofOfWork.call#0': string | null
  'v3.proofOfWork.call#1': string | null
  'v3.proofOfWork.call#2': string | null
  /**
   * @maxItems 100
   */
  'v3.proofOfWork.call#3': Any[]
  'v3.publicForm.get#0': Key
  'v3.session.switchWorkspace#0': ObjectId
  'v3.user.apikey.create#0': Name
  /**
   * workspace (network, company) id
   */
  'v3.user.apikey.create#1': string
  /**
   * @maxItems 1000
   */
  'v3.user.apikey.create#2': string[]
  'v3.user.apikey.create#3': Url
  'v3.user.apikey.remove#0': IdString
  'v3.user.apikey.update#0': IdString
  'v3.user.apikey.update#1': Name
  /**
   * @maxItems 1000
   */
  'v3.user.apikey.update#2': string[]
  'v3.user.data.export#0': WorkspaceIdList | null
  'v3.user.data.export#1': OmitFlags
  'v3.user.data.export.workspaces#0': Credentials
  'v3.user.data.import#0': Credentials
  'v3.user.data.import#1': {
    workspaceIds?: WorkspaceIdList1
    omitFileContents?: boolean
    omitMessages?: boolean
    omitLogs?: boolean
    omitProcessPrefix?: boolean
    omitActivities?: boolean
    omitEvents?: boolean
    omitFeed?: boolean
    omitFeedComment?: boolean
    omitNotifications?: boolean
    omitInvites?: boolean
    omitInsights?: boolean
    omitApps?: boolean
  }
  'v3.user.data.job#0': ObjectId
  'v3.user.idpUser#0': string
  'v3.user.permissions#0': string | null
  'v3.user.permissions#1': string | null
  'v3.user.permissions#2': {
    /**
     * true requests details
     */
    details?: boolean
    items?: {
      /**
       * @maxItems 1000
       */
      workflowIds?: string[]
      /**
       * @maxItems 1000
       */
      calendarIds?: string[]
      /**
       * @maxItems 1000
       */
      insightIds?: string[]
    }
  }
  'v3.user.profileImage.set#0': ObjectId | null
  'v3.user.register#0': {
    email: Email
    firstname: Name
    lastname: Name
    password: Password
    acceptConditions?: boolean
    acceptMarketing?: boolean
    language?: string
    preferredDomain?: string
  }
  'v3.user.register#1': RegisterOptions | null
  /**
   * string whose meaning is not shown
   */
  'v3.user.register#2': string
  'v3.user.remove#0': {
    /**
     * the caller's password, entered again
     */
    password?: string
    /**
     * a fresh ID token, for an account registered through single sign-on
     */
    idToken?: string
  }
  'v3.user.setBot#0': {
    uid: ObjectId
    /**
     * false clears
     */
    isBot: boolean
    secret?: string
  }
  'wall2.edit_comment#0': ObjectId
  'wall2.edit_comment#1': ObjectId
  'wall2.edit_comment#2': Text
  'wall2.edit_post#0': ObjectId
  'wall2.edit_post#1': {
    text: Text
    files?: ObjectIdList
    subject?: ShortText
    allowReply?: boolean
    /**
     * user or team; replaces the recipients (not of a post to the whole workspace)
     *
     * @maxItems 1000
     */
    recipients?: string[]
    /**
     * added: true keeps a draft a draft; a draft edited without it is published
     */
    draft?: boolean
  }
  'wall2.follow_post#0': ObjectId
  'wall2.like_post#0': ObjectId
  'wall2.like_post#1': 'like' | 'unlike'
  'wall2.load_comments#0': ObjectId
  'wall2.load_comments#1': ObjectId
  'wall2.load_posts#0': string | null
  'wall2.load_posts#1': {
    /**
     * default user, announcement; draft and scheduled list the caller's own
     *
     * @maxItems 4
     */
    filter?:
      | []
      | ['user' | 'announcement' | 'draft' | 'scheduled']
      | ['user' | 'announcement' | 'draft' | 'scheduled', 'user' | 'announcement' | 'draft' | 'scheduled']
      | ['user' | 'announcement' | 'draft' | 'scheduled', 'user' | 'announcement' | 'draft' | 'scheduled', 'user' | 'announcement' | 'draft' | 'scheduled']
      | [
          'user' | 'announcement' | 'draft' | 'scheduled',
          'user' | 'announcement' | 'draft' | 'scheduled',
          'user' | 'announcement' | 'draft' | 'scheduled',
          'user' | 'announcement' | 'draft' | 'scheduled'
        ]
    sorter?: 'time'
    multi?: boolean
    networks?: WorkspaceIdList
    skip?: number
    hash?: number
  }
  'wall2.new_post#0': {
    subject: ShortText
    text: Text
    files?: ObjectIdList
    loc?: Location
    networks?: WorkspaceIdList2
  }
  'wall2.new_post#1': string[] | null
  'wall2.new_post#2': {
    allowReply?: boolean
    draft?: boolean
    /**
     * milliseconds since 1970-01-01 UTC
     */
    scheduleTime?: number
  }
  'wall2.pin_post#0': ObjectId
  'wall2.pin_post#1': boolean
  'wall2.remove_comment#0': ObjectId
  'wall2.remove_comment#1': ObjectId
  'wall2.remove_post#0': ObjectId
  'wall2.save_comment#0': {
    text: Text
    loc?: Location
    tagged?: ObjectIdList3
    tags?: ObjectIdList
    files?: ObjectIdList
  }
  'wall2.save_comment#1': ObjectId
  'wall2.seen#0': {
    networks?: WorkspaceIdList
  }
  'wall2.unfollow_post#0': ObjectId
  'wall2.unread#0': {
    workspaceIds?: WorkspaceIdList
    /**
     * @maxItems 3
     */
    types?:
      | []
      | ['user' | 'activity.created' | 'activity.updated']
      | ['user' | 'activity.created' | 'activity.updated', 'user' | 'activity.created' | 'activity.updated']
      | ['user' | 'activity.created' | 'activity.updated', 'user' | 'activity.created' | 'activity.updated', 'user' | 'activity.created' | 'activity.updated']
  }
}
/**
 * process field descriptor, input of process.create_field
 */
export interface FieldDescriptor {
  /**
   * field label
   */
  label: string
  type: FieldType
  required?: boolean
  /**
   * enables editing of function fields
   */
  editable?: boolean
  placeholder?: ShortText
  description?: Text
  /**
   * defaults to none
   */
  unit?: string
  defaultValue?: Text
  /**
   * script code
   */
  function?: string
  /**
   * field key
   */
  key?: string
  data?: ObjectId | ShortText[]
  /**
   * use defaultValue as default
   */
  defaultTo?: boolean
  functionEnabled?: boolean
  reminderEnabled?: boolean
  /**
   * hides fields under a subheader
   */
  collapsedByDefault?: boolean
  functionVariables?: VariablesMap
  modifier?: AnyObject1
  reminderSettings?: AnyObject
  /**
   * user fields only: adds the user to the activity discussion
   */
  inviteToDiscussionOnChange?: boolean
}
/**
 * map string to object or object[]
 */
export interface VariablesMap {
  [k: string]: AnyObject | AnyObjectList
}
export interface AnyObject {
  [k: string]: Any
}
/**
 * field type modifiers
 */
export interface AnyObject1 {
  [k: string]: Any
}
/**
 * process configuration fields (all optional): input of process.set_info
 */
export interface ProcessInfo {
  coverImage?: ObjectId
  createNewLabel?: ShortText
  description?: Text
  defaultView?: string
  name?: Name
  nameColumnText?: ShortText
  nameFieldPlaceHolderText?: ShortText
  /**
   * script code of the name function
   */
  nameFunction?: string
  ownerTeamFieldTitle?: ShortText
  personInChargeLabel?: ShortText
  predefinedNamePrefix?: ShortText
  initPhaseDescription?: Text
  color?: Color
  /**
   * process key
   */
  key?: string
  translations?: LangMap
  enableAddedField?: boolean
  enableAttachments?: boolean
  enableLinkedAnnouncements?: boolean
  enableMapLocation?: boolean
  enableMessenger?: boolean
  allowGuests?: boolean
  enableGuestEditing?: boolean
  enableModifiedField?: boolean
  enableOwnerField?: boolean
  enableBallTracking?: boolean
  enableOwnerTeamField?: boolean
  enablePredefinedName?: boolean
  enablePreselectedTeam?: boolean
  enableUniqueName?: boolean
  /**
   * marks the process as a dataset
   */
  enableUnlinkedMode?: boolean
  locationRequired?: boolean
  nameFunctionEnabled?: boolean
  nameEditable?: boolean
  allowMultipleTags?: boolean
  allowCustomTags?: boolean
  requireFileTag?: boolean
  inviteActivityCreator?: boolean
  enableActivityTagging?: boolean
  /**
   * sidenav picks a team automatically when no preselected team is set
   */
  autoPickPreselectedTeam?: boolean
  fieldsOrder?: ObjectIdList
  phasesOrder?: ObjectIdList
  phasesRemoved?: ObjectIdList
  tags?: ObjectIdList
  nameFunctionVariables?: VariablesMap
  order?: number
  /**
   * count of activities created in the process
   */
  createdActivities?: number
  members?: AnyObjectList
  discussionPermissions?: AnyArray
  personInCharge?: ObjectId
  defaultGroupByField?: ObjectId
  phases?: AnyObject
  preselectedTeam?: AnyObject
  /**
   * @maxItems 1000
   */
  groupNames?: ShortText[]
  activityTaggingPhaseIds?: Any
}
/**
 * map from lang to object
 */
export interface LangMap {
  [k: string]: AnyObject
}
/**
 * partial process field descriptor, input of process.update_field (type is not accepted)
 */
export interface FieldDescriptorUpdate {
  /**
   * field label
   */
  label?: string
  required?: boolean
  /**
   * enables editing of function fields
   */
  editable?: boolean
  placeholder?: ShortText
  description?: Text
  /**
   * defaults to none
   */
  unit?: string
  defaultValue?: Text
  /**
   * script code
   */
  function?: string
  /**
   * field key
   */
  key?: string
  data?: ObjectId | ShortText[]
  /**
   * use defaultValue as default
   */
  defaultTo?: boolean
  functionEnabled?: boolean
  reminderEnabled?: boolean
  /**
   * hides fields under a subheader
   */
  collapsedByDefault?: boolean
  functionVariables?: VariablesMap
  modifier?: AnyObject2
  reminderSettings?: AnyObject
  /**
   * user fields only: adds the user to the activity discussion
   */
  inviteToDiscussionOnChange?: boolean
}
/**
 * field type modifiers
 */
export interface AnyObject2 {
  [k: string]: Any
}
export interface PublicFormCreate {
  processId: ObjectId
  /**
   * user id
   */
  creator?: string
  /**
   * team id
   */
  team?: string
  /**
   * account id
   */
  account?: string
  followers?: 'none' | 'creator' | 'team'
  active?: boolean
  /**
   * lets the anonymous form user take part in the discussion
   */
  enableMessaging?: boolean
  theme?: AnyObject3
}
/**
 * colors and logo
 */
export interface AnyObject3 {
  [k: string]: Any
}
export interface PublicFormUpdate {
  processId: ObjectId
  /**
   * user id
   */
  creator?: string
  /**
   * team id
   */
  team?: string
  /**
   * account id
   */
  account?: string
  followers?: 'none' | 'creator' | 'team'
  active?: boolean
  /**
   * allows listing activities in activity fields
   */
  allowRead?: boolean
  enableMessaging?: boolean
  theme?: AnyObject4
}
/**
 * colors and logo
 */
export interface AnyObject4 {
  [k: string]: Any
}
export interface RegisterUser {
  email: Email
  firstname: Name
  lastname: Name
  password: Password
}
export interface RegisterOptions {
  /**
   * workspace (network, company) id
   */
  copyNetworkId?: string
  referralCode?: string
  publicChatSessionId?: string
  /**
   * any JSON value, bounded
   */
  viewedSlides?:
    | null
    | boolean
    | number
    | string
    | Any[]
    | {
        [k: string]: Any
      }
}
export interface SsoRegisterOptions {
  /**
   * workspace (network, company) id
   */
  copyNetworkId?: string
  referralCode?: string
}
/**
 * user global settings (all optional)
 */
export interface UserGlobalSettings {
  enterToSend?: boolean
  discussionMessageEmail?: boolean
  feedPostEmail?: boolean
  pushOnMention?: boolean
  navOnboardingSeen?: boolean
  theme?: string
  /**
   * @maxItems 10000
   */
  hiddenFeedPosts?: ObjectId[]
  feedSelectedWorkspaces?: WorkspaceIdList
  defaultView?: AnyObject
}
/**
 * activity object for v3.activity.create / createMany
 */
export interface ActivityInput {
  name?: ShortText
  fields?: FieldValueMap
  fileIds?: ObjectIdList
  followerIds?: ObjectIdList2
  location?: Location
  teamId?: ObjectId
  phaseId?: ObjectId
}
/**
 * map fieldId to value
 */
export interface FieldValueMap {
  [k: string]: Any
}
/**
 * location object; contents not shown
 */
export interface Location {
  [k: string]: Any
}
export interface ActivityCreateOptions {
  /**
   * default team
   */
  teamId?: string
  fileIds?: ObjectIdList
  followerIds?: ObjectIdList
  location?: Location
  discussionId?: ObjectId
  phaseId?: ObjectId
  ignoreRequired?: boolean
}
export interface ActivityCreateManyOptions {
  teamId?: ObjectId
  fileIds?: ObjectIdList
  followerIds?: ObjectIdList
  location?: Location
  discussionId?: ObjectId
  phaseId?: ObjectId
  ignoreRequired?: boolean
  /**
   * return name, fields, followers, teamId, sequence, priority
   */
  returnDocument?: boolean
  /**
   * workspace (network, company) id
   */
  workspaceId?: string
}
/**
 * data export/import omit flags: a set flag skips that data type (omitFileContents: only metadata)
 */
export interface OmitFlags {
  omitFileContents?: boolean
  omitMessages?: boolean
  omitLogs?: boolean
  omitProcessPrefix?: boolean
  omitActivities?: boolean
  omitEvents?: boolean
  omitFeed?: boolean
  omitFeedComment?: boolean
  omitNotifications?: boolean
  omitInvites?: boolean
  omitInsights?: boolean
  omitApps?: boolean
}
export interface Credentials {
  host: string
  username: string
  password: Password
}

/** The positional arguments of each operation, named as its schema's x-argNames. */
export interface OperationArgs {
  'auth': [key: ArgumentTypes['auth#0']]
  'company.add_property_field': [target: ArgumentTypes['company.add_property_field#0'], field: ArgumentTypes['company.add_property_field#1']]
  'company.check_invite': [inviteKey: ArgumentTypes['company.check_invite#0']]
  'company.form_get_teams': [options?: NonNullable<ArgumentTypes['company.form_get_teams#0']>]
  'company.get_general_options': []
  'company.leave': [workspaceId: ArgumentTypes['company.leave#0']]
  'company.load_team': [teamId: ArgumentTypes['company.load_team#0']]
  'company.new_account': [account: ArgumentTypes['company.new_account#0']]
  'company.new_team': [team: ArgumentTypes['company.new_team#0']]
  'company.remove_account': [account: ArgumentTypes['company.remove_account#0']]
  'company.remove_property_field': [fieldId: ArgumentTypes['company.remove_property_field#0'], target: ArgumentTypes['company.remove_property_field#1']]
  'company.remove_team': [teamId: ArgumentTypes['company.remove_team#0']]
  'company.remove_user': [userId: ArgumentTypes['company.remove_user#0']]
  'company.set_account_data': [section: ArgumentTypes['company.set_account_data#0'], data: ArgumentTypes['company.set_account_data#1']]
  'company.set_general_options': [options?: NonNullable<ArgumentTypes['company.set_general_options#0']>]
  'company.set_property_value': [fieldId: ArgumentTypes['company.set_property_value#0'], target: ArgumentTypes['company.set_property_value#1'], value: ArgumentTypes['company.set_property_value#2']]
  'company.set_team_data': [data: ArgumentTypes['company.set_team_data#0']]
  'company.set_user_data': [data: ArgumentTypes['company.set_user_data#0']]
  'company.set_user_property_value': [fieldId: ArgumentTypes['company.set_user_property_value#0'], value?: NonNullable<ArgumentTypes['company.set_user_property_value#1']>]
  'company.update_property_field': [target: ArgumentTypes['company.update_property_field#0'], fieldId: ArgumentTypes['company.update_property_field#1'], field: ArgumentTypes['company.update_property_field#2']]
  'company.update_team_users': [teamId: ArgumentTypes['company.update_team_users#0'], userIds: ArgumentTypes['company.update_team_users#1']]
  'login': [email: ArgumentTypes['login#0'], password: ArgumentTypes['login#1']]
  'loginSso': [idToken: ArgumentTypes['loginSso#0']]
  'logout': []
  'process.create': [options?: NonNullable<ArgumentTypes['process.create#0']>]
  'process.create_docTemplateField': [field: ArgumentTypes['process.create_docTemplateField#0']]
  'process.create_field': [processId: ArgumentTypes['process.create_field#0'], field: ArgumentTypes['process.create_field#1']]
  'process.delete_docTemplateField': [field: ArgumentTypes['process.delete_docTemplateField#0']]
  'process.get_next_prefix_id': [processId: ArgumentTypes['process.get_next_prefix_id#0']]
  'process.install_template': [templateId: ArgumentTypes['process.install_template#0']]
  'process.list': [processIdOrKey?: NonNullable<ArgumentTypes['process.list#0']>, phaseIdOrWorkspaceId?: NonNullable<ArgumentTypes['process.list#1']>]
  'process.list_templates': []
  'process.remove': [processId: ArgumentTypes['process.remove#0']]
  'process.remove_field': [processId: ArgumentTypes['process.remove_field#0'], fieldId: ArgumentTypes['process.remove_field#1']]
  'process.set_docTemplateFieldProperty': [property: ArgumentTypes['process.set_docTemplateFieldProperty#0']]
  'process.set_docTemplatePrintName': [processId: ArgumentTypes['process.set_docTemplatePrintName#0'], templateId: ArgumentTypes['process.set_docTemplatePrintName#1'], printName: ArgumentTypes['process.set_docTemplatePrintName#2']]
  'process.set_documentTemplate': [processId: ArgumentTypes['process.set_documentTemplate#0'], template: ArgumentTypes['process.set_documentTemplate#1']]
  'process.set_documentTemplates': [processId: ArgumentTypes['process.set_documentTemplates#0'], templates?: NonNullable<ArgumentTypes['process.set_documentTemplates#1']>]
  'process.set_info': [processId: ArgumentTypes['process.set_info#0'], info: ArgumentTypes['process.set_info#1'], lang?: NonNullable<ArgumentTypes['process.set_info#2']>]
  'process.update_field': [processId: ArgumentTypes['process.update_field#0'], fieldId: ArgumentTypes['process.update_field#1'], field: ArgumentTypes['process.update_field#2'], lang?: NonNullable<ArgumentTypes['process.update_field#3']>]
  'resume': [lastSeq?: NonNullable<ArgumentTypes['resume#0']>]
  'v2.network.copy': [workspaceId: ArgumentTypes['v2.network.copy#0'], name?: NonNullable<ArgumentTypes['v2.network.copy#1']>]
  'v2.network.create': [name?: NonNullable<ArgumentTypes['v2.network.create#0']>]
  'v2.network.fastFunctions.set': [workspaceId: ArgumentTypes['v2.network.fastFunctions.set#0'], enabled: ArgumentTypes['v2.network.fastFunctions.set#1']]
  'v2.network.get': [networkId: ArgumentTypes['v2.network.get#0']]
  'v2.network.invite.edit': [inviteKey: ArgumentTypes['v2.network.invite.edit#0'], update: ArgumentTypes['v2.network.invite.edit#1']]
  'v2.network.invite.list': [networkId: ArgumentTypes['v2.network.invite.list#0']]
  'v2.network.invite.remove': [inviteKey: ArgumentTypes['v2.network.invite.remove#0']]
  'v2.network.invite.resend': [inviteKey: ArgumentTypes['v2.network.invite.resend#0'], brandId?: NonNullable<ArgumentTypes['v2.network.invite.resend#1']>]
  'v2.network.invite.send': [invite: ArgumentTypes['v2.network.invite.send#0']]
  'v2.network.license.get': []
  'v2.network.product.create': [product: ArgumentTypes['v2.network.product.create#0']]
  'v2.network.product.get': [targetId: ArgumentTypes['v2.network.product.get#0']]
  'v2.network.product.getManifest': [targetId: ArgumentTypes['v2.network.product.getManifest#0']]
  'v2.network.product.install': [productId: ArgumentTypes['v2.network.product.install#0'], workspaceId: ArgumentTypes['v2.network.product.install#1']]
  'v2.network.product.isProductInstalled': [productId: ArgumentTypes['v2.network.product.isProductInstalled#0'], workspaceId: ArgumentTypes['v2.network.product.isProductInstalled#1']]
  'v2.network.product.publishTemplate': [template: ArgumentTypes['v2.network.product.publishTemplate#0']]
  'v2.network.publicCopy': [options: ArgumentTypes['v2.network.publicCopy#0']]
  'v2.network.restrictions': []
  'v2.network.role.create': [role: ArgumentTypes['v2.network.role.create#0']]
  'v2.network.role.list': []
  'v2.network.role.remove': [roleId: ArgumentTypes['v2.network.role.remove#0']]
  'v2.network.role.update': [roleId: ArgumentTypes['v2.network.role.update#0'], update: ArgumentTypes['v2.network.role.update#1']]
  'v2.network.update': [workspaceId: ArgumentTypes['v2.network.update#0'], update: ArgumentTypes['v2.network.update#1']]
  'v2.network.workflowTemplate': [workspaceId: ArgumentTypes['v2.network.workflowTemplate#0']]
  'v2.process.copy': [processIds: ArgumentTypes['v2.process.copy#0']]
  'v2.process.get': [processId?: NonNullable<ArgumentTypes['v2.process.get#0']>]
  'v2.process.member.add': [processId: ArgumentTypes['v2.process.member.add#0'], memberId: ArgumentTypes['v2.process.member.add#1']]
  'v2.process.member.list': [processId: ArgumentTypes['v2.process.member.list#0']]
  'v2.process.member.remove': [processId: ArgumentTypes['v2.process.member.remove#0'], memberId: ArgumentTypes['v2.process.member.remove#1']]
  'v2.process.meta': [query: ArgumentTypes['v2.process.meta#0']]
  'v2.process.permissions.deny': [processId: ArgumentTypes['v2.process.permissions.deny#0'], targetId: ArgumentTypes['v2.process.permissions.deny#1'], permission?: NonNullable<ArgumentTypes['v2.process.permissions.deny#2']>]
  'v2.process.permissions.grant': [processId: ArgumentTypes['v2.process.permissions.grant#0'], targetId: ArgumentTypes['v2.process.permissions.grant#1'], permission?: NonNullable<ArgumentTypes['v2.process.permissions.grant#2']>]
  'v2.process.publicForm.create': [form: ArgumentTypes['v2.process.publicForm.create#0']]
  'v2.process.publicForm.update': [form: ArgumentTypes['v2.process.publicForm.update#0']]
  'v2.process.star': [processId: ArgumentTypes['v2.process.star#0']]
  'v2.process.translation.create': [processId: ArgumentTypes['v2.process.translation.create#0'], lang: ArgumentTypes['v2.process.translation.create#1']]
  'v2.process.validateFunction': [functionBody: ArgumentTypes['v2.process.validateFunction#0'], variableNames?: NonNullable<ArgumentTypes['v2.process.validateFunction#1']>]
  'v2.process.validateFunctions': [workspaceId: ArgumentTypes['v2.process.validateFunctions#0']]
  'v2.user.invite.accept': [inviteKey: ArgumentTypes['v2.user.invite.accept#0']]
  'v2.user.invite.decline': [inviteKey: ArgumentTypes['v2.user.invite.decline#0']]
  'v2.user.invite.list': []
  'v2.user.invite.register': [user: ArgumentTypes['v2.user.invite.register#0'], inviteKey: ArgumentTypes['v2.user.invite.register#1']]
  'v2.user.profile': [userId: ArgumentTypes['v2.user.profile#0']]
  'v2.user.register': [user: ArgumentTypes['v2.user.register#0'], options?: NonNullable<ArgumentTypes['v2.user.register#1']>, extra?: NonNullable<ArgumentTypes['v2.user.register#2']>]
  'v2.user.registerSsoA': [user: ArgumentTypes['v2.user.registerSsoA#0'], options?: NonNullable<ArgumentTypes['v2.user.registerSsoA#1']>]
  'v2.user.registerSsoB': [idToken: ArgumentTypes['v2.user.registerSsoB#0'], options?: NonNullable<ArgumentTypes['v2.user.registerSsoB#1']>]
  'v2.user.send_verification_email': []
  'v2.user.settings.global.set': [settings: ArgumentTypes['v2.user.settings.global.set#0']]
  'v2.user.verify_email': [verificationId: ArgumentTypes['v2.user.verify_email#0'], verificationKey: ArgumentTypes['v2.user.verify_email#1']]
  'v3.activity.ball.candidates': [activityId: ArgumentTypes['v3.activity.ball.candidates#0']]
  'v3.activity.ball.clear': [activityId: ArgumentTypes['v3.activity.ball.clear#0']]
  'v3.activity.ball.list': [discussionIds: ArgumentTypes['v3.activity.ball.list#0']]
  'v3.activity.ball.pass': [activityId: ArgumentTypes['v3.activity.ball.pass#0'], userId: ArgumentTypes['v3.activity.ball.pass#1']]
  'v3.activity.ball.take': [activityId: ArgumentTypes['v3.activity.ball.take#0']]
  'v3.activity.buildPhaseCountCache': []
  'v3.activity.convertStackedVariables': [options?: NonNullable<ArgumentTypes['v3.activity.convertStackedVariables#0']>]
  'v3.activity.count': [processId?: NonNullable<ArgumentTypes['v3.activity.count#0']>]
  'v3.activity.create': [processId: ArgumentTypes['v3.activity.create#0'], activity?: NonNullable<ArgumentTypes['v3.activity.create#1']>, options?: NonNullable<ArgumentTypes['v3.activity.create#2']>]
  'v3.activity.createMany': [processId: ArgumentTypes['v3.activity.createMany#0'], activities: ArgumentTypes['v3.activity.createMany#1'], options?: NonNullable<ArgumentTypes['v3.activity.createMany#2']>]
  'v3.activity.evaluateAllFunctions': [options?: NonNullable<ArgumentTypes['v3.activity.evaluateAllFunctions#0']>]
  'v3.activity.evaluateMany': [activity: ArgumentTypes['v3.activity.evaluateMany#0']]
  'v3.activity.evaluateWorkflowFunctions.logs': [query: ArgumentTypes['v3.activity.evaluateWorkflowFunctions.logs#0']]
  'v3.activity.evaluateWorkflowFunctions.start': [run: ArgumentTypes['v3.activity.evaluateWorkflowFunctions.start#0']]
  'v3.activity.explainNode.assist': [node: ArgumentTypes['v3.activity.explainNode.assist#0']]
  'v3.activity.explainNode': [node: ArgumentTypes['v3.activity.explainNode#0']]
  'v3.activity.explainNodeDryRun': [node: ArgumentTypes['v3.activity.explainNodeDryRun#0']]
  'v3.activity.extractHistory': [options: ArgumentTypes['v3.activity.extractHistory#0']]
  'v3.activity.forceRepairPath': [path: ArgumentTypes['v3.activity.forceRepairPath#0']]
  'v3.activity.forceRepairWorkflowPath': [path: ArgumentTypes['v3.activity.forceRepairWorkflowPath#0']]
  'v3.activity.functionField.assist': [request: ArgumentTypes['v3.activity.functionField.assist#0']]
  'v3.activity.get': [activityId: ArgumentTypes['v3.activity.get#0']]
  'v3.activity.linkedFrom.next': [activityId: ArgumentTypes['v3.activity.linkedFrom.next#0'], afterActivityId: ArgumentTypes['v3.activity.linkedFrom.next#1'], options?: NonNullable<ArgumentTypes['v3.activity.linkedFrom.next#2']>]
  'v3.activity.linkedFrom.overview': [activityId: ArgumentTypes['v3.activity.linkedFrom.overview#0'], options?: NonNullable<ArgumentTypes['v3.activity.linkedFrom.overview#1']>]
  'v3.activity.linkedFrom.refresh': [activityId: ArgumentTypes['v3.activity.linkedFrom.refresh#0'], phaseId: ArgumentTypes['v3.activity.linkedFrom.refresh#1'], options?: NonNullable<ArgumentTypes['v3.activity.linkedFrom.refresh#2']>]
  'v3.activity.linkedFrom.search': [activityId: ArgumentTypes['v3.activity.linkedFrom.search#0'], searchString: ArgumentTypes['v3.activity.linkedFrom.search#1'], options?: NonNullable<ArgumentTypes['v3.activity.linkedFrom.search#2']>]
  'v3.activity.list': [query: ArgumentTypes['v3.activity.list#0']]
  'v3.activity.permissions': [userId: ArgumentTypes['v3.activity.permissions#0'], workspaceId: ArgumentTypes['v3.activity.permissions#1'], query?: NonNullable<ArgumentTypes['v3.activity.permissions#2']>]
  'v3.activity.phaseCount': [workflowId?: NonNullable<ArgumentTypes['v3.activity.phaseCount#0']>]
  'v3.activity.remove': [activityIds: ArgumentTypes['v3.activity.remove#0']]
  'v3.activity.removed.more': [phaseId: ArgumentTypes['v3.activity.removed.more#0'], options?: NonNullable<ArgumentTypes['v3.activity.removed.more#1']>]
  'v3.activity.removed.overview': [processIds: ArgumentTypes['v3.activity.removed.overview#0'], options?: NonNullable<ArgumentTypes['v3.activity.removed.overview#1']>]
  'v3.activity.removed.recover': [activityIds: ArgumentTypes['v3.activity.removed.recover#0']]
  'v3.activity.repairPath': [options: ArgumentTypes['v3.activity.repairPath#0']]
  'v3.activity.repairPathDryRun': [options: ArgumentTypes['v3.activity.repairPathDryRun#0']]
  'v3.activity.repairWorkflowPath': [options: ArgumentTypes['v3.activity.repairWorkflowPath#0']]
  'v3.activity.repairWorkflowPathDryRun': [options: ArgumentTypes['v3.activity.repairWorkflowPathDryRun#0']]
  'v3.activity.template.create': [processId: ArgumentTypes['v3.activity.template.create#0'], phaseId: ArgumentTypes['v3.activity.template.create#1']]
  'v3.activity.timeline2': [options: ArgumentTypes['v3.activity.timeline2#0']]
  'v3.activity.updateMany': [updates: ArgumentTypes['v3.activity.updateMany#0'], options?: NonNullable<ArgumentTypes['v3.activity.updateMany#1']>]
  'v3.activity.verifyWorkflowValues': [options: ArgumentTypes['v3.activity.verifyWorkflowValues#0']]
  'v3.calendar.create': [calendar: ArgumentTypes['v3.calendar.create#0']]
  'v3.calendar.event.create': [calendarId: ArgumentTypes['v3.calendar.event.create#0'], event: ArgumentTypes['v3.calendar.event.create#1']]
  'v3.calendar.event.list': [calendarId: ArgumentTypes['v3.calendar.event.list#0'], range?: NonNullable<ArgumentTypes['v3.calendar.event.list#1']>]
  'v3.calendar.event.remove': [eventId: ArgumentTypes['v3.calendar.event.remove#0']]
  'v3.calendar.event.update': [eventId: ArgumentTypes['v3.calendar.event.update#0'], changes: ArgumentTypes['v3.calendar.event.update#1']]
  'v3.calendar.list': []
  'v3.calendar.remove': [calendarId: ArgumentTypes['v3.calendar.remove#0']]
  'v3.calendar.subscribeCode.create': [calendarId: ArgumentTypes['v3.calendar.subscribeCode.create#0']]
  'v3.calendar.subscribeCode.rotate': [calendarId: ArgumentTypes['v3.calendar.subscribeCode.rotate#0']]
  'v3.calendar.update': [calendarId: ArgumentTypes['v3.calendar.update#0'], changes: ArgumentTypes['v3.calendar.update#1']]
  'v3.core.challenge': []
  'v3.core.checkEmail': [email: ArgumentTypes['v3.core.checkEmail#0'], identifier: ArgumentTypes['v3.core.checkEmail#1']]
  'v3.core.proofOfWork': [proof?: NonNullable<ArgumentTypes['v3.core.proofOfWork#0']>, endpoint?: NonNullable<ArgumentTypes['v3.core.proofOfWork#1']>, args?: NonNullable<ArgumentTypes['v3.core.proofOfWork#2']>]
  'v3.file.get': [fileId: ArgumentTypes['v3.file.get#0']]
  'v3.file.setPublic': [fileId: ArgumentTypes['v3.file.setPublic#0'], public_: ArgumentTypes['v3.file.setPublic#1']]
  'v3.insight.create': [insight: ArgumentTypes['v3.insight.create#0']]
  'v3.insight.list': [processId?: NonNullable<ArgumentTypes['v3.insight.list#0']>]
  'v3.insight.publicKey.create': [insightId: ArgumentTypes['v3.insight.publicKey.create#0']]
  'v3.insight.publicKey.revoke': [insightId: ArgumentTypes['v3.insight.publicKey.revoke#0']]
  'v3.insight.remove': [insightId: ArgumentTypes['v3.insight.remove#0']]
  'v3.insight.run': [insightId: ArgumentTypes['v3.insight.run#0']]
  'v3.insight.update': [insightId: ArgumentTypes['v3.insight.update#0'], changes: ArgumentTypes['v3.insight.update#1']]
  'v3.proofOfWork.call': [challenge?: NonNullable<ArgumentTypes['v3.proofOfWork.call#0']>, hash?: NonNullable<ArgumentTypes['v3.proofOfWork.call#1']>, endpoint?: NonNullable<ArgumentTypes['v3.proofOfWork.call#2']>, args?: NonNullable<ArgumentTypes['v3.proofOfWork.call#3']>]
  'v3.proofOfWork.challenge': []
  'v3.publicForm.get': [key: ArgumentTypes['v3.publicForm.get#0']]
  'v3.session.get': []
  'v3.session.switchWorkspace': [workspaceId: ArgumentTypes['v3.session.switchWorkspace#0']]
  'v3.session.workspaces': []
  'v3.user.apikey.create': [name: ArgumentTypes['v3.user.apikey.create#0'], workspaceId: ArgumentTypes['v3.user.apikey.create#1'], whitelistIps: ArgumentTypes['v3.user.apikey.create#2'], delegatedToUrl?: NonNullable<ArgumentTypes['v3.user.apikey.create#3']>]
  'v3.user.apikey.list': []
  'v3.user.apikey.remove': [apiKeyId: ArgumentTypes['v3.user.apikey.remove#0']]
  'v3.user.apikey.update': [apiKeyId: ArgumentTypes['v3.user.apikey.update#0'], name: ArgumentTypes['v3.user.apikey.update#1'], whitelistIps: ArgumentTypes['v3.user.apikey.update#2']]
  'v3.user.data.export': [workspaceIds?: NonNullable<ArgumentTypes['v3.user.data.export#0']>, options?: NonNullable<ArgumentTypes['v3.user.data.export#1']>]
  'v3.user.data.export.workspaces': [credentials: ArgumentTypes['v3.user.data.export.workspaces#0']]
  'v3.user.data.import': [credentials: ArgumentTypes['v3.user.data.import#0'], options?: NonNullable<ArgumentTypes['v3.user.data.import#1']>]
  'v3.user.data.job': [jobId: ArgumentTypes['v3.user.data.job#0']]
  'v3.user.idpUser': [username: ArgumentTypes['v3.user.idpUser#0']]
  'v3.user.permissions': [userId?: NonNullable<ArgumentTypes['v3.user.permissions#0']>, workspaceId?: NonNullable<ArgumentTypes['v3.user.permissions#1']>, query?: NonNullable<ArgumentTypes['v3.user.permissions#2']>]
  'v3.user.profileImage.set': [fileId: ArgumentTypes['v3.user.profileImage.set#0']]
  'v3.user.register': [user: ArgumentTypes['v3.user.register#0'], options?: NonNullable<ArgumentTypes['v3.user.register#1']>, extra?: NonNullable<ArgumentTypes['v3.user.register#2']>]
  'v3.user.remove': [confirmation: ArgumentTypes['v3.user.remove#0']]
  'v3.user.setBot': [bot: ArgumentTypes['v3.user.setBot#0']]
  'wall2.edit_comment': [feedPostId: ArgumentTypes['wall2.edit_comment#0'], feedCommentId: ArgumentTypes['wall2.edit_comment#1'], comment: ArgumentTypes['wall2.edit_comment#2']]
  'wall2.edit_post': [postId: ArgumentTypes['wall2.edit_post#0'], post?: NonNullable<ArgumentTypes['wall2.edit_post#1']>]
  'wall2.follow_post': [postId: ArgumentTypes['wall2.follow_post#0']]
  'wall2.like_post': [postId: ArgumentTypes['wall2.like_post#0'], action: ArgumentTypes['wall2.like_post#1']]
  'wall2.load_comments': [feedPostId: ArgumentTypes['wall2.load_comments#0'], feedCommentId?: NonNullable<ArgumentTypes['wall2.load_comments#1']>]
  'wall2.load_posts': [feedPostId?: NonNullable<ArgumentTypes['wall2.load_posts#0']>, options?: NonNullable<ArgumentTypes['wall2.load_posts#1']>]
  'wall2.new_post': [post: ArgumentTypes['wall2.new_post#0'], recipients?: NonNullable<ArgumentTypes['wall2.new_post#1']>, options?: NonNullable<ArgumentTypes['wall2.new_post#2']>]
  'wall2.pin_post': [postId: ArgumentTypes['wall2.pin_post#0'], pin: ArgumentTypes['wall2.pin_post#1']]
  'wall2.remove_comment': [commentId: ArgumentTypes['wall2.remove_comment#0'], postId: ArgumentTypes['wall2.remove_comment#1']]
  'wall2.remove_post': [postId: ArgumentTypes['wall2.remove_post#0']]
  'wall2.save_comment': [comment: ArgumentTypes['wall2.save_comment#0'], feedPostId: ArgumentTypes['wall2.save_comment#1']]
  'wall2.seen': [options?: NonNullable<ArgumentTypes['wall2.seen#0']>]
  'wall2.unfollow_post': [postId: ArgumentTypes['wall2.unfollow_post#0']]
  'wall2.unread': [options?: NonNullable<ArgumentTypes['wall2.unread#0']>]
}

export type OperationName = keyof OperationArgs
