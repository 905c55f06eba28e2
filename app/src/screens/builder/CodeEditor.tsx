/**
 * CodeMirror 6 for a function's body (loaded with the function section, never on the first screen).
 * The editor lives in a shadow root: there CodeMirror's styles go in as constructed stylesheets
 * (adoptedStyleSheets), which the strict Content-Security-Policy allows; mounted in the document it
 * would add a <style> element, which the policy refuses. The page's colour variables still reach it.
 * The server's errors are shown at their line as diagnostics.
 */
import { javascript } from '@codemirror/lang-javascript'
import { setDiagnostics, type Diagnostic } from '@codemirror/lint'
import { basicSetup, EditorView } from 'codemirror'
import { useEffect, useRef } from 'react'

export interface CodeProblem {
  message: string
  line?: number
  column?: number
  severity: 'error' | 'warning'
}

/** A problem at its line and column (1-based, as the server counts), within the document. */
function toDiagnostic(view: EditorView, p: CodeProblem): Diagnostic {
  const doc = view.state.doc
  const line = doc.line(Math.min(Math.max(p.line ?? 1, 1), doc.lines))
  const from = Math.min(line.from + Math.max((p.column ?? 1) - 1, 0), line.to)
  return { from, to: Math.max(from, line.to), severity: p.severity, message: p.message }
}

const THEME = EditorView.theme({
  '&': { minHeight: '8rem', color: 'var(--fg)', backgroundColor: 'var(--bg)', border: '1px solid var(--line)', borderRadius: '6px' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '&.cm-focused': { outline: '2px solid var(--focus)' },
})

export function CodeEditor({
  value,
  onChange,
  label,
  problems,
  onView,
}: {
  value: string
  onChange: (code: string) => void
  label: string
  problems: CodeProblem[]
  onView: (view: EditorView | null) => void
}) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' })
    const editor = new EditorView({
      doc: value,
      root,
      parent: root,
      extensions: [
        THEME,
        basicSetup,
        javascript(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((u) => u.docChanged && latest.current(u.state.doc.toString())),
      ],
    })
    view.current = editor
    onView(editor)
    return () => {
      onView(null)
      editor.destroy()
      view.current = null
    }
    // The editor is made once; later values come from its own edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    const editor = view.current
    if (editor)
      editor.dispatch(
        setDiagnostics(
          editor.state,
          problems.map((p) => toDiagnostic(editor, p)),
        ),
      )
  }, [problems])
  return <div className="code-editor" ref={host} />
}
