// The Liverpool card table: draws the table model Python syncs (the traits view, controls, log
// and scores; see liverpool/table_model.py) and reports every click as an intent:
// {kind: "click_card" | "press" | "click_meld" | "click_stock" | "click_discard" | ..., version}.
// It keeps no rules: which buttons exist and whether they are live, why not, where the
// selected card may go, what a click on a meld means and when a buy offer lapses are all
// decided in Python. One plain ES module, no build step; cards arrive as ready-made SVG.

/**
 * @typedef {{code: string, text: string, label: string, wild: boolean,
 *   stands_for: string|null, svg: string}} CardItem
 * @typedef {CardItem & {index: number, pos: number}} HandItem
 * @typedef {{seat: number, name: string, title: string, you: boolean, hand_size: number,
 *   facts: string, down: boolean, progress: string, buys: string, dealer: boolean,
 *   to_act: boolean, winner: boolean, hand: CardItem[]|null}} SeatInfo
 * @typedef {{index: number, kind: string, describe: string, short: string,
 *   cards: CardItem[]}} MeldItem
 * @typedef {{owner: number|null, name: string, title: string, down: boolean,
 *   progress: string, buys: string, melds: MeldItem[]}} MeldGroup
 * @typedef {{kind: string, text: string, buttons: string[], card: CardItem|null,
 *   price: number, seconds: number|null, deadline: number|null, aim: number|null,
 *   least: number|null, most: number|null}} Prompt
 * @typedef {{rules: string, deal: number, deals: number, contract: string,
 *   contract_text: string, dealer: string, phase: string, my_turn: boolean,
 *   deciding: string, over: boolean}} Header
 * @typedef {{version: number, seat: number, header: Header, seats: SeatInfo[],
 *   piles: {stock: number, discards: number, top: CardItem|null},
 *   melds: MeldGroup[], hand: HandItem[], prompt: Prompt|null, notes: string[]}} View
 * @typedef {{kind: string, label: string, enabled: boolean, why: string, shown: boolean,
 *   note: string, hinted: boolean}} Button
 * @typedef {{kind: string, meld: number, end: string|null, position: number|null}} Target
 * @typedef {{text: string, button: string|null, cards: number[], meld: number|null}} Hint
 * @typedef {{version: number, selected: number[], staged: number[][], targets: Target[],
 *   buttons: Button[], hint: Hint|null}} Controls
 * @typedef {{pad: {names: string[], rows: {deal: number, cells: string[]}[],
 *   totals: number[]}, winners: string[], banner: string}} Scores
 * @typedef {{get: (name: string) => any, set: (name: string, value: any) => void,
 *   save_changes: () => void, send: (content: object) => void,
 *   on: (event: string, callback: () => void) => void,
 *   off: (event: string, callback: () => void) => void}} Model
 */

const TRAITS = ["view", "controls", "log", "scores", "error", "sort_mode", "busy", "crash", "interactive"];
const SORTS = [["own", "My order"], ["rank", "By rank"], ["suit", "By suit"]];

/** @param {unknown} text */
function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c] ?? c);
}

/** @param {number} n @param {string} word */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A row of small face-down cards standing for a hand of `count` cards. */
function backs(count) {
  const shown = Math.min(count, 14);
  let html = "";
  for (let i = 0; i < shown; i++) html += '<span class="lpt-back-mini"></span>';
  return `<span class="lpt-backs" aria-hidden="true">${html}</span>`;
}

/** @param {SeatInfo} s */
function badges(s) {
  let html = "";
  if (s.to_act) html += '<span class="lpt-badge lpt-badge-act">▶ to act</span>';
  if (s.dealer) html += '<span class="lpt-badge">dealer</span>';
  if (s.winner) html += '<span class="lpt-badge lpt-badge-win">★ winner</span>';
  html += `<span class="lpt-badge ${s.down ? "lpt-badge-down" : "lpt-badge-need"}">${esc(s.progress)}</span>`;
  return html;
}

