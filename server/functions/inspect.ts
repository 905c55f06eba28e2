/**
 * Read-only looks at function values: verify a workflow (everything computed again from its
 * inputs, compared with what is stored), evaluate one activity as it would be (evaluateMany), and
 * one function's run with its inputs (explainNodeDryRun). Nothing here writes.
 */
import type { FieldRecord } from '../db/processes'
import type { DbHandle } from '../db/schema'
import { newId } from '../ids'
import { coerce } from './coerce'
import { loadGraph } from './config'
import type { FunctionEngine } from '../context'
import { dependenciesOf, NAME, nodeId, type FunctionNode, type Graph } from './graph'
import { isVolatile } from './volatile-code'
import { Snapshot } from './inputs'
import type { ActivityRow } from '../db/activities'
import { propagate } from './recompute'
import { activeIdsOf } from './repair'

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const MAX_MISMATCHES = 1000

export interface VerifyReport {
  checked: number
  mismatches: { activityId: string; fieldId: string; stored: unknown; computed: unknown }[]
  /** More mismatches than listed. */
  truncated: boolean
  errors: number
  cycles: number
  /** Values waiting in the queue (stale): compared all the same. */
  dirty: number
}

/**
 * Every function value of the workflow's active activities (optionally only `fieldIds`), computed
 * again in dependency order from the stored inputs and compared with the stored value.
 */
export async function verifyWorkflow(
  db: DbHandle,
  functions: FunctionEngine,
  cid: string,
  processId: string,
  fieldIds?: string[],
  limit = 100_000,
): Promise<VerifyReport> {
  const { graph } = await loadGraph(db, cid)
  const keys = [...graph.functions.values()].filter((f) => f.processId === processId && (!fieldIds || fieldIds.includes(f.fieldKey))).map((f) => f.fieldKey)
  const report: VerifyReport = { checked: 0, mismatches: [], truncated: false, errors: 0, cycles: 0, dirty: 0 }
  const ids = await activeIdsOf(db, cid, processId, limit)
  const dirty = await db
    .selectFrom('function_state')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cid', '=', cid)
    .where('dirty', '=', true)
    .where('activity_id', 'in', [...ids, ''])
    .executeTakeFirstOrThrow()
  report.dirty = Number(dirty.n)
  if (!keys.length) return report
  const forced = ids.flatMap((activityId) => keys.map((fieldKey) => ({ activityId, fieldKey })))
  const result = await propagate({ db, functions }, cid, [], { forced, dryRun: true, budget: Infinity })
  const wanted = new Set(forced.map((f) => `${f.activityId}:${f.fieldKey}`))
  for (const o of result.outcomes ?? []) {
    if (!wanted.has(`${o.activityId}:${o.fieldKey}`)) continue
    report.checked++
    if (o.error) {
      if (o.error.startsWith('Circular reference')) report.cycles++
      else report.errors++
    } else if (!same(o.stored, o.computed)) {
      if (report.mismatches.length < MAX_MISMATCHES)
        report.mismatches.push({ activityId: o.activityId, fieldId: o.fieldKey, stored: o.stored ?? null, computed: o.computed ?? null })
      else report.truncated = true
    }
  }
  return report
}

/** The functions of one workflow in the order their same-activity inputs allow. */
function sameActivityOrder(graph: Graph, processId: string): FunctionNode[] {
  const fns = [...graph.functions.values()].filter((f) => f.processId === processId)
  const done = new Set<string>()
  const out: FunctionNode[] = []
  while (out.length < fns.length) {
    const ready = fns.filter(
      (f) =>
        !done.has(f.id) && (graph.inputs.get(f.id) ?? []).every((e) => e.kind !== '=' || !graph.functions.has(e.from) || done.has(e.from) || e.from === f.id),
    )
    if (!ready.length) break // a same-activity cycle cannot be saved; stop rather than loop
    for (const f of ready) {
      done.add(f.id)
      out.push(f)
    }
  }
  return out
}

export interface Draft {
  processId: string
  phaseId?: string
  _id?: string
  name?: string
  fields?: Record<string, unknown>
}

/** evaluateMany's second argument: code tried in place of one field's saved function. */
export interface Trial {
  fieldId: string
  code: string
  functionVariables?: Record<string, unknown>
}

/** The function node of a trial: the field's code and variables as being edited. */
function trialNode(processId: string, trial: Trial): FunctionNode {
  const variables = trial.functionVariables ?? {}
  return {
    id: nodeId(processId, trial.fieldId),
    processId,
    fieldKey: trial.fieldId,
    label: trial.fieldId,
    body: trial.code,
    variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, dependenciesOf(v)])),
    volatile: isVolatile(trial.code),
  }
}

