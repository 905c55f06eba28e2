/**
 * A workflow as a board: a column per phase, a card per activity, live. Cards move by drag and drop
 * between and within phases (dnd-kit; with the keyboard: Space on a card's handle lifts it, arrows
 * carry it, Space drops, Escape cancels) or through each card's Move menu. A move shows at once; the
 * server may refuse it (a required field, no right to edit, someone else moved it first): the card
 * then goes back where it was and the board says why.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HlrError } from '../../../../client'
import { useApp, useSession } from '../../api/app-context'
import { useLive } from '../../api/useLive'
import { paths } from '../../routes'
import { Button, ErrorLine, TextField } from '../../ui/controls'
import { problemAt, problemElsewhere, problemOf } from '../../ui/errors'
import { useAction } from '../../ui/useAction'
import type { ViewProps } from '../workflow/views'
import { livePhases, type Workflow } from '../workflow/workflows'
import { BOARD_LIMIT, boardQuery, type Activity } from './activities'
import { applyMoves, groupByPhase, phaseOf, planMove, type Columns } from './plan'

const PHASE = 'phase:'

export default function Board({ workflow }: ViewProps) {
  const { t } = useTranslation()
  const app = useApp()
  const query = boardQuery(app.client, workflow._id)
  const activities = useLive(query.key, query.load, query.rules)
  const phases = livePhases(workflow)
  const phaseName = (id: string) => workflow.phases[id]?.name ?? t('board.phase')
  const columns = useMemo(() => groupByPhase(activities.data ?? [], phases), [activities.data, phases.join()])
  /** The columns as the drag shows them, while a card is carried. */
  const [dragged, setDragged] = useState<Columns | null>(null)
  const shown = dragged ?? columns
  const [refusal, setRefusal] = useState<string | null>(null)
  const [moved, setMoved] = useState<string | null>(null)
  const nameOf = (id: UniqueIdentifier) => (activities.data ?? []).find((a) => a._id === id)?.name ?? ''

  const move = useAction(async (id: string, toPhase: string, index: number) => {
    setRefusal(null)
    const updates = planMove(columns, id, toPhase, index)
    if (!updates.length) return
    activities.patch((data) => applyMoves(data, updates))
    setMoved(id)
    try {
      await app.client.call('v3.activity.updateMany', updates)
    } catch (err) {
      // The card goes back to where the server has it, and the board says why.
      await activities.reload()
      setRefusal(t('board.refused', { name: nameOf(id), phase: phaseName(toPhase), reason: refusalReason(err, workflow, t) }))
    }
  })

  // After a move the moved card keeps the keyboard focus, in its new place.
  useEffect(() => {
    if (!moved) return
    document.querySelector<HTMLElement>(`[data-activity="${moved}"] .handle`)?.focus()
    setMoved(null)
  }, [moved, shown])

  const sensors = useSensors(
    // A card's link and menu stay clickable: dragging starts after the pointer moved a little.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const containerOf = (cols: Columns, id: UniqueIdentifier) => (String(id).startsWith(PHASE) ? String(id).slice(PHASE.length) : phaseOf(cols, String(id)))

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return
    setDragged((cols) => {
      if (!cols) return cols
      const from = containerOf(cols, active.id)
      const to = containerOf(cols, over.id)
      if (!from || !to || from === to) return cols
      const card = cols[from].find((a) => a._id === active.id)!
      const overIndex = cols[to].findIndex((a) => a._id === over.id)
      const at = overIndex >= 0 ? overIndex : cols[to].length
      return { ...cols, [from]: cols[from].filter((a) => a._id !== active.id), [to]: [...cols[to].slice(0, at), card, ...cols[to].slice(at)] }
    })
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const cols = dragged
    setDragged(null)
    if (!over || !cols) return
    const to = containerOf(cols, active.id)!
    let list = cols[to]
    const from = list.findIndex((a) => a._id === active.id)
    const overIndex = list.findIndex((a) => a._id === over.id)
    if (overIndex >= 0 && overIndex !== from) list = arrayMove(list, from, overIndex)
    void move.run(
      String(active.id),
      to,
      list.findIndex((a) => a._id === active.id),
    )
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('board.announce.lifted', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('board.announce.over', { name: nameOf(active.id), phase: phaseName(containerOf(shown, over.id) ?? '') }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('board.announce.dropped', { name: nameOf(active.id), phase: phaseName(containerOf(shown, over.id) ?? '') }) : undefined,
    onDragCancel: ({ active }) => t('board.announce.cancelled', { name: nameOf(active.id) }),
  }

  return (
    <>
      <AddActivity workflow={workflow} firstPhase={phases[0]} />
      <p className="hint">{t('board.howToMove')}</p>
      <div role="alert" className="refusal">
        {refusal ? <p className="error">{refusal}</p> : null}
      </div>
      {activities.error ? <ErrorLine message={problemOf(activities.error).message} /> : null}
      {!phases.length ? <p className="muted">{t('board.noPhases')}</p> : null}
      {(activities.data?.length ?? 0) >= BOARD_LIMIT ? <p className="hint">{t('board.limited', { count: BOARD_LIMIT })}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={() => setDragged(columns)}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('board.instructions') } }}
      >
        <div className="board" data-busy={move.busy || undefined}>
          {phases.map((phaseId) => (
            <Column
              key={phaseId}
              workflow={workflow}
              phaseId={phaseId}
              cards={shown[phaseId] ?? []}
              phases={phases}
              onMove={(id, to, index) => void move.run(id, to, index)}
            />
          ))}
        </div>
      </DndContext>
    </>
  )
}

