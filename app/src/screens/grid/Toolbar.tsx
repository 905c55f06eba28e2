/** The grid's search by name, phase filter, sort and field filters; each change is written to the address. */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { livePhases, type Workflow } from '../workflow/workflows'
import type { GridQuery, Sort } from './query'

interface Props {
  workflow: Workflow
  query: GridQuery
  onChange: (query: GridQuery) => void
  filterable: Array<{ _id: string; label?: string }>
}

export function Toolbar({ workflow, query, onChange, filterable }: Props) {
  const { t } = useTranslation()
  // The search is written to the address a moment after the person stops typing.
  const [search, setSearch] = useState(query.search)
  useEffect(() => setSearch(query.search), [query.search])
  useEffect(() => {
    if (search === query.search) return
    const timer = setTimeout(() => onChange({ ...query, search }), 300)
    return () => clearTimeout(timer)
  }, [search])
  const [fieldId, setFieldId] = useState('')
  const [value, setValue] = useState('')
  const labelOf = (id: string) => workflow.fields[id]?.label ?? id
  return (
    <div className="grid-toolbar">
      <div className="field">
        <label htmlFor="grid-search">{t('grid.search')}</label>
        <input id="grid-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="grid-phase">{t('grid.phase')}</label>
        <select id="grid-phase" value={query.phase} onChange={(e) => onChange({ ...query, phase: e.target.value })}>
          <option value="">{t('grid.allPhases')}</option>
          {livePhases(workflow).map((p) => (
            <option key={p} value={p}>
              {workflow.phases[p]?.name ?? t('board.phase')}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="grid-sort">{t('grid.sort')}</label>
        <select id="grid-sort" value={query.sort} onChange={(e) => onChange({ ...query, sort: e.target.value as Sort })}>
          <option value="created">{t('grid.sortCreated')}</option>
          <option value="updated">{t('grid.sortUpdated')}</option>
          <option value="name">{t('grid.sortName')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="grid-order">{t('grid.order')}</label>
        <select id="grid-order" value={query.order} onChange={(e) => onChange({ ...query, order: e.target.value as 'asc' | 'desc' })}>
          <option value="asc">{t('grid.ascending')}</option>
          <option value="desc">{t('grid.descending')}</option>
        </select>
      </div>
      <form
        className="grid-filter"
        onSubmit={(e) => {
          e.preventDefault()
          if (!fieldId || !value.trim()) return
          onChange({ ...query, fields: { ...query.fields, [fieldId]: value.trim() } })
          setValue('')
        }}
      >
        <div className="field">
          <label htmlFor="grid-filter-field">{t('grid.filterField')}</label>
          <select id="grid-filter-field" value={fieldId} onChange={(e) => setFieldId(e.target.value)}>
            <option value="">{t('grid.chooseField')}</option>
            {filterable.map((f) => (
              <option key={f._id} value={f._id}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="grid-filter-value">{t('grid.filterValue')}</label>
          <input id="grid-filter-value" type="text" value={value} onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('grid.addFilter')}
        </button>
      </form>
      {Object.keys(query.fields).length ? (
        <ul className="chips" aria-label={t('grid.filters')}>
          {Object.entries(query.fields).map(([id, v]) => (
            <li key={id}>
              {labelOf(id)} = {v}{' '}
              <button
                type="button"
                aria-label={t('grid.removeFilter', { label: labelOf(id), value: v })}
                onClick={() => {
                  const { [id]: _gone, ...rest } = query.fields
                  onChange({ ...query, fields: rest })
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
