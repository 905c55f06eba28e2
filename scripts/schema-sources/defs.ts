/**
 * Hand-written shared definitions (schemas/defs.json) and record schemas
 * (schemas/records/*.json), transcribed from the "Resources and their fields"
 * part of docs/interface.md.
 */
import { Schema, d, rec, str, bool, int, num, nul, enm, arr, obj, openObj, map, anyOf, nullable, oid, ws, oidList, anyObject, any, withDesc } from './helpers'

// ---------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------
export const FIELD_TYPES = [
  'activitylink',
  'country',
  'date',
  'daterange',
  'datetime',
  'datetimerange',
  'numeric',
  'numericunit',
  'teams',
  'text',
  'textarea',
  'textunit',
  'textpredefinedoptions',
  'time',
  'timerange',
  'users',
  'linkedfrom',
  'subheader',
]
export const ROLES = ['user', 'admin', 'owner', 'guest', 'inviter']
export const PROCESS_PERMISSIONS = ['admin', 'any', 'own', 'ownteam']
export const MEMBER_PERMISSIONS = ['admin', 'own', 'ownteam', 'any', 'edit']
export const DEFAULT_VIEWS = ['activities', 'discussions', 'events', 'feed']
export const PROPERTY_FIELD_TYPES = ['text', 'date', 'phone', 'email', 'url', 'team', 'country', 'optionlist']
export const LICENSE_TYPES = ['free', 'legacy', 'enterprise', 'premium', 'free-trial']
export const OMIT_FLAGS = [
  'omitFileContents',
  'omitMessages',
  'omitLogs',
  'omitProcessPrefix',
  'omitActivities',
  'omitEvents',
  'omitFeed',
  'omitFeedComment',
  'omitNotifications',
  'omitInvites',
  'omitInsights',
  'omitApps',
]

const PROCESS_BOOLEANS = [
  'enableAddedField',
  'enableAttachments',
  'enableLinkedAnnouncements',
  'enableMapLocation',
  'enableMessenger',
  'allowGuests',
  'enableGuestEditing',
  'enableModifiedField',
  'enableOwnerField',
  'enableBallTracking',
  'enableOwnerTeamField',
  'enablePredefinedName',
  'enablePreselectedTeam',
  'enableUniqueName',
  'enableUnlinkedMode',
  'locationRequired',
  'nameFunctionEnabled',
  'nameEditable',
  'allowMultipleTags',
  'allowCustomTags',
  'requireFileTag',
  'inviteActivityCreator',
  'enableActivityTagging',
  'autoPickPreselectedTeam',
]

// ---------------------------------------------------------------------------
// Process configuration (input of process.set_info; part of the process record)
// ---------------------------------------------------------------------------
export function processConfigProperties(): Record<string, Schema> {
  const p: Record<string, Schema> = {
    coverImage: oid(),
    createNewLabel: d('shortText'),
    description: d('text'),
    defaultView: str(100),
    name: d('name'),
    nameColumnText: d('shortText'),
    nameFieldPlaceHolderText: d('shortText'),
    nameFunction: withDesc(d('code'), 'script code of the name function'),
    ownerTeamFieldTitle: d('shortText'),
    personInChargeLabel: d('shortText'),
    predefinedNamePrefix: d('shortText'),
    initPhaseDescription: d('text'),
    color: d('color'),
    key: withDesc(d('key'), 'process key'),
    translations: d('langMap'),
  }
  for (const b of PROCESS_BOOLEANS) p[b] = bool()
  p.autoPickPreselectedTeam = bool({ description: 'sidenav picks a team automatically when no preselected team is set' })
  p.enableUnlinkedMode = bool({ description: 'marks the process as a dataset' })
  Object.assign(p, {
    fieldsOrder: oidList(),
    phasesOrder: oidList(),
    phasesRemoved: oidList(),
    tags: oidList(),
    nameFunctionVariables: d('variablesMap'),
    order: int(),
    createdActivities: num({ minimum: 0, description: 'count of activities created in the process' }),
    members: d('anyObjectList'),
    discussionPermissions: d('anyArray'),
    personInCharge: oid(),
    defaultGroupByField: oid(),
    phases: anyObject(),
    preselectedTeam: anyObject(),
    groupNames: arr(d('shortText'), 1000),
    activityTaggingPhaseIds: any(),
  })
  return p
}

