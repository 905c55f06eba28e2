/**
 * Hand-written argument schemas for every RPC operation of docs/interface.md.
 *
 * Each entry lists the positional arguments in order: a camelCase name and a
 * JSON Schema fragment. Optionality is taken from the interface table (a `?`
 * marks an optional argument) unless an entry sets `optional` explicitly; an
 * entry whose argument count or optionality differs from the parsed table, or
 * whose row could not be parsed, must say why in `interpret`.
 */
import { Schema, d, rec, str, bool, int, num, enm, lit, arr, obj, openObj, map, anyOf, nullable, oid, ws, oidList, anyObject, any, withDesc } from './helpers'
import { OMIT_FLAGS } from './defs'

export interface ArgDef {
  name: string
  schema: Schema
  /** overrides the optionality parsed from the interface */
  optional?: boolean
  /** the argument also accepts null */
  nullable?: boolean
}

export interface OpDef {
  args: ArgDef[]
  returns?: Schema
  /** appended to the generated description */
  note?: string
  /** how a row that does not parse mechanically was interpreted (required when count/optionality differ) */
  interpret?: string
}

const a = (name: string, schema: Schema, o: Partial<ArgDef> = {}): ArgDef => ({ name, schema, ...o })

const B = bool()
const OK = bool()
const list = (items: Schema, max = 10000) => arr(items, max)
const uidCid = () => d('uidCid')

const docTemplateKeyed = (groups: string[], withKey: boolean, extra: Record<string, Schema> = {}, extraRequired: string[] = []): Schema => {
  const props: Record<string, Schema> = {
    processId: oid(),
    name: withDesc(d('shortText'), 'document template name'),
    group: enm(...groups),
  }
  if (withKey) props.key = withDesc(str(200, { minLength: 1 }), 'a field or image key')
  Object.assign(props, extra)
  return obj(
    props,
    Object.keys(props).filter((k) => !(k in extra) || extraRequired.includes(k)),
  )
}

const documentTemplate = (): Schema =>
  openObj(
    {
      name: d('shortText'),
      fieldMap: openObj({ images: anyObject(), activityLinks: anyObject(), fields: anyObject() }, [], 50),
    },
    ['name'],
    200,
    { description: 'document template; full structure not shown; an object holding only name deletes that template' },
  )

const repairCommon = (): Record<string, Schema> => ({
  incomingMaxDepth: int({ minimum: 0, maximum: 1000 }),
  outgoingMaxDepth: int({ minimum: 0, maximum: 1000 }),
  includeValues: bool(),
})

const pathRepair = (write: boolean): Schema =>
  openObj(
    {
      activityId: oid(),
      fieldId: oid(),
      ...repairCommon(),
      ...(write ? { writeValues: bool(), propagateDependents: bool() } : {}),
    },
    [],
    50,
    { description: 'options; shape not shown in the interface: designed after forceRepairPath' },
  )

const workflowRepair = (write: boolean): Schema =>
  openObj(
    {
      workflowId: oid(),
      fieldId: oid(),
      ...repairCommon(),
      ...(write ? { writeValues: bool(), propagateDependents: bool() } : {}),
      limit: int({ minimum: 0, maximum: 100000 }),
      includeActivityResults: bool(),
    },
    [],
    50,
    { description: 'options; shape not shown in the interface: designed after forceRepairWorkflowPath' },
  )

const looseOptions = (props: Record<string, Schema> = {}, desc = 'options; shape not shown in the interface'): Schema =>
  openObj(props, [], 50, { description: desc })

const explainNodeArg = (): Schema =>
  obj(
    {
      activityId: oid(),
      fieldId: oid(),
      direction: enm('incoming', 'outgoing', 'both'),
      graphMode: enm('configured', 'runtime'),
      maxDepth: int({ minimum: 0, maximum: 1000, default: 8 }),
      incomingMaxDepth: int({ minimum: 0, maximum: 1000 }),
      outgoingMaxDepth: int({ minimum: 0, maximum: 1000 }),
      includeValues: bool({ default: false }),
    },
    ['activityId', 'fieldId'],
  )

const permissionsItems = (keys: string[], item: Schema): Schema => obj(Object.fromEntries(keys.map((k) => [k, arr(item, 1000)])))

/** A wall recipient: `<kind>_<id>`. */
const WALL_RECIPIENT = (kinds: string) => str(100, { pattern: `^(${kinds})_[0-9a-f]{24}$` })

const linkedFromResult = () => map(anyObject(), 1000, oid())

