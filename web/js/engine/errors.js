// What a caught error says. Anything may be thrown (a worker's message, a DOMException,
// a string), so the pages read a caught value through these, never its fields directly.

/** A failed call or boot: `kind` is "malformed", "illegal", "internal", "boot" or "died". */
export class EngineError extends Error {
  constructor({
    type = "EngineError",
    kind = "internal",
    message = "",
    field = null,
    rule = null,
  } = {}) {
    super(message);
    this.name = "EngineError";
    this.type = type; // the engine's exception class, e.g. "IllegalActionError"
    this.kind = kind;
    this.field = field; // the input field at fault (malformed), e.g. "action.to"
    this.rule = rule; // the rule at fault (illegal), e.g. "foundation-order"
  }
}

/**
 * The sentence a caught value carries: an error's message, or the value written out.
 * @param {unknown} error
 */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The kind a caught engine or table error carries ("illegal", "died", ...), or null.
 * @param {unknown} error
 * @returns {string | null}
 */
export function kindOf(error) {
  return error instanceof Error && "kind" in error && typeof error.kind === "string"
    ? error.kind
    : null;
}
