/**
 * Every operation the server has built: every module of server/ops, listed here once. The registry
 * checks the list at boot against schemas/ops; interface operations missing here answer 501 "not
 * built yet".
 *
 * Where an operation lives: a file's folder is a prefix of every operation in it; a file is its
 * namespace or one subject of it. v2.network.invite.send is in v2/network/invite.ts (the file is its
 * namespace); company.set_team_data in company/teams.ts and v3.activity.updateMany in
 * v3/activity/update.ts (one subject of the folder's namespace). spec/rpc/registry.spec.ts checks
 * the rule and that each module is listed and exports operations only; docs/reference/operations.md
 * has the table of names and files (scripts/operation-files.ts).
 */
import type { Operation } from '../rpc/operation'
import * as auth from './auth'
import * as companyAccounts from './company/accounts'
import * as companyInvite from './company/invite'
import * as companyMembers from './company/members'
import * as companyOptions from './company/options'
import * as companyProperties from './company/properties'
import * as companyTeams from './company/teams'
import * as processOps from './process'
import * as processDocTemplates from './process/docTemplates'
import * as processFields from './process/fields'
import * as processTemplates from './process/templates'
import * as realtime from './realtime'
import * as v2network from './v2/network'
import * as v2networkCopy from './v2/network/copy'
import * as v2networkInvite from './v2/network/invite'
import * as v2networkLicense from './v2/network/license'
import * as v2networkProduct from './v2/network/product'
import * as v2networkRole from './v2/network/role'
import * as v2process from './v2/process'
import * as v2processCopy from './v2/process/copy'
import * as v2processFunctions from './v2/process/functions'
import * as v2processMember from './v2/process/member'
import * as v2processPermissions from './v2/process/permissions'
import * as v2processPublicForm from './v2/process/publicForm'
import * as v2processTranslation from './v2/process/translation'
import * as v2user from './v2/user'
import * as v2userInvite from './v2/user/invite'
import * as v3activity from './v3/activity'
import * as v3activityRead from './v3/activity/read'
import * as v3activityList from './v3/activity/list'
import * as v3activityUpdate from './v3/activity/update'
import * as v3activityCounts from './v3/activity/counts'
import * as v3activityBall from './v3/activity/ball'
import * as v3activityFollowers from './v3/activity/followers'
import * as v3activityFunctions from './v3/activity/functions'
import * as v3activityEvaluateWorkflowFunctions from './v3/activity/evaluateWorkflowFunctions'
import * as v3activityFunctionField from './v3/activity/functionField'
import * as v3activityExplainNode from './v3/activity/explainNode'
import * as v3activityRepair from './v3/activity/repair'
import * as v3activityHistory from './v3/activity/history'
import * as v3activityLinkedFrom from './v3/activity/linkedFrom'
import * as v3activityRemoved from './v3/activity/removed'
import * as v3activityTemplate from './v3/activity/template'
import * as v3audit from './v3/audit'
import * as v3calendar from './v3/calendar'
import * as v3calendarEvent from './v3/calendar/event'
import * as v3calendarSubscribeCode from './v3/calendar/subscribeCode'
import * as v3core from './v3/core'
import * as v3file from './v3/file'
import * as v3insight from './v3/insight'
import * as v3insightPublicKey from './v3/insight/publicKey'
import * as v3proofOfWork from './v3/proofOfWork'
import * as v3publicForm from './v3/publicForm'
import * as v3session from './v3/session'
import * as v3user from './v3/user'
import * as v3userApikey from './v3/user/apikey'
import * as v3userData from './v3/user/data'
import * as v3userPassword from './v3/user/password'
import * as v3userProfile from './v3/user/profile'
import * as v3userProfileImage from './v3/user/profileImage'
import * as v3webhook from './v3/webhook'
import * as v3automation from './v3/automation'
import * as wall2comments from './wall2/comments'
import * as wall2feed from './wall2/feed'
import * as wall2posts from './wall2/posts'
import * as wall2reactions from './wall2/reactions'
import * as wall2unread from './wall2/unread'

const modules = [
  auth,
  companyAccounts,
  companyInvite,
  companyMembers,
  companyOptions,
  companyProperties,
  companyTeams,
  processOps,
  processDocTemplates,
  processFields,
  processTemplates,
  realtime,
  v2network,
  v2networkCopy,
  v2networkInvite,
  v2networkLicense,
  v2networkProduct,
  v2networkRole,
  v2process,
  v2processCopy,
  v2processFunctions,
  v2processMember,
  v2processPermissions,
  v2processPublicForm,
  v2processTranslation,
  v2user,
  v2userInvite,
  v3activity,
  v3activityRead,
  v3activityList,
  v3activityUpdate,
  v3activityCounts,
  v3activityBall,
  v3activityFollowers,
  v3activityFunctions,
  v3activityEvaluateWorkflowFunctions,
  v3activityFunctionField,
  v3activityExplainNode,
  v3activityRepair,
  v3activityHistory,
  v3activityLinkedFrom,
  v3activityRemoved,
  v3activityTemplate,
  v3audit,
  v3calendar,
  v3calendarEvent,
  v3calendarSubscribeCode,
  v3core,
  v3file,
  v3insight,
  v3insightPublicKey,
  v3proofOfWork,
  v3publicForm,
  v3session,
  v3user,
  v3userApikey,
  v3userData,
  v3userPassword,
  v3userProfile,
  v3userProfileImage,
  v3webhook,
  v3automation,
  wall2comments,
  wall2feed,
  wall2posts,
  wall2reactions,
  wall2unread,
]

export const operations: Operation[] = modules.flatMap((module) => Object.values(module) as Operation[])
