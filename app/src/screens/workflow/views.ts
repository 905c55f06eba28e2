/**
 * The views of a workflow, chosen by `?view=` in the address (the first is the default). A new view
 * is one entry here: its id (the URL value), the i18n key of its name, its screen (loaded when first
 * shown or preloaded), and optionally how to start reading its data from the address alone, so the
 * view's first call goes out with the workflow's instead of after it. Each view gets the workflow
 * and keeps its own filters in the query string too.
 */
import type { HlrClient } from '../../../../client'
import type { LiveQueries } from '../../api/live'
import { preloadable, type Preloadable } from '../../ui/preloadable'
import { preloadBoard } from '../board/activities'
import { preloadGrid } from '../grid/rows'
import type { Workflow } from './workflows'

export interface ViewProps {
  workflow: Workflow
}

export interface ViewEntry {
  id: string
  label: string
  component: Preloadable<ViewProps>
  /** Starts the view's live query; returns the function that ends this use. */
  preload?: (client: HlrClient, live: LiveQueries, workflowId: string, params: URLSearchParams) => () => void
}

export const VIEWS: ViewEntry[] = [
  { id: 'board', label: 'views.board', component: preloadable(() => import('../board/Board')), preload: preloadBoard },
  { id: 'grid', label: 'views.grid', component: preloadable(() => import('../grid/Grid')), preload: preloadGrid },
  { id: 'calendar', label: 'views.calendar', component: preloadable(() => import('../calendar/Calendar')), preload: preloadBoard },
]
