/** Where a refusal is shown: at the input its path, field or argument names, else next to the button. */
import { HlrError } from '../../../client'
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
