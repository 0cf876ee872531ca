// Draws the site's PNG icons from its SVGs with resvg (@resvg/resvg-js, pinned in
// tools/package-lock.json and installed by tools/node_packages.py).
//
//   node tools/icons.mjs NODE_MODULES SVG SIZE OUT [SVG SIZE OUT ...]
//
// NODE_MODULES: the directory the pinned packages were installed into; then, for each
// icon, the SVG file, the width and height in pixels and the PNG file to write.
// Run by tools/icons.py, which caches each PNG by the SVG, the size, this script and the
// lockfile.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [modules, ...icons] = process.argv.slice(2);
if (!modules || icons.length === 0 || icons.length % 3 !== 0) {
  throw new Error("usage: node icons.mjs NODE_MODULES SVG SIZE OUT [SVG SIZE OUT ...]");
}
const require = createRequire(path.join(path.resolve(modules), "index.js"));
const { Resvg } = require("@resvg/resvg-js");

for (let i = 0; i < icons.length; i += 3) {
  const [svg, size, out] = icons.slice(i, i + 3);
  const resvg = new Resvg(fs.readFileSync(svg), {
    fitTo: { mode: "width", value: Number(size) },
    // the icons draw no text: no fonts are looked for, so the output is the same anywhere
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  if (image.width !== Number(size) || image.height !== Number(size)) {
    throw new Error(`${svg}: drawn ${image.width} x ${image.height}, not ${size} x ${size}`);
  }
  fs.writeFileSync(out, image.asPng());
}
