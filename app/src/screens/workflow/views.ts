/**
 * The views of a workflow, chosen by `?view=` in the address (the first is the default). A new view
 * is one entry here: its id (the URL value), the i18n key of its name, and its screen, loaded when
 * first shown. Each view gets the workflow and keeps its own filters in the query string too.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Workflow } from './workflows'

export interface ViewProps {
  workflow: Workflow
}

export interface ViewEntry {
  id: string
  label: string
  component: LazyExoticComponent<ComponentType<ViewProps>>
}

export const VIEWS: ViewEntry[] = [
  { id: 'board', label: 'views.board', component: lazy(() => import('../board/Board')) },
  { id: 'grid', label: 'views.grid', component: lazy(() => import('../grid/Grid')) },
  { id: 'calendar', label: 'views.calendar', component: lazy(() => import('../calendar/Calendar')) },
]
