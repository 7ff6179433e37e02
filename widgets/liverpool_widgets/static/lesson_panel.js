// A lesson widget's front end: Python renders the whole panel as HTML (cards are SVG drawn by
// liverpool.render) into the `html` trait; this module puts it on the page and sends every
// click back as a message {kind, ...}. One plain ES module, no build step.
//
// Any element with a `data-action` attribute is clickable and sends {kind: <its action>}; its
// other data-* attributes travel with the message (data-index="3" -> {index: "3"}; Python
// converts the numbers). A <select> or <input> with `data-action` sends {kind, value} when it
// changes. A button with `data-input="name"` also sends the value of the input called `name`.
// (`data-action`, not `data-kind`: the engine's meld pictures carry a data-kind of their own.)
// Every kind is a member of MessageKind (lessons/_panel.py); each panel answers the kinds in its
// own table and answers any other kind with a sentence. Enter in a box that a button reads
// (data-input) presses that button.
//
// Keyboard: each redraw replaces the panel's HTML, so focus is put back on the same element
// afterwards (found by its `data-focus-key`, else its `data-testid`, else its action and data);
// JupyterLab's shortcuts stay out of the panel, and a control drawn only as a picture gets its
// `title` as its accessible name.

/**
 * @typedef {{get: (name: string) => any, send: (content: object) => void,
 *   on: (event: string, callback: () => void) => void,
 *   off: (event: string, callback: () => void) => void}} Model
 */

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]";

/**
 * A key naming a focusable element across redraws.
 * @param {HTMLElement} el
 */
function keyOf(el) {
  const d = el.dataset;
  if (d.focusKey) return `k:${d.focusKey}`;
  if (d.testid) return `t:${d.testid}`;
  const data = Object.entries(d).filter(([k]) => k !== "testid").sort().map(([k, v]) => `${k}=${v}`);
  return `a:${el.tagName}|${el.getAttribute("name") || ""}|${data.join("&")}`;
}

/**
 * Each focusable element of `root` with its key (a repeated key counts its occurrences).
 * @param {HTMLElement} root
 * @returns {[string, HTMLElement][]}
 */
function keyed(root) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(FOCUSABLE))].map((el) => {
    const key = keyOf(el);
    const n = seen.get(key) || 0;
    seen.set(key, n + 1);
    return [`${key}#${n}`, el];
  });
}

/** @param {{model: Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lp-lesson-root";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  el.appendChild(root);

  const draw = () => {
    const active = /** @type {HTMLElement|null} */ (document.activeElement);
    const had = active && root.contains(active) ? keyed(root) : [];
    const found = had.find(([, e]) => e === active);
    const place = found ? had.indexOf(found) : -1;
    root.innerHTML = model.get("html");
    for (const button of root.querySelectorAll("button:not([aria-label])")) {
      if (!(button.textContent || "").trim() && button.getAttribute("title")) {
        button.setAttribute("aria-label", button.getAttribute("title") || "");
      }
    }
    if (!found) return;
    const now = keyed(root);
    const same = now.find(([key]) => key === found[0]);
    const usable = now.filter(([, e]) => !e.hasAttribute("disabled"));
    const next = same && !same[1].hasAttribute("disabled")
      ? same[1]
      : (usable[Math.min(place, usable.length - 1)] || [null, root])[1];
    if (next === root) root.tabIndex = -1;
    next.focus({ preventScroll: true });
  };

  /** @param {MouseEvent} event */
  const onClick = (event) => {
    const target = /** @type {HTMLElement|null} */ (
      event.target instanceof Element ? event.target.closest("[data-action]") : null
    );
    if (!target || !root.contains(target)) return;
    if (target.tagName === "SELECT" || target.tagName === "INPUT") return;
    if (target.hasAttribute("disabled")) return;
    /** @type {Record<string, string>} */
    const message = { kind: target.dataset.action || "" };
    for (const [key, value] of Object.entries(target.dataset)) {
      if (key !== "action" && key !== "testid" && key !== "input" && value !== undefined) {
        message[key] = value;
      }
    }
    if (target.dataset.input) {
      const input = /** @type {HTMLInputElement|null} */ (
        root.querySelector(`[name="${target.dataset.input}"]`)
      );
      if (input) message.value = input.value;
    }
    event.preventDefault();
    model.send(message);
  };

  /** @type {WeakMap<HTMLElement, string>} what Enter already sent from an input */
  const sent = new WeakMap();

  /** @param {Event} event */
  const onChange = (event) => {
    const target = /** @type {HTMLInputElement|HTMLSelectElement} */ (event.target);
    if (!target || !target.dataset || !target.dataset.action) return;
    if (sent.get(target) === target.value) return; // Enter sent it already
    model.send({ kind: target.dataset.action, value: target.value });
  };

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (event.key !== "Enter" || target.tagName !== "INPUT") return;
    if (target.dataset.action) {
      event.preventDefault(); // sent now, and focus stays in the input
      sent.set(target, target.value);
      model.send({ kind: target.dataset.action, value: target.value });
      return;
    }
    // a box read by a button (data-input="its name"): Enter presses that button, as in a form
    const name = target.getAttribute("name");
    const button = name
      ? /** @type {HTMLElement|null} */ (root.querySelector(`[data-input="${CSS.escape(name)}"]:not([disabled])`))
      : null;
    if (button) {
      event.preventDefault();
      button.click();
    }
  };

  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
