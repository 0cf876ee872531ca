// A table's address: #<game>/deal=12345&players=5 names a deal and the options that
// differ from the defaults (names and values as in PROTOCOL.md). Every value is checked
// against the engine's own option list (engine.games()) before it is used, and what is
// wrong is said in words, so a bad link still gives a usable page.
//
//   readLink(params, info) -> null (the address names no game)
//                             | {seed: n | null, options, problems: [sentence, ...]}
//   linkHash(info, seed, options)   the address of a game
//   sameGame(record, wanted, info)  the record is the game the link names
//   optionName(info, name) / choiceName(info, name, value)   words for an option

const MAX_DEAL = Number.MAX_SAFE_INTEGER;

/** "start_chips" -> "Start chips" when the engine gives no label. */
export function choiceLabel(value) {
  const text = String(value).replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function optionName(info, name) {
  return info.options?.[name]?.label || choiceLabel(name);
}

export function choiceName(info, name, value) {
  const spec = info.options?.[name];
  return spec?.labels?.[String(value)] || choiceLabel(value);
}

const quote = (text) => `“${String(text).slice(0, 40)}”`;
const number = (n) => n.toLocaleString("en");

export function readLink(params, info) {
  const specs = info.options || {};
  const names = [...params.keys()];
  if (!names.length) return null;
  const problems = [];
  let seed = null;
  const options = {};
  for (const name of names) {
    const text = params.get(name);
    if (name === "deal") {
      if (/^\d{1,16}$/.test(text) && Number(text) <= MAX_DEAL) seed = Number(text);
      else
        problems.push(
          `${quote(text)} is not a deal number: a deal number is a whole number, like 12345.`,
        );
      continue;
    }
    const spec = specs[name];
    if (!spec) {
      problems.push(`This table has no option called ${quote(name)}.`);
      continue;
    }
    const label = optionName(info, name);
    if (spec.choices) {
      const match = spec.choices.find((choice) => String(choice) === text);
      if (match === undefined) {
        const allowed = spec.choices.map((c) => choiceName(info, name, c)).join(", ");
        problems.push(`${quote(text)} is not a choice for ${label} (${allowed}).`);
      } else options[name] = match;
      continue;
    }
    const value = /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
    const low = spec.min ?? 0;
    const high = spec.max ?? MAX_DEAL;
    if (!Number.isSafeInteger(value) || value < low || value > high) {
      problems.push(
        `${label} must be a whole number from ${number(low)} to ${number(high)}, not ${quote(text)}.`,
      );
    } else options[name] = value;
  }
  return { seed, options, problems };
}

/** Every option of the game, those left out at their defaults (as the engine would). */
export function resolved(info, options = {}) {
  const out = {};
  const specs = info.options || {};
  for (const [name, spec] of Object.entries(specs)) {
    if (options[name] !== undefined && options[name] !== null) {
      out[name] = options[name];
      continue;
    }
    const when = spec.default_when;
    const other = when ? (options[when.option] ?? specs[when.option]?.default) : undefined;
    out[name] = when && Object.hasOwn(when.values, other) ? when.values[other] : spec.default;
  }
  return out;
}

export function sameGame(record, wanted, info) {
  if (wanted.seed !== null && record.seed !== wanted.seed) return false;
  const a = resolved(info, record.options || {});
  const b = resolved(info, { ...(wanted.seed === null ? record.options : {}), ...wanted.options });
  return Object.keys(a).every((name) => a[name] === b[name]);
}

export function linkHash(info, seed, options = {}) {
  const parts = [`deal=${seed}`];
  const full = resolved(info, options);
  for (const name of Object.keys(info.options || {})) {
    // written when it is not what the address gives without it
    const without = resolved(info, { ...full, [name]: undefined })[name];
    if (full[name] !== without) parts.push(`${name}=${encodeURIComponent(full[name])}`);
  }
  return `#${info.id}/${parts.join("&")}`;
}
