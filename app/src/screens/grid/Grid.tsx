/**
 * A workflow as a grid: a row per activity, a column per field, live. Filters, sort and search are
 * the server's (`v3.activity.list`) and kept in the address; rows are virtualized (TanStack Virtual)
 * and read in pages as the person scrolls. A cell is edited in place with its type's editor, sending
 * only that value with `expect`; rows can be chosen for a bulk move, edit or removal (with undo).
 * Keyboard: the arrow keys move the focused cell, Enter edits it, Escape cancels, Space chooses the row.
 */
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { HlrError } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { paths } from '../../routes'
import { ErrorLine } from '../../ui/controls'
import { problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import { formatValue } from '../activity/Activity'
import { buildUpdate, conflicts, readValue } from '../activity/draft'
import { usePeople, useTeams } from '../activity/editors'
import type { Activity } from '../board/activities'
import type { ViewProps } from '../workflow/views'
import type { WorkflowField } from '../workflow/workflows'
import { BulkBar } from './BulkBar'
import { CellEditor, type Editing } from './CellEditor'
import { listFilter, readQuery, writeQuery, type GridQuery } from './query'
import { PAGE, useRows } from './rows'
import { Toolbar } from './Toolbar'

const ROW_HEIGHT = 40
/** Read the next page when the last rows drawn are this close to the end of what is loaded: a page ahead, so scrolling on does not reach the end while it is read. */
const AHEAD = PAGE

interface ColumnMeta {
  /** `select`, `name`, `phaseId` or `fields.<id>` */
  key: string
  label: string
  field?: WorkflowField
  width: number
  editable: boolean
}

/** The table's model only: sorting and filtering are the server's, so no feature beyond the core is needed. */
const features = tableFeatures({})
const column = createColumnHelper<typeof features, Activity>()
/** One function for every render, so the table keeps its row model while the person scrolls. */
const getRowId = (a: Activity) => a._id

export default function Grid({ workflow }: ViewProps) {
  const { t } = useTranslation()
  const app = useApp()
  const session = useSession()!
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => readQuery(params), [params])
  const setQuery = (next: GridQuery) => setParams(writeQuery(params, next), { replace: true })
  const filter = useMemo(() => listFilter(workflow, query), [workflow, query])
  const rows = useRows(filter)
  const data = rows.data?.rows ?? []
  const people = usePeople()
  const teams = useTeams()
  const names = useMemo(() => new Map([...people, ...teams].map((c) => [c.id, c.name])), [people, teams])

  const fields = useMemo(() => {
    const order = workflow.fieldsOrder?.length ? workflow.fieldsOrder : Object.keys(workflow.fields ?? {})
    return order.map((id) => workflow.fields[id]).filter((f): f is WorkflowField => !!f && !['subheader', 'linkedfrom'].includes(f.type))
  }, [workflow])
  const metas: ColumnMeta[] = useMemo(
    () => [
      { key: 'select', label: t('grid.choose'), width: 44, editable: false },
      { key: 'name', label: t('grid.name'), width: 220, editable: true },
      { key: 'phaseId', label: t('grid.phase'), width: 150, editable: true },
      ...fields.map((f) => ({ key: `fields.${f._id}`, label: f.label ?? '', field: f, width: 190, editable: f.functionEnabled !== true })),
    ],
    [fields, t],
  )
  const columns = useMemo(() => metas.map((meta) => column.display({ id: meta.key, header: meta.label, meta })), [metas])
  const table = useTable({ features, data, columns, getRowId })
  const tableRows = table.getRowModel().rows
  const template = metas.map((m) => `${m.width}px`).join(' ')
  const width = metas.reduce((sum, m) => sum + m.width, 0)

  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: tableRows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 })
  const items = virtual.getVirtualItems()
  // Rows are keyed by their place in the drawn window (index modulo the most rows drawn at once), so
  // a row scrolled out lends its elements to the row scrolled in: React changes their text and
  // attributes instead of removing elements and making new ones, and the browser lays out less.
  const slots = useRef(0)
  slots.current = Math.max(slots.current, items.length)
  const last = items[items.length - 1]?.index ?? 0
  useEffect(() => {
    if (rows.data?.next && last >= data.length - AHEAD) void rows.more()
  }, [last, data.length, rows.data?.next])

  // Chosen rows and the open editor are kept by activity id, so a live reload keeps them.
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [focus, setFocus] = useState({ row: 0, col: 1 })
  const [editing, setEditing] = useState<Editing | null>(null)
  const [stale, setStale] = useState<{ value: unknown } | null>(null)
  const editedRow = editing ? data.find((a) => a._id === editing.id) : undefined
  // Someone else's change to the value being edited: pushed live (a conflict with the draft), or the server's 409.
  const liveTheirs = editing && editedRow ? conflicts({ [editing.key]: { value: editing.value, base: editing.base } }, editedRow) : {}
  const theirs = editing && editing.key in liveTheirs ? { value: liveTheirs[editing.key] } : stale

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(tableRows.length - 1, row))
    const c = Math.max(0, Math.min(metas.length - 1, col))
    setFocus({ row: r, col: c })
    virtual.scrollToIndex(r)
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus())
  }

  const startEdit = (activity: Activity, meta: ColumnMeta) => {
    if (!meta.editable) return
    const value = readValue(activity, meta.key)
    setStale(null)
    save.clear()
    setEditing({ id: activity._id, key: meta.key, value, base: value })
  }
  const closeEdit = () => {
    setEditing(null)
    setStale(null)
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.col}"]`)?.focus())
  }

  const save = useAction(async () => {
    if (!editing) return
    if (theirs) throw new Error(t('activity.resolveFirst'))
    const update = buildUpdate(editing.id, { [editing.key]: { value: editing.value, base: editing.base } })
    if (!update) return closeEdit()
    try {
      await app.client.call('v3.activity.updateMany', [update] as never)
    } catch (err) {
      if (err instanceof HlrError && err.code === 409 && err.details?.reason === 'stale') {
        setStale({ value: err.details.current ?? null })
        void rows.reload()
        throw new Error(t('activity.stale'))
      }
      throw err
    }
    rows.patch((d) => ({ ...d, rows: d.rows.map((a) => (a._id === editing.id ? applyLocal(a, editing.key, editing.value) : a)) }))
    closeEdit()
  })

  /**
   * How each column shows a value; made once per workflow and names, so rows already drawn need not be
   * drawn again. Each remembers what it made: formatting a date or a number in the page's language is
   * the costliest part of drawing a row, and values repeat as the person scrolls.
   */
  const formats = useMemo(
    () =>
      Object.fromEntries(
        metas.map((meta) => {
          const made = new Map<string, string>()
          const format = (value: unknown) => {
            if (meta.key === 'phaseId') return workflow.phases[String(value)]?.name ?? ''
            if (!meta.field) return String(value ?? '')
            if (meta.field.type === 'activitylink') return Array.isArray(value) && value.length ? t('grid.links', { count: value.length }) : ''
            return formatValue(meta.field, value, names)
          }
          return [
            meta.key,
            (value: unknown) => {
              const key = typeof value === 'object' && value !== null ? JSON.stringify(value) : `${typeof value}:${String(value)}`
              let text = made.get(key)
              if (text === undefined) {
                if (made.size > 10_000) made.clear()
                made.set(key, (text = format(value)))
              }
              return text
            },
          ]
        }),
      ),
    [metas, names, workflow],
  )

  function onKeyDown(event: KeyboardEvent) {
    if (editing || (event.target as HTMLElement).closest('.cell-editor')) return
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageUp: [-10, 0],
      PageDown: [10, 0],
    }
    if (event.key in moves) {
      event.preventDefault()
      const [dr, dc] = moves[event.key]
      return focusCell(focus.row + dr, focus.col + dc)
    }
    const activity = tableRows[focus.row]?.original
    if (!activity) return
    if (event.key === 'Enter') {
      event.preventDefault()
      startEdit(activity, metas[focus.col])
    } else if (event.key === ' ' && metas[focus.col].key === 'select') {
      event.preventDefault()
      toggle(activity._id)
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (!next.delete(id)) next.add(id)
      return next
    })
  // The rows' handlers stay the same object while scrolling (rows are memoized); they call the latest functions.
  const latest = useRef({ toggle, startEdit, setFocus })
  latest.current = { toggle, startEdit, setFocus }
  const actions: RowActions = useMemo(
    () => ({
      toggle: (id) => latest.current.toggle(id),
      edit: (activity, meta) => latest.current.startEdit(activity, meta),
      focus: (row, col) => latest.current.setFocus({ row, col }),
    }),
    [],
  )
  const chosen = useMemo(() => data.filter((a) => selected.has(a._id)), [data, selected])
  const allChosen = data.length > 0 && chosen.length === data.length

  return (
    <div className="grid-view">
      <Toolbar workflow={workflow} query={query} onChange={setQuery} filterable={fields.filter((f) => f.functionEnabled !== true)} />
      <BulkBar
        workflow={workflow}
        fields={fields}
        chosen={chosen}
        rows={rows}
        onRemoved={() => setSelected(new Set())}
        onClear={() => setSelected(new Set())}
      />
      {rows.error ? <ErrorLine message={problemOf(rows.error).message} /> : null}
      <p className="hint" id="grid-howto">
        {t('grid.howTo')}
      </p>
      <p className="muted" role="status" aria-live="polite">
        {rows.loading && !rows.data ? t('common.loading') : t('grid.count', { count: data.length })}
        {rows.data?.next ? ` ${t('grid.more')}` : ''}
      </p>
      <div
        ref={scroller}
        className="grid-scroll"
        role="grid"
        aria-label={t('grid.label', { name: workflow.name })}
        aria-rowcount={data.length + 1}
        aria-colcount={metas.length}
        aria-describedby="grid-howto"
        aria-busy={rows.loading || undefined}
        onKeyDown={onKeyDown}
      >
        <div className="grid-row grid-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {table.getHeaderGroups()[0].headers.map((header, col) => {
            const meta = header.column.columnDef.meta as ColumnMeta
            return (
              <div key={header.id} role="columnheader" aria-colindex={col + 1} className="grid-cell">
                {meta.key === 'select' ? (
                  <input
                    type="checkbox"
                    aria-label={t('grid.chooseAll')}
                    checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(data.map((a) => a._id)))}
                  />
                ) : meta.key === 'name' ? (
                  <button
                    type="button"
                    className="sort"
                    aria-label={t('grid.sortByName')}
                    onClick={() => setQuery({ ...query, sort: 'name', order: query.sort === 'name' && query.order === 'asc' ? 'desc' : 'asc' })}
                  >
                    {meta.label} {query.sort === 'name' ? (query.order === 'asc' ? '▲' : '▼') : ''}
                  </button>
                ) : (
                  meta.label
                )}
              </div>
            )
          })}
        </div>
        <div className="grid-body" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const activity = tableRows[item.index].original
            const isEditing = editing?.id === activity._id
            const meta = isEditing ? metas.find((m) => m.key === editing.key) : undefined
            return (
              <GridRow
                key={item.index % slots.current}
                activity={activity}
                index={item.index}
                start={item.start}
                template={template}
                width={width}
                metas={metas}
                formats={formats}
                workspace={session.cid}
                chosen={selected.has(activity._id)}
                focusCol={focus.row === item.index ? focus.col : -1}
                editingKey={isEditing ? editing.key : null}
                actions={actions}
                t={t}
                editor={
                  isEditing && meta ? (
                    <CellEditor
                      workflow={workflow}
                      field={meta.field}
                      editing={editing}
                      label={`${meta.label}: ${activity.name}`}
                      theirs={theirs}
                      busy={save.busy}
                      problem={save.problem}
                      format={formats[meta.key]}
                      onChange={(value) => setEditing({ ...editing, value })}
                      onSave={() => void save.run()}
                      onCancel={closeEdit}
                      onKeep={() => {
                        setEditing({ ...editing, base: theirs?.value ?? null })
                        setStale(null)
                        save.clear()
                      }}
                      onTake={closeEdit}
                    />
                  ) : null
                }
              />
            )
          })}
        </div>
      </div>
    </div>
  )
}

