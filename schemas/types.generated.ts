/* Generated from schemas/ and server/ops by scripts/types.ts (npm run types): do not edit. */

export type ObjectId = string
export type Name = string
export type PropertyFieldType = 'text' | 'date' | 'phone' | 'email' | 'url' | 'team' | 'country' | 'optionlist'
export type FilledBy = 'user' | 'admin'
/**
 * ObjectId[], string[] or string
 */
export type PropertyValue = ObjectIdList | StringList | ShortText
/**
 * @maxItems 1000
 */
export type ObjectIdList = ObjectId[]
export type ShortText = string
/**
 * @maxItems 1000
 */
export type StringList = ShortText[]
/**
 * milliseconds since 1970-01-01 UTC
 */
export type Timestamp = number
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
export type Key = string
export type Color = string
/**
 * @maxItems 10000
 */
export type AnyArray = Any[]
export type Text = string
export type DefaultView = 'activities' | 'discussions' | 'events' | 'feed'
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
export type Lang = 'fi' | 'en' | 'sv'
export type LicenseType = 'free' | 'legacy' | 'enterprise' | 'premium' | 'free-trial'
export type Role = 'user' | 'admin' | 'owner' | 'guest' | 'inviter'
/**
 * stringified team ids
 *
 * @maxItems 1000
 */
export type ObjectIdList1 = ObjectId[]
export type MemberPermission = 'admin' | 'own' | 'ownteam' | 'any' | 'edit'
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
/**
 * an identifier given as a string
 */
export type IdString = string
/**
 * When an automation runs (docs/guides/automations.md)
 */
export type AutomationTrigger =
  | {
      type: 'activity.created'
    }
  | {
      type: 'phase.entered'
      phaseId: ObjectId
    }
  | {
      type: 'field.changed'
      fieldId: ObjectId
      /**
       * any JSON value, bounded
       */
      value?:
        | null
        | boolean
        | number
        | string
        | Any[]
        | {
            [k: string]: Any
          }
    }
  | {
      type: 'ball.passed'
      /**
       * when given: only when passed to this user
       */
      to?: string
    }
/**
 * What an automation does, in order, with its creator's rights
 */
export type AutomationAction =
  | {
      type: 'move'
      phaseId: ObjectId
    }
  | {
      type: 'setFields'
      fields: FieldValueMap
    }
  | {
      type: 'passBall'
      userId: ObjectId
    }
  | {
      type: 'addFollowers'
      /**
       * @minItems 1
       * @maxItems 100
       */
      userIds: [ObjectId, ...ObjectId[]]
    }
  | {
      type: 'post'
      subject: string
      /**
       * {{activity.name}}, {{activity.id}}, {{automation.name}} are replaced
       */
      text: string
      /**
       * as wall2.new_post's; default the activity's followers
       *
       * @maxItems 100
       */
      recipients?: string[]
    }
  | {
      type: 'mail'
      /**
       * a member's user id, or ballHolder
       */
      to: ObjectId | 'ballHolder'
      subject: string
      /**
       * {{activity.name}}, {{activity.id}}, {{automation.name}} are replaced
       */
      text: string
    }
  | {
      type: 'webhook'
      url: string
    }
export type Url = string
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

