// The card table of a room page: the notebook's own table.js, given the small model object
// it expects from anywidget (table-host.js, shared with the play site) and fed the room's
// `state` messages. The server builds the table model (liverpool/table_model.py) for this
// screen; clicks go back to the server as `{"type": "table", "intent": {...}}`, where Python
// turns them into moves, exactly as the notebook widget does. Nothing here knows a rule.

import table from "/static/table.js";
import { HostModel, withPictures } from "/static/table-host.js";

/** @typedef {{type: string, seq: number, table?: any, cards?: Record<string, string>}} State */

/**
 * Draw a room's card table in `el`; `send(intent)` carries a click to the server.
 * @param {HTMLElement} el @param {(intent: object) => void} send
 */
export function mountTable(el, send) {
  // The Deck switch is each screen's own choice: kept in this browser, and asked for again
  // on a new connection (the server's copy of the screen starts at two colours).
  const DECK = "liverpool-room:deck";
  const stored = () => {
    try {
      return localStorage.getItem(DECK);
    } catch {
      return null;
    }
  };
  let asked = false;
  const model = new HostModel((/** @type {any} */ intent) => {
    if (intent.kind === "option" && intent.name === "four_color") {
      try {
        localStorage.setItem(DECK, String(intent.value));
      } catch {
        /* a browser that keeps nothing: the choice lasts this connection */
      }
    }
    send(intent);
  });
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
      const four = stored() === "four";
      if (Boolean(t.four_color) === four) asked = false;
      else if (four && !asked) {
        asked = true; // once: a refusal is not asked again and again
        send({ kind: "option", name: "four_color", value: "four" });
      }
      model.traits.interactive = t.interactive;
      model.traits.sort_mode = t.sort_mode;
      model.traits.four_color = Boolean(t.four_color);
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