function fieldDescriptorProperties(withType: boolean): Record<string, Schema> {
  const p: Record<string, Schema> = { label: withDesc(d('shortText'), 'field label') }
  if (withType) p.type = d('fieldType')
  Object.assign(p, {
    required: bool({ default: false }),
    editable: bool({ description: 'enables editing of function fields' }),
    placeholder: d('shortText'),
    description: d('text'),
    unit: str(200, { description: 'defaults to none' }),
    defaultValue: d('text'),
    function: withDesc(d('code'), 'script code'),
    key: withDesc(d('key'), 'field key'),
    data: anyOf(oid(), arr(d('shortText'), 1000)),
    defaultTo: bool({ description: 'use defaultValue as default' }),
    functionEnabled: bool(),
    reminderEnabled: bool(),
    collapsedByDefault: bool({ description: 'hides fields under a subheader' }),
    functionVariables: d('variablesMap'),
    modifier: withDesc(anyObject(), 'field type modifiers'),
    reminderSettings: anyObject(),
    inviteToDiscussionOnChange: bool({ default: false, description: 'user fields only: adds the user to the activity discussion' }),
  })
  return p
}

const activityInputProperties = (): Record<string, Schema> => ({
  name: d('shortText'),
  fields: d('fieldValueMap'),
  fileIds: oidList(),
  followerIds: withDesc(oidList(), 'users invited to the discussion'),
  location: d('location'),
  teamId: oid(),
  phaseId: oid(),
})

const activityOptionProperties = (): Record<string, Schema> => ({
  teamId: withDesc(oid(), 'default team'),
  fileIds: oidList(),
  followerIds: oidList(),
  location: d('location'),
  discussionId: oid(),
  phaseId: oid(),
  ignoreRequired: bool({ default: false }),
})

