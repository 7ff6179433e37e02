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
// own table and answers any other kind with a sentence.

/**
 * @typedef {{get: (name: string) => any, send: (content: object) => void,
 *   on: (event: string, callback: () => void) => void,
 *   off: (event: string, callback: () => void) => void}} Model
 */

/** @param {{model: Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lp-lesson-root";
  el.appendChild(root);

  const draw = () => {
    root.innerHTML = model.get("html");
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

  /** @param {Event} event */
  const onChange = (event) => {
    const target = /** @type {HTMLInputElement|HTMLSelectElement} */ (event.target);
    if (!target || !target.dataset || !target.dataset.action) return;
    model.send({ kind: target.dataset.action, value: target.value });
  };

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (event.key === "Enter" && target.tagName === "INPUT" && target.dataset.action) {
      event.preventDefault();
      target.blur(); // fires "change" once
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
