// What a page that draws table.js outside Jupyter gives it: the small model object table.js
// expects from anywidget (get / set / save_changes / send / on / off) and the card pictures
// put back into a model that names each picture by key. The room pages (room-table.js) and
// the play site (play.js) both host the table this way; one copy, so they cannot drift apart.
// Nothing here knows a rule.

/** The traits table.js reads, at the values a fresh notebook CardTable has. */
export const TRAITS = Object.freeze({
  view: {},
  controls: {},
  log: [],
  scores: {},
  error: "",
  error_kind: "error",
  sort_mode: "own",
  busy: false,
  crash: "",
  interactive: true,
  scale: 1,
});

/** anywidget's model, as far as table.js uses it; `send` hands a click (an intent) on. */
export class HostModel {
  /** @param {(intent: object) => void} send */
  constructor(send) {
    /** @type {Record<string, any>} */
    this.traits = { ...TRAITS };
    /** @type {Map<string, Set<() => void>>} */
    this.listeners = new Map();
    this.sendIntent = send;
  }

  /** @param {string} name */
  get(name) {
    return this.traits[name];
  }

  /** Set a trait and tell table.js it changed. @param {string} name @param {any} value */
  set(name, value) {
    this.traits[name] = value;
    for (const callback of this.listeners.get(`change:${name}`) || []) callback();
  }

  save_changes() {}

  /** @param {object} content */
  send(content) {
    this.sendIntent(content);
  }

  /** @param {string} event @param {() => void} callback */
  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(callback);
  }

  /** @param {string} event @param {() => void} callback */
  off(event, callback) {
    this.listeners.get(event)?.delete(callback);
  }
}

/**
 * Put the card pictures back where the model names them: each picture is sent once (a map
 * from key to SVG) and the model's `svg` fields hold their keys.
 * @param {any} value @param {Map<string, string>} pictures @returns {any}
 */
export function withPictures(value, pictures) {
  if (Array.isArray(value)) return value.map((v) => withPictures(v, pictures));
  if (value && typeof value === "object") {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === "svg" && typeof v === "string" ? pictures.get(v) ?? "" : withPictures(v, pictures);
    }
    return out;
  }
  return value;
}