// ---------------------------------------------------------------------------
// defs.json
// ---------------------------------------------------------------------------
export function defs(): Record<string, Schema> {
  const $defs: Record<string, Schema> = {
    objectId: { type: 'string', pattern: '^[0-9a-f]{24}$', maxLength: 24 },
    timestamp: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'milliseconds since 1970-01-01 UTC' },
    lang: { enum: ['fi', 'en', 'sv'] },
    email: { type: 'string', format: 'email', maxLength: 254 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    text: { type: 'string', maxLength: 20000 },
    any: {
      description: 'any JSON value, bounded',
      anyOf: [
        nul,
        { type: 'boolean' },
        { type: 'number' },
        { type: 'string', maxLength: 100000 },
        { type: 'array', maxItems: 10000, items: d('any') },
        { type: 'object', maxProperties: 1000, additionalProperties: d('any') },
      ],
    },
    workspaceId: withDesc(oid(), 'workspace (network, company) id'),
    shortText: str(1000),
    key: str(200, { minLength: 1 }),
    idString: str(200, { minLength: 1, description: 'an identifier given as a string' }),
    code: str(100000, { description: 'script code' }),
    password: str(1000, { minLength: 1 }),
    url: str(2000, { format: 'uri' }),
    color: str(100),
    objectIdList: arr(oid(), 1000),
    workspaceIdList: arr(ws(), 1000),
    stringList: arr(d('shortText'), 1000),
    anyObject: { type: 'object', maxProperties: 500, additionalProperties: d('any') },
    anyObjectList: arr(anyObject(), 1000),
    anyArray: arr(any(), 10000),
    location: { type: 'object', description: 'location object; contents not shown', maxProperties: 50, additionalProperties: any() },
    fieldValueMap: withDesc(map(any(), 500, oid()), 'map fieldId to value'),
    variablesMap: withDesc(map(anyOf(anyObject(), d('anyObjectList')), 500), 'map string to object or object[]'),
    langMap: withDesc(map(anyObject(), 3, d('lang')), 'map from lang to object'),
    processIdOrString: anyOf(oid(), str(200, { minLength: 1 })),
    role: enm(...ROLES),
    permission: enm(...PROCESS_PERMISSIONS),
    memberPermission: enm(...MEMBER_PERMISSIONS),
    defaultView: enm(...DEFAULT_VIEWS),
    fieldType: enm(...FIELD_TYPES),
    propertyFieldType: enm(...PROPERTY_FIELD_TYPES),
    filledBy: enm('user', 'admin'),
    licenseType: enm(...LICENSE_TYPES),
    docTemplateGroup: enm('images', 'activityLinks', 'fields'),
    propertyValue: withDesc(anyOf(oidList(), d('stringList'), d('shortText')), 'ObjectId[], string[] or string'),
    processInfo: withDesc(obj(processConfigProperties()), 'process configuration fields (all optional): input of process.set_info'),
    fieldDescriptor: withDesc(obj(fieldDescriptorProperties(true), ['label', 'type']), 'process field descriptor, input of process.create_field'),
    fieldDescriptorUpdate: withDesc(
      obj(fieldDescriptorProperties(false)),
      'partial process field descriptor, input of process.update_field (type is not accepted)',
    ),
    userGlobalSettings: withDesc(
      obj({
        enterToSend: bool(),
        discussionMessageEmail: bool(),
        feedPostEmail: bool(),
        pushOnMention: bool(),
        navOnboardingSeen: bool(),
        theme: str(100),
        hiddenFeedPosts: oidList(10000),
        feedSelectedWorkspaces: d('workspaceIdList'),
        defaultView: anyObject(),
      }),
      'user global settings (all optional)',
    ),
    publicFormCreate: obj(
      {
        processId: oid(),
        creator: withDesc(oid(), 'user id'),
        team: withDesc(oid(), 'team id'),
        account: withDesc(oid(), 'account id'),
        followers: enm('none', 'creator', 'team'),
        active: bool({ default: true }),
        enableMessaging: bool({ description: 'lets the anonymous form user take part in the discussion' }),
        theme: withDesc(anyObject(), 'colors and logo'),
      },
      ['processId'],
    ),
    publicFormUpdate: obj(
      {
        processId: oid(),
        creator: withDesc(oid(), 'user id'),
        team: withDesc(oid(), 'team id'),
        account: withDesc(oid(), 'account id'),
        followers: enm('none', 'creator', 'team'),
        active: bool(),
        allowRead: bool({ description: 'allows listing activities in activity fields' }),
        enableMessaging: bool(),
        theme: withDesc(anyObject(), 'colors and logo'),
      },
      ['processId'],
    ),
    omitFlags: withDesc(
      obj(Object.fromEntries(OMIT_FLAGS.map((f) => [f, bool()]))),
      'data export/import omit flags: a set flag skips that data type (omitFileContents: only metadata)',
    ),
    activityInput: withDesc(obj(activityInputProperties()), 'activity object for v3.activity.create / createMany'),
    activityCreateOptions: obj(activityOptionProperties()),
    activityCreateManyOptions: obj({
      ...activityOptionProperties(),
      teamId: oid(),
      returnDocument: bool({ description: 'return name, fields, followers, teamId, sequence, priority' }),
      workspaceId: ws(),
    }),
    credentials: obj({ host: str(2000, { minLength: 1 }), username: str(254, { minLength: 1 }), password: d('password') }, ['host', 'username', 'password']),
    generalOptions: withDesc(
      obj({
        name: d('name'),
        settings: openObj({ color: withDesc(d('color'), 'theme color'), defaultView: d('defaultView') }, [], 200),
        description: d('text'),
      }),
      'workspace general options (all optional)',
    ),
    registerUser: obj({ email: d('email'), firstname: d('name'), lastname: d('name'), password: d('password') }, [
      'email',
      'firstname',
      'lastname',
      'password',
    ]),
    registerOptions: obj({
      copyNetworkId: ws(),
      referralCode: str(200),
      publicChatSessionId: str(200),
      viewedSlides: withDesc(any(), 'type not shown'),
    }),
    ssoRegisterOptions: obj({ copyNetworkId: ws(), referralCode: str(200) }),
    uidCid: obj({ uid: oid(), cid: oid() }, ['uid', 'cid']),
  }
  return $defs
}