export interface OperationSchemas {
  /**
   * Signs a socket in with a session key obtained earlier (in-band authentication); returns {uid}.
   */
  auth: {
    args: {
      key: string
    }
    result: {
      uid?: ObjectId
    }
  }
  /**
   * Arguments: [`users`, `{label, type, filledBy (all required), enableMultiple?, data?: ObjectId[]/string[]/string}`]. Returns: company property field.
   */
  'company.add_property_field': {
    args: {
      target: 'users'
      field: {
        label: Name
        type: PropertyFieldType
        filledBy: FilledBy
        enableMultiple?: boolean
        data?: PropertyValue
      }
    }
    result: CompanyPropertyField
  }
  /**
   * Arguments: [inviteKey]. Returns: invite record.
   */
  'company.check_invite': {
    args: {
      inviteKey: Key
    }
    result: InviteRecord
  }
  /**
   * Arguments: [options?] teams of the current company. Returns: array of team records (_id, name, description?, public, defaultView?, members, accounts).
   */
  'company.form_get_teams': {
    args: {
      /**
       * options: own (boolean); other keys are ignored
       */
      options: {
        /**
         * only the teams the caller belongs to
         */
        own?: boolean
        [k: string]: Any | boolean | undefined
      }
    }
    /**
     * @maxItems 1000
     */
    result: Team[]
  }
  /**
   * Arguments: []. Returns: general options.
   */
  'company.get_general_options': {
    args: {}
    result: WorkspaceGeneralOptions
  }
  /**
   * Arguments: [ObjectId]. Returns: boolean. Interpretation: the ObjectId argument is the workspace (company) to leave.
   */
  'company.leave': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
    }
    result: boolean
  }
  /**
   * Arguments: [teamId]. Returns: team.
   */
  'company.load_team': {
    args: {
      teamId: ObjectId
    }
    result: Team
  }
  /**
   * Arguments: [`{name, team_id}`]. Returns: the new account {_id, team_id, name, color: null, created}.
   */
  'company.new_account': {
    args: {
      account: {
        name: Name
        team_id: ObjectId
      }
    }
    result: {
      _id: ObjectId
      team_id: ObjectId
      name: ShortText
      color: Color | null
      created: Timestamp
      updated?: Timestamp
    }
  }
  /**
   * Arguments: [`{name, description?}`]. Returns: the new team record (as company.load_team).
   */
  'company.new_team': {
    args: {
      team: {
        name: Name
        description?: Text
      }
    }
    result: Team
  }
  /**
   * Arguments: [`{account_id, team_id}`]. Returns: boolean.
   */
  'company.remove_account': {
    args: {
      account: {
        account_id: ObjectId
        team_id: ObjectId
      }
    }
    result: boolean
  }
  /**
   * Arguments: [fieldId, `users`]. Returns: boolean.
   */
  'company.remove_property_field': {
    args: {
      fieldId: ObjectId
      target: 'users'
    }
    result: boolean
  }
  /**
   * Arguments: [ObjectId]. Returns: boolean. Interpretation: the ObjectId argument is the team id.
   */
  'company.remove_team': {
    args: {
      teamId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [ObjectId]. Returns: boolean. Interpretation: the ObjectId argument is the user id.
   */
  'company.remove_user': {
    args: {
      userId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [`name` or `color`, `{account_id (required), name?, color?}`]. Returns: the updated account {_id, team_id, name, color, created, updated}.
   */
  'company.set_account_data': {
    args: {
      section: 'name' | 'color'
      data: {
        account_id: ObjectId
        name?: Name
        color?: Color
      }
    }
    result: {
      _id: ObjectId
      team_id: ObjectId
      name: ShortText
      color: Color | null
      created: Timestamp
      updated?: Timestamp
    }
  }
  /**
   * Arguments: [options?] same shape as general options. Returns: general options.
   */
  'company.set_general_options': {
    args: {
      /**
       * workspace general options (all optional)
       */
      options: {
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
    }
    result: WorkspaceGeneralOptions
  }
  /**
   * Arguments: [fieldId, `users`, `{uid (required), data?: ObjectId[]/string[]/string}`]. Returns: boolean.
   */
  'company.set_property_value': {
    args: {
      fieldId: ObjectId
      target: 'users'
      value: {
        uid: ObjectId
        data?: PropertyValue
      }
    }
    result: boolean
  }
  /**
   * Arguments: [`{team_id, section: name/description/public/defaultView, data: any}`] all required. Returns: boolean.
   */
  'company.set_team_data': {
    args: {
      data: {
        team_id: ObjectId
        section: 'name' | 'description' | 'public' | 'defaultView'
        data: Any
      }
    }
    result: boolean
  }
  /**
   * Arguments: [`{section: owner/admin/guest/inviter/feedAdmin/title/customRole, uid, value: string (all required), workspaceId?}`]. Returns: boolean. Sections owner/admin/guest set the single role column (true: that role; false: back to user when it was that role); inviter and feedAdmin are flags.
   */
  'company.set_user_data': {
    args: {
      data: {} & {
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
    }
    result: boolean
  }
  /**
   * Arguments: [fieldId, value?: ObjectId[]/string[]/string]. Returns: boolean.
   */
  'company.set_user_property_value': {
    args: {
      fieldId: ObjectId
      value: PropertyValue
    }
    result: boolean
  }
  /**
   * Arguments: [`users`, fieldId, `{filledBy, label, type (required), created?, uid?, _id?, enableMultiple?, expect? (precondition, added)}`]. Returns: company property field (without enableMultiple and data).
   */
  'company.update_property_field': {
    args: {
      target: 'users'
      fieldId: ObjectId
      field: {
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
        expect?: ExpectedValues
      }
    }
    result: CompanyPropertyField
  }
  /**
   * Arguments: [teamId, userIds: ObjectId[]] sets team membership. Returns: boolean.
   */
  'company.update_team_users': {
    args: {
      teamId: ObjectId
      /**
       * @maxItems 10000
       */
      userIds: ObjectId[]
    }
    result: boolean
  }
  /**
   * Signs in with email and password; returns the session key. On a socket it also signs that socket in; over HTTP it also sets the hlrkey cookie.
   */
  login: {
    args: {
      email: Email
      password: string
    }
    result: string
  }
  /**
   * Signs in an account registered through single sign-on with a fresh OpenID Connect ID token of a configured provider; returns the session key. On a socket it also signs that socket in; over HTTP it also sets the hlrkey cookie.
   */
  loginSso: {
    args: {
      idToken: string
    }
    result: string
  }
  /**
   * Ends the caller's session (only that one) and closes its sockets.
   */
  logout: {
    args: {}
    result: boolean
  }
  /**
   * Arguments: [options?] `{name?, description?, defaultView?: string, workspaceId?: ws (current workspace if omitted), enableMapLocation?: boolean, enableUnlinkedMode?: boolean (marks dataset), enableUniqueName?: boolean, defaultGroupByField?: string}`. Returns: not shown (R).
   */
  'process.create': {
    args: {
      options: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [`{processId, name (template name), group: images/activityLinks/fields}`] all required; creates a field in the template's fieldMap. Returns: not shown (R).
   */
  'process.create_docTemplateField': {
    args: {
      field: {
        processId: ObjectId
        /**
         * document template name
         */
        name: string
        group: 'images' | 'activityLinks' | 'fields'
      }
    }
    result: unknown
  }
  /**
   * Arguments: [processId, field descriptor]. Returns: field descriptor with `_id`, `uid`, `created`, `updated?`.
   */
  'process.create_field': {
    args: {
      processId: ObjectId
      field: FieldDescriptor
    }
    result: ProcessField
  }
  /**
   * Arguments: [`{processId, name, group: images/activityLinks/fields, key}`] all required; `key` like a field or image key. Returns: not shown (R).
   */
  'process.delete_docTemplateField': {
    args: {
      field: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [processId]. Returns: `{ latestSuffix: number }`.
   */
  'process.get_next_prefix_id': {
    args: {
      processId: ObjectId
    }
    result: {
      latestSuffix: number
    }
  }
  /**
   * Arguments: [templateId] installs a template into the current network. Returns: ResultObject.
   */
  'process.install_template': {
    args: {
      templateId: ObjectId
    }
    result: ResultObject
  }
  /**
   * Arguments: [processIdOrKey?, phaseIdOrWorkspaceId?]; second argument is a phase id filter, or a workspace id when the first is a process key; only processes the user can access; without a phase it describes the whole workflow and tells required and non-required fields per phase. Returns: array (elements R). Note: optional argument 1 (processIdOrKey) accepts null when a later argument is given.
   */
  'process.list': {
    args: {
      processIdOrKey: ObjectId | string | null
      /**
       * phase id filter, or a workspace id when the first argument is a process key
       */
      phaseIdOrWorkspaceId: string
    }
    result: AnyObjectList
  }
  /**
   * Arguments: []. Returns: array of template listing entries.
   */
  'process.list_templates': {
    args: {}
    /**
     * @maxItems 10000
     */
    result: ProcessTemplateListingEntry[]
  }
  /**
   * Arguments: [processId] needs permission. Returns: boolean.
   */
  'process.remove': {
    args: {
      processId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [processId, fieldId]. Returns: boolean.
   */
  'process.remove_field': {
    args: {
      processId: ObjectId
      fieldId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [`{processId, name, group: fieldMap/images/activityLinks/fields/opts, key, property: label/value/description/field/process/staticActivityIds/formatFieldValue/thousandSeparator/decimalSeparator/toFixedDigits/toFixedIds/linkedActivitiesFilteredPhases, value?: any}`]. Returns: not shown (R).
   */
  'process.set_docTemplateFieldProperty': {
    args: {
      property: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [processId, templateId, printName: string]. Returns: not shown (R).
   */
  'process.set_docTemplatePrintName': {
    args: {
      processId: ObjectId
      /**
       * document template id
       */
      templateId: string
      printName: ShortText
    }
    result: unknown
  }
  /**
   * Arguments: [processId, one template object]; an object holding only `name` deletes that template. Returns: not shown (R).
   */
  'process.set_documentTemplate': {
    args: {
      processId: ObjectId
      /**
       * document template; full structure not shown; an object holding only name deletes that template
       */
      template: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [processId, templates object?]; null deletes all templates. Returns: not shown (R).
   */
  'process.set_documentTemplates': {
    args: {
      processId: ObjectId
      templates: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [processId, info object (fields of the process configuration table), lang?]. Returns: boolean.
   */
  'process.set_info': {
    args: {
      processId: ObjectId
      info: ProcessInfo
      lang: Lang
    }
    result: boolean
  }
  /**
   * Arguments: [processId, fieldId, partial field descriptor, lang?]; fails if the user lacks permission or the field is not used in that workflow. Returns: boolean.
   */
  'process.update_field': {
    args: {
      processId: ObjectId
      fieldId: ObjectId
      field: FieldDescriptorUpdate
      lang: Lang
    }
    result: boolean
  }
  /**
   * On a socket: sends every logged signal after lastSeq that the caller may hear now, in order and once, before any new one, then answers {seq, replayed, reset}. Past the retention (or an unknown seq) it sends one `reset` signal instead. Without lastSeq it only answers the current seq.
   */
  resume: {
    args: {
      lastSeq: number
    }
    result: {
      seq?: number
      replayed?: number
      reset?: boolean
    }
  }
  /**
   * Arguments: [ws, name?]; copies the workspace with new ids for all created fields and processes; network owner only and only when not restricted. Returns: ResultObject {cid, name, sourceId, processIds}. (A): the interface does not show the meaning of the second argument; it is the name of the new workspace (default "<name> (copy)").
   */
  'v2.network.copy': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
      /**
       * name of the new workspace (A)
       */
      name: string
    }
    result: ResultObject
  }
  /**
   * Arguments: [string?] (A). Returns: ResultObject. (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: the optional string argument is named name.
   */
  'v2.network.create': {
    args: {
      /**
       * string whose meaning is not shown (A)
       */
      name: string
    }
    result: ResultObject
  }
  /**
   * Arguments: [ws, enabled: boolean] enables or disables the fast function evaluator; workspace admins and owners only. Returns: boolean.
   */
  'v2.network.fastFunctions.set': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
      enabled: boolean
    }
    result: boolean
  }
  /**
   * Arguments: [networkId]. Returns: workspace object.
   */
  'v2.network.get': {
    args: {
      /**
       * workspace (network, company) id
       */
      networkId: string
    }
    result: Workspace
  }
  /**
   * Arguments: [inviteKey: string, update object `{notes?, title?, role?, teams? (stringified ids), customRole?, discussionIds?}`]; at least one key; only teams, title and notes can be updated; null for title or notes clears it. Returns: boolean.
   */
  'v2.network.invite.edit': {
    args: {
      inviteKey: Key
      update: {
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
    }
    result: boolean
  }
  /**
   * Arguments: [networkId]. Returns: array (elements R).
   */
  'v2.network.invite.list': {
    args: {
      /**
       * workspace (network, company) id
       */
      networkId: string
    }
    result: AnyObjectList
  }
  /**
   * Arguments: [inviteKey]. Returns: boolean.
   */
  'v2.network.invite.remove': {
    args: {
      inviteKey: Key
    }
    result: boolean
  }
  /**
   * Arguments: [inviteKey: string, ObjectId?]. Returns: boolean. Interpretation: the optional ObjectId argument is unnamed in the interface; named brandId (as in v2.network.invite.send).
   */
  'v2.network.invite.resend': {
    args: {
      inviteKey: Key
      brandId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [`{email (required), name?, title?, notes?, brandId?: ObjectId, role?, teams?, customRole?, discussionIds?, cid?: ws (default current workspace)}`]. Returns: not shown (R).
   */
  'v2.network.invite.send': {
    args: {
      invite: {
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
    }
    result: unknown
  }
  /**
   * Arguments: []. Returns: license object.
   */
  'v2.network.license.get': {
    args: {}
    result: WorkspaceLicense
  }
  /**
   * Arguments: [`{name: string (required; name of the version)}`]. Returns: not shown (R).
   */
  'v2.network.product.create': {
    args: {
      product: {
        /**
         * name of the version
         */
        name: string
      }
    }
    result: unknown
  }
  /**
   * Arguments: [targetId: ObjectId (marketplace target)]. Returns: not shown (R).
   */
  'v2.network.product.get': {
    args: {
      /**
       * marketplace target
       */
      targetId: string
    }
    result: unknown
  }
  /**
   * Arguments: [targetId]. Returns: not shown (R).
   */
  'v2.network.product.getManifest': {
    args: {
      targetId: ObjectId
    }
    result: unknown
  }
  /**
   * Arguments: [productId, ws]. Returns: boolean.
   */
  'v2.network.product.install': {
    args: {
      productId: ObjectId
      /**
       * workspace (network, company) id
       */
      workspaceId: string
    }
    result: boolean
  }
  /**
   * Arguments: [productId, ws]. Returns: boolean.
   */
  'v2.network.product.isProductInstalled': {
    args: {
      productId: ObjectId
      /**
       * workspace (network, company) id
       */
      workspaceId: string
    }
    result: boolean
  }
  /**
   * Arguments: [`{version: string (semver, required), versionDescription (required), title (required), description (required), workspaceId?, targetId?}`]. Returns: not shown (R).
   */
  'v2.network.product.publishTemplate': {
    args: {
      template: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [`{copyNetworkId: ws}`]. Returns: ResultObject.
   */
  'v2.network.publicCopy': {
    args: {
      options: {
        /**
         * workspace (network, company) id
         */
        copyNetworkId: string
      }
    }
    result: ResultObject
  }
  /**
   * Arguments: []. Returns: not shown (R).
   */
  'v2.network.restrictions': {
    args: {}
    result: unknown
  }
  /**
   * Defines a custom role in the current workspace: [{name, capabilities}]; returns the role {_id, name, capabilities, created}. Needs roles.manage; grants only capabilities the caller holds.
   */
  'v2.network.role.create': {
    args: {
      role: {
        name: string
        /**
         * capability names of server/policies/roles.ts (all but members.setOwner)
         *
         * @maxItems 16
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
              | 'audit.read'
              | 'webhooks.manage'
              | 'automations.manage',
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
            ]
      }
    }
    result: unknown
  }
  /**
   * The custom roles of the current workspace: [{_id, name, capabilities, members, created, updated?}], by name.
   */
  'v2.network.role.list': {
    args: {}
    result: unknown
  }
  /**
   * Removes a custom role of the current workspace and clears it from its members and pending invites: [roleId]; returns true.
   */
  'v2.network.role.remove': {
    args: {
      roleId: ObjectId
    }
    result: unknown
  }
  /**
   * Renames a custom role of the current workspace or replaces its capabilities: [roleId, {name?, capabilities?}] (at least one); returns the role.
   */
  'v2.network.role.update': {
    args: {
      roleId: ObjectId
      update: {
        name?: string
        /**
         * capability names of server/policies/roles.ts (all but members.setOwner)
         *
         * @maxItems 16
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
              | 'audit.read'
              | 'webhooks.manage'
              | 'automations.manage',
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
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
                | 'audit.read'
                | 'webhooks.manage'
                | 'automations.manage'
              ),
            ]
      }
    }
    result: unknown
  }
  /**
   * Arguments: [ws?, `{name?, isolatedTeams?: boolean, color?, defaultView?: activities/discussions/events/feed, allowPublicCopy?: boolean, functionFieldVersion?: number, languages?: lang[], localauth?: boolean, disableVideoCalls?: boolean, expect? (precondition, added)}`]; owner or admin only. Returns: boolean. Note: argument 1 (workspaceId) is optional but precedes a required argument: it counts in minItems and null skips it.
   */
  'v2.network.update': {
    args: {
      workspaceId: string | null
      update: {
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
        expect?: ExpectedValues
      }
    }
    result: boolean
  }
  /**
   * Arguments: [ws]. Returns: not shown (R).
   */
  'v2.network.workflowTemplate': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
    }
    result: unknown
  }
  /**
   * Arguments: [processId or processId[]]. Returns: processId[].
   */
  'v2.process.copy': {
    args: {
      processIds: ObjectId | ObjectIdList
    }
    result: ObjectIdList
  }
  /**
   * Arguments: [processId?]. Returns: process object.
   */
  'v2.process.get': {
    args: {
      processId: ObjectId
    }
    result: Process
  }
  /**
   * Arguments: [processId, memberId: string (network, user, team or group)]. Returns: boolean.
   */
  'v2.process.member.add': {
    args: {
      processId: ObjectId
      /**
       * network, user, team or group
       */
      memberId: string
    }
    result: boolean
  }
  /**
   * Arguments: [processId]. Returns: array of member entries.
   */
  'v2.process.member.list': {
    args: {
      processId: ObjectId
    }
    /**
     * @maxItems 10000
     */
    result: ProcessMemberEntry[]
  }
  /**
   * Arguments: [processId, memberId: string (user or team)]. Returns: boolean.
   */
  'v2.process.member.remove': {
    args: {
      processId: ObjectId
      /**
       * user or team
       */
      memberId: string
    }
    result: boolean
  }
  /**
   * Arguments: [`{process: processId, search?: string}`]. Returns: map string to object.
   */
  'v2.process.meta': {
    args: {
      query: {
        process: ObjectId
        search?: string
      }
    }
    result: {
      [k: string]: AnyObject
    }
  }
  /**
   * Arguments: [processId, user or team id string, permission?: admin/any/own/ownteam]. Returns: boolean.
   */
  'v2.process.permissions.deny': {
    args: {
      processId: ObjectId
      /**
       * user or team id, or network_<workspaceId> (every member but guests)
       */
      targetId: string
      permission: Permission
    }
    result: boolean
  }
  /**
   * Arguments: [processId, user or team id string, permission?: admin/any/own/ownteam]. Returns: not shown (R).
   */
  'v2.process.permissions.grant': {
    args: {
      processId: ObjectId
      /**
       * user or team id, or network_<workspaceId> (every member but guests)
       */
      targetId: string
      permission: Permission
    }
    result: unknown
  }
  /**
   * Arguments: [`{processId (required), creator?, team?, account?, followers?: none/creator/team, active? (default true), enableMessaging?, theme?}`]; when a form key already exists it is replaced by a new key. Returns: public form.
   */
  'v2.process.publicForm.create': {
    args: {
      form: PublicFormCreate
    }
    result: PublicForm
  }
  /**
   * Arguments: [`{processId (required), creator?, team?, account?, followers?, active?, allowRead?, enableMessaging?, theme?}`]; the key is kept. Returns: public form.
   */
  'v2.process.publicForm.update': {
    args: {
      form: PublicFormUpdate
    }
    result: PublicForm
  }
  /**
   * Arguments: [processId]. Returns: `{ isStarred: boolean }`.
   */
  'v2.process.star': {
    args: {
      processId: ObjectId
    }
    result: {
      isStarred: boolean
    }
  }
  /**
   * Arguments: [processId, lang]; creates a translation from the default network language. Returns: map from lang to object.
   */
  'v2.process.translation.create': {
    args: {
      processId: ObjectId
      lang: Lang
    }
    result: LangMap
  }
  /**
   * Arguments: [functionBody: string, string[]?]. Returns: not shown (R). Interpretation: the second argument (string[]?) is unnamed in the interface; named variableNames.
   */
  'v2.process.validateFunction': {
    args: {
      functionBody: Code
      variableNames: StringList
    }
    result: unknown
  }
  /**
   * Arguments: [ws]. Returns: not shown (R).
   */
  'v2.process.validateFunctions': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
    }
    result: unknown
  }
  /**
   * Arguments: [inviteKey: string]. Returns: not shown (R).
   */
  'v2.user.invite.accept': {
    args: {
      inviteKey: Key
    }
    result: unknown
  }
  /**
   * Arguments: [string]. Returns: not shown (R). Interpretation: the string argument is the invite key (as in v2.user.invite.accept).
   */
  'v2.user.invite.decline': {
    args: {
      inviteKey: Key
    }
    result: unknown
  }
  /**
   * Arguments: []. Returns: array (elements R).
   */
  'v2.user.invite.list': {
    args: {}
    result: AnyObjectList
  }
  /**
   * Arguments: [`{firstname, lastname, password}` (all required strings)?, inviteKey]. Returns: not shown (R). Note: argument 1 (user) is optional but precedes a required argument: it counts in minItems and null skips it.
   */
  'v2.user.invite.register': {
    args: {
      user: {
        firstname: Name
        lastname: Name
        password: Password
      } | null
      inviteKey: Key
    }
    result: unknown
  }
  /**
   * Arguments: [userId]. Returns: not shown (R).
   */
  'v2.user.profile': {
    args: {
      userId: ObjectId
    }
    result: unknown
  }
  /**
   * Arguments: [`{email, firstname, lastname, password}` all required strings, `{copyNetworkId?: ws, referralCode?, publicChatSessionId?, viewedSlides?}`?, string?]. Returns: `{ uid: ObjectId, cid: ObjectId }`. Interpretation: the third (optional string) argument is unnamed in the interface; named extra. Note: optional argument 2 (options) accepts null when a later argument is given.
   */
  'v2.user.register': {
    args: {
      user: RegisterUser
      options: RegisterOptions | null
      /**
       * string whose meaning is not shown
       */
      extra: string
    }
    result: UidCid
  }
  /**
   * Arguments: [`{token (identity token), email, firstname, lastname}` all required, `{copyNetworkId?: ws, referralCode?}`?]. Returns: `{ uid, cid }`.
   */
  'v2.user.registerSsoA': {
    args: {
      user: {
        /**
         * identity token
         */
        token: string
        email: Email
        firstname: Name
        lastname: Name
      }
      options: SsoRegisterOptions
    }
    result: UidCid
  }
  /**
   * Arguments: [idToken: string, `{copyNetworkId?: ws, referralCode?}`?]. Returns: `{ uid, cid }`.
   */
  'v2.user.registerSsoB': {
    args: {
      idToken: string
      options: SsoRegisterOptions
    }
    result: UidCid
  }
  /**
   * Arguments: []. Returns: not shown (R).
   */
  'v2.user.send_verification_email': {
    args: {}
    result: unknown
  }
  /**
   * Arguments: [user global settings]. Returns: boolean.
   */
  'v2.user.settings.global.set': {
    args: {
      settings: UserGlobalSettings
    }
    result: boolean
  }
  /**
   * Arguments: [string, string] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: the two strings are the verification id (an ObjectId) and the verification key from the mail sent by v2.user.send_verification_email.
   */
  'v2.user.verify_email': {
    args: {
      /**
       * verification id, from the mail
       */
      verificationId: string
      /**
       * verification key, from the mail
       */
      verificationKey: string
    }
    result: unknown
  }
  /**
   * Arguments: [activityId]. Returns: userId[].
   */
  'v3.activity.ball.candidates': {
    args: {
      activityId: ObjectId
    }
    /**
     * @maxItems 10000
     */
    result: ObjectId[]
  }
  /**
   * Arguments: [activityId]. Returns: not shown (R).
   */
  'v3.activity.ball.clear': {
    args: {
      activityId: ObjectId
    }
    result: {
      _id: ObjectId
      ballHolder: null | {
        uid: ObjectId
        since: Timestamp
      }
    }
  }
  /**
   * Arguments: [`*` or discussionId[]]; `*` returns every ball holder visible to the caller; unknown or non-participant discussion ids are silently dropped. Returns: object[].
   */
  'v3.activity.ball.list': {
    args: {
      discussionIds: '*' | ObjectIdList
    }
    /**
     * @maxItems 10000
     */
    result: {
      activityId: ObjectId
      discussionId: ObjectId
      processId: ObjectId
      ballHolder: {
        uid: ObjectId
        since: Timestamp
      }
    }[]
  }
  /**
   * Arguments: [activityId, userId]. Returns: not shown (R).
   */
  'v3.activity.ball.pass': {
    args: {
      activityId: ObjectId
      userId: ObjectId
    }
    result: {
      _id: ObjectId
      ballHolder: null | {
        uid: ObjectId
        since: Timestamp
      }
    }
  }
  /**
   * Arguments: [activityId]. Returns: not shown (R).
   */
  'v3.activity.ball.take': {
    args: {
      activityId: ObjectId
    }
    result: {
      _id: ObjectId
      ballHolder: null | {
        uid: ObjectId
        since: Timestamp
      }
    }
  }
  /**
   * Arguments: []. Returns: not shown (R).
   */
  'v3.activity.buildPhaseCountCache': {
    args: {}
    result: unknown
  }
  /**
   * Arguments: [] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: listed as [] (A): designed as one optional options object.
   */
  'v3.activity.convertStackedVariables': {
    args: {
      /**
       * options; shape not shown in the interface
       */
      options: {
        [k: string]: Any
      }
    }
    result: unknown
  }
  /**
   * Arguments: [processId?]. Returns: map string to number.
   */
  'v3.activity.count': {
    args: {
      processId: ObjectId
    }
    result: {
      [k: string]: number
    }
  }
  /**
   * Arguments: [processId, activity? `{name?, fields?: map fieldId to value, fileIds?: fileId[], followerIds?: userId[] (invited to discussion), location?, teamId?, phaseId?}`, options? `{teamId? (default team), fileIds?, followerIds?, location?, discussionId?, phaseId?, ignoreRequired?: boolean (default false)}`] creates one activity. Returns: not shown (R). Note: optional argument 2 (activity) accepts null when a later argument is given.
   */
  'v3.activity.create': {
    args: {
      processId: ObjectId
      activity: ActivityInput | null
      options: ActivityCreateOptions
    }
    result: unknown
  }
  /**
   * Arguments: [processId or string, activity objects[] (same shape as above), options? `{teamId?, fileIds?, followerIds?, location?, discussionId?, phaseId?, returnDocument?: boolean (return name, fields, followers, teamId, sequence, priority), ignoreRequired? (default false), workspaceId?}`]. Returns: array of activities; option values apply unless the activity object sets its own; a teamId is required in the activity or the options when the workflow has no predefined owner team.
   */
  'v3.activity.createMany': {
    args: {
      processId: ProcessIdOrString
      /**
       * @maxItems 10000
       */
      activities: ActivityInput[]
      options: ActivityCreateManyOptions
    }
    /**
     * @maxItems 10000
     */
    result: Activity[]
  }
  /**
   * Arguments: [] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: listed as [] (A): designed as one optional options object.
   */
  'v3.activity.evaluateAllFunctions': {
    args: {
      /**
       * options; shape not shown in the interface
       */
      options: {
        [k: string]: Any
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{processId (required), phaseId?, _id?: activityId, name?, fields?: map}`] dry run of function fields; result is returned, not saved. Returns: not shown (R). Added: an optional second argument `{fieldId, code, functionVariables?}` runs that code in place of the field's saved function (checked as v2.process.validateFunction; 422 when it does not compile; nothing saved).
   */
  'v3.activity.evaluateMany': {
    args: {
      activity: {
        processId: ObjectId
        phaseId?: ObjectId
        _id?: ObjectId
        name?: ShortText
        fields?: FieldValueMap
      }
      trial: {
        fieldId: ObjectId
        code: Code
        functionVariables?: VariablesMap
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{runId: ObjectId (required), afterTs?: integer, limit?: integer (default 200)}`] loads persisted progress of an evaluate-all run. Returns: not shown (R).
   */
  'v3.activity.evaluateWorkflowFunctions.logs': {
    args: {
      query: {
        runId: ObjectId
        afterTs?: number
        limit?: number
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{processId (required), fieldIds?: string[], apply?: boolean (default false)}`] starts an asynchronous workflow-wide run; progress is persisted for polling; admins and owners only. Returns: not shown (R).
   */
  'v3.activity.evaluateWorkflowFunctions.start': {
    args: {
      run: {
        processId: ObjectId
        /**
         * @maxItems 1000
         */
        fieldIds?: string[]
        apply?: boolean
      }
    }
    result: unknown
  }
  /**
   * Arguments: same argument as explainNode; read-only analysis of the dependency graph generated by an AI model; suggests no code or fixes. Returns: not shown (R). Interpretation: row gives "same argument as explainNode": one required object of that shape.
   */
  'v3.activity.explainNode.assist': {
    args: {
      node: {
        activityId: ObjectId
        fieldId: ObjectId
        direction?: 'incoming' | 'outgoing' | 'both'
        graphMode?: 'configured' | 'runtime'
        maxDepth?: number
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{activityId, fieldId (required), direction?: incoming/outgoing/both (default both), graphMode?: configured/runtime (default configured), maxDepth?: integer (default 8), incomingMaxDepth?, outgoingMaxDepth?: integer, includeValues?: boolean (default false)}`] explains dependencies of one activity-field node; the field need not be a function field. Returns: not shown (R).
   */
  'v3.activity.explainNode': {
    args: {
      node: {
        activityId: ObjectId
        fieldId: ObjectId
        direction?: 'incoming' | 'outgoing' | 'both'
        graphMode?: 'configured' | 'runtime'
        maxDepth?: number
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{activityId, fieldId (required), incomingMaxDepth?, includeContext?: boolean (default false)}`] read-only dry run of the active function; for admins and owners. Returns: not shown (R).
   */
  'v3.activity.explainNodeDryRun': {
    args: {
      node: {
        activityId: ObjectId
        fieldId: ObjectId
        incomingMaxDepth?: number
        includeContext?: boolean
      }
    }
    result: unknown
  }
  /**
   * Arguments: [{activityId}] (A). Returns: the activity's whole history, oldest first. (A): the interface lists [] ; designed: one object naming the activity.
   */
  'v3.activity.extractHistory': {
    args: {
      options: {
        activityId: ObjectId
      }
    }
    /**
     * @maxItems 10000
     */
    result: {
      _id: ObjectId
      activityId: ObjectId
      processId: ObjectId
      uid: IdString
      at: Timestamp
      kind: 'created' | 'updated' | 'phase' | 'ball' | 'removed' | 'recovered'
      changes: AnyObject
    }[]
  }
  /**
   * The members who may see the activity's workflow, so may be added as followers and passed its ball.
   */
  'v3.activity.followers.eligible': {
    args: {
      activityId: ObjectId
    }
    /**
     * @maxItems 100000
     */
    result: ObjectId[]
  }
  /**
   * Takes a follower off an activity (leaves its discussion). Oneself: whoever sees the activity; someone else: edit permission on it. 422 for the ball holder; someone who does not follow it: no change. Returns the followers after it.
   */
  'v3.activity.followers.remove': {
    args: {
      activityId: ObjectId
      userId: ObjectId
    }
    result: {
      _id: ObjectId
      /**
       * @maxItems 10000
       */
      followers: ObjectId[]
    }
  }
  /**
   * Arguments: [`{activityId, fieldId (required), incomingMaxDepth?, outgoingMaxDepth?: integer, includeValues?: boolean (default true), writeValues?: boolean (default false), propagateDependents?: boolean (default true)}`] force-repairs the upstream function-field path; does not trust editable values; configured cycles block the repair before any write. Returns: not shown (R).
   */
  'v3.activity.forceRepairPath': {
    args: {
      path: {
        activityId: ObjectId
        fieldId: ObjectId
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
        writeValues?: boolean
        propagateDependents?: boolean
      }
    }
    result: unknown
  }
  /**
   * Arguments: [`{workflowId, fieldId (required), incomingMaxDepth?, outgoingMaxDepth?, includeValues? (default true), writeValues? (default false), propagateDependents? (default true), limit?: integer, includeActivityResults?: boolean (default true)}`] repairs the field for every active activity of the workflow; activities with configured cycles are reported as blocked without writes. Returns: not shown (R).
   */
  'v3.activity.forceRepairWorkflowPath': {
    args: {
      path: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [`{mode: generate/improve/explain, activityId, workflow: object, field: object (required), instruction?, code?: string, dependencies?: object[] (default empty), functionVariables?: object (default empty), currentEvaluation?: object (default empty)}`] returns a suggested function body from an AI model; saves nothing. Returns: not shown (R).
   */
  'v3.activity.functionField.assist': {
    args: {
      request: {
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
    }
    result: unknown
  }
  /**
   * The Activity record of an active activity the caller may see; 404 otherwise.
   */
  'v3.activity.get': {
    args: {
      activityId: ObjectId
    }
    result: Activity
  }
  /**
   * Arguments: [activityId (fetch activities linked to it), afterActivityId, `{activityLimit?: number}`?]. Returns: array of linked activity entries.
   */
  'v3.activity.linkedFrom.next': {
    args: {
      activityId: ObjectId
      afterActivityId: ObjectId
      options: {
        activityLimit?: number
      }
    }
    /**
     * @maxItems 1000
     */
    result: LinkedActivityEntry[]
  }
  /**
   * Arguments: [activityId, `{activityLimit?: number (per phase), includeEmptyWorkflows?: boolean (default false), phaseIds?: phaseId[]}`?]. Returns: map processId to object.
   */
  'v3.activity.linkedFrom.overview': {
    args: {
      activityId: ObjectId
      options: {
        /**
         * per phase
         */
        activityLimit?: number
        includeEmptyWorkflows?: boolean
        phaseIds?: ObjectIdList
      }
    }
    result: {
      [k: string]: {
        _id?: ObjectId
        name?: ShortText
        phases?: {
          [k: string]: {
            _id?: ObjectId
            name?: null | ShortText
            count?: number
            /**
             * @maxItems 1000
             */
            activities?: LinkedActivityEntry[]
          }
        }
      }
    }
  }
  /**
   * Arguments: [activityId, phaseId, `{activityIds?: activityId[], searchString?: string (matches name)}`?]. Returns: map processId to object.
   */
  'v3.activity.linkedFrom.refresh': {
    args: {
      activityId: ObjectId
      phaseId: ObjectId
      options: {
        activityIds?: ObjectIdList
        /**
         * matches name
         */
        searchString?: string
      }
    }
    result: {
      [k: string]: {
        _id?: ObjectId
        name?: ShortText
        phases?: {
          [k: string]: {
            _id?: ObjectId
            name?: null | ShortText
            count?: number
            /**
             * @maxItems 1000
             */
            activities?: LinkedActivityEntry[]
          }
        }
      }
    }
  }
  /**
   * Arguments: [activityId, searchString: string (matches name), `{activityLimit?: number}`?]. Returns: map processId to object.
   */
  'v3.activity.linkedFrom.search': {
    args: {
      activityId: ObjectId
      /**
       * matches name
       */
      searchString: string
      options: {
        activityLimit?: number
      }
    }
    result: {
      [k: string]: {
        _id?: ObjectId
        name?: ShortText
        phases?: {
          [k: string]: {
            _id?: ObjectId
            name?: null | ShortText
            count?: number
            /**
             * @maxItems 1000
             */
            activities?: LinkedActivityEntry[]
          }
        }
      }
    }
  }
  /**
   * A page of a workflow's active activities: {activities, next}; filter by phase, name (case-insensitive, contains) and field values, sort by created, updated or name; limit default 50, at most 500; after = the next cursor of the previous page.
   */
  'v3.activity.list': {
    args: {
      query: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [userId, ws, `{details?: true, items?: {workflowIds?, calendarIds?: id[]}}`?]; an admin may check other users in the workspace. Returns: not shown (R).
   */
  'v3.activity.permissions': {
    args: {
      userId: ObjectId
      /**
       * workspace (network, company) id
       */
      workspaceId: string
      query: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [workflowId?]. Returns: not shown (R).
   */
  'v3.activity.phaseCount': {
    args: {
      workflowId: ObjectId
    }
    result: unknown
  }
  /**
   * Soft-removes activities the caller may edit (all or nothing); returns their ids. removed.recover brings them back.
   */
  'v3.activity.remove': {
    args: {
      /**
       * @maxItems 10000
       */
      activityIds: ObjectId[]
    }
    /**
     * @maxItems 10000
     */
    result: ObjectId[]
  }
  /**
   * Arguments: [phaseId, `{limit?, skip?: number, search?: string}`?] lists removed activities. Returns: array of removed activity entries.
   */
  'v3.activity.removed.more': {
    args: {
      phaseId: ObjectId
      options: {
        limit?: number
        skip?: number
        search?: ShortText
      }
    }
    /**
     * @maxItems 1000
     */
    result: RemovedActivityEntry[]
  }
  /**
   * Arguments: [processId[], `{limit?: number, search?: string}`?]. Returns: map processId to map phaseId to object[].
   */
  'v3.activity.removed.overview': {
    args: {
      /**
       * @maxItems 100
       */
      processIds: ObjectId[]
      options: {
        /**
         * per phase
         */
        limit?: number
        search?: ShortText
      }
    }
    result: {
      [k: string]: {
        /**
         * @maxItems 1000
         */
        [k: string]: RemovedActivityEntry[]
      }
    }
  }
  /**
   * Arguments: [activityId[]]. Returns: activityId[].
   */
  'v3.activity.removed.recover': {
    args: {
      /**
       * @maxItems 10000
       */
      activityIds: ObjectId[]
    }
    /**
     * @maxItems 10000
     */
    result: ObjectId[]
  }
  /**
   * Arguments: [options] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: options shape not shown (A): designed after forceRepairPath.
   */
  'v3.activity.repairPath': {
    args: {
      /**
       * options; shape not shown in the interface: designed after forceRepairPath
       */
      options: {
        activityId?: ObjectId
        fieldId?: ObjectId
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
        writeValues?: boolean
        propagateDependents?: boolean
        [k: string]: Any | ObjectId | number | boolean | undefined
      }
    }
    result: unknown
  }
  /**
   * Arguments: [options] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: options shape not shown (A): designed after forceRepairPath, without write flags.
   */
  'v3.activity.repairPathDryRun': {
    args: {
      /**
       * options; shape not shown in the interface: designed after forceRepairPath
       */
      options: {
        activityId?: ObjectId
        fieldId?: ObjectId
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
        [k: string]: Any | ObjectId | number | boolean | undefined
      }
    }
    result: unknown
  }
  /**
   * Arguments: [options] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: options shape not shown (A): designed after forceRepairWorkflowPath.
   */
  'v3.activity.repairWorkflowPath': {
    args: {
      /**
       * options; shape not shown in the interface: designed after forceRepairWorkflowPath
       */
      options: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [options] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: options shape not shown (A): designed after forceRepairWorkflowPath, without write flags.
   */
  'v3.activity.repairWorkflowPathDryRun': {
    args: {
      /**
       * options; shape not shown in the interface: designed after forceRepairWorkflowPath
       */
      options: {
        workflowId?: ObjectId
        fieldId?: ObjectId
        incomingMaxDepth?: number
        outgoingMaxDepth?: number
        includeValues?: boolean
        limit?: number
        includeActivityResults?: boolean
        [k: string]: Any | ObjectId | number | boolean | undefined
      }
    }
    result: unknown
  }
  /**
   * Arguments: [processId, phaseId] returns a template to base calls on. Returns: object.
   */
  'v3.activity.template.create': {
    args: {
      processId: ObjectId
      phaseId: ObjectId
    }
    result: {
      processId: ObjectId
      phaseId: ObjectId
      name: string
      fields: FieldValueMap
      required: ObjectIdList
    }
  }
  /**
   * Arguments: [options] (A). Returns: history entries, newest first. (A): the interface does not show the shape; designed: {activityId?, processId?, workspaceId?, after?, before? (ms, exclusive), limit? (default 50, max 500)}.
   */
  'v3.activity.timeline2': {
    args: {
      /**
       * which history: one activity, one workflow, one workspace or everything the caller sees; a time window; a page size
       */
      options: {
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
    }
    /**
     * @maxItems 500
     */
    result: {
      _id: ObjectId
      activityId: ObjectId
      processId: ObjectId
      uid: IdString
      at: Timestamp
      kind: 'created' | 'updated' | 'phase' | 'ball' | 'removed' | 'recovered'
      changes: AnyObject
    }[]
  }
  /**
   * Arguments: [updates: [{_id, name?, fields?: map fieldId to value (null clears), phaseId?, teamId?, priority?, followerIds? (join the discussion), fileIds?, location?, expect? {name?, phaseId?, teamId?, priority?, fields?} (the values as read: 409 when one no longer holds)}], options? {ignoreRequired?}]. Returns: integer, the number of activities changed. (A): the interface does not show the shape; this is the designed one. All or nothing.
   */
  'v3.activity.updateMany': {
    args: {
      /**
       * activity updates, each naming its activity by _id
       *
       * @maxItems 10000
       */
      updates: {
        _id: ObjectId
        name?: ShortText
        fields?: FieldValueMap
        phaseId?: ObjectId
        teamId?: ObjectId
        fileIds?: ObjectIdList
        followerIds?: ObjectIdList
        location?: Location
        priority?: number | null
        /**
         * precondition: the values as read (name, phaseId, teamId, priority, fields: map fieldId to value); 409 with reason 'stale' when one no longer holds, and nothing of the call is written (docs/reference/protocol.md#stale-writes)
         */
        expect?: {
          name?: ShortText
          phaseId?: ObjectId
          teamId?: ObjectId | null
          priority?: number | null
          fields?: FieldValueMap
        }
      }[]
      /**
       * options: ignoreRequired skips the required fields of the phase; workspaceId is accepted and ignored
       */
      options: {
        ignoreRequired?: boolean
        /**
         * workspace (network, company) id
         */
        workspaceId?: string
      }
    }
    result: number
  }
  /**
   * Arguments: [options] (A). Returns: not shown (R). (A): the interface does not show the shape; this schema is a designed, bounded shape. Interpretation: options shape not shown (A): an open bounded object with a few typed optional properties.
   */
  'v3.activity.verifyWorkflowValues': {
    args: {
      /**
       * options; shape not shown in the interface
       */
      options: {
        workflowId?: ObjectId
        fieldIds?: ObjectIdList
        limit?: number
        [k: string]: Any | ObjectId | ObjectIdList | number | undefined
      }
    }
    result: unknown
  }
  /**
   * A page of the workspace's audit trail, oldest first: the entries after `afterTs` (and, at that same millisecond, after `afterId`), optionally only those of one actor or one kind; `limit` 1-1000, default 100. For the next page pass the last entry's `ts` and `_id`. Owners and admins (capability audit.read). The same as CSV: GET /audit.csv (docs/guides/audit.md).
   */
  'v3.audit.list': {
    args: {
      /**
       * workspace (network, company) id
       */
      workspaceId: string
      query: {
        afterTs?: Timestamp
        /**
         * with afterTs: the last entry of the previous page
         */
        afterId?: string
        /**
         * only the acts of this user
         */
        actor?: string
        /**
         * only the acts of this kind
         */
        kind?: string
        limit?: number
      }
    }
    /**
     * @maxItems 1000
     */
    result: AuditEntry[]
  }
  /**
   * Creates an automation on a workflow (capability automations.manage; at most 100 per workflow, 422 beyond; 422 naming what a trigger or action names that the workflow or workspace does not have: a phase, a field, a value that does not fit its field, a member): when trigger happens to an activity of processId, its actions run in order with the caller's rights (docs/guides/automations.md); returns the Automation record with its secret, shown this once.
   */
  'v3.automation.create': {
    args: {
      workspaceId: ObjectId
      automation: {
        processId: ObjectId
        name?: string
        trigger: AutomationTrigger
        /**
         * @minItems 1
         * @maxItems 25
         */
        actions: [AutomationAction, ...AutomationAction[]]
        enabled?: boolean
      }
    }
    result: AutomationRecord
  }
  /**
   * The automations of the workspace (of processId when given), oldest first, without their secrets (capability automations.manage).
   */
  'v3.automation.list': {
    args: {
      workspaceId: ObjectId
      options: {
        processId?: ObjectId
      }
    }
    /**
     * @maxItems 10000
     */
    result: AutomationRecord[]
  }
  /**
   * Removes an automation and its run log (capability automations.manage).
   */
  'v3.automation.remove': {
    args: {
      automationId: ObjectId
    }
    result: boolean
  }
  /**
   * An automation's runs after the event afterId (a seq; default 0), oldest first, at most limit (default 100) (capability automations.manage).
   */
  'v3.automation.runs': {
    args: {
      automationId: ObjectId
      options: {
        afterId?: number
        limit?: number
      }
    }
    /**
     * @maxItems 1000
     */
    result: AutomationRunRecord[]
  }
  /**
   * Changes an automation's name, trigger, actions or enabled state (capability automations.manage; what a new trigger or actions name is checked as at create: 422 naming it, nothing changed); an automation enabled again considers the events from then on. Its creator stays the one whose rights it runs with.
   */
  'v3.automation.update': {
    args: {
      automationId: ObjectId
      changes: {
        name?: string
        trigger?: AutomationTrigger
        /**
         * @minItems 1
         * @maxItems 25
         */
        actions?: [AutomationAction, ...AutomationAction[]]
        enabled?: boolean
      }
    }
    result: AutomationRecord
  }
  /**
   * Creates a calendar in the current workspace (every member may; license quota calendars); returns the Calendar record.
   */
  'v3.calendar.create': {
    args: {
      calendar: {
        name: Name
        description?: Text | null
        color?: Color | null
        timezone?: string
      }
    }
    result: unknown
  }
  /**
   * Adds an event to a calendar (its creator, owners and admins): all-day dates YYYY-MM-DD, else ISO date-times with Z or an offset; returns the Event record.
   */
  'v3.calendar.event.create': {
    args: {
      calendarId: ObjectId
      event: {
        title: Name
        description?: Text | null
        location?: ShortText | null
        start: string
        end?: string | null
        allDay?: boolean
        timezone?: string | null
      }
    }
    result: unknown
  }
  /**
   * The events of a calendar overlapping [from, to) (ISO dates or date-times), by start.
   */
  'v3.calendar.event.list': {
    args: {
      calendarId: ObjectId
      range: {
        from?: string
        to?: string
      }
    }
    result: unknown
  }
  /**
   * Removes an event (the calendar's creator, owners and admins); returns true.
   */
  'v3.calendar.event.remove': {
    args: {
      eventId: ObjectId
    }
    result: unknown
  }
  /**
   * Changes an event (the calendar's creator, owners and admins); null clears an optional field; returns the Event record.
   */
  'v3.calendar.event.update': {
    args: {
      eventId: ObjectId
      changes: {
        title?: Name
        description?: Text | null
        location?: ShortText | null
        start?: string
        end?: string | null
        allDay?: boolean
        timezone?: string | null
      }
    }
    result: unknown
  }
  /**
   * The calendars of the current workspace, oldest first.
   */
  'v3.calendar.list': {
    args: {}
    result: unknown
  }
  /**
   * Removes a calendar with its events and subscribe code (its creator, owners and admins); returns true.
   */
  'v3.calendar.remove': {
    args: {
      calendarId: ObjectId
    }
    result: unknown
  }
  /**
   * Gives a calendar its first subscribe code (409 when it has one); returns {code, path} with path /ical/<code>; the code is shown only here.
   */
  'v3.calendar.subscribeCode.create': {
    args: {
      calendarId: ObjectId
    }
    result: unknown
  }
  /**
   * Replaces a calendar's subscribe code (the old one answers 404 from then on); returns {code, path}.
   */
  'v3.calendar.subscribeCode.rotate': {
    args: {
      calendarId: ObjectId
    }
    result: unknown
  }
  /**
   * Changes a calendar (its creator, owners and admins); null clears description or color; returns the Calendar record.
   */
  'v3.calendar.update': {
    args: {
      calendarId: ObjectId
      changes: {
        name?: Name
        description?: Text | null
        color?: Color | null
        timezone?: string
      }
    }
    result: unknown
  }
  /**
   * Arguments: []. Returns: proof-of-work challenge.
   */
  'v3.core.challenge': {
    args: {}
    result: ProofOfWorkChallenge
  }
  /**
   * Arguments: [email: string, identifier: string]. Returns: boolean.
   */
  'v3.core.checkEmail': {
    args: {
      email: Email
      identifier: string
    }
    result: boolean
  }
  /**
   * Arguments: [`{identifier?, salt?: string}`?, endpoint?: string, args?: any]. Returns: not shown (R). Note: optional argument 1 (proof) accepts null when a later argument is given; optional argument 2 (endpoint) accepts null when a later argument is given.
   */
  'v3.core.proofOfWork': {
    args: {
      proof: {
        identifier?: string
        salt?: string
      } | null
      endpoint: string | null
      args: Any
    }
    result: unknown
  }
  /**
   * The metadata of an uploaded file the caller may read (its uploader, or whoever sees an activity it is attached to): {_id, cid, uid, name, size, sha256, contentType, public, created}; 404 otherwise.
   */
  'v3.file.get': {
    args: {
      fileId: ObjectId
    }
    result: unknown
  }
  /**
   * Marks a file public (served without a session by GET /public/file/:id and /public/image/:size/:id) or private again; only its uploader or an owner or admin of its workspace. Returns the file's metadata.
   */
  'v3.file.setPublic': {
    args: {
      fileId: ObjectId
      public: boolean
    }
    result: unknown
  }
  /**
   * Creates an insight over a workflow the caller sees: a named table of its activities with field columns and filters {phases?, where?: [{field, op, value?}]}; returns the Insight record.
   */
  'v3.insight.create': {
    args: {
      insight: {
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
    }
    result: unknown
  }
  /**
   * The insights of the current workspace over workflows the caller sees, or of one workflow when given, oldest first.
   */
  'v3.insight.list': {
    args: {
      processId: ObjectId
    }
    result: unknown
  }
  /**
   * Gives an insight a new 32-character public key for GET /public/insight/:key/:type? (replacing any old one); returns {publicKey, path}.
   */
  'v3.insight.publicKey.create': {
    args: {
      insightId: ObjectId
    }
    result: unknown
  }
  /**
   * Removes an insight's public key: its export answers 404 from then on; returns true.
   */
  'v3.insight.publicKey.revoke': {
    args: {
      insightId: ObjectId
    }
    result: unknown
  }
  /**
   * Removes an insight and its public key (its creator and the workflow's administrators); returns true.
   */
  'v3.insight.remove': {
    args: {
      insightId: ObjectId
    }
    result: unknown
  }
  /**
   * Runs an insight: {name, columns: [{key, label, type}], rows: [{_id, name, phase, phaseId, values}], truncated} over the workflow's activities.
   */
  'v3.insight.run': {
    args: {
      insightId: ObjectId
    }
    result: unknown
  }
  /**
   * Changes an insight's name, fields or filters (its creator and the workflow's administrators); returns the Insight record.
   */
  'v3.insight.update': {
    args: {
      insightId: ObjectId
      changes: {
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
    }
    result: unknown
  }
  /**
   * Arguments: [challenge: string, hash: string, endpoint: string, args: any[]] (all optional). Returns: not shown (R). Note: optional argument 1 (challenge) accepts null when a later argument is given; optional argument 2 (hash) accepts null when a later argument is given; optional argument 3 (endpoint) accepts null when a later argument is given.
   */
  'v3.proofOfWork.call': {
    args: {
      challenge: string | null
      hash: string | null
      endpoint: string | null
      /**
       * @maxItems 100
       */
      args: Any[]
    }
    result: unknown
  }
  /**
   * Arguments: []. Returns: `{challenge?: string, difficulty?: number}`.
   */
  'v3.proofOfWork.challenge': {
    args: {}
    result: {
      challenge?: string
      difficulty?: number
    }
  }
  /**
   * Reads a public form by its key, without a session: {name, description?, translations, fields: [{_id, label, type, required, placeholder?, description?, data?, ...}], theme, enableMessaging, allowRead}. 404 for an unknown, replaced or inactive key.
   */
  'v3.publicForm.get': {
    args: {
      key: Key
    }
    result: unknown
  }
  /**
   * The signed-in user, their profile, the session's current workspace and the interface language they chose (or null): {uid, cid, user, language, features}.
   */
  'v3.session.get': {
    args: {}
    result: unknown
  }
  /**
   * Makes a workspace the caller belongs to the session's current workspace; returns {cid}.
   */
  'v3.session.switchWorkspace': {
    args: {
      workspaceId: ObjectId
    }
    result: unknown
  }
  /**
   * The workspaces the caller belongs to, by name: [{_id, name, role}].
   */
  'v3.session.workspaces': {
    args: {}
    /**
     * @maxItems 10000
     */
    result: {
      _id: ObjectId
      name: string
      role: 'owner' | 'admin' | 'user' | 'guest' | 'inviter'
    }[]
  }
  /**
   * Arguments: [name: string, workspaceId: string, whitelistIps: string[], delegatedToUrl?: string]; the key secret is returned only at creation. Returns: `{ _id: string, key: string }`.
   */
  'v3.user.apikey.create': {
    args: {
      name: Name
      /**
       * workspace (network, company) id
       */
      workspaceId: string
      /**
       * @maxItems 1000
       */
      whitelistIps: string[]
      delegatedToUrl: Url
    }
    result: {
      _id: string
      key: string
    }
  }
  /**
   * Arguments: [] lists the caller's active keys, metadata only. Returns: array of API key records.
   */
  'v3.user.apikey.list': {
    args: {}
    /**
     * @maxItems 10000
     */
    result: UserAPIKeyRecord[]
  }
  /**
   * Arguments: [apiKeyId: string]; only the owner may remove; the key stops authenticating. Returns: boolean.
   */
  'v3.user.apikey.remove': {
    args: {
      apiKeyId: IdString
    }
    result: boolean
  }
  /**
   * Arguments: [apiKeyId, name, whitelistIps: string[]] changes name and IP whitelist. Returns: boolean.
   */
  'v3.user.apikey.update': {
    args: {
      apiKeyId: IdString
      name: Name
      /**
       * @maxItems 1000
       */
      whitelistIps: string[]
    }
    result: boolean
  }
  /**
   * Arguments: [workspaceIds?: ws[], options? `{omitFileContents, omitMessages, omitLogs, omitProcessPrefix, omitActivities, omitEvents, omitFeed, omitFeedComment, omitNotifications, omitInvites, omitInsights, omitApps}` all optional booleans; when set, that data type is skipped (file contents: only metadata exported)]. Returns: not shown (R). Note: optional argument 1 (workspaceIds) accepts null when a later argument is given.
   */
  'v3.user.data.export': {
    args: {
      workspaceIds: WorkspaceIdList | null
      options: OmitFlags
    }
    result: unknown
  }
  /**
   * Arguments: [credentials `{host, username, password}` all required strings; the user must own the workspaces] lists workspaces on the source server. Returns: array of `{_id: string, name: string}`.
   */
  'v3.user.data.export.workspaces': {
    args: {
      credentials: Credentials
    }
    /**
     * @maxItems 10000
     */
    result: {
      _id: string
      name: ShortText
    }[]
  }
  /**
   * Arguments: [credentials `{host, username, password}`, options? `{workspaceIds?: ws[] (default: the user's default workspace), omitFileContents?, omitMessages?, omitLogs?, omitProcessPrefix?, omitActivities?, omitEvents?, omitFeed?, omitFeedComment?, omitNotifications?, omitInvites?, omitInsights?, omitApps?}`] pulls data from the source server; omit flags skip that data type. Returns: not shown (R).
   */
  'v3.user.data.import': {
    args: {
      credentials: Credentials
      options: {
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
    }
    result: unknown
  }
  /**
   * An export or import job of the caller's: {_id, kind, state: running/finished/failed, progress {step, done, total}, fileId? (a finished export's archive, for GET /file/:id?dl), result?, error?, created, updated, expires?}.
   */
  'v3.user.data.job': {
    args: {
      jobId: ObjectId
    }
    result: unknown
  }
  /**
   * Arguments: [username: string]. Returns: one of `{tenantId?: string, clientId?: string}` or a second form (R).
   */
  'v3.user.idpUser': {
    args: {
      username: string
    }
    result:
      | {
          tenantId?: string
          clientId?: string
        }
      | AnyObject
  }
  /**
   * Changes the caller's password, given the current one; the caller's other sessions end. Returns true.
   */
  'v3.user.password.set': {
    args: {
      change: {
        currentPassword: Password
        password: string
      }
    }
    result: unknown
  }
  /**
   * Arguments: [userId? (default session user), ws? (default current), `{details?: true, items?: {workflowIds?, calendarIds?, insightIds?: string[]}}`?]; an admin may check other users. Returns: map userId to object. Note: optional argument 1 (userId) accepts null when a later argument is given; optional argument 2 (workspaceId) accepts null when a later argument is given.
   */
  'v3.user.permissions': {
    args: {
      userId: string | null
      workspaceId: string | null
      query: {
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
    }
    result: {
      [k: string]: AnyObject
    }
  }
  /**
   * Changes the caller's own name and language (kept in the settings as `language`); returns the profile as v2.user.profile shows it to its owner.
   */
  'v3.user.profile.update': {
    args: {
      profile: {
        firstname?: Name
        lastname?: string
        language?: Lang
      }
    }
    result: unknown
  }
  /**
   * Makes an image file the caller uploaded their profile image (GET /profileimage/:size/:uid), or removes it with null; returns {uid, fileId}.
   */
  'v3.user.profileImage.set': {
    args: {
      fileId: ObjectId | null
    }
    result: unknown
  }
  /**
   * Arguments: [`{email, firstname, lastname, password}` required strings (password required), `{copyNetworkId?: ws, referralCode?, publicChatSessionId?, viewedSlides?}`?, string?]; the index also lists `acceptConditions: boolean`, `acceptMarketing?: boolean`, `language: string`, `preferredDomain?: string`. Returns: `{ uid, cid }`. Interpretation: password is required (as the table says; the operation index shows it optional, but an account without one could not sign in), and the index adds acceptConditions, acceptMarketing?, language, preferredDomain?: all placed in the first object; email, firstname, lastname and password are required; the third string argument is named extra. Note: optional argument 2 (options) accepts null when a later argument is given.
   */
  'v3.user.register': {
    args: {
      user: {
        email: Email
        firstname: Name
        lastname: Name
        password: Password
        acceptConditions?: boolean
        acceptMarketing?: boolean
        language?: string
        preferredDomain?: string
      }
      options: RegisterOptions | null
      /**
       * string whose meaning is not shown
       */
      extra: string
    }
    result: UidCid
  }
  /**
   * Arguments: [{password} | {idToken}]: the caller's password, entered again (or, for an account registered through single sign-on, a fresh ID token of its provider). Returns: boolean. (A): the interface shows [] (A); this designed shape confirms the caller before the account is removed (the GDPR path).
   */
  'v3.user.remove': {
    args: {
      confirmation: {
        /**
         * the caller's password, entered again
         */
        password?: string
        /**
         * a fresh ID token, for an account registered through single sign-on
         */
        idToken?: string
      }
    }
    result: boolean
  }
  /**
   * Arguments: [`{uid: userId, isBot: boolean (false clears), secret?: string}`] flags a user as a bot account; authorization: see Authentication; registration cannot set the flag and no self-service path exists. Returns: `{ uid: ObjectId, isBot: boolean }`.
   */
  'v3.user.setBot': {
    args: {
      bot: {
        uid: ObjectId
        /**
         * false clears
         */
        isBot: boolean
        secret?: string
      }
    }
    result: {
      uid: ObjectId
      isBot: boolean
    }
  }
  /**
   * Creates a webhook of the workspace (capability webhooks.manage; at most 100 per workspace, 422 beyond): the workspace's events (all, or those named in events, of the workflows in processIds) are posted to url, signed per Standard Webhooks; returns the Webhook record with its secret, shown this once.
   */
  'v3.webhook.create': {
    args: {
      workspaceId: ObjectId
      webhook: {
        url: string
        /**
         * @maxItems 200
         */
        events?: string[]
        /**
         * @maxItems 200
         */
        processIds?: ObjectId[]
        description?: string
      }
    }
    result: WebhookRecord
  }
  /**
   * A webhook's delivery attempts of events after afterSeq (default 0), by seq then time, at most limit (default 100).
   */
  'v3.webhook.deliveries': {
    args: {
      webhookId: ObjectId
      options: {
        afterSeq?: number
        limit?: number
      }
    }
    /**
     * @maxItems 1000
     */
    result: WebhookDeliveryAttemptRecord[]
  }
  /**
   * The webhooks of the workspace, oldest first, without their secrets (capability webhooks.manage).
   */
  'v3.webhook.list': {
    args: {
      workspaceId: ObjectId
    }
    /**
     * @maxItems 10000
     */
    result: WebhookRecord[]
  }
  /**
   * Moves a webhook's cursor back so that every event it wants from fromSeq on is posted again, in order (422 when the event log no longer holds fromSeq). Returns true.
   */
  'v3.webhook.redeliver': {
    args: {
      webhookId: ObjectId
      fromSeq: number
    }
    result: boolean
  }
  /**
   * Removes a webhook; its pending events are not delivered. Returns true.
   */
  'v3.webhook.remove': {
    args: {
      webhookId: ObjectId
    }
    result: boolean
  }
  /**
   * Gives a webhook a new signing secret, returned this once in the Webhook record; the old one signs nothing from now on.
   */
  'v3.webhook.rotateSecret': {
    args: {
      webhookId: ObjectId
    }
    result: WebhookRecord
  }
  /**
   * Queues one webhook.test event for the webhook, delivered in order after its pending events. Returns the event's seq (its webhook-id).
   */
  'v3.webhook.test': {
    args: {
      webhookId: ObjectId
    }
    result: number
  }
  /**
   * Changes a webhook's url, events, processIds, description or enabled (null clears events, processIds or description); enabling resumes from its cursor. Returns the Webhook record.
   */
  'v3.webhook.update': {
    args: {
      webhookId: ObjectId
      changes: {
        url?: string
        events?: string[] | null
        processIds?: ObjectId[] | null
        description?: string | null
        enabled?: boolean
      }
    }
    result: WebhookRecord
  }
  /**
   * Arguments: [feedPostId, feedCommentId, comment: string]. Returns: not shown (R).
   */
  'wall2.edit_comment': {
    args: {
      feedPostId: ObjectId
      feedCommentId: ObjectId
      comment: Text
    }
    result: WallComment
  }
  /**
   * Arguments: [postId, `{text (required), files?: ObjectId[], subject?, allowReply?: boolean, recipients?: string[] (user or team)}`?]. Returns: not shown (R).
   */
  'wall2.edit_post': {
    args: {
      postId: ObjectId
      post: {
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
    }
    result: WallPost
  }
  /**
   * Arguments: [postId]. Returns: boolean.
   */
  'wall2.follow_post': {
    args: {
      postId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [postId, `like` or `unlike`]. Returns: boolean.
   */
  'wall2.like_post': {
    args: {
      postId: ObjectId
      action: 'like' | 'unlike'
    }
    result: boolean
  }
  /**
   * Arguments: [feedPostId, feedCommentId?]. Returns: one item or array of items (shape R).
   */
  'wall2.load_comments': {
    args: {
      feedPostId: ObjectId
      feedCommentId: ObjectId
    }
    result: WallComment | WallComment[]
  }
  /**
   * Arguments: [feedPostId? (default null), options? `{filter?: array (default user, announcement), sorter?: string (default time), multi?: boolean (default false), networks?: ObjectId[], skip?: integer (default 0), hash?: number}`]. Returns: one item or array of items (shape R). Note: optional argument 1 (feedPostId) accepts null when a later argument is given.
   */
  'wall2.load_posts': {
    args: {
      feedPostId: string | null
      options: {
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
              'user' | 'announcement' | 'draft' | 'scheduled',
            ]
        sorter?: 'time'
        multi?: boolean
        networks?: WorkspaceIdList
        skip?: number
        hash?: number
      }
    }
    result:
      | WallPost
      | []
      | [WallPost]
      | [WallPost, WallPost]
      | [WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost, WallPost]
      | [
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
        ]
      | [
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
        ]
      | [
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
        ]
      | [
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
        ]
      | [
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
          WallPost,
        ]
  }
  /**
   * Arguments: [post `{subject, text (required), files?: ObjectId[], loc?: object, networks?: ObjectId[]}`, recipients?: string[] (user, team, network or group), options? `{allowReply?: boolean, draft?: boolean, scheduleTime?: number}`]. Returns: not shown (R). Note: optional argument 2 (recipients) accepts null when a later argument is given.
   */
  'wall2.new_post': {
    args: {
      post: {
        subject: ShortText
        text: Text
        files?: ObjectIdList
        loc?: Location
        networks?: WorkspaceIdList2
      }
      recipients: string[] | null
      options: {
        allowReply?: boolean
        draft?: boolean
        /**
         * milliseconds since 1970-01-01 UTC
         */
        scheduleTime?: number
      }
    }
    result: WallPost
  }
  /**
   * Arguments: [postId, pin: boolean] pins a post to the top. Returns: boolean.
   */
  'wall2.pin_post': {
    args: {
      postId: ObjectId
      pin: boolean
    }
    result: boolean
  }
  /**
   * Arguments: [postId, commentId] (order as in the operation index: comment id then post id). Returns: boolean. Interpretation: the row lists [postId, commentId] but notes the order of the operation index is comment id then post id; argument names follow that order.
   */
  'wall2.remove_comment': {
    args: {
      commentId: ObjectId
      postId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [postId]. Returns: boolean.
   */
  'wall2.remove_post': {
    args: {
      postId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [`{text (required), loc?, tagged?: ObjectId[], tags?: ObjectId[], files?: ObjectId[]}`, feedPostId]. Returns: not shown (R).
   */
  'wall2.save_comment': {
    args: {
      comment: {
        text: Text
        loc?: Location
        tagged?: ObjectIdList3
        tags?: ObjectIdList
        files?: ObjectIdList
      }
      feedPostId: ObjectId
    }
    result: WallComment
  }
  /**
   * Arguments: [`{networks?: ws[]}`?]. Returns: `{seen?: Date, networks?: ws[]}`.
   */
  'wall2.seen': {
    args: {
      options: {
        networks?: WorkspaceIdList
      }
    }
    result: {
      seen?: string | Timestamp
      networks?: WorkspaceIdList
    }
  }
  /**
   * Arguments: [postId]. Returns: boolean.
   */
  'wall2.unfollow_post': {
    args: {
      postId: ObjectId
    }
    result: boolean
  }
  /**
   * Arguments: [`{workspaceIds?: ws[], types?: array of user/activity.created/activity.updated}`?]. Returns: object (fields R).
   */
  'wall2.unread': {
    args: {
      options: {
        workspaceIds?: WorkspaceIdList
        /**
         * @maxItems 3
         */
        types?:
          | []
          | ['user' | 'activity.created' | 'activity.updated']
          | ['user' | 'activity.created' | 'activity.updated', 'user' | 'activity.created' | 'activity.updated']
          | [
              'user' | 'activity.created' | 'activity.updated',
              'user' | 'activity.created' | 'activity.updated',
              'user' | 'activity.created' | 'activity.updated',
            ]
      }
    }
    result: {
      [k: string]: {
        user?: number
        'activity.created'?: number
        'activity.updated'?: number
      }
    }
  }
}
/**
 * User property field of a workspace
 */
export interface CompanyPropertyField {
  _id: ObjectId
  label: ShortText
  type: PropertyFieldType
  filledBy: FilledBy
  /**
   * creator
   */
  uid: string
  created: Timestamp
  enableMultiple?: boolean
  data?: StringList
  [k: string]: Any | ObjectId | PropertyFieldType | FilledBy | Timestamp | boolean | StringList | undefined
}
/**
 * Invite as returned by company.check_invite
 */
export interface InviteRecord {
  _id: ObjectId
  invite_key: Key
  invited_by: ObjectId
  /**
   * workspace (network, company) id
   */
  cid: string
  email?: string
  user?: AnyObject
  network?: AnyObject
  [k: string]: Any | ObjectId | AnyObject | undefined
}
export interface AnyObject {
  [k: string]: Any
}
/**
 * Team as returned by company.load_team
 */
export interface Team {
  _id: string
  name: ShortText
  /**
   * @maxItems 1000
   */
  accounts: {
    _id?: string
    name?: ShortText
    /**
     * null until set
     */
    color?: Color | null
    [k: string]: Any | string | null | undefined
  }[]
  members: AnyArray
  description?: Text
  [k: string]:
    | Any
    | string
    | {
        _id?: string
        name?: ShortText
        /**
         * null until set
         */
        color?: Color | null
        [k: string]: Any | string | null | undefined
      }[]
    | AnyArray
    | undefined
}
/**
 * Result of company.get_general_options (all optional)
 */
export interface WorkspaceGeneralOptions {
  name?: ShortText
  settings?: {
    color?: Color
    defaultView?: DefaultView
    [k: string]: Any | Color | DefaultView | undefined
  }
  description?: Text
  [k: string]:
    | Any
    | ShortText
    | {
        color?: Color
        defaultView?: DefaultView
        [k: string]: Any | Color | DefaultView | undefined
      }
    | undefined
}
/**
 * precondition: values of the record as the caller read them (as its read operation shows it), by property name; a property the record lacks reads as null; a workflow's phases are compared phase by phase; 409 with reason 'stale' when one no longer holds, and nothing is written (docs/reference/protocol.md#stale-writes)
 */
export interface ExpectedValues {
  [k: string]: Any
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
/**
 * field type modifiers
 */
export interface AnyObject1 {
  [k: string]: Any
}
/**
 * Process field descriptor as returned by process.create_field
 */
export interface ProcessField {
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
  modifier?: AnyObject2
  reminderSettings?: AnyObject
  /**
   * user fields only: adds the user to the activity discussion
   */
  inviteToDiscussionOnChange?: boolean
  _id: ObjectId
  uid: ObjectId
  created: Timestamp
  updated?: Timestamp
  [k: string]: Any | string | FieldType | boolean | ShortText[] | VariablesMap | AnyObject2 | AnyObject | Timestamp | undefined
}
/**
 * field type modifiers
 */
export interface AnyObject2 {
  [k: string]: Any
}
/**
 * Returned by process.install_template, v2.network.copy, v2.network.create, v2.network.publicCopy; fields not shown
 */
export interface ResultObject {
  [k: string]: Any
}
/**
 * Entry of process.list_templates
 */
export interface ProcessTemplateListingEntry {
  _id: ObjectId
  title: ShortText
  description: Text
  schemas: Any
  [k: string]: Any | ObjectId
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
  expect?: ExpectedValues
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
  modifier?: AnyObject3
  reminderSettings?: AnyObject
  /**
   * user fields only: adds the user to the activity discussion
   */
  inviteToDiscussionOnChange?: boolean
  expect?: ExpectedValues
}
/**
 * field type modifiers
 */
export interface AnyObject3 {
  [k: string]: Any
}
/**
 * Workspace as returned by v2.network.get
 */
export interface Workspace {
  _id?: ObjectId
  name: ShortText
  uid: string
  created: Timestamp
  updated?: Timestamp
  /**
   * @maxItems 100000
   */
  members: AnyObject[]
  settings?: AnyObject
  license?: WorkspaceLicense
  marketplace?: AnyObject
  /**
   * the workspace's user property fields
   *
   * @maxItems 1000
   */
  propertyFields?: CompanyPropertyField[]
  [k: string]: Any | ObjectId | Timestamp | AnyObject[] | AnyObject | WorkspaceLicense | CompanyPropertyField[] | undefined
}
/**
 * Workspace license as returned by v2.network.license.get (all optional)
 */
export interface WorkspaceLicense {
  type?: LicenseType
  activated?: Timestamp
  functionFields?: boolean
  indexedData?: boolean
  users?: number
  calendars?: number
  modules?: number
  activities?: number
  processes?: number
  datasets?: number
  override?: AnyObject
  payment?: AnyObject
  canceled?: AnyObject
  tokens?: AnyObject
  [k: string]: Any | LicenseType | Timestamp | boolean | AnyObject | undefined
}
/**
 * Process (workflow or dataset) as returned by v2.process.get
 */
export interface Process {
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
  _id: ObjectId
  /**
   * creator
   */
  uid: string
  /**
   * workspace (network, company) id
   */
  cid: string
  created: Timestamp
  updated: Timestamp
  /**
   * process fields
   */
  fields: {
    [k: string]: ProcessField
  }
  /**
   * true when the current client has starred it
   */
  isStarred: boolean
  publicForm?: PublicForm
  documentTemplates?: {
    [k: string]: AnyObject
  }
  [k: string]:
    | Any
    | ObjectId
    | LangMap
    | boolean
    | ObjectIdList
    | VariablesMap
    | number
    | AnyObjectList
    | AnyArray
    | AnyObject
    | ShortText[]
    | {
        [k: string]: ProcessField
      }
    | PublicForm
    | {
        [k: string]: AnyObject
      }
    | undefined
}
/**
 * Public form of a process (result shape)
 */
export interface PublicForm {
  /**
   * form key
   */
  key: string
  /**
   * user id
   */
  creator: string
  team_account: AnyObject
  followers?: string
  active: boolean
  /**
   * lets the anonymous form user take part in the discussion
   */
  enableMessaging?: boolean
  /**
   * allows listing activities in activity fields
   */
  allowRead: boolean
  theme?: AnyObject4
  [k: string]: Any | string | AnyObject | boolean | AnyObject4 | undefined
}
/**
 * colors and logo
 */
export interface AnyObject4 {
  [k: string]: Any
}
/**
 * Entry of v2.process.member.list
 */
export interface ProcessMemberEntry {
  /**
   * network_<networkId>, team_<teamId>, user_<userId> or group_<groupId>
   */
  id?: string
  info?: AnyObject
  /**
   * @maxItems 10
   */
  permissions?:
    | []
    | [MemberPermission]
    | [MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
      ]
    | [
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
      ]
  [k: string]:
    | Any
    | string
    | AnyObject
    | []
    | [MemberPermission]
    | [MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission, MemberPermission]
    | [
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
      ]
    | [
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
        MemberPermission,
      ]
    | undefined
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
  theme?: AnyObject5
}
/**
 * colors and logo
 */
export interface AnyObject5 {
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
  theme?: AnyObject6
}
/**
 * colors and logo
 */
export interface AnyObject6 {
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
export interface UidCid {
  uid: ObjectId
  cid: ObjectId
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
 * Activity as returned by v3.activity.createMany
 */
export interface Activity {
  _id: ObjectId
  uid: ObjectId
  /**
   * workspace (network, company) id
   */
  cid: string
  name: ShortText
  created: Timestamp
  discussion: ObjectId
  /**
   * @maxItems 10000
   */
  followers: ObjectId[]
  team_account: AnyObject
  process: ProcessIdOrString
  currentPhase: ObjectId
  fields?: AnyObjectList
  files?: ObjectIdList
  location?: Location
  updated?: Timestamp
  sequence?: number
  priority?: number
  completePhases?: ObjectIdList
  ballHolder?: AnyObject
  /**
   * The name function's last evaluation error; `name` keeps the last good name.
   */
  nameError?: string
  /**
   * The name function's value waits in the queue to be evaluated again.
   */
  nameStale?: boolean
  [k: string]: Any | ObjectId | Timestamp | ObjectId[] | AnyObject | ProcessIdOrString | AnyObjectList | ObjectIdList | Location | boolean | undefined
}
/**
 * Entry of v3.activity.linkedFrom.next
 */
export interface LinkedActivityEntry {
  _id: ObjectId
  name: ShortText
  index: number
  currentPhase: ObjectId
  primaryNumericField?: number
  primaryDateField?: number
  [k: string]: Any | ObjectId | number | undefined
}
/**
 * Entry of v3.activity.removed.more
 */
export interface RemovedActivityEntry {
  _id: ObjectId
  name: ShortText
  removedOn?: Timestamp
  removedBy?: ObjectId
  [k: string]: Any | ObjectId | Timestamp | undefined
}
/**
 * One administrative act of a workspace, as v3.audit.list and GET /audit.csv give it (docs/guides/audit.md)
 */
export interface AuditEntry {
  _id: ObjectId
  /**
   * workspace (network, company) id
   */
  workspaceId: string
  /**
   * milliseconds since 1970-01-01 UTC
   */
  ts: number
  /**
   * what was done: one of the kinds listed in docs/guides/audit.md
   */
  kind: string
  /**
   * the user who did it; null for a server administrator's script or an invited person not signed in
   */
  actor: ObjectId | null
  /**
   * the API key the actor called with, else null
   */
  apiKey: ObjectId | null
  /**
   * the client's address; null for a server administrator's script
   */
  address: string | null
  target: {
    /**
     * the kind of record: member, invite, customRole, team, workflow, ... (the table of kinds in docs/guides/audit.md)
     */
    kind: string
    id: string
  }
  /**
   * any JSON value, bounded
   */
  before:
    | null
    | boolean
    | number
    | string
    | Any[]
    | {
        [k: string]: Any
      }
  /**
   * any JSON value, bounded
   */
  after:
    | null
    | boolean
    | number
    | string
    | Any[]
    | {
        [k: string]: Any
      }
}
/**
 * An automation of v3.automation.*: a rule on a workflow, run with its creator's rights; `secret` (signing its webhook calls) only in the answer of create
 */
export interface AutomationRecord {
  _id: ObjectId
  cid: ObjectId
  processId: ObjectId
  /**
   * its creator: actions run with their rights
   */
  uid: string
  name: string
  trigger: AutomationTrigger
  /**
   * @maxItems 25
   */
  actions: AutomationAction[]
  enabled: boolean
  /**
   * the last event seq it has considered
   */
  position: number
  /**
   * whsec_…: signs the requests of its webhook actions; only in create's answer
   */
  secret?: string
  created: Timestamp
  updated: Timestamp | null
}
/**
 * One run of an automation (v3.automation.runs): the event that set it off and what each action did
 */
export interface AutomationRunRecord {
  /**
   * the event's seq in the event log
   */
  seq: number
  at: Timestamp
  /**
   * the event's signal name
   */
  event: string
  activityId: ObjectId | null
  outcome: 'ok' | 'failed' | 'skipped'
  /**
   * @maxItems 10000
   */
  actions: {
    type: string
    ok: boolean
    detail?: string
  }[]
  error: string | null
  /**
   * 1 when a person's change set it off, n+1 when a run of depth n did
   */
  depth: number
}
/**
 * Result of v3.core.challenge (all optional)
 */
export interface ProofOfWorkChallenge {
  challenge?: string
  identifier?: string
  difficulty?: number
  [k: string]: Any | string | number | undefined
}
/**
 * Entry of v3.user.apikey.list; the secret is never listed
 */
export interface UserAPIKeyRecord {
  _id: string
  uid: string
  workspaceId: string
  name: ShortText
  keyPrefix: string
  /**
   * @maxItems 1000
   */
  whitelistIps: string[]
  created: number
  expires: number
  updated?: number
  lastUsed?: number
  delegatedToUrl?: string
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
/**
 * A webhook of v3.webhook.*: where the events of a workspace (or a phase) are posted, signed; `secret` only in the answers of create and rotateSecret
 */
export interface WebhookRecord {
  _id: ObjectId
  cid: ObjectId
  /**
   * its creator: events are presented as they would see them
   */
  uid: string
  url: string
  events: string[] | null
  processIds: ObjectId[] | null
  phase: {
    processId: ObjectId
    phaseId: string
  } | null
  description: string | null
  enabled: boolean
  disabledReason: string | null
  /**
   * the seq of the last event handled
   */
  position: number
  failing: {
    since: number
    attempts: number
    nextAttempt: number
  } | null
  created: number
  updated: number | null
  /**
   * whsec_ + base64 of 32 random bytes; shown once
   */
  secret?: string
}
/**
 * One attempt of v3.webhook.deliveries
 */
export interface WebhookDeliveryAttemptRecord {
  /**
   * the event (its webhook-id)
   */
  seq: number
  attempt: number
  at: number
  status: number | null
  durationMs: number
  error: string | null
  response: string | null
}
/**
 * A comment as wall2.save_comment, edit_comment and load_comments return it (designed)
 */
export interface WallComment {
  _id: ObjectId
  /**
   * workspace (network, company) id
   */
  cid: string
  postId: ObjectId
  /**
   * the author
   */
  uid: string
  author: {
    _id: ObjectId
    firstname: string
    lastname: string
  }
  text: Text
  loc: Location | null
  tagged: ObjectIdList
  tags: ObjectIdList
  files: ObjectIdList
  created: Timestamp
  updated: Timestamp | null
}
/**
 * A post as wall2.new_post, edit_post and load_posts return it (designed: the interface does not show it)
 */
export interface WallPost {
  _id: ObjectId
  /**
   * workspace (network, company) id
   */
  cid: string
  /**
   * the author
   */
  uid: string
  author: {
    _id: ObjectId
    firstname: string
    lastname: string
  }
  subject: ShortText
  text: Text
  files: ObjectIdList
  loc: Location | null
  /**
   * as the caller may see them (isolatedTeams)
   *
   * @maxItems 1000
   */
  recipients: string[]
  /**
   * addressed to the whole workspace
   */
  announcement: boolean
  allowReply: boolean
  state: 'draft' | 'scheduled' | 'published'
  scheduleTime: Timestamp | null
  published: Timestamp | null
  pinned: boolean
  likes: number
  /**
   * whether the caller liked it
   */
  liked: boolean
  comments: number
  /**
   * whether the caller follows it
   */
  followed: boolean
  created: Timestamp
  updated: Timestamp | null
  /**
   * in a page of wall2.load_posts: the hash of that page
   */
  hash?: number
}

type Arg<N extends keyof OperationSchemas, A extends keyof OperationSchemas[N]['args']> = OperationSchemas[N]['args'][A]

/** Each operation's arguments in order, named as its schema's x-argNames. */
export interface OperationArgs {
  auth: [key: Arg<'auth', 'key'>]
  'company.add_property_field': [target: Arg<'company.add_property_field', 'target'>, field: Arg<'company.add_property_field', 'field'>]
  'company.check_invite': [inviteKey: Arg<'company.check_invite', 'inviteKey'>]
  'company.form_get_teams': [options?: Arg<'company.form_get_teams', 'options'>]
  'company.get_general_options': []
  'company.leave': [workspaceId: Arg<'company.leave', 'workspaceId'>]
  'company.load_team': [teamId: Arg<'company.load_team', 'teamId'>]
  'company.new_account': [account: Arg<'company.new_account', 'account'>]
  'company.new_team': [team: Arg<'company.new_team', 'team'>]
  'company.remove_account': [account: Arg<'company.remove_account', 'account'>]
  'company.remove_property_field': [fieldId: Arg<'company.remove_property_field', 'fieldId'>, target: Arg<'company.remove_property_field', 'target'>]
  'company.remove_team': [teamId: Arg<'company.remove_team', 'teamId'>]
  'company.remove_user': [userId: Arg<'company.remove_user', 'userId'>]
  'company.set_account_data': [section: Arg<'company.set_account_data', 'section'>, data: Arg<'company.set_account_data', 'data'>]
  'company.set_general_options': [options?: Arg<'company.set_general_options', 'options'>]
  'company.set_property_value': [
    fieldId: Arg<'company.set_property_value', 'fieldId'>,
    target: Arg<'company.set_property_value', 'target'>,
    value: Arg<'company.set_property_value', 'value'>,
  ]
  'company.set_team_data': [data: Arg<'company.set_team_data', 'data'>]
  'company.set_user_data': [data: Arg<'company.set_user_data', 'data'>]
  'company.set_user_property_value': [fieldId: Arg<'company.set_user_property_value', 'fieldId'>, value?: Arg<'company.set_user_property_value', 'value'>]
  'company.update_property_field': [
    target: Arg<'company.update_property_field', 'target'>,
    fieldId: Arg<'company.update_property_field', 'fieldId'>,
    field: Arg<'company.update_property_field', 'field'>,
  ]
  'company.update_team_users': [teamId: Arg<'company.update_team_users', 'teamId'>, userIds: Arg<'company.update_team_users', 'userIds'>]
  login: [email: Arg<'login', 'email'>, password: Arg<'login', 'password'>]
  loginSso: [idToken: Arg<'loginSso', 'idToken'>]
  logout: []
  'process.create': [options?: Arg<'process.create', 'options'>]
  'process.create_docTemplateField': [field: Arg<'process.create_docTemplateField', 'field'>]
  'process.create_field': [processId: Arg<'process.create_field', 'processId'>, field: Arg<'process.create_field', 'field'>]
  'process.delete_docTemplateField': [field: Arg<'process.delete_docTemplateField', 'field'>]
  'process.get_next_prefix_id': [processId: Arg<'process.get_next_prefix_id', 'processId'>]
  'process.install_template': [templateId: Arg<'process.install_template', 'templateId'>]
  'process.list': [processIdOrKey?: Arg<'process.list', 'processIdOrKey'>, phaseIdOrWorkspaceId?: Arg<'process.list', 'phaseIdOrWorkspaceId'>]
  'process.list_templates': []
  'process.remove': [processId: Arg<'process.remove', 'processId'>]
  'process.remove_field': [processId: Arg<'process.remove_field', 'processId'>, fieldId: Arg<'process.remove_field', 'fieldId'>]
  'process.set_docTemplateFieldProperty': [property: Arg<'process.set_docTemplateFieldProperty', 'property'>]
  'process.set_docTemplatePrintName': [
    processId: Arg<'process.set_docTemplatePrintName', 'processId'>,
    templateId: Arg<'process.set_docTemplatePrintName', 'templateId'>,
    printName: Arg<'process.set_docTemplatePrintName', 'printName'>,
  ]
  'process.set_documentTemplate': [processId: Arg<'process.set_documentTemplate', 'processId'>, template: Arg<'process.set_documentTemplate', 'template'>]
  'process.set_documentTemplates': [processId: Arg<'process.set_documentTemplates', 'processId'>, templates?: Arg<'process.set_documentTemplates', 'templates'>]
  'process.set_info': [processId: Arg<'process.set_info', 'processId'>, info: Arg<'process.set_info', 'info'>, lang?: Arg<'process.set_info', 'lang'>]
  'process.update_field': [
    processId: Arg<'process.update_field', 'processId'>,
    fieldId: Arg<'process.update_field', 'fieldId'>,
    field: Arg<'process.update_field', 'field'>,
    lang?: Arg<'process.update_field', 'lang'>,
  ]
  resume: [lastSeq?: Arg<'resume', 'lastSeq'>]
  'v2.network.copy': [workspaceId: Arg<'v2.network.copy', 'workspaceId'>, name?: Arg<'v2.network.copy', 'name'>]
  'v2.network.create': [name?: Arg<'v2.network.create', 'name'>]
  'v2.network.fastFunctions.set': [workspaceId: Arg<'v2.network.fastFunctions.set', 'workspaceId'>, enabled: Arg<'v2.network.fastFunctions.set', 'enabled'>]
  'v2.network.get': [networkId: Arg<'v2.network.get', 'networkId'>]
  'v2.network.invite.edit': [inviteKey: Arg<'v2.network.invite.edit', 'inviteKey'>, update: Arg<'v2.network.invite.edit', 'update'>]
  'v2.network.invite.list': [networkId: Arg<'v2.network.invite.list', 'networkId'>]
  'v2.network.invite.remove': [inviteKey: Arg<'v2.network.invite.remove', 'inviteKey'>]
  'v2.network.invite.resend': [inviteKey: Arg<'v2.network.invite.resend', 'inviteKey'>, brandId?: Arg<'v2.network.invite.resend', 'brandId'>]
  'v2.network.invite.send': [invite: Arg<'v2.network.invite.send', 'invite'>]
  'v2.network.license.get': []
  'v2.network.product.create': [product: Arg<'v2.network.product.create', 'product'>]
  'v2.network.product.get': [targetId: Arg<'v2.network.product.get', 'targetId'>]
  'v2.network.product.getManifest': [targetId: Arg<'v2.network.product.getManifest', 'targetId'>]
  'v2.network.product.install': [productId: Arg<'v2.network.product.install', 'productId'>, workspaceId: Arg<'v2.network.product.install', 'workspaceId'>]
  'v2.network.product.isProductInstalled': [
    productId: Arg<'v2.network.product.isProductInstalled', 'productId'>,
    workspaceId: Arg<'v2.network.product.isProductInstalled', 'workspaceId'>,
  ]
  'v2.network.product.publishTemplate': [template: Arg<'v2.network.product.publishTemplate', 'template'>]
  'v2.network.publicCopy': [options: Arg<'v2.network.publicCopy', 'options'>]
  'v2.network.restrictions': []
  'v2.network.role.create': [role: Arg<'v2.network.role.create', 'role'>]
  'v2.network.role.list': []
  'v2.network.role.remove': [roleId: Arg<'v2.network.role.remove', 'roleId'>]
  'v2.network.role.update': [roleId: Arg<'v2.network.role.update', 'roleId'>, update: Arg<'v2.network.role.update', 'update'>]
  'v2.network.update': [workspaceId: Arg<'v2.network.update', 'workspaceId'>, update: Arg<'v2.network.update', 'update'>]
  'v2.network.workflowTemplate': [workspaceId: Arg<'v2.network.workflowTemplate', 'workspaceId'>]
  'v2.process.copy': [processIds: Arg<'v2.process.copy', 'processIds'>]
  'v2.process.get': [processId?: Arg<'v2.process.get', 'processId'>]
  'v2.process.member.add': [processId: Arg<'v2.process.member.add', 'processId'>, memberId: Arg<'v2.process.member.add', 'memberId'>]
  'v2.process.member.list': [processId: Arg<'v2.process.member.list', 'processId'>]
  'v2.process.member.remove': [processId: Arg<'v2.process.member.remove', 'processId'>, memberId: Arg<'v2.process.member.remove', 'memberId'>]
  'v2.process.meta': [query: Arg<'v2.process.meta', 'query'>]
  'v2.process.permissions.deny': [
    processId: Arg<'v2.process.permissions.deny', 'processId'>,
    targetId: Arg<'v2.process.permissions.deny', 'targetId'>,
    permission?: Arg<'v2.process.permissions.deny', 'permission'>,
  ]
  'v2.process.permissions.grant': [
    processId: Arg<'v2.process.permissions.grant', 'processId'>,
    targetId: Arg<'v2.process.permissions.grant', 'targetId'>,
    permission?: Arg<'v2.process.permissions.grant', 'permission'>,
  ]
  'v2.process.publicForm.create': [form: Arg<'v2.process.publicForm.create', 'form'>]
  'v2.process.publicForm.update': [form: Arg<'v2.process.publicForm.update', 'form'>]
  'v2.process.star': [processId: Arg<'v2.process.star', 'processId'>]
  'v2.process.translation.create': [processId: Arg<'v2.process.translation.create', 'processId'>, lang: Arg<'v2.process.translation.create', 'lang'>]
  'v2.process.validateFunction': [
    functionBody: Arg<'v2.process.validateFunction', 'functionBody'>,
    variableNames?: Arg<'v2.process.validateFunction', 'variableNames'>,
  ]
  'v2.process.validateFunctions': [workspaceId: Arg<'v2.process.validateFunctions', 'workspaceId'>]
  'v2.user.invite.accept': [inviteKey: Arg<'v2.user.invite.accept', 'inviteKey'>]
  'v2.user.invite.decline': [inviteKey: Arg<'v2.user.invite.decline', 'inviteKey'>]
  'v2.user.invite.list': []
  'v2.user.invite.register': [user: Arg<'v2.user.invite.register', 'user'>, inviteKey: Arg<'v2.user.invite.register', 'inviteKey'>]
  'v2.user.profile': [userId: Arg<'v2.user.profile', 'userId'>]
  'v2.user.register': [user: Arg<'v2.user.register', 'user'>, options?: Arg<'v2.user.register', 'options'>, extra?: Arg<'v2.user.register', 'extra'>]
  'v2.user.registerSsoA': [user: Arg<'v2.user.registerSsoA', 'user'>, options?: Arg<'v2.user.registerSsoA', 'options'>]
  'v2.user.registerSsoB': [idToken: Arg<'v2.user.registerSsoB', 'idToken'>, options?: Arg<'v2.user.registerSsoB', 'options'>]
  'v2.user.send_verification_email': []
  'v2.user.settings.global.set': [settings: Arg<'v2.user.settings.global.set', 'settings'>]
  'v2.user.verify_email': [verificationId: Arg<'v2.user.verify_email', 'verificationId'>, verificationKey: Arg<'v2.user.verify_email', 'verificationKey'>]
  'v3.activity.ball.candidates': [activityId: Arg<'v3.activity.ball.candidates', 'activityId'>]
  'v3.activity.ball.clear': [activityId: Arg<'v3.activity.ball.clear', 'activityId'>]
  'v3.activity.ball.list': [discussionIds: Arg<'v3.activity.ball.list', 'discussionIds'>]
  'v3.activity.ball.pass': [activityId: Arg<'v3.activity.ball.pass', 'activityId'>, userId: Arg<'v3.activity.ball.pass', 'userId'>]
  'v3.activity.ball.take': [activityId: Arg<'v3.activity.ball.take', 'activityId'>]
  'v3.activity.buildPhaseCountCache': []
  'v3.activity.convertStackedVariables': [options?: Arg<'v3.activity.convertStackedVariables', 'options'>]
  'v3.activity.count': [processId?: Arg<'v3.activity.count', 'processId'>]
  'v3.activity.create': [
    processId: Arg<'v3.activity.create', 'processId'>,
    activity?: Arg<'v3.activity.create', 'activity'>,
    options?: Arg<'v3.activity.create', 'options'>,
  ]
  'v3.activity.createMany': [
    processId: Arg<'v3.activity.createMany', 'processId'>,
    activities: Arg<'v3.activity.createMany', 'activities'>,
    options?: Arg<'v3.activity.createMany', 'options'>,
  ]
  'v3.activity.evaluateAllFunctions': [options?: Arg<'v3.activity.evaluateAllFunctions', 'options'>]
  'v3.activity.evaluateMany': [activity: Arg<'v3.activity.evaluateMany', 'activity'>, trial?: Arg<'v3.activity.evaluateMany', 'trial'>]
  'v3.activity.evaluateWorkflowFunctions.logs': [query: Arg<'v3.activity.evaluateWorkflowFunctions.logs', 'query'>]
  'v3.activity.evaluateWorkflowFunctions.start': [run: Arg<'v3.activity.evaluateWorkflowFunctions.start', 'run'>]
  'v3.activity.explainNode.assist': [node: Arg<'v3.activity.explainNode.assist', 'node'>]
  'v3.activity.explainNode': [node: Arg<'v3.activity.explainNode', 'node'>]
  'v3.activity.explainNodeDryRun': [node: Arg<'v3.activity.explainNodeDryRun', 'node'>]
  'v3.activity.extractHistory': [options: Arg<'v3.activity.extractHistory', 'options'>]
  'v3.activity.followers.eligible': [activityId: Arg<'v3.activity.followers.eligible', 'activityId'>]
  'v3.activity.followers.remove': [activityId: Arg<'v3.activity.followers.remove', 'activityId'>, userId: Arg<'v3.activity.followers.remove', 'userId'>]
  'v3.activity.forceRepairPath': [path: Arg<'v3.activity.forceRepairPath', 'path'>]
  'v3.activity.forceRepairWorkflowPath': [path: Arg<'v3.activity.forceRepairWorkflowPath', 'path'>]
  'v3.activity.functionField.assist': [request: Arg<'v3.activity.functionField.assist', 'request'>]
  'v3.activity.get': [activityId: Arg<'v3.activity.get', 'activityId'>]
  'v3.activity.linkedFrom.next': [
    activityId: Arg<'v3.activity.linkedFrom.next', 'activityId'>,
    afterActivityId: Arg<'v3.activity.linkedFrom.next', 'afterActivityId'>,
    options?: Arg<'v3.activity.linkedFrom.next', 'options'>,
  ]
  'v3.activity.linkedFrom.overview': [
    activityId: Arg<'v3.activity.linkedFrom.overview', 'activityId'>,
    options?: Arg<'v3.activity.linkedFrom.overview', 'options'>,
  ]
  'v3.activity.linkedFrom.refresh': [
    activityId: Arg<'v3.activity.linkedFrom.refresh', 'activityId'>,
    phaseId: Arg<'v3.activity.linkedFrom.refresh', 'phaseId'>,
    options?: Arg<'v3.activity.linkedFrom.refresh', 'options'>,
  ]
  'v3.activity.linkedFrom.search': [
    activityId: Arg<'v3.activity.linkedFrom.search', 'activityId'>,
    searchString: Arg<'v3.activity.linkedFrom.search', 'searchString'>,
    options?: Arg<'v3.activity.linkedFrom.search', 'options'>,
  ]
  'v3.activity.list': [query: Arg<'v3.activity.list', 'query'>]
  'v3.activity.permissions': [
    userId: Arg<'v3.activity.permissions', 'userId'>,
    workspaceId: Arg<'v3.activity.permissions', 'workspaceId'>,
    query?: Arg<'v3.activity.permissions', 'query'>,
  ]
  'v3.activity.phaseCount': [workflowId?: Arg<'v3.activity.phaseCount', 'workflowId'>]
  'v3.activity.remove': [activityIds: Arg<'v3.activity.remove', 'activityIds'>]
  'v3.activity.removed.more': [phaseId: Arg<'v3.activity.removed.more', 'phaseId'>, options?: Arg<'v3.activity.removed.more', 'options'>]
  'v3.activity.removed.overview': [processIds: Arg<'v3.activity.removed.overview', 'processIds'>, options?: Arg<'v3.activity.removed.overview', 'options'>]
  'v3.activity.removed.recover': [activityIds: Arg<'v3.activity.removed.recover', 'activityIds'>]
  'v3.activity.repairPath': [options: Arg<'v3.activity.repairPath', 'options'>]
  'v3.activity.repairPathDryRun': [options: Arg<'v3.activity.repairPathDryRun', 'options'>]
  'v3.activity.repairWorkflowPath': [options: Arg<'v3.activity.repairWorkflowPath', 'options'>]
  'v3.activity.repairWorkflowPathDryRun': [options: Arg<'v3.activity.repairWorkflowPathDryRun', 'options'>]
  'v3.activity.template.create': [processId: Arg<'v3.activity.template.create', 'processId'>, phaseId: Arg<'v3.activity.template.create', 'phaseId'>]
  'v3.activity.timeline2': [options: Arg<'v3.activity.timeline2', 'options'>]
  'v3.activity.updateMany': [updates: Arg<'v3.activity.updateMany', 'updates'>, options?: Arg<'v3.activity.updateMany', 'options'>]
  'v3.activity.verifyWorkflowValues': [options: Arg<'v3.activity.verifyWorkflowValues', 'options'>]
  'v3.audit.list': [workspaceId: Arg<'v3.audit.list', 'workspaceId'>, query?: Arg<'v3.audit.list', 'query'>]
  'v3.automation.create': [workspaceId: Arg<'v3.automation.create', 'workspaceId'>, automation: Arg<'v3.automation.create', 'automation'>]
  'v3.automation.list': [workspaceId: Arg<'v3.automation.list', 'workspaceId'>, options?: Arg<'v3.automation.list', 'options'>]
  'v3.automation.remove': [automationId: Arg<'v3.automation.remove', 'automationId'>]
  'v3.automation.runs': [automationId: Arg<'v3.automation.runs', 'automationId'>, options?: Arg<'v3.automation.runs', 'options'>]
  'v3.automation.update': [automationId: Arg<'v3.automation.update', 'automationId'>, changes: Arg<'v3.automation.update', 'changes'>]
  'v3.calendar.create': [calendar: Arg<'v3.calendar.create', 'calendar'>]
  'v3.calendar.event.create': [calendarId: Arg<'v3.calendar.event.create', 'calendarId'>, event: Arg<'v3.calendar.event.create', 'event'>]
  'v3.calendar.event.list': [calendarId: Arg<'v3.calendar.event.list', 'calendarId'>, range?: Arg<'v3.calendar.event.list', 'range'>]
  'v3.calendar.event.remove': [eventId: Arg<'v3.calendar.event.remove', 'eventId'>]
  'v3.calendar.event.update': [eventId: Arg<'v3.calendar.event.update', 'eventId'>, changes: Arg<'v3.calendar.event.update', 'changes'>]
  'v3.calendar.list': []
  'v3.calendar.remove': [calendarId: Arg<'v3.calendar.remove', 'calendarId'>]
  'v3.calendar.subscribeCode.create': [calendarId: Arg<'v3.calendar.subscribeCode.create', 'calendarId'>]
  'v3.calendar.subscribeCode.rotate': [calendarId: Arg<'v3.calendar.subscribeCode.rotate', 'calendarId'>]
  'v3.calendar.update': [calendarId: Arg<'v3.calendar.update', 'calendarId'>, changes: Arg<'v3.calendar.update', 'changes'>]
  'v3.core.challenge': []
  'v3.core.checkEmail': [email: Arg<'v3.core.checkEmail', 'email'>, identifier: Arg<'v3.core.checkEmail', 'identifier'>]
  'v3.core.proofOfWork': [
    proof?: Arg<'v3.core.proofOfWork', 'proof'>,
    endpoint?: Arg<'v3.core.proofOfWork', 'endpoint'>,
    args?: Arg<'v3.core.proofOfWork', 'args'>,
  ]
  'v3.file.get': [fileId: Arg<'v3.file.get', 'fileId'>]
  'v3.file.setPublic': [fileId: Arg<'v3.file.setPublic', 'fileId'>, public_: Arg<'v3.file.setPublic', 'public'>]
  'v3.insight.create': [insight: Arg<'v3.insight.create', 'insight'>]
  'v3.insight.list': [processId?: Arg<'v3.insight.list', 'processId'>]
  'v3.insight.publicKey.create': [insightId: Arg<'v3.insight.publicKey.create', 'insightId'>]
  'v3.insight.publicKey.revoke': [insightId: Arg<'v3.insight.publicKey.revoke', 'insightId'>]
  'v3.insight.remove': [insightId: Arg<'v3.insight.remove', 'insightId'>]
  'v3.insight.run': [insightId: Arg<'v3.insight.run', 'insightId'>]
  'v3.insight.update': [insightId: Arg<'v3.insight.update', 'insightId'>, changes: Arg<'v3.insight.update', 'changes'>]
  'v3.proofOfWork.call': [
    challenge?: Arg<'v3.proofOfWork.call', 'challenge'>,
    hash?: Arg<'v3.proofOfWork.call', 'hash'>,
    endpoint?: Arg<'v3.proofOfWork.call', 'endpoint'>,
    args?: Arg<'v3.proofOfWork.call', 'args'>,
  ]
  'v3.proofOfWork.challenge': []
  'v3.publicForm.get': [key: Arg<'v3.publicForm.get', 'key'>]
  'v3.session.get': []
  'v3.session.switchWorkspace': [workspaceId: Arg<'v3.session.switchWorkspace', 'workspaceId'>]
  'v3.session.workspaces': []
  'v3.user.apikey.create': [
    name: Arg<'v3.user.apikey.create', 'name'>,
    workspaceId: Arg<'v3.user.apikey.create', 'workspaceId'>,
    whitelistIps: Arg<'v3.user.apikey.create', 'whitelistIps'>,
    delegatedToUrl?: Arg<'v3.user.apikey.create', 'delegatedToUrl'>,
  ]
  'v3.user.apikey.list': []
  'v3.user.apikey.remove': [apiKeyId: Arg<'v3.user.apikey.remove', 'apiKeyId'>]
  'v3.user.apikey.update': [
    apiKeyId: Arg<'v3.user.apikey.update', 'apiKeyId'>,
    name: Arg<'v3.user.apikey.update', 'name'>,
    whitelistIps: Arg<'v3.user.apikey.update', 'whitelistIps'>,
  ]
  'v3.user.data.export': [workspaceIds?: Arg<'v3.user.data.export', 'workspaceIds'>, options?: Arg<'v3.user.data.export', 'options'>]
  'v3.user.data.export.workspaces': [credentials: Arg<'v3.user.data.export.workspaces', 'credentials'>]
  'v3.user.data.import': [credentials: Arg<'v3.user.data.import', 'credentials'>, options?: Arg<'v3.user.data.import', 'options'>]
  'v3.user.data.job': [jobId: Arg<'v3.user.data.job', 'jobId'>]
  'v3.user.idpUser': [username: Arg<'v3.user.idpUser', 'username'>]
  'v3.user.password.set': [change: Arg<'v3.user.password.set', 'change'>]
  'v3.user.permissions': [
    userId?: Arg<'v3.user.permissions', 'userId'>,
    workspaceId?: Arg<'v3.user.permissions', 'workspaceId'>,
    query?: Arg<'v3.user.permissions', 'query'>,
  ]
  'v3.user.profile.update': [profile: Arg<'v3.user.profile.update', 'profile'>]
  'v3.user.profileImage.set': [fileId: Arg<'v3.user.profileImage.set', 'fileId'>]
  'v3.user.register': [user: Arg<'v3.user.register', 'user'>, options?: Arg<'v3.user.register', 'options'>, extra?: Arg<'v3.user.register', 'extra'>]
  'v3.user.remove': [confirmation: Arg<'v3.user.remove', 'confirmation'>]
  'v3.user.setBot': [bot: Arg<'v3.user.setBot', 'bot'>]
  'v3.webhook.create': [workspaceId: Arg<'v3.webhook.create', 'workspaceId'>, webhook: Arg<'v3.webhook.create', 'webhook'>]
  'v3.webhook.deliveries': [webhookId: Arg<'v3.webhook.deliveries', 'webhookId'>, options?: Arg<'v3.webhook.deliveries', 'options'>]
  'v3.webhook.list': [workspaceId: Arg<'v3.webhook.list', 'workspaceId'>]
  'v3.webhook.redeliver': [webhookId: Arg<'v3.webhook.redeliver', 'webhookId'>, fromSeq: Arg<'v3.webhook.redeliver', 'fromSeq'>]
  'v3.webhook.remove': [webhookId: Arg<'v3.webhook.remove', 'webhookId'>]
  'v3.webhook.rotateSecret': [webhookId: Arg<'v3.webhook.rotateSecret', 'webhookId'>]
  'v3.webhook.test': [webhookId: Arg<'v3.webhook.test', 'webhookId'>]
  'v3.webhook.update': [webhookId: Arg<'v3.webhook.update', 'webhookId'>, changes: Arg<'v3.webhook.update', 'changes'>]
  'wall2.edit_comment': [
    feedPostId: Arg<'wall2.edit_comment', 'feedPostId'>,
    feedCommentId: Arg<'wall2.edit_comment', 'feedCommentId'>,
    comment: Arg<'wall2.edit_comment', 'comment'>,
  ]
  'wall2.edit_post': [postId: Arg<'wall2.edit_post', 'postId'>, post?: Arg<'wall2.edit_post', 'post'>]
  'wall2.follow_post': [postId: Arg<'wall2.follow_post', 'postId'>]
  'wall2.like_post': [postId: Arg<'wall2.like_post', 'postId'>, action: Arg<'wall2.like_post', 'action'>]
  'wall2.load_comments': [feedPostId: Arg<'wall2.load_comments', 'feedPostId'>, feedCommentId?: Arg<'wall2.load_comments', 'feedCommentId'>]
  'wall2.load_posts': [feedPostId?: Arg<'wall2.load_posts', 'feedPostId'>, options?: Arg<'wall2.load_posts', 'options'>]
  'wall2.new_post': [post: Arg<'wall2.new_post', 'post'>, recipients?: Arg<'wall2.new_post', 'recipients'>, options?: Arg<'wall2.new_post', 'options'>]
  'wall2.pin_post': [postId: Arg<'wall2.pin_post', 'postId'>, pin: Arg<'wall2.pin_post', 'pin'>]
  'wall2.remove_comment': [commentId: Arg<'wall2.remove_comment', 'commentId'>, postId: Arg<'wall2.remove_comment', 'postId'>]
  'wall2.remove_post': [postId: Arg<'wall2.remove_post', 'postId'>]
  'wall2.save_comment': [comment: Arg<'wall2.save_comment', 'comment'>, feedPostId: Arg<'wall2.save_comment', 'feedPostId'>]
  'wall2.seen': [options?: Arg<'wall2.seen', 'options'>]
  'wall2.unfollow_post': [postId: Arg<'wall2.unfollow_post', 'postId'>]
  'wall2.unread': [options?: Arg<'wall2.unread', 'options'>]
}

export type OpName = keyof OperationSchemas

/** Each operation's arguments as they go on the wire (an optional one may be left out, or sent as null) and its result. */
export type Operations = { [N in OpName]: { args: OperationArgs[N]; result: OperationSchemas[N]['result'] } }

/** The arguments as a handler receives them: dispatch passes null in an optional position as undefined. */
export type HandlerArgs<N extends OpName> = Received<OperationArgs[N]>
type Received<T extends unknown[]> = { [I in keyof T]: {} extends Pick<T, I> ? NonNullable<T[I]> : T[I] }

/** The operations the server declares read-only (server/ops, `readOnly: true`). */
export const READ_ONLY_OPERATIONS: ReadonlySet<string> = new Set([
  'company.check_invite',
  'company.form_get_teams',
  'company.get_general_options',
  'company.load_team',
  'process.list',
  'process.list_templates',
  'resume',
  'v2.network.get',
  'v2.network.invite.list',
  'v2.network.license.get',
  'v2.network.product.get',
  'v2.network.product.getManifest',
  'v2.network.product.isProductInstalled',
  'v2.network.restrictions',
  'v2.network.role.list',
  'v2.network.workflowTemplate',
  'v2.process.get',
  'v2.process.member.list',
  'v2.process.meta',
  'v2.process.validateFunction',
  'v2.process.validateFunctions',
  'v2.user.invite.list',
  'v2.user.profile',
  'v3.activity.ball.candidates',
  'v3.activity.ball.list',
  'v3.activity.count',
  'v3.activity.evaluateMany',
  'v3.activity.evaluateWorkflowFunctions.logs',
  'v3.activity.explainNode',
  'v3.activity.explainNode.assist',
  'v3.activity.explainNodeDryRun',
  'v3.activity.extractHistory',
  'v3.activity.followers.eligible',
  'v3.activity.functionField.assist',
  'v3.activity.get',
  'v3.activity.linkedFrom.next',
  'v3.activity.linkedFrom.overview',
  'v3.activity.linkedFrom.refresh',
  'v3.activity.linkedFrom.search',
  'v3.activity.list',
  'v3.activity.permissions',
  'v3.activity.phaseCount',
  'v3.activity.removed.more',
  'v3.activity.removed.overview',
  'v3.activity.repairPathDryRun',
  'v3.activity.repairWorkflowPathDryRun',
  'v3.activity.template.create',
  'v3.activity.timeline2',
  'v3.activity.verifyWorkflowValues',
  'v3.audit.list',
  'v3.automation.list',
  'v3.automation.runs',
  'v3.calendar.event.list',
  'v3.calendar.list',
  'v3.core.challenge',
  'v3.core.checkEmail',
  'v3.core.proofOfWork',
  'v3.file.get',
  'v3.insight.list',
  'v3.insight.run',
  'v3.proofOfWork.call',
  'v3.proofOfWork.challenge',
  'v3.publicForm.get',
  'v3.session.get',
  'v3.session.workspaces',
  'v3.user.apikey.list',
  'v3.user.data.export.workspaces',
  'v3.user.data.job',
  'v3.user.idpUser',
  'v3.user.permissions',
  'v3.webhook.deliveries',
  'v3.webhook.list',
  'wall2.load_comments',
  'wall2.load_posts',
  'wall2.unread',
])

/** The signals a webhook may be told to post (`events`): those published to the workspace's topic (server/realtime/signals.ts). */
export const WEBHOOK_SIGNALS: readonly string[] = [
  'network.updated',
  'network.member.added',
  'network.member.removed',
  'network.member.updated',
  'network.role.created',
  'network.role.updated',
  'network.role.removed',
  'network.invite.sent',
  'network.invite.updated',
  'network.invite.removed',
  'network.invite.resent',
  'network.invite.declined',
  'network.invite.accepted',
  'network.license.updated',
  'company.team.created',
  'company.team.updated',
  'company.team.removed',
  'company.propertyField.created',
  'company.propertyField.updated',
  'company.propertyField.removed',
  'company.propertyValue.updated',
  'product.created',
  'product.published',
  'product.installed',
  'process.created',
  'process.updated',
  'process.removed',
  'process.field.created',
  'process.field.updated',
  'process.field.removed',
  'v3.activity.created',
  'v3.activity.updated',
  'v3.activity.phase',
  'v3.activity.ball',
  'v3.activity.followers',
  'v3.activity.removed',
  'v3.activity.recovered',
  'v3.user.profileImage.updated',
  'v3.calendar.created',
  'v3.calendar.updated',
  'v3.calendar.removed',
  'v3.calendar.event.created',
  'v3.calendar.event.updated',
  'v3.calendar.event.removed',
  'wall2.post.created',
  'wall2.post.updated',
  'wall2.post.removed',
  'wall2.post.liked',
  'wall2.post.pinned',
  'wall2.comment.created',
  'wall2.comment.updated',
  'wall2.comment.removed',
]

/** The kinds of act the audit trail records (server/db/audit.ts AUDIT_KINDS), in their order there. */
export const AUDIT_KIND_NAMES: readonly string[] = [
  'member.update',
  'member.remove',
  'member.leave',
  'invite.create',
  'invite.update',
  'invite.resend',
  'invite.revoke',
  'invite.accept',
  'role.create',
  'role.update',
  'role.remove',
  'team.create',
  'team.update',
  'team.members',
  'team.remove',
  'teamAccount.create',
  'teamAccount.update',
  'teamAccount.remove',
  'workflow.create',
  'workflow.update',
  'workflow.remove',
  'workflow.member.add',
  'workflow.member.remove',
  'workflow.permissions',
  'phase.create',
  'phase.update',
  'phase.remove',
  'field.create',
  'field.update',
  'field.remove',
  'apiKey.create',
  'apiKey.update',
  'apiKey.revoke',
  'workspace.update',
  'license.set',
  'user.bot',
  'user.remove',
  'data.export',
  'data.import',
  'webhook.create',
  'webhook.update',
  'webhook.remove',
  'webhook.rotateSecret',
  'automation.create',
  'automation.update',
  'automation.remove',
  'webhook.redeliver',
]
