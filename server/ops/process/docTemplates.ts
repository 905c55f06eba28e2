/**
 * Document templates of a workflow, kept in its configuration as `documentTemplates`: a map from
 * template name to the template object (`{name, printName?, fieldMap: {images, activityLinks,
 * fields}, opts?, ...}`), shown by v2.process.get. Administrators of the workflow only
 * (server/policies/processes.ts).
 *
 * Signal to whoever sees the workflow (tellViewers): `process.updated {_id, changed: ['documentTemplates']}`.
 */
import { tellViewers } from '../../domain/process-signals'
import { changeInfoEntry } from '../../domain/doc-templates'
import { notFound } from '../../errors'
import { newId } from '../../ids'
import { dictOf, own } from '../../safe-keys'
import { loadProcessAccess, requireAdminister } from '../../policies/processes'
import type { SignedInContext } from '../../context'
import { operation } from '../../rpc/operation'
import type { ProcessRow } from '../../db/processes'

type Entry = Record<string, unknown>
type Template = Record<string, unknown> & { name: string; fieldMap: Record<string, Record<string, Entry>> }
type Templates = Record<string, Template>

const GROUPS = ['images', 'activityLinks', 'fields'] as const

/**
 * The template with its three fieldMap groups present. The maps keyed by callers' names (the
 * fieldMap, its groups) are copies without a prototype (server/safe-keys.ts).
 */
function normalise(template: Record<string, unknown>): Template {
  const fieldMap = dictOf<Record<string, Entry>>(template.fieldMap)
  for (const g of GROUPS) fieldMap[g] = dictOf<Entry>(own(fieldMap, g))
  return { ...template, name: template.name as string, fieldMap }
}

async function administered(ctx: SignedInContext, processId: string, what: string): Promise<ProcessRow> {
  const { process, access } = await loadProcessAccess(ctx.db, ctx.session, processId, { lock: true })
  requireAdminister(access, what)
  return process
}

/** Changes the templates map under a row lock and signals the change. */
async function changeTemplates<T>(
  ctx: SignedInContext,
  process: ProcessRow,
  change: (templates: Templates) => { templates: Templates | undefined; result: T },
): Promise<T> {
  let result: T
  await changeInfoEntry<Templates>(ctx, process.cid, process._id, 'documentTemplates', (current) => {
    const out = change(dictOf<Template>(structuredClone(current)))
    result = out.result
    return out.templates
  })
  await tellViewers(ctx, process, { sig: 'process.updated', meta: { _id: process._id, changed: ['documentTemplates'] } })
  return result!
}

const templateOf = (templates: Templates, name: string): Template => {
  const t = own(templates, name)
  if (!t) throw notFound('document template')
  return t
}

/** Adds or replaces the template named `template.name`; an object holding only `name` deletes it. Returns true. */
export const setDocumentTemplate = operation({
  name: 'process.set_documentTemplate',
  access: 'signedIn',
  async run(ctx, processId, template) {
    const process = await administered(ctx, processId, 'change the document templates')
    if (!template.name.trim()) throw ctx.invalid(1, '/name', 'must not be blank')
    const only = Object.keys(template).length === 1
    return changeTemplates(ctx, process, (templates) => {
      if (only) delete templates[template.name]
      else templates[template.name] = normalise(template)
      return { templates, result: true }
    })
  },
})

/** Replaces every template with the given map (keyed by template name); null or nothing deletes them all. Returns true. */
export const setDocumentTemplates = operation({
  name: 'process.set_documentTemplates',
  access: 'signedIn',
  async run(ctx, processId, templates) {
    const process = await administered(ctx, processId, 'change the document templates')
    const next = dictOf<Template>(null)
    for (const [name, template] of Object.entries(templates ?? {})) {
      if (template.name !== name) throw ctx.invalid(1, `/${name}/name`, 'must be the key it is listed under')
      next[name] = normalise(template)
    }
    return changeTemplates(ctx, process, () => ({ templates: Object.keys(next).length ? next : undefined, result: true }))
  },
})

/** Sets the name a template prints under; the template's id is its name (404 when there is none). Returns true. */
export const setDocTemplatePrintName = operation({
  name: 'process.set_docTemplatePrintName',
  access: 'signedIn',
  async run(ctx, processId, templateId, printName) {
    const process = await administered(ctx, processId, 'change the document templates')
    return changeTemplates(ctx, process, (templates) => {
      templateOf(templates, templateId).printName = printName
      return { templates, result: true }
    })
  },
})

/** A new, empty entry in one group of the template's fieldMap, under a new key. Returns `{key, group, ...entry}`. */
export const createDocTemplateField = operation({
  name: 'process.create_docTemplateField',
  access: 'signedIn',
  async run(ctx, field) {
    const process = await administered(ctx, field.processId, 'change the document templates')
    return changeTemplates(ctx, process, (templates) => {
      const template = normalise(templateOf(templates, field.name))
      const key = newId()
      const entry: Entry = {}
      template.fieldMap[field.group][key] = entry
      templates[field.name] = template
      return { templates, result: { key, group: field.group, ...entry } }
    })
  },
})

/** Removes an entry of the fieldMap; 404 when the template or the entry does not exist. Returns true. */
export const deleteDocTemplateField = operation({
  name: 'process.delete_docTemplateField',
  access: 'signedIn',
  async run(ctx, field) {
    const process = await administered(ctx, field.processId, 'change the document templates')
    return changeTemplates(ctx, process, (templates) => {
      const template = normalise(templateOf(templates, field.name))
      const group = template.fieldMap[field.group]
      if (!own(group, field.key)) throw notFound('document template field')
      delete group[field.key]
      templates[field.name] = template
      return { templates, result: true }
    })
  },
})

/**
 * Sets (or, without `value`, removes) one property. For images, activityLinks and fields the entry
 * `key` of that fieldMap group must exist (404); for `opts` and `fieldMap` the entry `key` of the
 * template's `opts` or `fieldMap` object is created when missing. Returns true.
 */
export const setDocTemplateFieldProperty = operation({
  name: 'process.set_docTemplateFieldProperty',
  access: 'signedIn',
  async run(ctx, property) {
    const process = await administered(ctx, property.processId, 'change the document templates')
    return changeTemplates(ctx, process, (templates) => {
      const template = normalise(templateOf(templates, property.name))
      let entry: Entry
      if (property.group === 'opts' || property.group === 'fieldMap') {
        const holder = property.group === 'fieldMap' ? template.fieldMap : dictOf<Entry>(template.opts)
        if (property.group === 'fieldMap' && (GROUPS as readonly string[]).includes(property.key))
          throw ctx.invalid(0, '/key', `${property.key} is a group of the fieldMap: use group ${property.key} and the entry's key`)
        entry = holder[property.key] = { ...own(holder, property.key) }
        ;(template as Record<string, unknown>)[property.group] = holder
      } else {
        const group = template.fieldMap[property.group]
        const current = own(group, property.key)
        if (!current) throw notFound('document template field')
        entry = group[property.key] = { ...current }
      }
      if (property.value === undefined) delete entry[property.property]
      else entry[property.property] = property.value
      templates[property.name] = template
      return { templates, result: true }
    })
  },
})
