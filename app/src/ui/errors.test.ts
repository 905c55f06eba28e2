/** Where a refusal is shown: at the input its path, field or argument names, else next to the button. */
import i18n from 'i18next'
import { HlrError } from '../../../client'
import fi from '../i18n/fi.json'
import { problemAt, problemElsewhere, problemOf } from './errors'

const refusal = (code: number, msg: string, details?: object) => new HlrError('op', { code, msg, details })

test('a 400 names the path in an argument: its reason goes to the input whose path it ends with', () => {
  const problem = problemOf(refusal(400, 'invalid', { argument: 0, path: '/0/fields/f1', reason: 'must be a number' }))
  expect(problem).toEqual({ message: 'must be a number', path: '/0/fields/f1', argument: 0 })
  expect(problemAt(problem, '/fields/f1')).toBe('must be a number')
  expect(problemElsewhere(problem, '/fields/f1')).toBeUndefined()
  expect(problemElsewhere(problem, '/name')).toBe('must be a number')
})

test('a conflict names its field; an empty path falls back to the argument; a code word is not shown as the message', () => {
  expect(problemOf(refusal(409, 'an invite to this e-mail is pending', { field: 'email' }))).toEqual({
    message: 'an invite to this e-mail is pending',
    path: '/email',
  })
  expect(problemOf(refusal(404, 'user not found in this workspace', { argument: 1, path: '' }))).toEqual({
    message: 'user not found in this workspace',
    path: '/1',
    argument: 1,
  })
  expect(problemOf(refusal(422, 'the last owner of a workspace cannot be removed', { reason: 'lastOwner' }))).toEqual({
    message: 'the last owner of a workspace cannot be removed',
    path: undefined,
  })
  expect(problemOf(new Error('down'))).toEqual({ message: 'down' })
})

describe("a refusal in the person's language", () => {
  beforeAll(async () => {
    await i18n.init({ resources: { fi: { translation: fi } }, lng: 'fi', fallbackLng: 'fi' })
  })
  afterAll(() => i18n.changeLanguage('en'))

  test('a known reason is translated with its details; a known code is worded generally', () => {
    const cannotSee = problemOf(refusal(422, 'Test Outsider may not see…', { argument: 1, name: 'userId', reason: 'cannot see', person: 'Test Outsider' }))
    expect(cannotSee.message).toBe('Test Outsider ei näe tätä tehtävää, joten ei voi seurata sitä eikä pitää sen palloa.')
    expect(cannotSee.path).toBe('/1')
    expect(problemOf(refusal(422, 'the last owner…', { reason: 'lastOwner' })).message).toBe(fi.errors.reason.lastOwner)
    expect(problemOf(refusal(422, 'does not compile', { reason: 'invalid function', errors: [{ message: 'Unexpected token' }] })).message).toBe(
      'Koodi ei käänny: Unexpected token',
    )
    expect(problemOf(refusal(403, 'you may not edit this activity', { needs: 'edit' })).message).toBe(fi.errors.code['403'])
  })

  test("an unknown reason, a 400's sentence and a 409/422 without a known reason keep the server's text", () => {
    expect(problemOf(refusal(422, 'a rule the app does not know', { reason: 'somethingNew' })).message).toBe('a rule the app does not know')
    expect(problemOf(refusal(400, 'invalid', { argument: 0, path: '/name', reason: 'must be a string' })).message).toBe('must be a string')
    expect(problemOf(refusal(409, 'an invite to this e-mail is pending', { field: 'email' })).message).toBe('an invite to this e-mail is pending')
  })
})
