// <celestix-demo>: a Celestix rules demo on any page (docs/EMBED.md).
//
//   <script src="https://<card room>/embed/celestix-demo.js" defer></script>
//   <celestix-demo demo="imperial-audit"></celestix-demo>
//
// Attributes: demo (required), theme ("light" | "dark"), step (1-based), autoplay.
// The element makes a sandboxed, lazily loaded iframe of <card room>/embed.html (the
// card room is where this script came from) and sizes it to the demo's content as the
// demo reports it. Messages are checked both ways: the element listens only to its own
// iframe's window, at the card room's origin, carrying its own instance id; it posts
// only to that window at that origin. Methods: play(), pause(), goTo(step). Events:
// "celestix-demo-ready" (detail {title, steps}) and "celestix-demo-step" (detail
// {step, steps}).
//
// A classic script (no module): it must know its own address, document.currentScript.

(() => {
  if (!window.customElements || window.customElements.get("celestix-demo")) return;
  const script = document.currentScript;
  if (!script?.src) return;
  // The card room: this script is <room>/embed/celestix-demo.js
  const ROOM = new URL("../", script.src);
  const ORIGIN = ROOM.origin;
  const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  const MIN_HEIGHT = 120;
  const MAX_HEIGHT = 4000;
  let count = 0;
  const instances = new Map(); // instance id -> element

  // One listener for every demo on the page: the message must come from the card room's
  // origin, from the iframe of the element whose instance id it carries.
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (
      event.origin !== ORIGIN ||
      !data ||
      typeof data !== "object" ||
      data.source !== "celestix-demo"
    )
      return;
    const element = instances.get(data.id);
    if (!element?._frame || event.source !== element._frame.contentWindow) return;
    element._receive(data);
  });

  class CelestixDemo extends HTMLElement {
    static get observedAttributes() {
      return ["demo", "theme", "step", "autoplay"];
    }

    constructor() {
      super();
      this._id = `cxd-${++count}-${Math.random().toString(36).slice(2, 8)}`;
      this._frame = null;
      const shadow = this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent =
        ":host{display:block;max-width:100%}" +
        "iframe{display:block;width:100%;border:0;background:transparent;color-scheme:normal}";
      shadow.append(style);
    }

    connectedCallback() {
      instances.set(this._id, this);
      this._render();
    }

    disconnectedCallback() {
      instances.delete(this._id);
    }

    attributeChangedCallback() {
      if (this.isConnected) this._render();
    }

    /** The demo's address, with this element's instance id and the page's origin. */
    _src() {
      const url = new URL("embed.html", ROOM);
      url.searchParams.set("demo", this.getAttribute("demo") || "");
      const theme = this.getAttribute("theme");
      if (theme === "light" || theme === "dark") url.searchParams.set("theme", theme);
      const step = Number.parseInt(this.getAttribute("step") || "", 10);
      if (step > 0) url.searchParams.set("step", String(step));
      if (this.hasAttribute("autoplay") && this.getAttribute("autoplay") !== "false")
        url.searchParams.set("autoplay", "1");
      url.searchParams.set("id", this._id);
      url.searchParams.set("host", location.origin);
      return url.href;
    }

    _render() {
      const demo = this.getAttribute("demo") || "";
      if (!ID_PATTERN.test(demo)) {
        console.warn(`<celestix-demo>: "${demo}" is not a demo name`);
        return;
      }
      const src = this._src();
      if (this._frame && this._frame.src === src) return;
      if (!this._frame) {
        const frame = document.createElement("iframe");
        frame.title = `Celestix rules demo: ${demo.replace(/-/g, " ")}`;
        frame.loading = "lazy";
        // scripts, and the card room's own origin (for its engine worker, its stored
        // engine snapshot and its offline cache); nothing else: no forms, popups,
        // navigation of this page, downloads or modal dialogs
        frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
        frame.setAttribute("referrerpolicy", "no-referrer");
        frame.style.height = `${this.getAttribute("height") || 420}px`;
        this.shadowRoot.append(frame);
        this._frame = frame;
      }
      this._frame.src = src;
    }

    _receive(data) {
      if (data.type === "size" && Number.isFinite(data.height)) {
        const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)));
        this._frame.style.height = `${height}px`;
        this.dataset.height = String(height);
      } else if (data.type === "ready" && typeof data.title === "string") {
        this._frame.title = `Celestix rules demo: ${data.title}`;
        this.dispatchEvent(
          new CustomEvent("celestix-demo-ready", {
            detail: { title: data.title, steps: data.steps },
          }),
        );
      } else if (data.type === "step") {
        this.dataset.step = String(data.step);
        this.dispatchEvent(
          new CustomEvent("celestix-demo-step", { detail: { step: data.step, steps: data.steps } }),
        );
      }
    }

    _send(message) {
      if (this._frame?.contentWindow) {
        this._frame.contentWindow.postMessage(
          { source: "celestix-host", id: this._id, ...message },
          ORIGIN,
        );
      }
    }

    play() {
      this._send({ type: "play" });
    }

    pause() {
      this._send({ type: "pause" });
    }

    goTo(step) {
      this._send({ type: "step", step: Number(step) });
    }
  }

  window.customElements.define("celestix-demo", CelestixDemo);
})();