/** Why the server refused a move, naming the field it concerns when it names one. */
function refusalReason(err: unknown, workflow: Workflow, t: TFunction): string {
  if (err instanceof HlrError && err.code === 409 && err.details?.reason === 'stale') return t('board.stale')
  const problem = problemOf(err)
  const fieldId = err instanceof HlrError ? (err.details?.field as string | undefined) : undefined
  const label = fieldId ? workflow.fields?.[fieldId]?.label : undefined
  return label ? `${label} ${problem.message}` : problem.message
}

function Column({
  workflow,
  phaseId,
  cards,
  phases,
  onMove,
}: {
  workflow: Workflow
  phaseId: string
  cards: Activity[]
  phases: string[]
  onMove: (id: string, toPhase: string, index: number) => void
}) {
  const { t } = useTranslation()
  const { setNodeRef } = useDroppable({ id: PHASE + phaseId })
  const name = workflow.phases[phaseId]?.name ?? t('board.phase')
  return (
    <section className="column" data-phase={phaseId} aria-labelledby={`col-${phaseId}`}>
      <h2 id={`col-${phaseId}`}>
        {name} <span className="muted">({cards.length})</span>
      </h2>
      <SortableContext id={phaseId} items={cards.map((a) => a._id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef}>
          {cards.map((a, index) => (
            <Card key={a._id} activity={a} workflow={workflow} phaseId={phaseId} index={index} count={cards.length} phases={phases} onMove={onMove} />
          ))}
        </ul>
      </SortableContext>
    </section>
  )
}

function Card({
  activity,
  workflow,
  phaseId,
  index,
  count,
  phases,
  onMove,
}: {
  activity: Activity
  workflow: Workflow
  phaseId: string
  index: number
  count: number
  phases: string[]
  onMove: (id: string, toPhase: string, index: number) => void
}) {
  const { t } = useTranslation()
  const session = useSession()!
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: activity._id })
  const [menuOpen, setMenuOpen] = useState(false)
  const choose = (to: string, at: number) => {
    setMenuOpen(false)
    onMove(activity._id, to, at)
  }
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'card dragging' : 'card'}
      data-activity={activity._id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button type="button" className="handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('board.handle', { name: activity.name })}>
        <span aria-hidden="true">⠿</span>
      </button>
      <Link to={paths.activity(session.cid, activity._id)}>{activity.name}</Link>
      {activity.ballHolder ? (
        <span className="ball" title={t('board.ballHeld')}>
          <span aria-hidden="true">●</span>
          <span className="visually-hidden">{t('board.ballHeld')}</span>
        </span>
      ) : null}
      <details className="move" open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
        <summary aria-label={t('board.moveMenu', { name: activity.name })}>{t('board.move')}</summary>
        <ul>
          {index > 0 ? (
            <li>
              <button type="button" onClick={() => choose(phaseId, index - 1)}>
                {t('board.moveUp')}
              </button>
            </li>
          ) : null}
          {index < count - 1 ? (
            <li>
              <button type="button" onClick={() => choose(phaseId, index + 1)}>
                {t('board.moveDown')}
              </button>
            </li>
          ) : null}
          {phases
            .filter((p) => p !== phaseId)
            .map((p) => (
              <li key={p}>
                <button type="button" onClick={() => choose(p, Number.MAX_SAFE_INTEGER)}>
                  {t('board.moveTo', { phase: workflow.phases[p]?.name ?? t('board.phase') })}
                </button>
              </li>
            ))}
        </ul>
      </details>
    </li>
  )
}

function AddActivity({ workflow, firstPhase }: { workflow: Workflow; firstPhase?: string }) {
  const { t } = useTranslation()
  const app = useApp()
  const [name, setName] = useState('')
  const add = useAction(async () => {
    await app.client.call('v3.activity.create', workflow._id, { name: name.trim(), ...(firstPhase ? { phaseId: firstPhase } : {}) } as never)
    setName('')
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void add.run()
  }
  return (
    <form className="inline" onSubmit={submit} noValidate>
      <TextField
        label={t('board.newName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={problemAt(add.problem, '/name', '/1/name')}
      />
      <Button type="submit" busy={add.busy}>
        {t('board.add')}
      </Button>
      <ErrorLine message={problemElsewhere(add.problem, '/name', '/1/name')} />
    </form>
  )
}
