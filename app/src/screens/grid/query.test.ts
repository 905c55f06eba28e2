import { listFilter, readQuery, writeQuery } from './query'
import type { Workflow } from '../workflow/workflows'

const workflow: Workflow = {
  _id: 'a'.repeat(24),
  name: 'Hiring',
  phases: {},
  phasesOrder: [],
  phasesRemoved: [],
  fields: { ['b'.repeat(24)]: { _id: 'b'.repeat(24), type: 'numeric' }, ['c'.repeat(24)]: { _id: 'c'.repeat(24), type: 'text' } },
}

test('the query read from the address has defaults, and written back keeps the other parameters', () => {
  expect(readQuery(new URLSearchParams('view=grid'))).toEqual({ search: '', phase: '', sort: 'created', order: 'asc', fields: {} })
  const query = readQuery(new URLSearchParams(`view=grid&q=ann&phase=p1&sort=name&order=desc&f.${'b'.repeat(24)}=3&sort2=x`))
  expect(query).toEqual({ search: 'ann', phase: 'p1', sort: 'name', order: 'desc', fields: { ['b'.repeat(24)]: '3' } })
  const written = writeQuery(new URLSearchParams('view=grid&q=old&f.x=1'), { ...query, search: '', fields: {} })
  expect(written.toString()).toBe('view=grid&phase=p1&sort=name&order=desc')
})

test('an unknown sort is the default; the list filter compares number fields as numbers and leaves out empty parts', () => {
  expect(readQuery(new URLSearchParams('sort=priority')).sort).toBe('created')
  const query = readQuery(new URLSearchParams(`q=%20&f.${'b'.repeat(24)}=3&f.${'c'.repeat(24)}=3&f.${'d'.repeat(24)}=x`))
  expect(listFilter(workflow, query)).toEqual({
    processId: workflow._id,
    fields: { ['b'.repeat(24)]: 3, ['c'.repeat(24)]: '3' },
    sort: 'created',
    order: 'asc',
  })
})
