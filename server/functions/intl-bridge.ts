/**
 * Locale formatting for function fields, bridged from the host's Intl (QuickJS has none): real
 * functions write `new Date(dep.start).toLocaleDateString('fi-FI')` and expect what a browser
 * prints. Inside the sandbox, Date.prototype.toLocale{Date,Time,}String,
 * Number.prototype.toLocaleString and Intl.DateTimeFormat / Intl.NumberFormat (format only) call one
 * host function with primitives only (a kind, a number, locales and options as JSON text of bounded
 * length) and get a string back. The time zone defaults to UTC, the sandbox's own local time.
 */
import type { QuickJSContext } from 'quickjs-emscripten'

const KINDS = ['date', 'time', 'datetime', 'number'] as const
type Kind = (typeof KINDS)[number]
const MAX_JSON = 1000

function format(kind: Kind, value: number, locales: string | string[] | undefined, options: Record<string, unknown> | undefined): string {
  if (kind === 'number') return new Intl.NumberFormat(locales, options).format(value)
  const withZone = { timeZone: 'UTC', ...options }
  const date = new Date(value)
  if (kind === 'date') return date.toLocaleDateString(locales, withZone)
  if (kind === 'time') return date.toLocaleTimeString(locales, withZone)
  return date.toLocaleString(locales, withZone)
}

function parseBounded(text: string | undefined): any {
  if (text === undefined) return undefined
  if (text.length > MAX_JSON) throw new RangeError('locale options are too long')
  return JSON.parse(text)
}

const SHIMS = `
(function (bridge) {
  'use strict';
  function fmt(kind, value, locales, options) {
    var out = bridge(kind, value, locales === undefined ? undefined : JSON.stringify(locales), options === undefined ? undefined : JSON.stringify(options));
    if (typeof out !== 'string') throw new RangeError(out.error);
    return out;
  }
  Date.prototype.toLocaleDateString = function (l, o) { return fmt('date', this.getTime(), l, o); };
  Date.prototype.toLocaleTimeString = function (l, o) { return fmt('time', this.getTime(), l, o); };
  Date.prototype.toLocaleString = function (l, o) { return fmt('datetime', this.getTime(), l, o); };
  Number.prototype.toLocaleString = function (l, o) { return fmt('number', Number(this), l, o); };
  function DateTimeFormat(l, o) {
    if (!(this instanceof DateTimeFormat)) return new DateTimeFormat(l, o);
    this.locales = l; this.options = o;
  }
  DateTimeFormat.prototype.format = function (d) {
    var o = this.options || {};
    var kind = o.timeStyle && !o.dateStyle ? 'time' : o.hour !== undefined || o.timeStyle ? 'datetime' : 'date';
    return fmt(kind, d === undefined ? Date.now() : +new Date(d), this.locales, this.options);
  };
  function NumberFormat(l, o) {
    if (!(this instanceof NumberFormat)) return new NumberFormat(l, o);
    this.locales = l; this.options = o;
  }
  NumberFormat.prototype.format = function (n) { return fmt('number', Number(n), this.locales, this.options); };
  globalThis.Intl = { DateTimeFormat: DateTimeFormat, NumberFormat: NumberFormat };
})(globalThis.__intl);
delete globalThis.__intl;
`

/** Installs the shims in a context whose globals are not frozen yet. */
export function installIntlBridge(context: QuickJSContext): void {
  const bridge = context.newFunction('__intl', (...args) => {
    const [kind, value, locales, options] = args.map((h) => context.dump(h))
    // A failure comes back as {error} and the shim throws it inside: setting name and message on
    // an Error from here would meet the frozen Error.prototype.
    const fail = (message: string) => {
      const out = context.newObject()
      context.newString(message.slice(0, 200)).consume((m) => context.setProp(out, 'error', m))
      return out
    }
    if (!KINDS.includes(kind) || typeof value !== 'number') return fail('bad locale formatting call')
    if (!Number.isFinite(value)) return context.newString(kind === 'number' ? String(value) : 'Invalid Date')
    try {
      return context.newString(format(kind, value, parseBounded(locales), parseBounded(options)))
    } catch (err) {
      return fail(String((err as Error).message ?? err))
    }
  })
  context.setProp(context.global, '__intl', bridge)
  bridge.dispose()
  context.unwrapResult(context.evalCode(SHIMS, 'intl.js')).dispose()
}