export const OPS: Record<string, OpDef> = {
  // -------------------------------------------------------------------------
  // process.*
  // -------------------------------------------------------------------------
  'process.create': {
    args: [
      a(
        'options',
        obj({
          name: d('name'),
          description: d('text'),
          defaultView: str(100),
          workspaceId: withDesc(ws(), 'current workspace if omitted'),
          enableMapLocation: bool(),
          enableUnlinkedMode: bool({ description: 'marks a dataset' }),
          enableUniqueName: bool(),
          defaultGroupByField: str(200),
        }),
      ),
    ],
  },
  'process.create_docTemplateField': {
    args: [a('field', docTemplateKeyed(['images', 'activityLinks', 'fields'], false))],
  },
  'process.create_field': {
    args: [a('processId', oid()), a('field', d('fieldDescriptor'))],
    returns: rec('process-field'),
  },
  'process.delete_docTemplateField': {
    args: [a('field', docTemplateKeyed(['images', 'activityLinks', 'fields'], true))],
  },
  'process.get_next_prefix_id': {
    args: [a('processId', oid())],
    returns: obj({ latestSuffix: num() }, ['latestSuffix']),
  },
  'process.install_template': {
    args: [a('templateId', oid())],
    returns: rec('result-object'),
  },
  'process.list': {
    args: [
      a('processIdOrKey', anyOf(oid(), withDesc(d('key'), 'process key'))),
      a('phaseIdOrWorkspaceId', withDesc(oid(), 'phase id filter, or a workspace id when the first argument is a process key')),
    ],
    returns: d('anyObjectList'),
  },
  'process.list_templates': { args: [], returns: list(rec('process-template')) },
  'process.remove': { args: [a('processId', oid())], returns: OK },
  'process.remove_field': { args: [a('processId', oid()), a('fieldId', oid())], returns: OK },
  'process.set_docTemplateFieldProperty': {
    args: [
      a(
        'property',
        docTemplateKeyed(
          ['fieldMap', 'images', 'activityLinks', 'fields', 'opts'],
          true,
          {
            property: enm(
              'label',
              'value',
              'description',
              'field',
              'process',
              'staticActivityIds',
              'formatFieldValue',
              'thousandSeparator',
              'decimalSeparator',
              'toFixedDigits',
              'toFixedIds',
              'linkedActivitiesFilteredPhases',
            ),
            value: any(),
          },
          ['property'],
        ),
      ),
    ],
  },
  'process.set_docTemplatePrintName': {
    args: [a('processId', oid()), a('templateId', withDesc(d('idString'), 'document template id')), a('printName', d('shortText'))],
  },
  'process.set_documentTemplate': {
    args: [a('processId', oid()), a('template', documentTemplate())],
  },
  'process.set_documentTemplates': {
    args: [
      a('processId', oid()),
      a('templates', withDesc(map(documentTemplate(), 500), 'map of document templates; null deletes all templates'), { nullable: true }),
    ],
  },
  'process.set_info': {
    args: [a('processId', oid()), a('info', d('processInfo')), a('lang', d('lang'))],
    returns: OK,
  },
  'process.update_field': {
    args: [a('processId', oid()), a('fieldId', oid()), a('field', d('fieldDescriptorUpdate')), a('lang', d('lang'))],
    returns: OK,
  },

  // -------------------------------------------------------------------------
  // v2.process.*
  // -------------------------------------------------------------------------
  'v2.process.copy': {
    args: [a('processIds', anyOf(oid(), oidList()))],
    returns: oidList(),
  },
  'v2.process.get': { args: [a('processId', oid())], returns: rec('process') },
  'v2.process.member.add': {
    args: [a('processId', oid()), a('memberId', withDesc(d('idString'), 'network, user, team or group'))],
    returns: OK,
  },
  'v2.process.member.list': { args: [a('processId', oid())], returns: list(rec('process-member')) },
  'v2.process.member.remove': {
    args: [a('processId', oid()), a('memberId', withDesc(d('idString'), 'user or team'))],
    returns: OK,
  },
  'v2.process.meta': {
    args: [a('query', obj({ process: oid(), search: str(1000) }, ['process']))],
    returns: map(anyObject(), 1000),
  },
  'v2.process.permissions.deny': {
    args: [a('processId', oid()), a('targetId', withDesc(d('idString'), 'user or team id')), a('permission', d('permission'))],
    returns: OK,
  },
  'v2.process.permissions.grant': {
    args: [a('processId', oid()), a('targetId', withDesc(d('idString'), 'user or team id')), a('permission', d('permission'))],
  },
  'v2.process.publicForm.create': { args: [a('form', d('publicFormCreate'))], returns: rec('public-form') },
  'v2.process.publicForm.update': { args: [a('form', d('publicFormUpdate'))], returns: rec('public-form') },
  'v2.process.star': { args: [a('processId', oid())], returns: obj({ isStarred: bool() }, ['isStarred']) },
  'v2.process.translation.create': { args: [a('processId', oid()), a('lang', d('lang'))], returns: d('langMap') },
  'v2.process.validateFunction': {
    args: [a('functionBody', d('code')), a('variableNames', d('stringList'))],
    interpret: 'the second argument (string[]?) is unnamed in the interface; named variableNames',
  },
  'v2.process.validateFunctions': { args: [a('workspaceId', ws())] },

  // -------------------------------------------------------------------------
  // v3.user.apikey.*
  // -------------------------------------------------------------------------
  'v3.user.apikey.create': {
    args: [a('name', d('name')), a('workspaceId', ws()), a('whitelistIps', arr(str(100), 1000)), a('delegatedToUrl', d('url'))],
    returns: obj({ _id: str(200), key: str(1000) }, ['_id', 'key']),
  },
  'v3.user.apikey.list': { args: [], returns: list(rec('api-key')) },
  'v3.user.apikey.remove': { args: [a('apiKeyId', d('idString'))], returns: OK },
  'v3.user.apikey.update': {
    args: [a('apiKeyId', d('idString')), a('name', d('name')), a('whitelistIps', arr(str(100), 1000))],
    returns: OK,
  },

  // -------------------------------------------------------------------------
  // v2.network.*
  // -------------------------------------------------------------------------
  'v2.network.copy': {
    args: [a('workspaceId', ws()), a('name', withDesc(d('shortText'), 'string whose meaning is not shown (A)'), { optional: true })],
    returns: rec('result-object'),
    interpret: 'second argument is a string of unshown meaning: the name of the new workspace, optional',
  },
  'v2.network.create': {
    args: [a('name', withDesc(d('shortText'), 'string whose meaning is not shown (A)'))],
    returns: rec('result-object'),
    interpret: 'the optional string argument is named name',
  },
  'v2.network.fastFunctions.set': { args: [a('workspaceId', ws()), a('enabled', B)], returns: OK },
  'v2.network.get': { args: [a('networkId', ws())], returns: rec('workspace') },
  'v2.network.invite.edit': {
    args: [
      a('inviteKey', d('key')),
      a(
        'update',
        obj(
          {
            notes: nullable(d('text')),
            title: nullable(d('shortText')),
            role: d('role'),
            teams: withDesc(oidList(), 'stringified team ids'),
            customRole: withDesc(oid(), 'custom role id'),
            discussionIds: oidList(),
          },
          [],
          { minProperties: 1 },
        ),
      ),
    ],
    returns: OK,
  },
  'v2.network.invite.list': { args: [a('networkId', ws())], returns: d('anyObjectList') },
  'v2.network.invite.remove': { args: [a('inviteKey', d('key'))], returns: OK },
  'v2.network.invite.resend': {
    args: [a('inviteKey', d('key')), a('brandId', oid())],
    returns: OK,
    interpret: 'the optional ObjectId argument is unnamed in the interface; named brandId (as in v2.network.invite.send)',
  },
  'v2.network.invite.send': {
    args: [
      a(
        'invite',
        obj(
          {
            email: d('email'),
            name: d('shortText'),
            title: d('shortText'),
            notes: d('text'),
            brandId: oid(),
            role: d('role'),
            teams: oidList(),
            customRole: withDesc(oid(), 'custom role id'),
            discussionIds: oidList(),
            cid: withDesc(ws(), 'default current workspace'),
          },
          ['email'],
        ),
      ),
    ],
  },
  'v2.network.license.get': { args: [], returns: rec('workspace-license') },
  'v2.network.product.create': {
    args: [a('product', obj({ name: withDesc(d('name'), 'name of the version') }, ['name']))],
  },
  'v2.network.product.get': { args: [a('targetId', withDesc(oid(), 'marketplace target'))] },
  'v2.network.product.getManifest': { args: [a('targetId', oid())] },
  'v2.network.product.install': { args: [a('productId', oid()), a('workspaceId', ws())], returns: OK },
  'v2.network.product.isProductInstalled': { args: [a('productId', oid()), a('workspaceId', ws())], returns: OK },
  'v2.network.product.publishTemplate': {
    args: [
      a(
        'template',
        obj(
          {
            version: str(100, { pattern: '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$', description: 'semver' }),
            versionDescription: d('text'),
            title: d('name'),
            description: d('text'),
            workspaceId: ws(),
            targetId: oid(),
          },
          ['version', 'versionDescription', 'title', 'description'],
        ),
      ),
    ],
  },
  'v2.network.publicCopy': {
    args: [a('options', obj({ copyNetworkId: ws() }, ['copyNetworkId']))],
    returns: rec('result-object'),
  },
  'v2.network.restrictions': { args: [] },
  'v2.network.update': {
    args: [
      a('workspaceId', ws()),
      a(
        'update',
        obj({
          name: d('name'),
          isolatedTeams: bool(),
          color: d('color'),
          defaultView: d('defaultView'),
          allowPublicCopy: bool(),
          functionFieldVersion: num(),
          languages: arr(d('lang'), 3, { uniqueItems: true }),
          localauth: bool(),
          disableVideoCalls: bool(),
        }),
      ),
    ],
    returns: OK,
  },
  'v2.network.workflowTemplate': { args: [a('workspaceId', ws())] },

  // -------------------------------------------------------------------------
  // company.*
  // -------------------------------------------------------------------------
  'company.add_property_field': {
    args: [
      a('target', lit('users')),
      a(
        'field',
        obj(
          {
            label: d('shortText'),
            type: d('propertyFieldType'),
            filledBy: d('filledBy'),
            enableMultiple: bool(),
            data: d('propertyValue'),
          },
          ['label', 'type', 'filledBy'],
        ),
      ),
    ],
    returns: rec('company-property-field'),
  },
  'company.check_invite': { args: [a('inviteKey', d('key'))], returns: rec('invite') },
  'company.form_get_teams': {
    args: [a('options', looseOptions({}, 'options; shape not shown in the interface'))],
    returns: d('anyObjectList'),
  },
  'company.get_general_options': { args: [], returns: rec('workspace-general-options') },
  'company.leave': { args: [a('workspaceId', ws())], returns: OK, interpret: 'the ObjectId argument is the workspace (company) to leave' },
  'company.load_team': { args: [a('teamId', oid())], returns: rec('team') },
  'company.new_account': { args: [a('account', obj({ name: d('name'), team_id: oid() }, ['name', 'team_id']))] },
  'company.new_team': { args: [a('team', obj({ name: d('name'), description: d('text') }, ['name']))] },
  'company.remove_account': { args: [a('account', obj({ account_id: oid(), team_id: oid() }, ['account_id', 'team_id']))], returns: OK },
  'company.remove_property_field': { args: [a('fieldId', oid()), a('target', lit('users'))], returns: OK },
  'company.remove_team': { args: [a('teamId', oid())], returns: OK, interpret: 'the ObjectId argument is the team id' },
  'company.remove_user': { args: [a('userId', oid())], returns: OK, interpret: 'the ObjectId argument is the user id' },
  'company.set_account_data': {
    args: [a('section', enm('name', 'color')), a('data', obj({ account_id: oid(), name: d('name'), color: d('color') }, ['account_id']))],
  },
  'company.set_general_options': { args: [a('options', d('generalOptions'))], returns: rec('workspace-general-options') },
  'company.set_property_value': {
    args: [a('fieldId', oid()), a('target', lit('users')), a('value', obj({ uid: oid(), data: d('propertyValue') }, ['uid']))],
    returns: OK,
  },
  'company.set_team_data': {
    args: [a('data', obj({ team_id: oid(), section: enm('name', 'description', 'public', 'defaultView'), data: any() }, ['team_id', 'section', 'data']))],
    returns: OK,
  },
  'company.set_user_data': {
    args: [
      a(
        'data',
        obj(
          {
            section: enm('owner', 'admin', 'guest', 'inviter', 'feedAdmin', 'title', 'customRole'),
            uid: oid(),
            value: d('shortText'),
            workspaceId: ws(),
          },
          ['section', 'uid', 'value'],
        ),
      ),
    ],
    returns: OK,
  },
  'company.set_user_property_value': { args: [a('fieldId', oid()), a('value', d('propertyValue'))], returns: OK },
  'company.update_property_field': {
    args: [
      a('target', lit('users')),
      a('fieldId', oid()),
      a(
        'field',
        obj(
          {
            filledBy: d('filledBy'),
            label: d('shortText'),
            type: d('propertyFieldType'),
            created: d('timestamp'),
            uid: oid(),
            _id: oid(),
            enableMultiple: bool(),
          },
          ['filledBy', 'label', 'type'],
        ),
      ),
    ],
    returns: rec('company-property-field'),
  },
  'company.update_team_users': { args: [a('teamId', oid()), a('userIds', oidList(10000))], returns: OK },

  // -------------------------------------------------------------------------
  // wall2.*
  // -------------------------------------------------------------------------
  'wall2.edit_comment': {
    args: [a('feedPostId', oid()), a('feedCommentId', oid()), a('comment', d('text'))],
    returns: rec('wall-comment'),
  },
  'wall2.edit_post': {
    args: [
      a('postId', oid()),
      a(
        'post',
        obj(
          {
            text: d('text'),
            files: oidList(),
            subject: d('shortText'),
            allowReply: bool(),
            recipients: withDesc(arr(WALL_RECIPIENT('user|team'), 1000), 'user or team; replaces the recipients (not of a post to the whole workspace)'),
            draft: bool({ description: 'added: true keeps a draft a draft; a draft edited without it is published' }),
          },
          ['text'],
        ),
      ),
    ],
    returns: rec('wall-post'),
  },
  'wall2.follow_post': { args: [a('postId', oid())], returns: OK },
  'wall2.like_post': { args: [a('postId', oid()), a('action', enm('like', 'unlike'))], returns: OK },
  'wall2.load_comments': {
    args: [a('feedPostId', oid()), a('feedCommentId', oid())],
    returns: anyOf(rec('wall-comment'), arr(rec('wall-comment'), 500)),
  },
  'wall2.load_posts': {
    args: [
      a('feedPostId', withDesc(oid(), 'default null'), { nullable: true }),
      a(
        'options',
        obj({
          filter: withDesc(
            arr(enm('user', 'announcement', 'draft', 'scheduled'), 4, { uniqueItems: true }),
            "default user, announcement; draft and scheduled list the caller's own",
          ),
          sorter: enm('time'),
          multi: bool({ default: false }),
          networks: d('workspaceIdList'),
          skip: int({ minimum: 0, maximum: 100000, default: 0 }),
          hash: num(),
        }),
      ),
    ],
    returns: anyOf(rec('wall-post'), arr(rec('wall-post'), 20)),
  },
  'wall2.new_post': {
    args: [
      a(
        'post',
        obj(
          {
            subject: d('shortText'),
            text: d('text'),
            files: oidList(),
            loc: d('location'),
            networks: withDesc(d('workspaceIdList'), 'at most one: the workspace of the post (default the current one)'),
          },
          ['subject', 'text'],
        ),
      ),
      a('recipients', withDesc(arr(WALL_RECIPIENT('user|team|network|group'), 1000), 'user, team, network or group (groups are refused: 422)')),
      a('options', obj({ allowReply: bool(), draft: bool(), scheduleTime: withDesc(d('timestamp'), 'milliseconds since 1970') })),
    ],
    returns: rec('wall-post'),
  },
  'wall2.pin_post': { args: [a('postId', oid()), a('pin', B)], returns: OK },
  'wall2.remove_comment': {
    args: [a('commentId', oid()), a('postId', oid())],
    returns: OK,
    interpret: 'the row lists [postId, commentId] but notes the order of the operation index is comment id then post id; argument names follow that order',
  },
  'wall2.remove_post': { args: [a('postId', oid())], returns: OK },
  'wall2.save_comment': {
    args: [
      a(
        'comment',
        obj(
          {
            text: d('text'),
            loc: d('location'),
            tagged: withDesc(oidList(), 'user ids of members who may see the post'),
            tags: oidList(),
            files: oidList(),
          },
          ['text'],
        ),
      ),
      a('feedPostId', oid()),
    ],
    returns: rec('wall-comment'),
  },
  'wall2.seen': {
    args: [a('options', obj({ networks: d('workspaceIdList') }))],
    returns: obj({ seen: anyOf(str(100, { format: 'date-time' }), d('timestamp')), networks: d('workspaceIdList') }),
  },
  'wall2.unfollow_post': { args: [a('postId', oid())], returns: OK },
  'wall2.unread': {
    args: [
      a(
        'options',
        obj({
          workspaceIds: d('workspaceIdList'),
          types: arr(enm('user', 'activity.created', 'activity.updated'), 3),
        }),
      ),
    ],
    returns: map(obj({ user: int({ minimum: 0 }), 'activity.created': int({ minimum: 0 }), 'activity.updated': int({ minimum: 0 }) }), 10000, ws()),
  },

  // -------------------------------------------------------------------------
  // v2.user.*
  // -------------------------------------------------------------------------
  'v2.user.invite.accept': { args: [a('inviteKey', d('key'))] },
  'v2.user.invite.decline': { args: [a('inviteKey', d('key'))], interpret: 'the string argument is the invite key (as in v2.user.invite.accept)' },
  'v2.user.invite.list': { args: [], returns: d('anyObjectList') },
  'v2.user.invite.register': {
    args: [
      a('user', obj({ firstname: d('name'), lastname: d('name'), password: d('password') }, ['firstname', 'lastname', 'password'])),
      a('inviteKey', d('key')),
    ],
  },
  'v2.user.profile': { args: [a('userId', oid())] },
  'v2.user.register': {
    args: [a('user', d('registerUser')), a('options', d('registerOptions')), a('extra', withDesc(d('shortText'), 'string whose meaning is not shown'))],
    returns: uidCid(),
    interpret: 'the third (optional string) argument is unnamed in the interface; named extra',
  },
  'v2.user.registerSsoA': {
    args: [
      a(
        'user',
        obj({ token: withDesc(str(20000, { minLength: 1 }), 'identity token'), email: d('email'), firstname: d('name'), lastname: d('name') }, [
          'token',
          'email',
          'firstname',
          'lastname',
        ]),
      ),
      a('options', d('ssoRegisterOptions')),
    ],
    returns: uidCid(),
  },
  'v2.user.registerSsoB': {
    args: [a('idToken', str(20000, { minLength: 1 })), a('options', d('ssoRegisterOptions'))],
    returns: uidCid(),
  },
  'v2.user.send_verification_email': { args: [] },
  'v2.user.settings.global.set': { args: [a('settings', d('userGlobalSettings'))], returns: OK },
  'v2.user.verify_email': {
    args: [a('verificationId', str(1000, { minLength: 1 })), a('verificationKey', str(1000, { minLength: 1 }))],
    interpret: 'two required strings of unshown meaning (A); named verificationId and verificationKey',
  },

  // -------------------------------------------------------------------------
  // v3.activity.*
  // -------------------------------------------------------------------------
  'v3.activity.ball.candidates': { args: [a('activityId', oid())], returns: oidList(10000) },
  'v3.activity.ball.clear': { args: [a('activityId', oid())] },
  'v3.activity.ball.list': {
    args: [a('discussionIds', anyOf(lit('*'), oidList()))],
    returns: list(anyObject()),
  },
  'v3.activity.ball.pass': { args: [a('activityId', oid()), a('userId', oid())] },
  'v3.activity.ball.take': { args: [a('activityId', oid())] },
  'v3.activity.buildPhaseCountCache': { args: [] },
  'v3.activity.convertStackedVariables': {
    args: [a('options', looseOptions(), { optional: true })],
    interpret: 'listed as [] (A): designed as one optional options object',
  },
  'v3.activity.count': { args: [a('processId', oid())], returns: map(num(), 10000) },
  'v3.activity.create': {
    args: [a('processId', oid()), a('activity', d('activityInput')), a('options', d('activityCreateOptions'))],
  },
  'v3.activity.createMany': {
    args: [a('processId', d('processIdOrString')), a('activities', arr(d('activityInput'), 10000)), a('options', d('activityCreateManyOptions'))],
    returns: arr(rec('activity'), 10000),
  },
  'v3.activity.evaluateAllFunctions': {
    args: [a('options', looseOptions(), { optional: true })],
    interpret: 'listed as [] (A): designed as one optional options object',
  },
  'v3.activity.evaluateMany': {
    args: [a('activity', obj({ processId: oid(), phaseId: oid(), _id: oid(), name: d('shortText'), fields: d('fieldValueMap') }, ['processId']))],
  },
  'v3.activity.evaluateWorkflowFunctions.logs': {
    args: [a('query', obj({ runId: oid(), afterTs: int({ minimum: 0 }), limit: int({ minimum: 1, maximum: 10000, default: 200 }) }, ['runId']))],
  },
  'v3.activity.evaluateWorkflowFunctions.start': {
    args: [a('run', obj({ processId: oid(), fieldIds: arr(str(200, { minLength: 1 }), 1000), apply: bool({ default: false }) }, ['processId']))],
  },
  'v3.activity.explainNode': { args: [a('node', explainNodeArg())] },
  'v3.activity.explainNode.assist': {
    args: [a('node', explainNodeArg(), { optional: false })],
    interpret: 'row gives "same argument as explainNode": one required object of that shape',
  },
  'v3.activity.explainNodeDryRun': {
    args: [
      a(
        'node',
        obj(
          {
            activityId: oid(),
            fieldId: oid(),
            incomingMaxDepth: int({ minimum: 0, maximum: 1000 }),
            includeContext: bool({ default: false }),
          },
          ['activityId', 'fieldId'],
        ),
      ),
    ],
  },
  'v3.activity.extractHistory': {
    args: [a('options', looseOptions(), { optional: true })],
    interpret: 'listed as [] (A): designed as one optional options object',
  },
  'v3.activity.forceRepairPath': {
    args: [
      a(
        'path',
        obj(
          {
            activityId: oid(),
            fieldId: oid(),
            incomingMaxDepth: int({ minimum: 0, maximum: 1000 }),
            outgoingMaxDepth: int({ minimum: 0, maximum: 1000 }),
            includeValues: bool({ default: true }),
            writeValues: bool({ default: false }),
            propagateDependents: bool({ default: true }),
          },
          ['activityId', 'fieldId'],
        ),
      ),
    ],
  },
  'v3.activity.forceRepairWorkflowPath': {
    args: [
      a(
        'path',
        obj(
          {
            workflowId: oid(),
            fieldId: oid(),
            incomingMaxDepth: int({ minimum: 0, maximum: 1000 }),
            outgoingMaxDepth: int({ minimum: 0, maximum: 1000 }),
            includeValues: bool({ default: true }),
            writeValues: bool({ default: false }),
            propagateDependents: bool({ default: true }),
            limit: int({ minimum: 0, maximum: 100000 }),
            includeActivityResults: bool({ default: true }),
          },
          ['workflowId', 'fieldId'],
        ),
      ),
    ],
  },
  'v3.activity.functionField.assist': {
    args: [
      a(
        'request',
        obj(
          {
            mode: enm('generate', 'improve', 'explain'),
            activityId: oid(),
            workflow: anyObject(),
            field: anyObject(),
            instruction: d('text'),
            code: d('code'),
            dependencies: d('anyObjectList'),
            functionVariables: anyObject(),
            currentEvaluation: anyObject(),
          },
          ['mode', 'activityId', 'workflow', 'field'],
        ),
      ),
    ],
  },
  'v3.activity.linkedFrom.next': {
    args: [a('activityId', oid()), a('afterActivityId', oid()), a('options', obj({ activityLimit: num({ minimum: 0 }) }))],
    returns: list(rec('linked-activity')),
  },
  'v3.activity.linkedFrom.overview': {
    args: [
      a('activityId', oid()),
      a(
        'options',
        obj({
          activityLimit: num({ minimum: 0, description: 'per phase' }),
          includeEmptyWorkflows: bool({ default: false }),
          phaseIds: oidList(),
        }),
      ),
    ],
    returns: linkedFromResult(),
  },
  'v3.activity.linkedFrom.refresh': {
    args: [a('activityId', oid()), a('phaseId', oid()), a('options', obj({ activityIds: oidList(), searchString: withDesc(d('shortText'), 'matches name') }))],
    returns: linkedFromResult(),
  },
  'v3.activity.linkedFrom.search': {
    args: [a('activityId', oid()), a('searchString', withDesc(d('shortText'), 'matches name')), a('options', obj({ activityLimit: num({ minimum: 0 }) }))],
    returns: linkedFromResult(),
  },
  'v3.activity.permissions': {
    args: [
      a('userId', oid()),
      a('workspaceId', ws()),
      a(
        'query',
        obj({
          details: bool({ description: 'true requests details' }),
          items: permissionsItems(['workflowIds', 'calendarIds'], oid()),
        }),
      ),
    ],
  },
  'v3.activity.phaseCount': { args: [a('workflowId', oid())] },
  'v3.activity.removed.more': {
    args: [a('phaseId', oid()), a('options', obj({ limit: num({ minimum: 0 }), skip: num({ minimum: 0 }), search: d('shortText') }))],
    returns: list(rec('removed-activity')),
  },
  'v3.activity.removed.overview': {
    args: [a('processIds', oidList()), a('options', obj({ limit: num({ minimum: 0 }), search: d('shortText') }))],
    returns: map(map(d('anyObjectList'), 1000, oid()), 1000, oid()),
  },
  'v3.activity.removed.recover': { args: [a('activityIds', oidList(10000))], returns: oidList(10000) },
  'v3.activity.repairPath': { args: [a('options', pathRepair(true))], interpret: 'options shape not shown (A): designed after forceRepairPath' },
  'v3.activity.repairPathDryRun': {
    args: [a('options', pathRepair(false))],
    interpret: 'options shape not shown (A): designed after forceRepairPath, without write flags',
  },
  'v3.activity.repairWorkflowPath': {
    args: [a('options', workflowRepair(true))],
    interpret: 'options shape not shown (A): designed after forceRepairWorkflowPath',
  },
  'v3.activity.repairWorkflowPathDryRun': {
    args: [a('options', workflowRepair(false))],
    interpret: 'options shape not shown (A): designed after forceRepairWorkflowPath, without write flags',
  },
  'v3.activity.template.create': { args: [a('processId', oid()), a('phaseId', oid())], returns: anyObject() },
  'v3.activity.timeline2': {
    args: [
      a(
        'options',
        looseOptions({ activityId: oid(), processId: oid(), workspaceId: ws(), limit: int({ minimum: 0, maximum: 10000 }), skip: int({ minimum: 0 }) }),
      ),
    ],
    interpret: 'options shape not shown (A): an open bounded object with a few typed optional properties',
  },
  'v3.activity.updateMany': {
    args: [
      a(
        'activities',
        arr(
          openObj(
            {
              _id: oid(),
              name: d('shortText'),
              fields: d('fieldValueMap'),
              phaseId: oid(),
              teamId: oid(),
              fileIds: oidList(),
              followerIds: oidList(),
              location: d('location'),
            },
            ['_id'],
            100,
          ),
          10000,
          { description: 'activity updates; shape not shown in the interface (A): each names its activity by _id' },
        ),
      ),
      a('options', looseOptions({ ignoreRequired: bool(), workspaceId: ws() })),
    ],
    returns: int({ minimum: 0 }),
    interpret: 'both arguments have unshown shapes (A): an array of activity updates (by _id) and an open bounded options object',
  },
  'v3.activity.verifyWorkflowValues': {
    args: [a('options', looseOptions({ workflowId: oid(), fieldIds: oidList(), limit: int({ minimum: 0, maximum: 100000 }) }))],
    interpret: 'options shape not shown (A): an open bounded object with a few typed optional properties',
  },

  // -------------------------------------------------------------------------
  // v3.core.*, v3.proofOfWork.*
  // -------------------------------------------------------------------------
  'v3.core.challenge': { args: [], returns: rec('proof-of-work-challenge') },
  'v3.core.checkEmail': { args: [a('email', d('email')), a('identifier', str(1000))], returns: OK },
  'v3.core.proofOfWork': {
    args: [a('proof', obj({ identifier: str(1000), salt: str(1000) })), a('endpoint', str(200)), a('args', any())],
  },
  'v3.proofOfWork.call': {
    args: [a('challenge', str(1000)), a('hash', str(1000)), a('endpoint', str(200)), a('args', arr(any(), 100))],
  },
  'v3.proofOfWork.challenge': { args: [], returns: obj({ challenge: str(1000), difficulty: num() }) },

  // -------------------------------------------------------------------------
  // v3.user.*
  // -------------------------------------------------------------------------
  'v3.user.data.export': {
    args: [a('workspaceIds', d('workspaceIdList')), a('options', d('omitFlags'))],
  },
  'v3.user.data.export.workspaces': {
    args: [a('credentials', d('credentials'))],
    returns: list(obj({ _id: str(200), name: d('shortText') }, ['_id', 'name'])),
  },
  'v3.user.data.import': {
    args: [
      a('credentials', d('credentials')),
      a(
        'options',
        obj({
          workspaceIds: withDesc(d('workspaceIdList'), "default: the user's default workspace"),
          ...Object.fromEntries(OMIT_FLAGS.map((f) => [f, bool()])),
        }),
      ),
    ],
  },
  'v3.user.idpUser': {
    args: [a('username', str(254, { minLength: 1 }))],
    returns: anyOf(obj({ tenantId: str(200), clientId: str(200) }), anyObject()),
  },
  'v3.user.permissions': {
    args: [
      a('userId', withDesc(oid(), 'default session user')),
      a('workspaceId', withDesc(ws(), 'default current workspace')),
      a(
        'query',
        obj({
          details: bool({ description: 'true requests details' }),
          items: permissionsItems(['workflowIds', 'calendarIds', 'insightIds'], str(200)),
        }),
      ),
    ],
    returns: map(anyObject(), 1000, oid()),
  },
  'v3.user.register': {
    args: [
      a(
        'user',
        obj(
          {
            email: d('email'),
            firstname: d('name'),
            lastname: d('name'),
            password: d('password'),
            acceptConditions: bool(),
            acceptMarketing: bool(),
            language: str(35),
            preferredDomain: str(253),
          },
          ['email', 'firstname', 'lastname', 'password'],
        ),
      ),
      a('options', d('registerOptions')),
      a('extra', withDesc(d('shortText'), 'string whose meaning is not shown')),
    ],
    returns: uidCid(),
    interpret:
      'password is required (as the table says; the operation index shows it optional, but an account without one could not sign in), and the index adds acceptConditions, acceptMarketing?, language, preferredDomain?: all placed in the first object; email, firstname, lastname and password are required; the third string argument is named extra',
  },
  'v3.user.remove': {
    args: [a('options', looseOptions(), { optional: true })],
    returns: OK,
    interpret: 'listed as [] (A): designed as one optional options object',
  },
  'v3.user.setBot': {
    args: [a('bot', obj({ uid: oid(), isBot: bool({ description: 'false clears' }), secret: str(1000) }, ['uid', 'isBot']))],
    returns: obj({ uid: oid(), isBot: bool() }, ['uid', 'isBot']),
  },
}
