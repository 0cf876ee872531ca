// The demo page's side of the <celestix-demo> messages (docs/EMBED.md, "Messages").
//
// The element puts its instance id and its page's origin in the address (id=, host=).
// The page then:
//   - posts only to its parent window, with that origin as the target (the browser
//     delivers nothing if the parent is at another origin), and only when the origin is
//     the parent's real one where the browser tells (location.ancestorOrigins);
//   - obeys only messages whose source is its parent window, whose origin is that origin,
//     and that carry its instance id; everything else is ignored (and counted on <html>
//     as data-ignored, for tests).
//
// page -> host  {source: "celestix-demo", id, type: "ready" | "size" | "step", ...}
// host -> page  {source: "celestix-host", id, type: "step", step} | {..., type: "play"}
//               | {..., type: "pause"}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function checkedOrigin(origin) {
  try {
    const url = new URL(origin);
    return url.origin === origin && (url.protocol === "https:" || url.protocol === "http:")
      ? origin
      : null;
  } catch {
    return null;
  }
}

/** Talk to the framing <celestix-demo> element, if there is one; returns {post}. */
export function connectHost({ id, origin, measure, commands }) {
  const root = document.documentElement;
  const target = checkedOrigin(origin);
  const framed = window.parent !== window;
  const ancestors = location.ancestorOrigins;
  const parentOrigin = ancestors?.length ? ancestors[0] : null;
  const connected =
    framed &&
    ID_PATTERN.test(id || "") &&
    target !== null &&
    (parentOrigin === null || parentOrigin === target);
  root.dataset.host = connected ? "connected" : framed ? "unknown" : "none";
  let ignored = 0;

  const post = (message) => {
    if (connected) window.parent.postMessage({ source: "celestix-demo", id, ...message }, target);
  };

  window.addEventListener("message", (event) => {
    const data = event.data;
    const ours =
      connected &&
      event.source === window.parent &&
      event.origin === target &&
      data &&
      typeof data === "object" &&
      data.source === "celestix-host" &&
      data.id === id;
    if (!ours) {
      root.dataset.ignored = String(++ignored);
      return;
    }
    if (data.type === "step" && Number.isInteger(data.step)) commands.step(data.step);
    else if (data.type === "play") commands.play();
    else if (data.type === "pause") commands.pause();
  });

  if (connected && "ResizeObserver" in window) {
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(measure().getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        post({ type: "size", height });
      }
    });
    observer.observe(measure());
  }
  return { post };
}
