/**
 * v3.activity.functionField.assist and explainNode.assist: 503 aiNotConfigured (and
 * features.aiAssist false) on a server without a model; with a model (a small fake
 * OpenAI-compatible provider on loopback, started here): 401, 400, 404, the request the model
 * receives, and suggested code returned with its validation and a dry run on the activity.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ArgsOf, Client } from '../helpers/client'
import { startServer, type RunningServer } from '../helpers/server'
import { signedIn, type SignedIn } from '../helpers/users'
import { workflowWithPhase } from '../helpers/workflows'

interface Seen {
  auth?: string
  body: { model: string; messages: { role: string; content: string }[] }
}
/** Answers every chat completion with `reply(request)`; keeps what it was asked. */
function fakeProvider(reply: (body: Seen['body']) => string) {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (d) => (raw += d))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end()
      const body = JSON.parse(raw)
      seen.push({ auth: req.headers.authorization, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply(body) }, finish_reason: 'stop' }],
        }),
      )
    })
  })
  return { server, seen }
}

async function world(c: Client) {
  const { p, teamId } = await workflowWithPhase(c, 'Orders')
  const amount = await c.call('process.create_field', p._id, { label: 'Amount', type: 'numeric' })
  const double = await c.call('process.create_field', p._id, {
    label: 'Double',
    type: 'numeric',
    function: 'return dep.amount * 2',
    functionEnabled: true,
    functionVariables: { amount: { type: '=', data: [amount._id] } },
  })
  const a = await c.call('v3.activity.create', p._id, { name: 'A', fields: { [amount._id]: 21 } }, { teamId })
  return { processId: p._id, amount, double, a }
}

test('without a model: 503 aiNotConfigured, and the flag says so', async () => {
  const owner = await signedIn('assist-none')
  const w = await world(owner.client)
  const request = { mode: 'generate', activityId: w.a._id, workflow: { _id: w.processId }, field: { _id: w.double._id }, instruction: 'double it' }
  expect(await owner.client.fail('v3.activity.functionField.assist', request)).toMatchObject({ code: 503, details: { reason: 'aiNotConfigured' } })
  expect(await owner.client.fail('v3.activity.explainNode.assist', { activityId: w.a._id, fieldId: w.double._id })).toMatchObject({
    code: 503,
    details: { reason: 'aiNotConfigured' },
  })
  expect((await owner.client.call('v3.session.get')).features).toEqual({ aiAssist: false })
  await owner.client.close()
})

describe('with a model', () => {
  let server: RunningServer
  let provider: ReturnType<typeof fakeProvider>
  let owner: SignedIn
  let stranger: SignedIn
  let anon: Client
  beforeAll(async () => {
    provider = fakeProvider((body) => {
      const asked = body.messages[1].content
      if (asked.startsWith('The graph:')) return 'Double reads Amount of the same activity.'
      if (asked.includes('Mode: explain')) return 'It doubles the amount.'
      if (asked.includes('broken')) return '```js\nreturn (\n```\nOops.'
      return '```js\nreturn dep.amount * 3\n```\nTriples the amount.'
    })
    await new Promise<void>((r) => provider.server.listen(0, '127.0.0.1', r))
    const { port } = provider.server.address() as AddressInfo
    server = await startServer({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'test-key', AI_MODEL: 'fake-model' })
    owner = await signedIn('assist-owner', server.wsUrl)
    stranger = await signedIn('assist-stranger', server.wsUrl)
    anon = await Client.connect({ url: server.wsUrl })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([owner.client.close(), stranger.client.close(), anon.close()])
    await server.stop()
    provider.server.close()
  })

  test('functionField.assist: 401, 400, 404; code with its validation and a dry run; nothing saved', async () => {
    const w = await world(owner.client)
    const request: ArgsOf<'v3.activity.functionField.assist'>[0] = {
      mode: 'improve',
      activityId: w.a._id,
      workflow: { _id: w.processId },
      field: { _id: w.double._id },
      code: 'return dep.amount * 2',
      instruction: 'triple it',
      functionVariables: { amount: { type: '=', data: [w.amount._id] } },
    }
    expect((await anon.fail('v3.activity.functionField.assist', request)).code).toBe(401)
    expect(await owner.client.fail('v3.activity.functionField.assist', { ...request, mode: 'rewrite' })).toMatchObject({
      code: 400,
      details: { path: '/mode' },
    })
    expect((await stranger.client.fail('v3.activity.functionField.assist', request)).code).toBe(404)
    expect((await owner.client.call('v3.session.get')).features).toEqual({ aiAssist: true })

    const answer = await owner.client.call('v3.activity.functionField.assist', request)
    expect(answer).toEqual({
      mode: 'improve',
      code: 'return dep.amount * 3',
      explanation: 'Triples the amount.',
      validation: { valid: true, errors: [], warnings: [] },
      dryRun: { ok: true, value: 63 },
    })
    const asked = provider.seen[provider.seen.length - 1]
    expect(asked.auth).toBe('Bearer test-key')
    expect(asked.body.model).toBe('fake-model')
    expect(asked.body.messages[1].content).toContain('"amount":21') // the activity's dep went with the question
    expect((await owner.client.call('v3.activity.get', w.a._id)).fields).toEqual(expect.arrayContaining([{ _id: w.double._id, value: 42 }]))

    const broken = await owner.client.call('v3.activity.functionField.assist', { ...request, instruction: 'broken' })
    expect(broken).toMatchObject({ code: 'return (', validation: { valid: false, errors: [{ line: 1 }] }, dryRun: null })
    expect(await owner.client.call('v3.activity.functionField.assist', { ...request, mode: 'explain' })).toEqual({
      mode: 'explain',
      explanation: 'It doubles the amount.',
    })
  })

  test('explainNode.assist: 401, 400, 404, then the explanation of the graph', async () => {
    const w = await world(owner.client)
    const args = { activityId: w.a._id, fieldId: w.double._id }
    expect((await anon.fail('v3.activity.explainNode.assist', args)).code).toBe(401)
    expect(await owner.client.fail('v3.activity.explainNode.assist', { ...args, maxDepth: -1 })).toMatchObject({ code: 400, details: { path: '/maxDepth' } })
    expect((await stranger.client.fail('v3.activity.explainNode.assist', args)).code).toBe(404)
    expect(await owner.client.call('v3.activity.explainNode.assist', args)).toEqual({
      explanation: 'Double reads Amount of the same activity.',
      graph: { nodes: 2, edges: 1, cycles: 0, truncated: false },
    })
    expect(provider.seen[provider.seen.length - 1].body.messages[1].content).toContain(`"variable":"amount"`)
  })
})
