// A game's record as a file: export (download) and import (a file picker). One format
// for every game: {format: "celestix-record", version: 1, record, levels, position}.
// Older files still import: the Sabacc page's "celestix-sabacc-game" files and saved
// games ({version, record, ...}), and a bare record ({game, seed, actions, ...}).
//
//   exportRecord(saved)     downloads "<game>-<seed>-<n>-moves.json"; returns its name
//   await importRecord()    -> the text of the file chosen, or null (cancelled)
//   parseRecord(text, game) -> a saved game ({version, record, levels, position}) to be
//                              checked by the store (table/store.js) and replayed by the
//                              engine; throws an Error with a sentence when it is not one

export const FORMAT = "celestix-record";
const OLD_FORMATS = ["celestix-sabacc-game"];

export function exportRecord({ record, levels = null, position = null }) {
  const data = {
    format: FORMAT,
    version: 1,
    record,
    levels,
    position: position ?? record.actions.length,
  };
  const blob = new Blob([`${JSON.stringify(data, null, 1)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${record.game}-${record.seed}-${record.actions.length}-moves.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return a.download;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

export function parseRecord(text, game) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("This file is not a game record (it is not JSON).");
  }
  if (!isObject(data)) throw new Error("This file is not a game record.");
  if (data.format !== undefined && data.format !== FORMAT && !OLD_FORMATS.includes(data.format)) {
    throw new Error("This file is not a game record of the card room.");
  }
  const record = isObject(data.record) ? data.record : data;
  if (typeof record.game !== "string" || !Array.isArray(record.actions))
    throw new Error("This file is not a game record.");
  if (record.game !== game)
    throw new Error("This file is a record of another game: open it on that game's page.");
  const { game: g, version, options = null, seed, setup = null, actions, reseeds } = record;
  return {
    version: 1,
    // (a table of friends' record: each hand's own seed, engine.reseed; the record's own
    // version, which the store takes as 1 when an older page left it out)
    record: {
      game: g,
      ...(version !== undefined ? { version } : {}),
      options,
      seed,
      setup,
      actions,
      ...(reseeds ? { reseeds } : {}),
    },
    levels: data.levels ?? null,
    position: data.position ?? null,
  };
}

export function importRecord() {
  return new Promise((resolve, reject) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "application/json,.json";
    input.hidden = true;
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) return resolve(null);
      if (file.size > 4_000_000)
        return reject(new Error("This file is too large to be a game record."));
      try {
        resolve(await file.text());
      } catch {
        reject(new Error("This file could not be read."));
      }
    });
    input.addEventListener("cancel", () => {
      input.remove();
      resolve(null);
    });
    document.body.append(input);
    input.click();
  });
}
