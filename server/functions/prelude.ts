/**
 * The code each sandbox context runs before it is frozen and before any user code
 * (./sandbox.ts): the entry points the host calls, and the freezing of every global and built-in.
 */

/**
 * Runs inside the context before it is frozen. `__run(fn, depJson)` calls a compiled body with its
 * `dep` and returns the result as JSON text (undefined stays undefined); a promise is refused,
 * since a field's value must be known when the body returns.
 *
 * `__runBatch(fns, itemsJson)` is the fast mode's one entry for many evaluations: `itemsJson` is
 * `[[fnIndex, dep], ...]`; the answer is JSON text of one entry per item: `[json]` for a result,
 * `[]` for undefined, or 0 when the body threw or its result is too long (the host then evaluates
 * that item alone, so its error reads exactly as in the default mode). An InternalError (stack
 * overflow, out of memory) or the deadline's interrupt, which no catch can stop, ends the whole
 * batch: the host evaluates every item of it alone.
 *
 * `__seal(fn)` freezes a compiled body and its `prototype`: reachable through `arguments.callee`,
 * they are the only objects that outlive one evaluation.
 */
export const prelude = (resultBytes: number) => `
'use strict';
(function () {
  function value(fn, dep) {
    var result = fn(dep);
    if (result instanceof Promise) throw new TypeError('a function field must return a value, not a promise');
    if (result === undefined) return undefined;
    if (typeof result === 'number' && !isFinite(result)) return JSON.stringify(String(result));
    return JSON.stringify(result);
  }
  globalThis.__run = function (fn, depJson) {
    return value(fn, JSON.parse(depJson));
  };
  globalThis.__runBatch = function (fns, itemsJson) {
    var items = JSON.parse(itemsJson);
    var out = new Array(items.length);
    for (var i = 0; i < items.length; i++) {
      try {
        var json = value(fns[items[i][0]], items[i][1]);
        out[i] = json === undefined ? '[]' : json.length > ${resultBytes} ? '0' : '[' + json + ']';
      } catch (e) {
        if (e instanceof InternalError) throw e;
        out[i] = '0';
      }
    }
    return '[' + out.join(',') + ']';
  };
  globalThis.__seal = function (fn) {
    Object.freeze(fn.prototype);
    Object.freeze(fn);
  };
})();
(function freeze() {
  var seen = new Set();
  var stack = [globalThis];
  while (stack.length) {
    var o = stack.pop();
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) continue;
    seen.add(o);
    Object.freeze(o);
    stack.push(Object.getPrototypeOf(o));
    var keys = Reflect.ownKeys(o);
    for (var i = 0; i < keys.length; i++) {
      var d = Object.getOwnPropertyDescriptor(o, keys[i]);
      if (!d) continue;
      if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
    }
  }
  // Intrinsics not reachable by name from the global object.
  [function () {}, function* () {}, async function () {}, async function* () {}].forEach(function (f) {
    stack.push(Object.getPrototypeOf(f), Object.getPrototypeOf(f).prototype);
  });
  while (stack.length) { var p = stack.pop(); if (p && !seen.has(p)) { seen.add(p); Object.freeze(p); } }
})();
`
