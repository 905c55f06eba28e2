/**
 * The sandbox of function fields (server/functions/evaluator.ts and sandbox.ts): results,
 * the Intl bridge, and the escape suite, in the default mode (one sandbox entry per evaluation)
 * and in the fast mode (one entry per sub-batch). Each escape attempt must end as a clear per-item
 * error while the other items of the same batch, and later batches, are answered normally.
 */
import { Evaluator } from '../../server/functions/evaluator'
import type { Evaluation } from '../../server/functions/sandbox'

// A deadline of 1 s, not the default 50 ms: on a busy machine 50 ms can run out for any item, in either mode.
const DEADLINE_MS = 1000
const ranLonger = new RegExp(`ran longer than ${DEADLINE_MS} ms`)

describe.each([['default' as const], ['fast' as const]])('%s mode', (mode) => {
  let evaluator: Evaluator
  beforeAll(() => {
    evaluator = new Evaluator({ deadlineMs: DEADLINE_MS }, { mode })
  })
  afterAll(async () => {
    await evaluator.close()
  })

  const path = mode === 'fast' ? 'batch' : 'single'
  const one = async (body: string, dep: unknown = {}, workspaceId = 'ws-a') => (await evaluator.evaluate(workspaceId, [{ body, dep }]))[0]

  describe('results', () => {
    it('runs a body with its dep and returns JSON values', async () => {
      expect(await one('return dep.a + dep.b', { a: 2, b: 3 })).toMatchObject({ ok: true, value: 5 })
      expect(await one('return [dep.s, {n: null}]', { s: 'x' })).toMatchObject({ ok: true, value: ['x', { n: null }] })
      expect(await one('return undefined')).toEqual(expect.objectContaining({ ok: true, value: undefined }))
      expect(await one('return 1 / 0')).toMatchObject({ ok: true, value: 'Infinity' })
    })

    it('formats dates and numbers like the host Intl (fi-FI)', async () => {
      const d = Date.UTC(2024, 0, 5, 13, 7)
      expect(await one("return new Date(dep.d).toLocaleDateString('fi-FI')", { d })).toMatchObject({
        value: new Date(d).toLocaleDateString('fi-FI', { timeZone: 'UTC' }),
      })
      expect(await one("return (1234.5).toLocaleString('fi-FI')")).toMatchObject({ value: (1234.5).toLocaleString('fi-FI') })
      expect(await one("return new Intl.NumberFormat('en-US', {style: 'currency', currency: 'EUR'}).format(3)")).toMatchObject({ value: '€3.00' })
      expect(await one("return new Date(0).toLocaleDateString('no-such-locale-!!')")).toMatchObject({ ok: false, error: expect.stringMatching(/RangeError/) })
    })

    it('reports a syntax error with its line and column in the body', async () => {
      expect(await evaluator.check(['return 1', '\n\n  return )'])).toEqual([
        null,
        { message: expect.stringContaining(')'), line: 3, column: expect.any(Number) },
      ])
      expect(await one('return (')).toMatchObject({ ok: false, error: expect.stringMatching(/^SyntaxError: .*line 1/) })
    })

    it('keeps workspaces apart: nothing one body does is seen by another workspace or a later evaluation', async () => {
      expect(await one('globalThis.leak = 1; return typeof leak', {}, 'ws-a')).toMatchObject({ ok: true, value: 'undefined' })
      expect(await one('Array.prototype.sum = 1; return [].sum', {}, 'ws-a')).toMatchObject({ ok: true, value: undefined })
      expect(await one('return typeof leak + typeof [].sum', {}, 'ws-b')).toMatchObject({ value: 'undefinedundefined' })
    })
  })

  describe('escape suite', () => {
    const attempts: [string, string, RegExp][] = [
      ['constructor escape', "return this.constructor.constructor('return process')()", /ReferenceError: 'process' is not defined/],
      ['Function escape', "return Function('return globalThis')().require('fs')", /TypeError/],
      ['host globals', 'return require("fs")', /ReferenceError/],
      ['prototype pollution', "Object.defineProperty(Object.prototype, 'x', {value: 1}); return 1", /TypeError/],
      ['while(true)', 'while (true) {}', ranLonger],
      ['costly built-ins in a loop', "var a = []; while (true) a.push('x'.repeat(1e6) + a.length)", ranLonger],
      ['promise-job loop', 'function f() { Promise.resolve().then(f) } f(); return 1', /promise jobs|ran longer/],
      ['async result', 'return Promise.resolve(1)', /not a promise/],
      ['string bomb', "return 'x'.repeat(2 ** 29).length", /out of memory|ran longer/],
      ['array bomb', 'var a = []; for (;;) a.push(new Array(1e5).fill(1))', /out of memory|ran longer/],
      ['deep recursion', 'function r(n) { return r(n + 1) + 1 } return r(0)', /stack overflow/],
    ]
    it.each(attempts)('%s ends with a clear error; the rest of the batch is answered', async (_name, body, error) => {
      const results = await evaluator.evaluate('ws-escape', [
        { body: 'return dep.n * 2', dep: { n: 1 } },
        { body, dep: {} },
        { body: 'return dep.n * 2', dep: { n: 2 } },
      ])
      expect(results[0]).toMatchObject({ ok: true, value: 2 })
      expect(results[1]).toMatchObject({ ok: false, error: expect.stringMatching(error) })
      expect(results[2]).toMatchObject({ ok: true, value: 4 })
      expect(await one('return typeof process + typeof require', {}, 'ws-escape')).toMatchObject({ ok: true, value: 'undefinedundefined', path })
    })

    it('answers other callers while a runaway body runs', async () => {
      const runaway = evaluator.evaluate('ws-slow', [{ body: 'while (true) {}', dep: {} }])
      let ticks = 0
      const timer = setInterval(() => ticks++, 5)
      const [result] = await runaway
      clearInterval(timer)
      expect(result).toMatchObject({ ok: false })
      expect(ticks).toBeGreaterThan(0) // this thread kept running timers while the body looped
    })
  })

  describe('the fast mode', () => {
    it('takes its path: one entry for many evaluations in the fast mode, one each in the default', async () => {
      const results = await evaluator.evaluate(
        'ws-path',
        Array.from({ length: 300 }, (_, n) => ({ body: 'return dep.n + 1', dep: { n } })),
      )
      expect(results.map((r) => r.path)).toEqual(Array(300).fill(path))
      expect(results.map((r) => (r.ok ? r.value : r.error))).toEqual(Array.from({ length: 300 }, (_, n) => n + 1))
    })

    it('keeps nothing between evaluations: the compiled body and its prototype are frozen', async () => {
      const body = 'var f = arguments.callee; f.n = (f.n || 0) + 1; f.prototype.m = 1; return [f.n || 0, f.prototype.m || 0, Object.isFrozen(f)]'
      const results = await evaluator.evaluate('ws-state', [
        { body, dep: {} },
        { body, dep: {} },
        { body, dep: {} },
      ])
      expect(results.map((r) => r.ok && r.value)).toEqual([
        [0, 0, true],
        [0, 0, true],
        [0, 0, true],
      ])
    })
  })
})

