// QR codes of invitations and answers: drawn with the vendored @paulmillr/qr (the build
// copies it, pinned, into vendor/qr/: tools/downloads.py), and read from the device's
// camera with the browser's BarcodeDetector where it reads QR codes, that library's
// reader where not. Both are loaded only when a QR code is first drawn or read.
//
//   await qrImage(text, label)   an <svg role="img" aria-label=label> of text's QR code,
//                                data-modules its width in modules (quiet zone included)
//   showQr(place, text, label)   the same drawn into `place` when ready
//   await canScan()              a camera this page may use is there
//   await decodePicture(source, w, h)  the QR code's text in a picture, or null
//   const scan = scanCode(video) the camera shown in `video` until a QR code is read:
//                                await scan.found -> its text (null once stopped);
//                                scan.stop(); refused in words (ScanError)

const LIBRARY = "../../../vendor/qr/index.js";
const READER = "../../../vendor/qr/decode.js";
const SVG = "http://www.w3.org/2000/svg";
// The quiet zone round a code, in modules: two (the library's own default; a phone reads
// a code on a screen with it, and on a phone every module counts: an invitation's link is
// about 90 modules wide)
const QUIET = 2;
// Between two readings of the camera's picture (ms)
const EVERY_MS = 200;
// The scales a picture is read at: the library's reader places a large code's grid from
// its finder patterns and misreads about one code in twenty at some sizes, crisp as the
// code may be; the same picture made smaller is read right (with three scales one of
// sixty invitation-sized codes was still misread, with these five none of 240)
const SCALES = [1, 0.75, 0.5, 0.875, 0.625];

export class ScanError extends Error {
  constructor(message) {
    super(message);
    this.name = "ScanError";
  }
}

/** `text` as a QR code: an image named `label`, black modules on white, drawn crisp. */
export async function qrImage(text, label) {
  const { encodeQR } = await import(LIBRARY);
  // low correction: a screen shows the code cleanly, and fewer modules are larger ones
  const rows = encodeQR(text, "raw", { ecc: "low", border: QUIET });
  const size = rows.length;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < size; ) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (x + run < size && row[x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "fr-qr");
  svg.dataset.modules = String(size);
  svg.style.setProperty("--qr-modules", String(size));
  const paper = document.createElementNS(SVG, "rect");
  paper.setAttribute("width", String(size));
  paper.setAttribute("height", String(size));
  paper.setAttribute("fill", "#fff");
  const ink = document.createElementNS(SVG, "path");
  ink.setAttribute("d", path);
  ink.setAttribute("fill", "#000");
  svg.append(paper, ink);
  return svg;
}

/** `text`'s QR code drawn into `place` once the library has loaded (or words saying it
 * could not be). */
export function showQr(place, text, label) {
  qrImage(text, label).then(
    (image) => place.replaceChildren(image),
    () => {
      place.textContent = "The QR code could not be drawn: copy the text above instead.";
    },
  );
}

/** Whether this page may use a camera and the device has one. */
export async function canScan() {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia || !media.enumerateDevices) return false;
  // (not in every browser; featurePolicy is the older name)
  /** @type {{allowsFeature(feature: string): boolean} | undefined} */
  const policy =
    /** @type {any} */ (document).permissionsPolicy || /** @type {any} */ (document).featurePolicy;
  if (policy && !policy.allowsFeature("camera")) return false;
  try {
    return (await media.enumerateDevices()).some((device) => device.kind === "videoinput");
  } catch {
    return false;
  }
}

/** How a picture of the camera is read: (video) -> the QR code's text, or null. */
async function reader() {
  if (typeof globalThis.BarcodeDetector === "function") {
    try {
      const formats = await globalThis.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new globalThis.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue || null;
      }
    } catch {
      // the library's reader below
    }
  }
  let readings = 0;
  return (video) => {
    // one scale a reading, in turn: a code misread at one size is read at the next
    const scale = SCALES[readings++ % SCALES.length];
    return decodePicture(video, video.videoWidth, video.videoHeight, [scale]);
  };
}

/** The text of the QR code in a picture (`source`, anything a canvas draws, `width` by
 * `height` pixels) read by the library's reader at each of `scales` in turn, or null. */
export async function decodePicture(source, width, height, scales = SCALES) {
  if (!width || !height) return null;
  const { decodeQR } = await import(READER);
  for (const scale of scales) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(source, 0, 0, w, h);
    try {
      const text = decodeQR(context.getImageData(0, 0, w, h));
      if (text) return text;
    } catch {
      // no code read at this scale
    }
  }
  return null;
}

const CAMERA_WORDS = {
  NotAllowedError: "The camera was not allowed, so paste the answer instead.",
  SecurityError: "This page may not use the camera, so paste the answer instead.",
  NotFoundError: "No camera was found, so paste the answer instead.",
  OverconstrainedError: "No camera was found, so paste the answer instead.",
  NotReadableError: "The camera is in use by another program, so paste the answer instead.",
};

/** The camera shown in `video` until a QR code is read; stop() ends it. */
export function scanCode(video) {
  let stopped = false;
  let stream = null;
  let timer = null;
  let wake = null;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    wake?.();
    for (const track of stream?.getTracks() || []) track.stop();
    video.srcObject = null;
  };
  const found = (async () => {
    const read = await reader();
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
    } catch (error) {
      throw new ScanError(
        CAMERA_WORDS[error instanceof Error ? error.name : ""] ||
          "The camera could not be started, so paste the answer instead.",
      );
    }
    if (stopped) {
      stop();
      return null;
    }
    video.srcObject = stream;
    await video.play().catch(() => {});
    while (!stopped) {
      const text = await read(video);
      if (text && !stopped) {
        stop();
        return text;
      }
      await new Promise((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, EVERY_MS);
      });
    }
    return null;
  })();
  found.catch(stop);
  return { found, stop };
}