// ---------------------------------------------------------------------------
// records/*.json
// ---------------------------------------------------------------------------
export function records(): Record<string, { title: string; description: string; schema: Schema }> {
  const r: Record<string, { title: string; description: string; schema: Schema }> = {}
  const add = (kebab: string, title: string, description: string, schema: Schema) => {
    r[kebab] = { title, description, schema }
  }

  add(
    'process',
    'Process',
    'Process (workflow or dataset) as returned by v2.process.get',
    openObj(
      {
        ...processConfigProperties(),
        _id: oid(),
        uid: withDesc(oid(), 'creator'),
        cid: withDesc(ws(), 'owning workspace'),
        created: d('timestamp'),
        updated: d('timestamp'),
        fields: withDesc(map(rec('process-field'), 1000), 'process fields'),
        isStarred: bool({ description: 'true when the current client has starred it' }),
        publicForm: rec('public-form'),
        documentTemplates: map(anyObject(), 500),
      },
      ['_id', 'uid', 'cid', 'created', 'updated', 'fields', 'isStarred'],
      200,
    ),
  )

  add(
    'process-field',
    'Process field',
    'Process field descriptor as returned by process.create_field',
    openObj(
      {
        ...fieldDescriptorProperties(true),
        _id: oid(),
        uid: oid(),
        created: d('timestamp'),
        updated: d('timestamp'),
      },
      ['label', 'type', '_id', 'uid', 'created'],
      100,
    ),
  )

  add(
    'process-template',
    'Process template listing entry',
    'Entry of process.list_templates',
    openObj(
      {
        _id: oid(),
        title: d('shortText'),
        description: d('text'),
        schemas: any(),
      },
      ['_id', 'title', 'description', 'schemas'],
      50,
    ),
  )

  add(
    'process-member',
    'Process member entry',
    'Entry of v2.process.member.list',
    openObj(
      {
        id: str(200, { pattern: '^(network|team|user|group)_', description: 'network_<networkId>, team_<teamId>, user_<userId> or group_<groupId>' }),
        info: anyObject(),
        permissions: arr(d('memberPermission'), 10),
      },
      [],
      50,
    ),
  )

  add(
    'public-form',
    'Public form',
    'Public form of a process (result shape)',
    openObj(
      {
        key: withDesc(d('key'), 'form key'),
        creator: withDesc(oid(), 'user id'),
        team_account: anyObject(),
        followers: str(100),
        active: bool(),
        enableMessaging: bool({ description: 'lets the anonymous form user take part in the discussion' }),
        allowRead: bool({ description: 'allows listing activities in activity fields' }),
        theme: withDesc(anyObject(), 'colors and logo'),
      },
      ['key', 'creator', 'team_account', 'active', 'allowRead'],
      50,
    ),
  )

  add(
    'workspace',
    'Workspace',
    'Workspace as returned by v2.network.get',
    openObj(
      {
        _id: oid(),
        name: d('shortText'),
        uid: str(200),
        created: d('timestamp'),
        updated: d('timestamp'),
        members: arr(anyObject(), 100000),
        settings: anyObject(),
        license: rec('workspace-license'),
        marketplace: anyObject(),
        propertyFields: anyObject(),
      },
      ['name', 'uid', 'created', 'members'],
      200,
    ),
  )

  add(
    'workspace-license',
    'Workspace license',
    'Workspace license as returned by v2.network.license.get (all optional)',
    openObj(
      {
        type: d('licenseType'),
        activated: d('timestamp'),
        functionFields: bool(),
        indexedData: bool(),
        users: num(),
        calendars: num(),
        modules: num(),
        activities: num(),
        processes: num(),
        datasets: num(),
        override: anyObject(),
        payment: anyObject(),
        canceled: anyObject(),
        tokens: anyObject(),
      },
      [],
      100,
    ),
  )

  add(
    'workspace-general-options',
    'Workspace general options',
    'Result of company.get_general_options (all optional)',
    openObj(
      {
        name: d('shortText'),
        settings: openObj({ color: d('color'), defaultView: d('defaultView') }, [], 200),
        description: d('text'),
      },
      [],
      50,
    ),
  )

  const wallPerson = obj({ _id: oid(), firstname: str(200), lastname: str(200) }, ['_id', 'firstname', 'lastname'])
  add(
    'wall-post',
    'Wall post',
    'A post as wall2.new_post, edit_post and load_posts return it (designed: the interface does not show it)',
    obj(
      {
        _id: oid(),
        cid: ws(),
        uid: withDesc(oid(), 'the author'),
        author: wallPerson,
        subject: d('shortText'),
        text: d('text'),
        files: d('objectIdList'),
        loc: nullable(d('location')),
        recipients: withDesc(arr(str(200, { pattern: '^(user|team|network)_[0-9a-f]{24}$' }), 1000), 'as the caller may see them (isolatedTeams)'),
        announcement: bool({ description: 'addressed to the whole workspace' }),
        allowReply: bool(),
        state: enm('draft', 'scheduled', 'published'),
        scheduleTime: nullable(d('timestamp')),
        published: nullable(d('timestamp')),
        pinned: bool(),
        likes: int({ minimum: 0 }),
        liked: bool({ description: 'whether the caller liked it' }),
        comments: int({ minimum: 0 }),
        followed: bool({ description: 'whether the caller follows it' }),
        created: d('timestamp'),
        updated: nullable(d('timestamp')),
        hash: withDesc(int({ minimum: 0 }), 'in a page of wall2.load_posts: the hash of that page'),
      },
      [
        '_id',
        'cid',
        'uid',
        'author',
        'subject',
        'text',
        'files',
        'loc',
        'recipients',
        'announcement',
        'allowReply',
        'state',
        'scheduleTime',
        'published',
        'pinned',
        'likes',
        'liked',
        'comments',
        'followed',
        'created',
        'updated',
      ],
    ),
  )

  add(
    'wall-comment',
    'Wall comment',
    'A comment as wall2.save_comment, edit_comment and load_comments return it (designed)',
    obj(
      {
        _id: oid(),
        cid: ws(),
        postId: oid(),
        uid: withDesc(oid(), 'the author'),
        author: wallPerson,
        text: d('text'),
        loc: nullable(d('location')),
        tagged: d('objectIdList'),
        tags: d('objectIdList'),
        files: d('objectIdList'),
        created: d('timestamp'),
        updated: nullable(d('timestamp')),
      },
      ['_id', 'cid', 'postId', 'uid', 'author', 'text', 'loc', 'tagged', 'tags', 'files', 'created', 'updated'],
    ),
  )

  add(
    'team',
    'Team',
    'Team as returned by company.load_team',
    openObj(
      {
        _id: str(200),
        name: d('shortText'),
        accounts: arr(openObj({ _id: str(200), name: d('shortText'), color: d('color') }, [], 50), 1000),
        members: d('anyArray'),
        description: d('text'),
      },
      ['_id', 'name', 'accounts', 'members'],
      50,
    ),
  )

  add(
    'invite',
    'Invite record',
    'Invite as returned by company.check_invite',
    openObj(
      {
        _id: oid(),
        invite_key: d('key'),
        invited_by: oid(),
        cid: ws(),
        email: str(254),
        user: anyObject(),
        network: anyObject(),
      },
      ['_id', 'invite_key', 'invited_by', 'cid'],
      50,
    ),
  )

  add(
    'company-property-field',
    'Company property field',
    'User property field of a workspace',
    openObj(
      {
        _id: oid(),
        label: d('shortText'),
        type: d('propertyFieldType'),
        filledBy: d('filledBy'),
        uid: withDesc(oid(), 'creator'),
        created: d('timestamp'),
        enableMultiple: bool(),
        data: d('stringList'),
      },
      ['_id', 'label', 'type', 'filledBy', 'uid', 'created'],
      50,
    ),
  )

  add(
    'api-key',
    'User API key record',
    'Entry of v3.user.apikey.list; the secret is never listed',
    obj(
      {
        _id: str(200),
        uid: str(200),
        workspaceId: str(200),
        name: d('shortText'),
        keyPrefix: str(200),
        whitelistIps: arr(str(100), 1000),
        created: num(),
        expires: num(),
        updated: num(),
        lastUsed: num(),
        delegatedToUrl: str(2000),
      },
      ['_id', 'uid', 'workspaceId', 'name', 'keyPrefix', 'whitelistIps', 'created', 'expires'],
    ),
  )

  add(
    'activity',
    'Activity',
    'Activity as returned by v3.activity.createMany',
    openObj(
      {
        _id: oid(),
        uid: oid(),
        cid: ws(),
        name: d('shortText'),
        created: d('timestamp'),
        discussion: oid(),
        followers: oidList(10000),
        team_account: anyObject(),
        process: d('processIdOrString'),
        currentPhase: oid(),
        fields: d('anyObjectList'),
        files: oidList(),
        location: d('location'),
        updated: d('timestamp'),
        sequence: int(),
        priority: int(),
        completePhases: oidList(),
        ballHolder: anyObject(),
      },
      ['_id', 'uid', 'cid', 'name', 'created', 'discussion', 'followers', 'team_account', 'process', 'currentPhase'],
      200,
    ),
  )

  add(
    'removed-activity',
    'Removed activity entry',
    'Entry of v3.activity.removed.more',
    openObj(
      {
        _id: oid(),
        name: d('shortText'),
        removedOn: d('timestamp'),
        removedBy: oid(),
      },
      ['_id', 'name'],
      50,
    ),
  )

  add(
    'linked-activity',
    'Linked activity entry',
    'Entry of v3.activity.linkedFrom.next',
    openObj(
      {
        _id: oid(),
        name: d('shortText'),
        index: num(),
        currentPhase: oid(),
        primaryNumericField: num(),
        primaryDateField: num(),
      },
      ['_id', 'name', 'index', 'currentPhase'],
      50,
    ),
  )

  add('user-global-settings', 'User global settings', 'Input of v2.user.settings.global.set (all optional)', d('userGlobalSettings'))

  add(
    'proof-of-work-challenge',
    'Proof-of-work challenge',
    'Result of v3.core.challenge (all optional)',
    openObj(
      {
        challenge: str(1000),
        identifier: str(1000),
        difficulty: num(),
      },
      [],
      20,
    ),
  )

  add(
    'error',
    'Standard error object',
    'Returned by every failed RPC',
    openObj(
      {
        code: anyOf(int(), str(200)),
        msg: d('text'),
        details: any(),
        debug: any(),
      },
      ['code', 'msg'],
      20,
    ),
  )

  add(
    'result-object',
    'ResultObject',
    'Returned by process.install_template, v2.network.copy, v2.network.create, v2.network.publicCopy; fields not shown',
    anyObject(),
  )

  return r
}