describe('both modes', () => {
  it('give the same value or the same error for every item, whatever else is in the batch', async () => {
    const items = [
      { body: 'return dep.a * 2', dep: { a: 21 } },
      { body: 'return undefined', dep: {} },
      { body: 'return null', dep: {} },
      { body: 'return 0 / 0', dep: {} },
      { body: "return {x: [1, 'two', {y: null}]}", dep: {} },
      { body: 'return () => 1', dep: {} },
      { body: 'return dep.missing.x', dep: {} },
      { body: "throw 'plain'", dep: {} },
      { body: 'throw {a: 1}', dep: {} },
      { body: "throw new RangeError('out')", dep: {} },
      { body: 'return 10n', dep: {} },
      { body: 'var o = {}; o.o = o; return o', dep: {} },
      { body: "return 'x'.repeat(1100000)", dep: {} },
      { body: 'return (', dep: {} },
      { body: 'Promise.resolve().then(() => 1); return 2', dep: {} },
      { body: 'function f() { Promise.resolve().then(f) } f(); return 1', dep: {} },
      { body: 'while (true) {}', dep: {} },
      { body: 'function r(n) { return r(n + 1) + 1 } return r(0)', dep: {} },
      { body: "return new Date(dep.d).toLocaleDateString('fi-FI')", dep: { d: Date.UTC(2024, 0, 5) } },
      { body: 'return dep.a * 3', dep: { a: 2 } },
    ]
    const strip = (r: Evaluation) => (r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error })
    const answers = []
    for (const mode of ['default', 'fast'] as const) {
      const evaluator = new Evaluator({ deadlineMs: DEADLINE_MS }, { mode })
      answers.push((await evaluator.evaluate('ws-same', items)).map(strip))
      await evaluator.close()
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[0][0]).toEqual({ ok: true, value: 42 })
    expect(answers[0][19]).toEqual({ ok: true, value: 6 })
  })
})