/**
 * evaluateMany: the workflow's functions evaluated on a draft of one activity (a stored one with
 * changes, or a new one), in dependency order; `{fields: {fieldId: {value, error?}}, name?}`. With
 * a `trial`, its code stands in for that field's saved function (the caller checked it compiles).
 */
export async function evaluateDraft(db: DbHandle, functions: FunctionEngine, cid: string, stored: ActivityRow | null, draft: Draft, trial?: Trial) {
  const { workflows, graph } = await loadGraph(db, cid)
  const snapshot = new Snapshot(db, cid, workflows)
  const now = Date.now()
  const row: ActivityRow = stored
    ? { ...stored }
    : ({
        cid,
        _id: newId(),
        process_id: draft.processId,
        uid: '',
        name: '',
        team_id: null,
        account_id: null,
        current_phase: draft.phaseId ?? '',
        complete_phases: [],
        fields: {},
        files: [],
        location: null,
        sequence: null,
        priority: null,
        discussion_id: '',
        ball_holder: null,
        removed: false,
        removed_on: null,
        removed_by: null,
        created: now,
        updated: null,
      } as unknown as ActivityRow)
  row.fields = { ...(row.fields as object), ...(draft.fields ?? {}) }
  if (draft.name !== undefined) row.name = draft.name
  if (draft.phaseId) row.current_phase = draft.phaseId
  snapshot.rows.set(row._id, row)
  const fields = new Map(workflows.flatMap((w) => w.fields.map((f) => [f._id, f] as const)))
  const out: { fields: Record<string, { value: unknown; error?: string }>; name?: string } = { fields: {} }
  // A trial takes its field's place in the order; a field with no saved function yet runs last.
  let order = sameActivityOrder(graph, draft.processId)
  if (trial) {
    const tried = trialNode(draft.processId, trial)
    order = order.some((f) => f.id === tried.id) ? order.map((f) => (f.id === tried.id ? tried : f)) : [...order, tried]
  }
  for (const fn of order) {
    const [evaluation] = await functions.evaluate(cid, [{ body: fn.body, dep: await snapshot.dep(row, fn) }])
    const coerced = evaluation.ok
      ? coerce(fn.fieldKey === NAME ? NAME : (fields.get(fn.fieldKey) as FieldRecord), evaluation.value)
      : { ok: false as const, error: evaluation.error }
    const current = fn.fieldKey === NAME ? row.name : ((row.fields as Record<string, unknown>)[fn.fieldKey] ?? null)
    if (fn.fieldKey === NAME) {
      if (coerced.ok && coerced.value !== null) row.name = coerced.value as string
      out.name = row.name
      continue
    }
    if (coerced.ok) row.fields = { ...(row.fields as object), [fn.fieldKey]: coerced.value }
    out.fields[fn.fieldKey] = coerced.ok ? { value: coerced.value } : { value: current, error: coerced.error }
  }
  return out
}

/** explainNodeDryRun: one function run once on one activity, with what it read. */
export async function dryRunNode(db: DbHandle, functions: FunctionEngine, cid: string, activity: ActivityRow, fieldKey: string, includeContext: boolean) {
  const { workflows, graph } = await loadGraph(db, cid)
  const fn = graph.functions.get(nodeId(activity.process_id, fieldKey))
  const storedValue = fieldKey === NAME ? activity.name : ((activity.fields as Record<string, unknown>)[fieldKey] ?? null)
  if (!fn) return { isFunction: false, storedValue }
  const snapshot = new Snapshot(db, cid, workflows)
  snapshot.rows.set(activity._id, activity)
  const dep = await snapshot.dep(activity, fn)
  const [evaluation] = await functions.evaluate(cid, [{ body: fn.body, dep }])
  const field = workflows.flatMap((w) => w.fields).find((f) => f._id === fieldKey)
  const coerced = evaluation.ok ? coerce(fieldKey === NAME ? NAME : (field as FieldRecord), evaluation.value) : { ok: false as const, error: evaluation.error }
  const inputs = Object.entries(fn.variables).map(([variable, deps]) => ({ variable, dependencies: deps }))
  return {
    isFunction: true,
    result: coerced.ok ? coerced.value : null,
    ...(coerced.ok ? {} : { error: coerced.error }),
    durationUs: evaluation.durationUs,
    path: evaluation.path ?? 'single',
    storedValue,
    differs: !coerced.ok || !same(coerced.value, storedValue),
    inputs,
    ...(includeContext ? { dep } : {}),
  }
}