interface RowActions {
  toggle: (id: string) => void
  edit: (activity: Activity, meta: ColumnMeta) => void
  focus: (row: number, col: number) => void
}

interface RowProps {
  activity: Activity
  index: number
  start: number
  template: string
  /** The columns' widths added up: a row's size is known without measuring its cells. */
  width: number
  metas: ColumnMeta[]
  formats: Record<string, (value: unknown) => string>
  workspace: string
  chosen: boolean
  /** The column of the focused cell when it is in this row, else -1. */
  focusCol: number
  editingKey: string | null
  editor: ReactNode
  actions: RowActions
  /** The grid's translate function (one subscription to the language for all rows). */
  t: TFunction
}

/** One row, drawn again only when something it shows changed (not on every scrolled frame). */
const GridRow = memo(function GridRow({
  activity,
  index,
  start,
  template,
  width,
  metas,
  formats,
  workspace,
  chosen,
  focusCol,
  editingKey,
  editor,
  actions,
  t,
}: RowProps) {
  // The row's elements now show another activity (scrolled in): a focus left inside belonged to the one scrolled out.
  const row = useRef<HTMLDivElement>(null)
  const shown = useRef(activity._id)
  useLayoutEffect(() => {
    if (shown.current === activity._id) return
    shown.current = activity._id
    const active = document.activeElement
    if (active instanceof HTMLElement && row.current?.contains(active)) active.blur()
  }, [activity._id])
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={chosen}
      data-activity={activity._id}
      className={['grid-row', chosen ? 'chosen' : '', editingKey ? 'editing' : ''].join(' ')}
      ref={row}
      style={{ gridTemplateColumns: template, width, transform: `translateY(${start}px)` }}
    >
      {metas.map((meta, col) => (
        <div
          key={meta.key}
          role="gridcell"
          aria-colindex={col + 1}
          aria-readonly={!meta.editable || undefined}
          data-cell={`${index}:${col}`}
          data-key={meta.key}
          tabIndex={focusCol === col ? 0 : -1}
          className={editingKey === meta.key ? 'grid-cell editing' : 'grid-cell'}
          onFocus={() => focusCol !== col && actions.focus(index, col)}
          onDoubleClick={() => actions.edit(activity, meta)}
        >
          {meta.key === 'select' ? (
            <input
              type="checkbox"
              tabIndex={-1}
              aria-label={t('grid.chooseRow', { name: activity.name })}
              checked={chosen}
              onChange={() => actions.toggle(activity._id)}
            />
          ) : meta.key === 'name' ? (
            <Link tabIndex={-1} to={paths.activity(workspace, activity._id)}>
              {activity.name}
            </Link>
          ) : (
            <span>{formats[meta.key](readValue(activity, meta.key))}</span>
          )}
          {editingKey === meta.key ? editor : null}
        </div>
      ))}
    </div>
  )
})

/** The activity as it is after one value was saved (shown at once, before the signal's reload). */
function applyLocal(activity: Activity, key: string, value: unknown): Activity {
  if (key === 'name') return { ...activity, name: String(value) }
  if (key === 'phaseId') return { ...activity, currentPhase: String(value) }
  const id = key.slice('fields.'.length)
  const stored = value === '' || value === undefined ? null : value
  const has = activity.fields.some((f) => f._id === id)
  return {
    ...activity,
    fields: has ? activity.fields.map((f) => (f._id === id ? { ...f, value: stored } : f)) : [...activity.fields, { _id: id, value: stored }],
  }
}
