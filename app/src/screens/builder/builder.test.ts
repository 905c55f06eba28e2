import fs from 'node:fs'
import path from 'node:path'
import { forType, TYPE_NAMES } from './field-types'
import { moved } from './api'
import { explainGraph, variableName } from './functions'

test('the builder offers every field type of the interface, and no other', () => {
  const defs = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../schemas/defs.json'), 'utf8'))
  expect([...TYPE_NAMES].sort()).toEqual([...defs.$defs.fieldType.enum].sort())
})

test('every field type has a name and a description in each language', () => {
  for (const lang of ['en', 'fi', 'sv']) {
    const strings = JSON.parse(fs.readFileSync(path.join(__dirname, `../../i18n/${lang}.json`), 'utf8'))
    for (const type of TYPE_NAMES) {
      expect({ lang, type, name: typeof strings.builder.types[type]?.name }).toEqual({ lang, type, name: 'string' })
      expect({ lang, type, description: typeof strings.builder.types[type]?.description }).toEqual({ lang, type, description: 'string' })
    }
  }
})

test('moving an item by the keyboard: up, down, and nothing past either end', () => {
  expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c'])
  expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b'])
  expect(moved(['a', 'b', 'c'], 0, -1)).toBeNull()
  expect(moved(['a', 'b', 'c'], 2, 1)).toBeNull()
})

test('a variable name is a JavaScript name made from the label, never one already taken', () => {
  expect(variableName('Hours spent', [])).toBe('hoursSpent')
  expect(variableName('Hours spent', ['hoursSpent'])).toBe('hoursSpent2')
  expect(variableName('Määrä (€)', [])).toBe('maara')
  expect(variableName('2nd price', [])).toBe('v2ndPrice')
  expect(variableName('€', [])).toBe('value')
})

test('the dependency graph in words: node ids become the fields’ labels', () => {
  const graph = explainGraph({
    nodes: [
      { id: 'p:a', label: 'Hours', fieldId: 'a' },
      { id: 'p:b', label: 'Total', fieldId: 'b' },
    ],
    edges: [{ from: 'p:a', to: 'p:b', variable: 'hours', kind: '=' }],
    cycles: [{ path: ['p:b', 'p:a', 'p:b'] }],
    truncated: false,
  })
  expect(graph).toEqual({ edges: [{ from: 'Hours', to: 'Total', variable: 'hours', kind: '=' }], cycles: [['Total', 'Hours', 'Total']], truncated: false })
})

test('a descriptor keeps only the settings of its type (a unit typed for another type first is not sent)', () => {
  const draft = { label: 'Size', unit: 'cm', data: ['S', 'M'], required: true, functionEnabled: false, key: 'size', collapsedByDefault: true }
  expect(forType('text', draft)).toEqual({ label: 'Size', required: true, functionEnabled: false, key: 'size' })
  expect(forType('textpredefinedoptions', draft)).toEqual({ label: 'Size', data: ['S', 'M'], required: true, functionEnabled: false, key: 'size' })
  expect(forType('subheader', draft)).toEqual({ label: 'Size', key: 'size', collapsedByDefault: true })
})
