// Plain JSON, checked: what the page may send to the engine (bridge.js checks every call's
// parameters before posting them) and what the engine's worker hands to Python (worker.js
// checks again, so nothing too deep reaches Python's JSON reader, whose recursion Pyodide's
// stack does not always survive). The engine's own limit is celestix.shape.MAX_DEPTH.
// And the engine's values compared as values, whatever the order of an object's keys (an
// action the page made and one the engine gave back):
//
//   sameJson(a, b) -> whether two plain JSON values are the same

// Parameters nested deeper than this are refused: no game's state, view or record comes
// near (they are at most 6 deep).
export const MAX_DEPTH = 32;

/**
 * Why `value` (the parameter `name`) is not plain JSON within the engine's bounds, as
 * {field, problem}, or null when it is. Refused: numbers that are not finite (NaN,
 * Infinity: JSON would turn them into null), BigInts, functions, symbols, undefined
 * inside a value, objects that are not plain (dates, maps, DOM nodes...), cycles, and
 * values nested more than MAX_DEPTH deep. Checked without recursion; the field is named
 * as the engine names it (`state.ledger[1].pot`).
 */
export function jsonProblem(name, value) {
  const stack = [[value, name, 0]];
  const open = new Set(); // the objects on the path being walked (a cycle returns to one)
  while (stack.length) {
    const [item, field, depth] = stack.pop();
    if (item === CLOSE) {
      open.delete(field);
      continue;
    }
    const type = typeof item;
    if (item === null || type === "string" || type === "boolean") continue;
    if (type === "number") {
      if (!Number.isFinite(item))
        return { field, problem: `${item} is not a number JSON can hold` };
      continue;
    }
    if (type !== "object")
      return { field, problem: `expected plain JSON data, got ${TYPE_NAMES[type]}` };
    if (open.has(item)) return { field, problem: "holds itself (a cycle)" };
    const array = Array.isArray(item);
    const proto = Object.getPrototypeOf(item);
    if (!array && proto !== Object.prototype && proto !== null) {
      return { field, problem: "expected plain JSON data, got an object that is not plain" };
    }
    if (depth === MAX_DEPTH)
      return { field, problem: `nested too deeply (more than ${MAX_DEPTH} levels)` };
    open.add(item);
    stack.push([CLOSE, item]);
    const keys = array ? [...item.keys()] : Object.keys(item);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      stack.push([item[key], array ? `${field}[${key}]` : `${field}.${key}`, depth + 1]);
    }
  }
  return null;
}
const CLOSE = Symbol("close");
const TYPE_NAMES = {
  bigint: "a BigInt",
  function: "a function",
  symbol: "a symbol",
  undefined: "undefined",
};

export function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}
