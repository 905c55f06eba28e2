/**
 * The dependency graph of one activity field (v3.activity.explainNode), drawn as SVG: nodes in
 * columns by depth, edges from what is read to the function reading it, cycles in red. Offered only
 * when the server has explainNode.
 */
import { describe, type App } from '../app'
import { h } from '../dom'

interface GraphNode {
  id: string
  label: string
  depth: number
  isFunction?: boolean
}
interface GraphEdge {
  from: string
  to: string
  variable?: string
}
export interface Explained {
  nodes: GraphNode[]
  edges: GraphEdge[]
  /** Each cycle as the node ids along it. */
  cycles: Array<{ path: string[] }>
  truncated?: boolean
}

const SVG = 'http://www.w3.org/2000/svg'
const W = 170
const H = 34
const GAP_X = 60
const GAP_Y = 18
const BACK_DROP = 30

/** Forward edges run straight from the right side to the left side; others loop below the boxes. */
function edgePath(a: { x: number; y: number }, b: { x: number; y: number }): string {
  if (b.x > a.x) return `M${a.x + W},${a.y + H / 2} L${b.x},${b.y + H / 2}`
  const low = Math.max(a.y, b.y) + H + BACK_DROP
  return `M${a.x + W / 2},${a.y + H} C${a.x + W / 2},${low} ${b.x + W / 2},${low} ${b.x + W / 2},${b.y + H}`
}

export function graphButton(app: App, activityId: string, fieldId: string, label: string): HTMLElement | null {
  if (!app.has.explainNode) return null
  const button = h('button', { type: 'button', class: 'small', text: 'Dependencies', 'aria-label': `Dependencies of ${label}` })
  const out = h('div', { class: 'graph' })
  button.addEventListener('click', async () => {
    try {
      const graph = (await app.client.callUntyped('v3.activity.explainNode', { activityId, fieldId })) as Explained
      out.replaceChildren(drawGraph(graph, `Dependencies of ${label}`))
    } catch (err) {
      out.textContent = describe(err)
    }
  })
  return h('div', {}, button, out)
}

export function drawGraph(graph: Explained, title: string): SVGSVGElement {
  const inCycle = new Set<string>()
  const cycleEdge = new Set<string>()
  for (const cycle of graph.cycles) {
    const ids = cycle.path
    ids.forEach((id, i) => {
      const next = ids[(i + 1) % ids.length]
      inCycle.add(id)
      // A step reads the next one, so the edge may be drawn either way: both are the cycle's.
      cycleEdge.add(`${id}>${next}`).add(`${next}>${id}`)
    })
  }
  const depths = [...new Set(graph.nodes.map((n) => n.depth))].sort((a, b) => a - b)
  const place = new Map<string, { x: number; y: number }>()
  const rows = new Map<number, number>()
  for (const node of graph.nodes) {
    const column = depths.indexOf(node.depth)
    const row = rows.get(column) ?? 0
    rows.set(column, row + 1)
    place.set(node.id, { x: 10 + column * (W + GAP_X), y: 10 + row * (H + GAP_Y) })
  }
  const width = 20 + depths.length * (W + GAP_X)
  // Room below the boxes for edges that go back to an earlier column.
  const height = 20 + Math.max(1, ...rows.values()) * (H + GAP_Y) + BACK_DROP
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width: String(width), height: String(height), role: 'img', 'aria-label': title }) as SVGSVGElement
  svg.append(el('title', {}, title))
  const defs = el('defs')
  for (const [id, color] of [
    ['arrow', '#555'],
    ['arrow-cycle', '#c00'],
  ])
    defs.append(
      el(
        'marker',
        { id, viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '8', markerHeight: '8', orient: 'auto' },
        el('path', { d: 'M0,0 L10,5 L0,10 z', fill: color }),
      ),
    )
  svg.append(defs)
  for (const edge of graph.edges) {
    const a = place.get(edge.from)
    const b = place.get(edge.to)
    if (!a || !b) continue
    const cyclic = cycleEdge.has(`${edge.from}>${edge.to}`)
    svg.append(
      el('path', {
        d: edgePath(a, b),
        class: cyclic ? 'edge cycle' : 'edge',
        'marker-end': `url(#${cyclic ? 'arrow-cycle' : 'arrow'})`,
      }),
    )
  }
  for (const node of graph.nodes) {
    const p = place.get(node.id)!
    const g = el('g', { class: inCycle.has(node.id) ? 'node cycle' : 'node' })
    g.append(
      el('rect', { x: String(p.x), y: String(p.y), width: String(W), height: String(H), rx: '6' }),
      el('text', { x: String(p.x + 8), y: String(p.y + H / 2 + 5) }, node.label),
    )
    svg.append(g)
  }
  return svg
}

function el(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string>) {
  const node = document.createElementNS(SVG, tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  node.append(...children)
  return node
}