/** @param {SeatInfo} s */
function opponent(s) {
  const cards = s.hand
    ? `<span class="lpt-open" data-testid="open-hand-${s.seat}">${s.hand
      .map((c, i) => `<span class="lpt-open-card" role="img" aria-label="${esc(c.label)}"
        data-card="${esc(c.code)}" data-testid="open-card-${s.seat}-${i}">${c.svg}</span>`).join("")}</span>`
    : backs(s.hand_size);
  return `<section class="lpt-seat${s.to_act ? " is-acting" : ""}" data-testid="opponent-${s.seat}"
      data-seat="${s.seat}" aria-label="${esc(`${s.name}: ${s.facts}, ${s.progress}`)}">
    <div class="lpt-seat-name">${esc(s.title)} ${badges(s)}</div>
    <div class="lpt-seat-cards">${cards}<span class="lpt-count">${s.hand_size}</span></div>
    <div class="lpt-muted">${esc(s.facts)}</div>
  </section>`;
}

/** One button of the action bar or of a prompt. @param {Button} b @param {string} testid */
function button(b, testid, extra = "") {
  const why = b.enabled ? "" : b.why;
  return `<button type="button" class="lpt-btn${b.hinted ? " is-hinted" : ""}${extra}" data-act="press"
      data-kind="${esc(b.kind)}" data-testid="${testid}" ${b.enabled ? "" : "disabled"}
      aria-disabled="${!b.enabled}" aria-label="${esc(why ? `${b.label} (not now: ${why})` : b.label)}"
      title="${esc(why)}">${esc(b.label)}</button>`;
}

