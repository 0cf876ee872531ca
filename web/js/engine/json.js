// The engine's values are plain JSON (PROTOCOL.md): compared here as values, whatever the
// order of an object's keys (an action the page made and one the engine gave back).
//
//   sameJson(a, b) -> whether two plain JSON values are the same

export function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}
