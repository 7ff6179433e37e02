// The card table of a room page: the notebook's own table.js, given the small model object
// it expects from anywidget (get / set / save_changes / send / on / off) and fed the room's
// `state` messages. The server builds the table model (liverpool/table_model.py) for this
// screen; clicks go back to the server as `{"type": "table", "intent": {...}}`, where Python
// turns them into moves, exactly as the notebook widget does. Nothing here knows a rule.

import table from "/static/table.js";

/** @typedef {{type: string, seq: number, table?: any, cards?: Record<string, string>}} State */

const TRAITS = {
  view: {},
  controls: {},
  log: [],
  scores: {},
  error: "",
  sort_mode: "own",
  busy: false,
  crash: "",
  interactive: true,
};

class RoomModel {
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

  /** @param {string} name @param {any} value */
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
 * Put the card pictures back where the model names them: the server sends each picture
 * once (`cards`) and the model's `svg` fields hold their keys.
 * @param {any} value @param {Map<string, string>} pictures
 */
function withPictures(value, pictures) {
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

/**
 * Draw a room's card table in `el`; `send(intent)` carries a click to the server.
 * @param {HTMLElement} el @param {(intent: object) => void} send
 */
export function mountTable(el, send) {
  const model = new RoomModel(send);
  /** @type {Map<string, string>} */
  const pictures = new Map();
  let seq = -1;
  let mounted = false;
  return {
    /** A `state` message from the room. @param {State} message */
    update(message) {
      for (const [key, svg] of Object.entries(message.cards || {})) pictures.set(key, svg);
      const t = message.table;
      if (!t) return;
      if (message.seq !== seq) model.set("error", "");
      seq = message.seq;
      model.traits.interactive = t.interactive;
      model.traits.sort_mode = t.sort_mode;
      model.traits.busy = t.busy;
      model.traits.controls = t.controls;
      model.traits.log = t.log;
      model.traits.scores = withPictures(t.scores, pictures);
      model.set("view", withPictures(t.view, pictures));
      if (!mounted) {
        mounted = true;
        table.render({ model, el });
      }
    },
    /** Show a sentence from the room where the table shows its errors. @param {string} text */
    error(text) {
      model.set("error", text);
    },
    get seq() {
      return seq;
    },
  };
}