/** Seconds left until `deadline` (seconds since the epoch), for the countdown's display. */
function secondsLeft(deadline) {
  return Math.max(0, deadline - Date.now() / 1000);
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = document.createElement("div");
    root.className = "lpt";
    el.appendChild(root);
    let scheduled = false;
    let dragIndex = -1;
    /** @type {any} the countdown's display timer (it only redraws the number) */
    let ticker = null;
    const HAND_PART = 5; // the hand's place in the parts that draw() patches
    /** @type {string[]} the HTML of each part of the table as last drawn (see patch) */
    let shown = [];

    /** @param {object} intent */
    function send(intent) {
      const view = /** @type {View} */ (model.get("view"));
      model.send({ ...intent, version: view.version });
    }

    /** Show the time left on a timed buy offer (Python decides when it lapses). */
    function tick() {
      const view = /** @type {View} */ (model.get("view"));
      const p = view && view.prompt;
      if (!p || p.deadline === null || !p.seconds) {
        clearInterval(ticker);
        ticker = null;
        return;
      }
      const left = secondsLeft(p.deadline);
      const out = root.querySelector('[data-testid="countdown"]');
      const bar = /** @type {HTMLElement|null} */ (root.querySelector(".lpt-countdown-bar"));
      if (out) out.textContent = `${Math.ceil(left)} s`;
      if (bar) bar.style.width = `${(100 * left) / p.seconds}%`;
    }

    function draw() {
      const view = /** @type {View} */ (model.get("view"));
      const controls = /** @type {Controls} */ (model.get("controls"));
      if (!view || !view.header || !controls || !controls.buttons) {
        root.innerHTML = '<div class="lpt-muted">The table is being set up…</div>';
        shown = [];
        return;
      }
      const h = view.header;
      const buttons = new Map(controls.buttons.map((b) => [b.kind, b]));
      const selected = controls.selected;
      const hint = controls.hint;
      const interactive = model.get("interactive");
      const sortMode = model.get("sort_mode");
      const logScroll = root.querySelector(".lpt-log-lines");
      const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

      const layTargets = new Set(controls.targets.filter((t) => t.kind === "lay_off").map((t) => t.meld));
      const swapTargets = new Set(controls.targets.filter((t) => t.kind === "swap").map((t) => `${t.meld}/${t.position}`));
      const hinted = new Set(hint ? hint.cards : []);
      const stagedOf = new Map();
      controls.staged.forEach((group, k) => group.forEach((i) => stagedOf.set(i, k + 1)));

      // -- header -------------------------------------------------------------------------------
      const head = `<header class="lpt-head">
        <div class="lpt-title">Deal ${h.deal} of ${h.deals}
          <span class="lpt-contract" title="${esc(h.contract_text)}">${esc(h.contract)}</span>
          <span class="lpt-muted">dealer: ${esc(h.dealer)} · ${esc(h.rules)} rules</span></div>
        <div class="lpt-deciding${h.my_turn ? " is-mine" : ""}" role="status"
          data-testid="deciding">${model.get("busy") ? '<span class="lpt-spinner"></span>' : ""}${esc(h.deciding)}</div>
      </header>`;

      // -- opponents ----------------------------------------------------------------------------
      const opponents = `<div class="lpt-opponents">${view.seats.slice(1).map(opponent).join("")}</div>`;

      // -- piles ----------------------------------------------------------------------------------
      const top = view.piles.top;
      const discardLabel = top
        ? `discard pile: ${plural(view.piles.discards, "card")}, top card ${top.label}`
        : "discard pile: empty";
      const piles = `<div class="lpt-piles">
        <div class="lpt-pile">
          <div class="lpt-pile-name">Stock</div>
          <button type="button" class="lpt-stock" data-act="click_stock" data-testid="stock"
            aria-label="${esc(`stock: ${plural(view.piles.stock, "card")}; click to draw`)}"
            title="Click to draw from the stock">
            ${view.piles.stock ? '<span class="lpt-back-big"></span>' : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count" data-testid="stock-count">${view.piles.stock}</div>
        </div>
        <div class="lpt-pile">
          <div class="lpt-pile-name">Discard</div>
          <button type="button" class="lpt-discard-top${hint && hint.button === "take" ? " is-hinted" : ""}"
            data-act="click_discard" data-testid="discard-top" data-card="${top ? esc(top.code) : ""}"
            aria-label="${esc(discardLabel)}" title="Click to take the discard, or to discard the selected card">
            ${top ? top.svg : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count">${plural(view.piles.discards, "card")}</div>
        </div>
      </div>`;

      // -- melds by owner ---------------------------------------------------------------------------
      const groups = view.melds.map((g) => {
        const melds = g.melds.map((m) => {
          const isTarget = layTargets.has(m.index);
          const cards = m.cards.map((c, j) => {
            const swap = swapTargets.has(`${m.index}/${j}`);
            return `<button type="button" class="lpt-mcard${c.wild ? " is-wild" : ""}${swap ? " is-swap-target" : ""}"
              data-act="click_meld" data-meld="${m.index}" data-position="${j}"
              data-card="${esc(c.code)}" data-testid="meld-${m.index}-card-${j}"
              aria-label="${esc(c.label)}">${c.svg}</button>`;
          }).join("");
          return `<div class="lpt-meld${isTarget ? " is-target" : ""}${hint && hint.meld === m.index ? " is-hinted" : ""}"
              data-testid="meld-${m.index}" data-meld="${m.index}" role="group"
              aria-label="${esc(`meld ${m.index + 1}: ${m.describe}`)}">
            <div class="lpt-meld-cards">${cards}</div>
            <button type="button" class="lpt-meld-caption" data-act="click_meld" data-meld="${m.index}"
              title="${esc(m.describe)}">${esc(m.short)}${isTarget ? " ← lay here" : ""}</button>
          </div>`;
        }).join("");
        const empty = g.melds.length ? "" : `<div class="lpt-muted lpt-nomelds">no melds yet</div>`;
        const facts = g.owner === null ? "" : `<span class="lpt-badge ${g.down ? "lpt-badge-down" : "lpt-badge-need"}">${esc(g.progress)}</span>
            <span class="lpt-muted">${esc(g.buys)}</span>`;
        return `<div class="lpt-group${g.melds.length ? "" : " is-empty"}" data-testid="melds-of-${g.owner ?? "loose"}">
          <div class="lpt-group-head"><b>${esc(g.title)}</b> ${facts}</div>
          <div class="lpt-group-melds">${melds}${empty}</div>
        </div>`;
      }).join("");
      const table = `<div class="lpt-table" data-testid="table">${groups}</div>`;

      // -- the prompt (buy, call, give, cut) ----------------------------------------------------------
      let prompt = "";
      const p = view.prompt;
      if (p && interactive) {
        const card = p.card ? `<span class="lpt-prompt-card">${p.card.svg}</span>` : "";
        let body = "";
        if (p.kind === "cut") {
          body = `<label class="lpt-cut">Lift <input type="number" class="lpt-cut-aim" data-testid="cut-aim"
              min="${p.least ?? 1}" max="${p.most ?? 200}" value="${p.aim ?? 1}"> cards</label>`;
        }
        body += p.buttons.map((kind, k) => {
          const b = buttons.get(kind);
          return b ? button(b, `prompt-${kind}`, k === 0 ? " lpt-primary" : "") : "";
        }).join("");
        if (p.deadline !== null && p.seconds) {
          body += `<span class="lpt-countdown" aria-live="off"><span class="lpt-countdown-track">
            <span class="lpt-countdown-bar"></span></span><span data-testid="countdown">${Math.ceil(secondsLeft(p.deadline))} s</span></span>`;
        }
        prompt = `<div class="lpt-prompt" role="alert" data-testid="prompt" data-kind="${esc(p.kind)}">
          ${card}<div class="lpt-prompt-body"><div class="lpt-prompt-text">${esc(p.text)}</div>
          <div class="lpt-prompt-buttons">${body}</div></div></div>`;
      }

      // -- your hand ------------------------------------------------------------------------------
      const handCards = view.hand.filter((c) => !stagedOf.has(c.index)).map((c) => {
        const isSel = selected.includes(c.index);
        const cls = ["lpt-hcard"];
        if (isSel) cls.push("is-selected");
        if (hinted.has(c.index)) cls.push("is-hinted");
        const label = `${c.label}${isSel ? ", selected" : ""}`;
        return `<button type="button" class="${cls.join(" ")}" data-act="click_card" data-index="${c.index}"
            data-pos="${c.pos}" data-card="${esc(c.code)}" data-testid="hand-card-${c.index}"
            aria-pressed="${isSel}" aria-label="${esc(label)}" draggable="${interactive ? "true" : "false"}">
          ${c.svg}</button>`;
      }).join("");
      const sorts = SORTS.map(([mode, text]) =>
        `<button type="button" class="lpt-sort${sortMode === mode ? " is-on" : ""}" data-act="sort"
          data-mode="${mode}" data-testid="sort-${mode}" aria-pressed="${sortMode === mode}">${text}</button>`).join("");
      const byIndex = new Map(view.hand.map((c) => [c.index, c]));
      const stagedHtml = controls.staged.length
        ? `<div class="lpt-staged" data-testid="staged"><span class="lpt-staged-title">Melds to go down with:</span>
            ${controls.staged.map((group, k) => `<span class="lpt-staged-meld" data-testid="staged-${k}" role="group"
              aria-label="${esc(`new meld ${k + 1}: ${group.map((i) => (byIndex.get(i) || { label: "?" }).label).join(", ")}`)}">${group
              .map((i, j) => {
                const c = byIndex.get(i) || { code: "", label: "", svg: "" };
                return `<span class="lpt-staged-card" role="img" aria-label="${esc(c.label)}" data-card="${esc(c.code)}"
                  data-testid="staged-${k}-card-${j}">${c.svg}</span>`;
              }).join("")}</span>`).join("")}
            <button type="button" class="lpt-link" data-act="clear_melds" data-testid="clear-melds">put back</button></div>`
        : "";
      const notes = view.notes.map((n) => `<div class="lpt-note">${esc(n)}</div>`).join("");
      const me = view.seats[0];
      const hand = `<section class="lpt-me${h.my_turn ? " is-acting" : ""}" data-testid="my-seat"
          aria-label="${esc(`your hand: ${plural(view.hand.length, "card")}`)}">
        <div class="lpt-me-head">
          <div class="lpt-seat-name">${esc(me.title)} ${badges(me)}
            <span class="lpt-muted">${esc(me.facts)}</span></div>
          <div class="lpt-sorts" role="group" aria-label="sort your hand">${sorts}
            ${interactive ? `<button type="button" class="lpt-link" data-act="select_all" data-testid="select-all">select all</button>
            <button type="button" class="lpt-link" data-act="clear" data-testid="clear-selection">clear</button>` : ""}</div>
        </div>
        <div class="lpt-hand" data-testid="hand">${handCards || '<span class="lpt-muted">no cards in hand</span>'}</div>
        ${stagedHtml}${notes}
      </section>`;

      // -- action bar ---------------------------------------------------------------------------
      const actions = interactive
        ? `<div class="lpt-actions" role="toolbar" aria-label="actions">${controls.buttons.filter((b) => b.shown).map((b) => {
          const note = b.enabled && b.note ? `<small class="lpt-why">${esc(b.note)}</small>` : "";
          return `<span class="lpt-action${b.enabled ? "" : " is-off"}" title="${esc(b.why)}">
            ${button(b, `btn-${b.kind}`)}
            ${b.enabled ? note : `<small class="lpt-why" data-testid="why-${esc(b.kind)}">${esc(b.why)}</small>`}</span>`;
        }).join("")}</div>`
        : "";

      // -- messages -------------------------------------------------------------------------------
      const error = model.get("error");
      const errorHtml = `<div class="lpt-error" role="alert" data-testid="error"${error ? "" : " hidden"}>${error ? `⚠ ${esc(error)}` : ""}</div>`;
      const hintHtml = hint && hint.text
        ? `<div class="lpt-hint" role="status" data-testid="hint"><b>Hint:</b> ${esc(hint.text)}</div>`
        : "";

      // -- log, score pad, winners ----------------------------------------------------------------
      const log = /** @type {string[]} */ (model.get("log")) || [];
      const logHtml = `<section class="lpt-log" data-testid="log" aria-label="what happened">
        <div class="lpt-box-title">What happened</div>
        <ul class="lpt-log-lines">${log.slice(-60).map((line) => `<li>${esc(line)}</li>`).join("")}</ul></section>`;
      const scores = /** @type {Scores} */ (model.get("scores"));
      const pad = scores && scores.pad;
      let padHtml = "";
      if (pad && pad.rows.length) {
        const names = pad.names.map((n) => `<th>${esc(n)}</th>`).join("");
        const rows = pad.rows.map((r) => `<tr><th>deal ${r.deal}</th>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
        const best = Math.min(...pad.totals);
        const totals = pad.totals.map((t) => `<td class="${t === best ? "is-best" : ""}">${t}</td>`).join("");
        padHtml = `<section class="lpt-pad" data-testid="score-pad" aria-label="score pad">
          <div class="lpt-box-title">Score pad <span class="lpt-muted">(lower is better)</span></div>
          <table><thead><tr><th></th>${names}</tr></thead><tbody>${rows}
          <tr class="lpt-total"><th>total</th>${totals}</tr></tbody></table></section>`;
      }
      const winnersHtml = scores && scores.banner
        ? `<div class="lpt-winners" role="status" data-testid="winners">${esc(scores.banner)}</div>`
        : "";
      const crash = model.get("crash");
      const crashHtml = crash
        ? `<div class="lpt-crash" role="alert" data-testid="crash"><b>Something went wrong in the table's Python code.</b>
            <pre>${esc(crash)}</pre><button type="button" class="lpt-link" data-act="dismiss-crash">dismiss</button></div>`
        : "";

      patch([head, winnersHtml, opponents, `<div class="lpt-middle">${piles}${table}</div>`,
        prompt, hand /* HAND_PART */, actions, errorHtml, hintHtml,
        `<div class="lpt-bottom">${logHtml}${padHtml}</div>`, crashHtml]);
      root.classList.toggle("is-watch", !interactive);
      // What this picture shows, for tests and the latency benchmark: the view's version and
      // the selection Python confirmed (the card's own class flips at once on click).
      root.dataset.version = String(view.version);
      root.dataset.selected = selected.join(",");
      const lines = root.querySelector(".lpt-log-lines");
      if (lines && atBottom) lines.scrollTop = lines.scrollHeight;
      if (p && p.deadline !== null && interactive && !ticker) ticker = setInterval(tick, 200);
      tick();
    }

    /**
     * Put each part of the table in its own wrapper (``display: contents``, so the layout is
     * as if the parts were the root's children) and rewrite only the parts whose HTML changed:
     * a click on a card redraws the hand and the action bar, not every card picture on the
     * table (and focus and scroll positions elsewhere survive).
     * @param {string[]} parts
     */
    function patch(parts) {
      if (shown.length !== parts.length) {
        root.innerHTML = parts.map(() => '<div class="lpt-part"></div>').join("");
        shown = parts.map(() => "");
      }
      const boxes = root.children;
      parts.forEach((html, i) => {
        if (shown[i] !== html) {
          boxes[i].innerHTML = html;
          shown[i] = html;
        }
      });
    }

    function schedule() {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        draw();
      });
    }

    /** @param {MouseEvent} event */
    function onClick(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      const hit = /** @type {HTMLElement|null} */ (target.closest("[data-act]"));
      if (!hit || !root.contains(hit)) return;
      const act = hit.dataset.act;
      if (act === "dismiss-crash") {
        model.set("crash", "");
        model.save_changes();
        return;
      }
      if (act === "sort") {
        send({ kind: "sort", mode: hit.dataset.mode });
        return;
      }
      if (!model.get("interactive")) return;
      switch (act) {
        case "click_card":
          hit.classList.toggle("is-selected"); // feels instant; Python's answer redraws
          shown[HAND_PART] = ""; // so the hand is redrawn from Python's answer, whatever it is
          send({ kind: act, index: Number(hit.dataset.index), code: hit.dataset.card });
          break;
        case "press": {
          const input = /** @type {HTMLInputElement|null} */ (root.querySelector(".lpt-cut-aim"));
          const aim = hit.dataset.kind === "cut" && input ? { aim: Number(input.value) } : {};
          send({ kind: act, button: hit.dataset.kind, ...aim });
          break;
        }
        case "click_meld":
          send({
            kind: act,
            meld: Number(hit.dataset.meld),
            position: hit.dataset.position === undefined ? null : Number(hit.dataset.position),
          });
          break;
        case "click_stock":
        case "click_discard":
        case "select_all":
        case "clear":
        case "clear_melds":
          send({ kind: act });
          break;
        default:
          break;
      }
    }

    /** @param {DragEvent} event */
    function onDragStart(event) {
      const card = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest(".lpt-hcard"));
      if (!card || !event.dataTransfer) return;
      dragIndex = Number(card.dataset.index);
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", String(dragIndex));
    }

    /** @param {DragEvent} event */
    function onDragOver(event) {
      if (dragIndex >= 0 && /** @type {HTMLElement} */ (event.target).closest(".lpt-hand")) event.preventDefault();
    }

    /** @param {DragEvent} event */
    function onDrop(event) {
      const card = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest(".lpt-hcard"));
      if (dragIndex < 0) return;
      event.preventDefault();
      if (card) send({ kind: "move", index: dragIndex, to: Number(card.dataset.pos) });
      dragIndex = -1;
    }

    root.addEventListener("click", onClick);
    root.addEventListener("dragstart", onDragStart);
    root.addEventListener("dragover", onDragOver);
    root.addEventListener("drop", onDrop);
    for (const name of TRAITS) model.on(`change:${name}`, schedule);
    draw();
    return () => {
      clearInterval(ticker);
      for (const name of TRAITS) model.off(`change:${name}`, schedule);
      root.removeEventListener("click", onClick);
    };
  },
};
