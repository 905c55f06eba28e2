import type { Workflow } from '../workflow/workflows'
import { activitiesToCsv, guessMapping, lineOfPath, parseCsv, rowsToActivities } from './csv'

const workflow: Workflow = {
  _id: 'wf',
  name: 'Deals',
  phases: { p1: { _id: 'p1', name: 'Lead' }, p2: { _id: 'p2', name: 'Won' } },
  phasesOrder: ['p1', 'p2'],
  phasesRemoved: [],
  fields: {
    f1: { _id: 'f1', label: 'Amount', type: 'numericunit', unit: 'EUR' },
    f2: { _id: 'f2', label: 'Close', type: 'date' },
    f3: { _id: 'f3', label: 'Size', type: 'textpredefinedoptions', data: ['Small', 'Large'] },
    f4: { _id: 'f4', label: 'Note', type: 'text' },
    f5: { _id: 'f5', label: 'Total', type: 'numeric', functionEnabled: true },
  },
  fieldsOrder: ['f1', 'f2', 'f3', 'f4', 'f5'],
}

test('columns are mapped by name, phase and field label; computed fields are not offered', () => {
  const { parsed } = parseCsv('Name,phase, amount ,Close,Total,Other\nA,Lead,1,2026-01-02,3,x\n')
  expect(guessMapping(parsed.headers, workflow)).toEqual({ Name: 'name', phase: 'phase', amount: 'field:f1', Close: 'field:f2', Total: '', Other: '' })
})

test('rows become activities in the stored forms; quoted commas and new lines survive; every bad cell is reported with its line', () => {
  const csv = 'Name,Phase,Amount,Close,Size,Note\n"Acme, Inc",won,"1 200,5",2026-03-31,large,"two\nlines"\nBeta,,abc,2026-02-30,Huge,\n,Nowhere,,,,\n'
  const { parsed, errors: parseErrors } = parseCsv(csv)
  expect(parseErrors).toEqual([])
  const { activities, errors } = rowsToActivities(parsed, guessMapping(parsed.headers, workflow), workflow)
  expect(activities[0]).toEqual({ name: 'Acme, Inc', phaseId: 'p2', fields: { f1: 1200.5, f2: Date.UTC(2026, 2, 31), f3: 'Large', f4: 'two\nlines' } })
  expect(errors).toEqual([
    { line: 3, column: 'Amount', code: 'notNumber', value: 'abc' },
    { line: 3, column: 'Close', code: 'notDate', value: '2026-02-30' },
    { line: 3, column: 'Size', code: 'notOption', value: 'Huge' },
    { line: 4, column: 'Phase', code: 'noPhase', value: 'Nowhere' },
    { line: 4, column: 'Name', code: 'noName', value: '' },
  ])
})

test('an export reads back as the same activities', () => {
  const csv = activitiesToCsv(
    [
      {
        name: 'Acme, Inc',
        currentPhase: 'p2',
        fields: [
          { _id: 'f1', value: 3.5 },
          { _id: 'f2', value: Date.UTC(2026, 0, 5) },
          { _id: 'f3', value: 'Small' },
        ],
      },
    ],
    workflow,
  )
  const { parsed } = parseCsv(csv)
  expect(parsed.headers).toEqual(['Name', 'Phase', 'Amount', 'Close', 'Size', 'Note', 'Total'])
  const { activities, errors } = rowsToActivities(parsed, guessMapping(parsed.headers, workflow), workflow)
  expect(errors).toEqual([])
  expect(activities).toEqual([{ name: 'Acme, Inc', phaseId: 'p2', fields: { f1: 3.5, f2: Date.UTC(2026, 0, 5), f3: 'Small' } }])
})

test('a refusal of createMany names the line of the file', () => {
  expect(lineOfPath('/1/3/fields/f1')).toBe(5)
  expect(lineOfPath('activities/0/teamId')).toBe(2)
  expect(lineOfPath('/0')).toBeUndefined()
})
