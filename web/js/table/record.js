// A game's record as a file: export (download) and import (a file picker).
//
//   exportRecord(record, {name, extra})  downloads "<game>-<seed>-<n moves>.json" holding
//                                        {format: "celestix-record", version: 1, record, ...extra}
//   await importRecord()                 -> {record, extra} | null (cancelled); rejects
//                                        with a readable Error when the file is not a record
//   parseRecord(text)                    the same check on text (the import's core)
//
// The page then gives `record` to engine.replay (or TableSession.steps), which checks
// every move again.

export const FORMAT = "celestix-record";

export function exportRecord(record, { name = "", extra = {} } = {}) {
  const data = { format: FORMAT, version: 1, record, ...extra };
  const blob = new Blob([`${JSON.stringify(data, null, 1)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name || `${record.game}-${record.seed}-${record.actions.length}-moves.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return a.download;
}

export function parseRecord(text, game = null) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("This file is not a game record (it is not JSON).");
  }
  const record = data && data.format === FORMAT ? data.record : data;
  if (!record || typeof record !== "object" || !Array.isArray(record.actions) || typeof record.game !== "string") {
    throw new Error("This file is not a game record.");
  }
  if (game && record.game !== game) throw new Error(`This file is a record of another game (${record.game}).`);
  const extra = data && data.format === FORMAT ? { ...data } : {};
  delete extra.record;
  return { record, extra };
}

export function importRecord(game = null) {
  return new Promise((resolve, reject) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "application/json,.json";
    input.hidden = true;
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      input.remove();
      if (!file) return resolve(null);
      try {
        resolve(parseRecord(await file.text(), game));
      } catch (error) {
        reject(error);
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
