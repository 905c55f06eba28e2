/**
 * Function assist through the model the operator configured (AI_BASE_URL, AI_API_KEY, AI_MODEL):
 * an OpenAI-compatible `POST {base}/chat/completions`. Without one, 503 with
 * `details.reason: "aiNotConfigured"` (clients read `features.aiAssist` from v3.session.get first).
 * Code the model returns is never trusted: it is checked like v2.process.validateFunction and run
 * once on the activity in the sandbox, and both results come back with it. Nothing is saved.
 */
import type { Config } from '../config'
import { RpcError } from '../errors'
import type { FunctionCheck } from './check'
import { coerce } from './coerce'
import type { FunctionEngine } from '../context'
import { dependenciesOf, type FunctionNode, type WorkflowDef } from './graph'
import { isVolatile } from './volatile-code'
import { Snapshot } from './inputs'
import type { ActivityRow } from '../db/activities'
import type { DbHandle } from '../db/schema'
import type { FieldRecord } from '../db/processes'

const TIMEOUT_MS = 60_000
const MAX_PROMPT = 60_000

export function requireAi(config: Config): NonNullable<Config['ai']> {
  if (!config.ai) throw new RpcError(503, 'no AI model is configured on this server', { reason: 'aiNotConfigured' })
  return config.ai
}

/** One chat completion; 503 {reason: 'aiUnavailable'} when the model does not answer usefully. */
export async function askModel(config: Config, system: string, user: string): Promise<string> {
  const ai = requireAi(config)
  let reply: Response
  try {
    reply = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}) },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user.slice(0, MAX_PROMPT) },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new RpcError(503, 'the AI model could not be reached', { reason: 'aiUnavailable' })
  }
  const body = (await reply.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null
  const content = body?.choices?.[0]?.message?.content
  if (!reply.ok || typeof content !== 'string')
    throw new RpcError(503, `the AI model answered ${reply.status} without a usable reply`, { reason: 'aiUnavailable', status: reply.status })
  return content
}

/**
 * The code of a reply: the first fenced block (```, ```js or ```javascript, then a line break), else
 * the whole reply. The reply is read by index, never with a backtracking pattern: the model's text
 * follows what the caller asked for, and a lazy match after `\s*` took quadratic time on it.
 */
export function codeOf(reply: string): string {
  for (let open = reply.indexOf(FENCE); open !== -1; open = reply.indexOf(FENCE, open + 1)) {
    let at = open + FENCE.length
    if (reply.startsWith('javascript', at)) at += 'javascript'.length
    else if (reply.startsWith('js', at)) at += 'js'.length
    let lineBreak = -1
    for (; at < reply.length && WHITESPACE.has(reply[at]); at++) if (reply[at] === '\n') lineBreak = at
    if (lineBreak === -1) continue
    const close = reply.indexOf(FENCE, lineBreak + 1)
    if (close === -1) break
    return reply.slice(lineBreak + 1, close).trim()
  }
  return reply.trim()
}

/** A reply without its first fenced block (the code, returned apart): the explanation. */
export function explanationOf(reply: string): string {
  const open = reply.indexOf(FENCE)
  const close = open === -1 ? -1 : reply.indexOf(FENCE, open + FENCE.length)
  return (close === -1 ? reply : reply.slice(0, open) + reply.slice(close + FENCE.length)).trim()
}

const FENCE = '```'
const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\v', '\f'])

const SYSTEM = [
  'You write and explain the code of function fields in a workflow server.',
  'A function is the BODY of a JavaScript function (no declaration around it) that receives one parameter, `dep`,',
  "whose properties are the function's variables, and returns the field's value (undefined or null clears it).",
  'Plain JavaScript only: no TypeScript, no require/import, no network, no timers. `<` variables are arrays.',
].join(' ')

export interface AssistRequest {
  mode: 'generate' | 'improve' | 'explain'
  activityId?: string
  workflow: Record<string, unknown>
  field: Record<string, unknown>
  instruction?: string
  code?: string
  dependencies?: unknown[]
  functionVariables?: Record<string, unknown>
  currentEvaluation?: Record<string, unknown>
}

export interface Trial {
  ok: boolean
  value?: unknown
  error?: string
  dep: Record<string, unknown>
}

/** Runs `body` once on an activity with the given variables (the dry run of assist). */
export async function tryOnActivity(
  db: DbHandle,
  functions: FunctionEngine,
  cid: string,
  workflows: WorkflowDef[],
  activity: ActivityRow,
  field: FieldRecord | undefined,
  body: string,
  variables: Record<string, unknown>,
): Promise<Trial> {
  const snapshot = new Snapshot(db, cid, workflows)
  snapshot.rows.set(activity._id, activity)
  const fn: FunctionNode = {
    id: 'assist',
    processId: activity.process_id,
    fieldKey: 'assist',
    label: 'assist',
    body,
    variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, dependenciesOf(v)])),
    volatile: isVolatile(body),
  }
  const dep = await snapshot.dep(activity, fn)
  const [evaluation] = await functions.evaluate(cid, [{ body, dep }])
  if (!evaluation.ok) return { ok: false, error: evaluation.error, dep }
  const coerced = field ? coerce(field, evaluation.value) : { ok: true as const, value: evaluation.value }
  return coerced.ok ? { ok: true, value: coerced.value, dep } : { ok: false, error: coerced.error, dep }
}

export function assistPrompt(r: AssistRequest, trialDep?: Record<string, unknown>): string {
  const parts = [
    `Mode: ${r.mode}.`,
    `Workflow: ${JSON.stringify(r.workflow).slice(0, 5000)}`,
    `Field: ${JSON.stringify(r.field).slice(0, 5000)}`,
    `Variables (functionVariables): ${JSON.stringify(r.functionVariables ?? {}).slice(0, 5000)}`,
    r.dependencies?.length ? `Dependencies: ${JSON.stringify(r.dependencies).slice(0, 5000)}` : '',
    trialDep ? `The dep object of the activity at hand: ${JSON.stringify(trialDep).slice(0, 5000)}` : '',
    r.currentEvaluation && Object.keys(r.currentEvaluation).length ? `Current evaluation: ${JSON.stringify(r.currentEvaluation).slice(0, 5000)}` : '',
    r.code ? `Current code:\n\`\`\`js\n${r.code}\n\`\`\`` : '',
    r.instruction ? `Instruction: ${r.instruction}` : '',
    r.mode === 'explain'
      ? 'Explain in plain words what the code computes. Do not write code.'
      : 'Answer with the new function body in one ```js block, then one short paragraph explaining it.',
  ]
  return parts.filter(Boolean).join('\n\n')
}

export { SYSTEM as ASSIST_SYSTEM }
export type { FunctionCheck }
