// The Liverpool card table: draws the state Python syncs and sends every click back as a
// message {kind, version, ...}. One plain ES module, no build step. Python owns all state; the
// cards arrive as ready-made SVG strings drawn by liverpool.render.

/**
 * @typedef {{code: string, text: string, label: string, wild: boolean, svg: string,
 *   index?: number, pos?: number, position?: number}} CardItem
 * @typedef {{seat: number, name: string, you: boolean, hand_size: number, down: boolean,
 *   progress: string, buys: string, coins: number|null, score: number, dealer: boolean,
 *   to_act: boolean, winner: boolean, hand?: CardItem[]}} SeatInfo
 * @typedef {{index: number, kind: string, describe: string, short: string,
 *   cards: CardItem[]}} MeldItem
 * @typedef {{owner: number|null, name: string, progress?: string, buys?: string,
 *   down?: boolean, melds: MeldItem[]}} MeldGroup
 * @typedef {{kind: string, text: string, card?: CardItem, price?: number,
 *   seconds?: number|null, aim?: number, min?: number, max?: number}} Prompt
 * @typedef {{version: number, seat: number, name: string, rules: string, deal: number,
 *   deals: number, contract: string, contract_text: string, dealer: string, phase: string,
 *   to_act: number|null, to_act_name: string|null, my_turn: boolean, deciding: string,
 *   over: boolean, me: SeatInfo, opponents: SeatInfo[], hand: CardItem[], melds: MeldGroup[],
 *   stock: {count: number}, discard: {count: number, top: CardItem|null},
 *   prompt: Prompt|null, notes: string[], open_hands: boolean}} View
 * @typedef {{enabled: boolean, why: string, shown: boolean, note?: string}} ButtonState
 * @typedef {{buttons: Object<string, ButtonState>, targets: Object<string, number[]>,
 *   swaps: Object<string, number[][]>, version: number}} Legal
 * @typedef {{text?: string, action?: string, kind?: string, cards?: number[],
 *   meld?: number|null}} Hint
 * @typedef {{names: string[], rows: {deal: number, cells: string[]}[], totals: number[],
 *   winners: string[]}} ScorePad
 * @typedef {{get: (name: string) => any, set: (name: string, value: any) => void,
 *   save_changes: () => void, send: (content: object) => void,
 *   on: (event: string, callback: () => void) => void,
 *   off: (event: string, callback: () => void) => void}} Model
 */

/** The action bar, in order: [kind, label, message]. */
const BUTTONS = [
  ["draw", "Draw", { kind: "draw" }],
  ["take", "Take discard", { kind: "take" }],
  ["buy", "Buy", { kind: "buy" }],
  ["pass", "Pass", { kind: "pass" }],
  ["call_rummy", "Call rummy", { kind: "call", call: "rummy" }],
  ["call_liverpool", "Call Liverpool", { kind: "call", call: "liverpool" }],
  ["cut", "Cut", { kind: "cut" }],
  ["add_meld", "Add meld", { kind: "add_meld" }],
  ["go_down", "Go down", { kind: "go_down" }],
  ["lay_off", "Lay off", { kind: "lay_off" }],
  ["swap", "Swap wild", { kind: "swap" }],
  ["discard", "Discard", { kind: "discard" }],
  ["give", "Give card", { kind: "give" }],
  ["go_out", "Go out", { kind: "go_out" }],
  ["hint", "Hint", { kind: "hint" }],
  ["undo", "Undo", { kind: "undo" }],
];

/** Which button a hint's action kind points at. */
const HINT_BUTTON = {
  DrawStock: "draw", TakeDiscard: "take", Buy: "buy", Pass: "pass", GoDown: "go_down",
  LayOff: "lay_off", SwapWild: "swap", Discard: "discard", GiveCard: "give", GoOut: "go_out",
  CallRummy: "call_rummy", CallLiverpool: "call_liverpool", Cut: "cut",
};

const TRAITS = [
  "view", "legal", "selected", "staged", "error", "log", "score_pad", "winners", "hint",
  "sort_mode", "busy", "crash", "interactive",
];

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

/** A seat's name with "(you)" added, unless the name already says so. @param {string} name */
function you(name) {
  return /^you$/i.test(name) ? name : `${name} (you)`;
}

/** @param {SeatInfo} s */
function seatFacts(s) {
  const facts = [plural(s.hand_size, "card"), s.buys];
  if (s.coins !== null && s.coins !== undefined) facts.push(`coins: ${s.coins}`);
  facts.push(`score ${s.score}`);
  return facts.join(" · ");
}

/** @param {SeatInfo} s */
function badges(s) {
  let html = "";
  if (s.to_act) html += '<span class="lpt-badge lpt-badge-act">▶ to act</span>';
  if (s.dealer) html += '<span class="lpt-badge">dealer</span>';
  if (s.winner) html += '<span class="lpt-badge lpt-badge-win">★ winner</span>';
  html += s.down
    ? '<span class="lpt-badge lpt-badge-down">down ✓</span>'
    : `<span class="lpt-badge lpt-badge-need">${esc(s.progress)}</span>`;
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
      data-seat="${s.seat}" aria-label="${esc(`${s.name}: ${seatFacts(s)}, ${s.progress}`)}">
    <div class="lpt-seat-name">${esc(s.name)} ${badges(s)}</div>
    <div class="lpt-seat-cards">${cards}<span class="lpt-count">${s.hand_size}</span></div>
    <div class="lpt-muted">${esc(seatFacts(s))}</div>
  </section>`;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = document.createElement("div");
    root.className = "lpt";
    el.appendChild(root);
    /** @type {{version: number, deadline: number, timer: any, sent: boolean} | null} */
    let countdown = null;
    let scheduled = false;
    let dragIndex = -1;
    const HAND_PART = 5; // the hand's place in the parts that draw() patches
    /** @type {string[]} the HTML of each part of the table as last drawn (see patch) */
    let shown = [];

    /** @param {object} msg */
    function send(msg) {
      const view = /** @type {View} */ (model.get("view"));
      model.send({ ...msg, version: view.version });
    }

    function stopCountdown() {
      if (countdown) clearInterval(countdown.timer);
      countdown = null;
    }

    /** Start (or keep) the buy countdown for this view; silence passes. */
    function syncCountdown() {
      const view = /** @type {View} */ (model.get("view"));
      const p = view.prompt;
      if (!p || p.kind !== "buy" || !p.seconds || !view.my_turn || !model.get("interactive")) {
        stopCountdown();
        return;
      }
      if (countdown && countdown.version === view.version) {
        tick();
        return;
      }
      stopCountdown();
      countdown = {
        version: view.version,
        deadline: Date.now() + p.seconds * 1000,
        timer: setInterval(tick, 200),
        sent: false,
      };
      tick();
    }

    function tick() {
      if (!countdown) return;
      const view = /** @type {View} */ (model.get("view"));
      const total = (view.prompt && view.prompt.seconds) || 1;
      const left = Math.max(0, countdown.deadline - Date.now());
      const out = root.querySelector('[data-testid="countdown"]');
      const bar = /** @type {HTMLElement|null} */ (root.querySelector(".lpt-countdown-bar"));
      if (out) out.textContent = `${Math.ceil(left / 1000)} s`;
      if (bar) bar.style.width = `${(100 * left) / (total * 1000)}%`;
      if (left <= 0 && !countdown.sent) {
        countdown.sent = true;
        clearInterval(countdown.timer);
        send({ kind: "pass", timeout: true });
      }
    }

    function draw() {
      const view = /** @type {View} */ (model.get("view"));
      if (!view || !view.me) {
        root.innerHTML = '<div class="lpt-muted">The table is being set up…</div>';
        shown = [];
        return;
      }
      const legal = /** @type {Legal} */ (model.get("legal")) || { buttons: {}, targets: {}, swaps: {} };
      const selected = /** @type {number[]} */ (model.get("selected")) || [];
      const staged = /** @type {number[][]} */ (model.get("staged")) || [];
      const hint = /** @type {Hint} */ (model.get("hint")) || {};
      const interactive = model.get("interactive");
      const sortMode = model.get("sort_mode");
      const logScroll = root.querySelector(".lpt-log-lines");
      const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

      const one = selected.length === 1 ? selected[0] : -1;
      const targets = one >= 0 ? (legal.targets || {})[String(one)] || [] : [];
      const swaps = one >= 0 ? (legal.swaps || {})[String(one)] || [] : [];
      const hinted = new Set(hint.cards || []);
      const stagedOf = new Map();
      staged.forEach((group, k) => group.forEach((i) => stagedOf.set(i, k + 1)));

      // -- header -------------------------------------------------------------------------------
      const head = `<header class="lpt-head">
        <div class="lpt-title">Deal ${view.deal} of ${view.deals}
          <span class="lpt-contract" title="${esc(view.contract_text)}">${esc(view.contract)}</span>
          <span class="lpt-muted">dealer: ${esc(view.dealer)} · ${esc(view.rules)} rules</span></div>
        <div class="lpt-deciding${view.my_turn ? " is-mine" : ""}" role="status"
          data-testid="deciding">${model.get("busy") ? '<span class="lpt-spinner"></span>' : ""}${esc(view.deciding)}</div>
      </header>`;

      // -- opponents ----------------------------------------------------------------------------
      const opponents = `<div class="lpt-opponents">${view.opponents.map(opponent).join("")}</div>`;

      // -- piles ----------------------------------------------------------------------------------
      const top = view.discard.top;
      const discardLabel = top
        ? `discard pile: ${plural(view.discard.count, "card")}, top card ${top.label}`
        : "discard pile: empty";
      const piles = `<div class="lpt-piles">
        <div class="lpt-pile">
          <div class="lpt-pile-name">Stock</div>
          <button type="button" class="lpt-stock" data-act="stock" data-testid="stock"
            aria-label="${esc(`stock: ${plural(view.stock.count, "card")}; click to draw`)}"
            title="Click to draw from the stock">
            ${view.stock.count ? '<span class="lpt-back-big"></span>' : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count" data-testid="stock-count">${view.stock.count}</div>
        </div>
        <div class="lpt-pile">
          <div class="lpt-pile-name">Discard</div>
          <button type="button" class="lpt-discard-top${hint.kind === "TakeDiscard" ? " is-hinted" : ""}"
            data-act="discard-pile" data-testid="discard-top" data-card="${top ? esc(top.code) : ""}"
            aria-label="${esc(discardLabel)}" title="${view.phase === "play" ? "Click to discard the selected card" : "Click to take the discard"}">
            ${top ? top.svg : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count">${plural(view.discard.count, "card")}</div>
        </div>
      </div>`;

      // -- melds by owner ---------------------------------------------------------------------------
      const groups = view.melds.map((g) => {
        const melds = g.melds.map((m) => {
          const isTarget = targets.includes(m.index);
          const cards = m.cards.map((c) => {
            const swap = swaps.some(([k, j]) => k === m.index && j === c.position);
            return `<button type="button" class="lpt-mcard${c.wild ? " is-wild" : ""}${swap ? " is-swap-target" : ""}"
              data-act="meld-card" data-meld="${m.index}" data-position="${c.position}"
              data-wild="${c.wild}" data-kind="${esc(m.kind)}" data-count="${m.cards.length}"
              data-card="${esc(c.code)}" data-testid="meld-${m.index}-card-${c.position}"
              aria-label="${esc(c.label)}">${c.svg}</button>`;
          }).join("");
          return `<div class="lpt-meld${isTarget ? " is-target" : ""}${hint.meld === m.index ? " is-hinted" : ""}"
              data-testid="meld-${m.index}" data-meld="${m.index}" role="group"
              aria-label="${esc(`meld ${m.index + 1}: ${m.describe}`)}">
            <div class="lpt-meld-cards">${cards}</div>
            <button type="button" class="lpt-meld-caption" data-act="meld" data-meld="${m.index}"
              title="${esc(m.describe)}">${esc(m.short)}${isTarget ? " ← lay here" : ""}</button>
          </div>`;
        }).join("");
        const empty = g.melds.length ? "" : `<div class="lpt-muted lpt-nomelds">no melds yet</div>`;
        const facts = g.owner === null ? "" : `<span class="lpt-badge ${g.down ? "lpt-badge-down" : "lpt-badge-need"}">${esc(g.progress)}</span>
            <span class="lpt-muted">${esc(g.buys)}</span>`;
        return `<div class="lpt-group${g.melds.length ? "" : " is-empty"}" data-testid="melds-of-${g.owner ?? "loose"}">
          <div class="lpt-group-head"><b>${esc(g.owner === view.seat ? you(g.name) : g.name)}</b> ${facts}</div>
          <div class="lpt-group-melds">${melds}${empty}</div>
        </div>`;
      }).join("");
      const table = `<div class="lpt-table" data-testid="table">${groups}</div>`;

      // -- the prompt (buy, call, give, cut) ----------------------------------------------------------
      let prompt = "";
      const p = view.prompt;
      if (p && interactive) {
        const card = p.card ? `<span class="lpt-prompt-card">${p.card.svg}</span>` : "";
        let buttons = "";
        if (p.kind === "buy") {
          buttons = `<button type="button" class="lpt-btn lpt-primary" data-act="btn" data-kind="buy"
              data-testid="prompt-buy">Buy</button>
            <button type="button" class="lpt-btn" data-act="btn" data-kind="pass" data-testid="prompt-pass">Pass</button>`;
          if (p.seconds) {
            buttons += `<span class="lpt-countdown" aria-live="off"><span class="lpt-countdown-track">
              <span class="lpt-countdown-bar"></span></span><span data-testid="countdown">${Math.ceil(p.seconds)} s</span></span>`;
          }
        } else if (p.kind === "call") {
          const b = legal.buttons || {};
          if (b.call_rummy && b.call_rummy.enabled) {
            buttons += `<button type="button" class="lpt-btn lpt-primary" data-act="btn" data-kind="call_rummy">Call rummy</button>`;
          }
          if (b.call_liverpool && b.call_liverpool.enabled) {
            buttons += `<button type="button" class="lpt-btn lpt-primary" data-act="btn" data-kind="call_liverpool">Call Liverpool</button>`;
          }
          buttons += `<button type="button" class="lpt-btn" data-act="btn" data-kind="pass" data-testid="prompt-pass">Pass</button>`;
        } else if (p.kind === "cut") {
          buttons = `<label class="lpt-cut">Lift <input type="number" class="lpt-cut-aim" data-testid="cut-aim"
              min="${p.min ?? 1}" max="${p.max ?? 200}" value="${p.aim ?? 1}"> cards</label>
            <button type="button" class="lpt-btn lpt-primary" data-act="cut" data-testid="prompt-cut">Cut</button>`;
        }
        prompt = `<div class="lpt-prompt" role="alert" data-testid="prompt" data-kind="${esc(p.kind)}">
          ${card}<div class="lpt-prompt-body"><div class="lpt-prompt-text">${esc(p.text)}</div>
          <div class="lpt-prompt-buttons">${buttons}</div></div></div>`;
      }

      // -- your hand ------------------------------------------------------------------------------
      const handCards = view.hand.filter((c) => !stagedOf.has(c.index)).map((c) => {
        const isSel = selected.includes(/** @type {number} */ (c.index));
        const group = stagedOf.get(c.index);
        const cls = ["lpt-hcard"];
        if (isSel) cls.push("is-selected");
        if (group) cls.push("is-staged");
        if (hinted.has(/** @type {number} */ (c.index))) cls.push("is-hinted");
        const label = `${c.label}${isSel ? ", selected" : ""}${group ? `, in new meld ${group}` : ""}`;
        return `<button type="button" class="${cls.join(" ")}" data-act="card" data-index="${c.index}"
            data-pos="${c.pos}" data-card="${esc(c.code)}" data-testid="hand-card-${c.index}"
            aria-pressed="${isSel}" aria-label="${esc(label)}" draggable="${interactive ? "true" : "false"}">
          ${c.svg}${group ? `<span class="lpt-staged-badge">${group}</span>` : ""}</button>`;
      }).join("");
      const sorts = [["own", "My order"], ["rank", "By rank"], ["suit", "By suit"]].map(([mode, text]) =>
        `<button type="button" class="lpt-sort${sortMode === mode ? " is-on" : ""}" data-act="sort"
          data-mode="${mode}" data-testid="sort-${mode}" aria-pressed="${sortMode === mode}">${text}</button>`).join("");
      const byIndex = new Map(view.hand.map((c) => [c.index, c]));
      const stagedHtml = staged.length
        ? `<div class="lpt-staged" data-testid="staged"><span class="lpt-staged-title">Melds to go down with:</span>
            ${staged.map((group, k) => `<span class="lpt-staged-meld" data-testid="staged-${k}" role="group"
              aria-label="${esc(`new meld ${k + 1}: ${group.map((i) => (byIndex.get(i) || { label: "?" }).label).join(", ")}`)}">${group
              .map((i, j) => {
                const c = byIndex.get(i) || { code: "", label: "", svg: "" };
                return `<span class="lpt-staged-card" role="img" aria-label="${esc(c.label)}" data-card="${esc(c.code)}"
                  data-testid="staged-${k}-card-${j}">${c.svg}</span>`;
              }).join("")}</span>`).join("")}
            <button type="button" class="lpt-link" data-act="clear_melds" data-testid="clear-melds">put back</button></div>`
        : "";
      const notes = view.notes.map((n) => `<div class="lpt-note">${esc(n)}</div>`).join("");
      const me = view.me;
      const hand = `<section class="lpt-me${view.my_turn ? " is-acting" : ""}" data-testid="my-seat"
          aria-label="${esc(`your hand: ${plural(view.hand.length, "card")}`)}">
        <div class="lpt-me-head">
          <div class="lpt-seat-name">${esc(you(me.name))} ${badges(me)}
            <span class="lpt-muted">${esc(seatFacts(me))}</span></div>
          <div class="lpt-sorts" role="group" aria-label="sort your hand">${sorts}
            ${interactive ? `<button type="button" class="lpt-link" data-act="select_all" data-testid="select-all">select all</button>
            <button type="button" class="lpt-link" data-act="clear" data-testid="clear-selection">clear</button>` : ""}</div>
        </div>
        <div class="lpt-hand" data-testid="hand">${handCards || '<span class="lpt-muted">no cards in hand</span>'}</div>
        ${stagedHtml}${notes}
      </section>`;

      // -- action bar ---------------------------------------------------------------------------
      let actions = "";
      if (interactive) {
        const over = view.over;
        const hintButton = HINT_BUTTON[/** @type {keyof typeof HINT_BUTTON} */ (hint.kind || "")];
        actions = `<div class="lpt-actions" role="toolbar" aria-label="actions">${BUTTONS.map(([kind, text]) => {
          const b = (legal.buttons || {})[/** @type {string} */ (kind)];
          if (!b || !b.shown || (over && kind !== "undo")) return "";
          const why = b.enabled ? "" : b.why;
          const note = b.enabled && b.note ? `<small class="lpt-why">${esc(b.note)}</small>` : "";
          return `<span class="lpt-action${b.enabled ? "" : " is-off"}" title="${esc(why)}">
            <button type="button" class="lpt-btn${kind === hintButton ? " is-hinted" : ""}${kind === "hint" || kind === "undo" ? " lpt-quiet" : ""}"
              data-act="btn" data-kind="${kind}" data-testid="btn-${kind}" ${b.enabled ? "" : "disabled"}
              aria-disabled="${!b.enabled}" aria-label="${esc(why ? `${text} (not now: ${why})` : text)}"
              title="${esc(why)}">${esc(text)}</button>
            ${why ? `<small class="lpt-why" data-testid="why-${kind}">${esc(why)}</small>` : note}</span>`;
        }).join("")}</div>`;
      }

      // -- messages -------------------------------------------------------------------------------
      const error = model.get("error");
      const errorHtml = `<div class="lpt-error" role="alert" data-testid="error"${error ? "" : " hidden"}>${error ? `⚠ ${esc(error)}` : ""}</div>`;
      const hintHtml = hint.text
        ? `<div class="lpt-hint" role="status" data-testid="hint"><b>Hint:</b> ${esc(hint.text)}</div>`
        : "";

      // -- log, score pad, winners ----------------------------------------------------------------
      const log = /** @type {string[]} */ (model.get("log")) || [];
      const logHtml = `<section class="lpt-log" data-testid="log" aria-label="what happened">
        <div class="lpt-box-title">What happened</div>
        <ul class="lpt-log-lines">${log.slice(-60).map((line) => `<li>${esc(line)}</li>`).join("")}</ul></section>`;
      const pad = /** @type {ScorePad} */ (model.get("score_pad"));
      let padHtml = "";
      if (pad && pad.rows && pad.rows.length) {
        const head = pad.names.map((n) => `<th>${esc(n)}</th>`).join("");
        const rows = pad.rows.map((r) => `<tr><th>deal ${r.deal}</th>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
        const best = Math.min(...pad.totals);
        const totals = pad.totals.map((t) => `<td class="${t === best ? "is-best" : ""}">${t}</td>`).join("");
        padHtml = `<section class="lpt-pad" data-testid="score-pad" aria-label="score pad">
          <div class="lpt-box-title">Score pad <span class="lpt-muted">(lower is better)</span></div>
          <table><thead><tr><th></th>${head}</tr></thead><tbody>${rows}
          <tr class="lpt-total"><th>total</th>${totals}</tr></tbody></table></section>`;
      }
      const winners = /** @type {string[]} */ (model.get("winners")) || [];
      const winnersHtml = winners.length
        ? `<div class="lpt-winners" role="status" data-testid="winners">★ ${esc(winners.join(" and "))} ${winners.length > 1 || /^you$/i.test(winners[0]) ? "win" : "wins"} the match!</div>`
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
      syncCountdown();
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
      const view = /** @type {View} */ (model.get("view"));
      const selected = /** @type {number[]} */ (model.get("selected")) || [];
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
        case "card": {
          const index = Number(hit.dataset.index);
          const on = selected.includes(index);
          hit.classList.toggle("is-selected", !on); // feels instant; Python's answer redraws
          shown[HAND_PART] = ""; // so the hand is redrawn from Python's answer, whatever it is
          send({ kind: on ? "deselect" : "select", index, code: hit.dataset.card });
          break;
        }
        case "btn": {
          const entry = BUTTONS.find(([kind]) => kind === hit.dataset.kind);
          if (!entry) return;
          if (entry[0] === "cut") {
            sendCut();
            return;
          }
          send(/** @type {object} */ (entry[2]));
          break;
        }
        case "cut":
          sendCut();
          break;
        case "stock":
          send({ kind: "draw" });
          break;
        case "discard-pile":
          if (view.phase === "play" || view.phase === "liverpool_discard") send({ kind: "discard" });
          else send({ kind: "take" });
          break;
        case "meld":
          send({ kind: "lay_off", meld: Number(hit.dataset.meld), end: null });
          break;
        case "meld-card": {
          const meld = Number(hit.dataset.meld);
          const position = Number(hit.dataset.position);
          const legal = /** @type {Legal} */ (model.get("legal")) || { buttons: {}, targets: {}, swaps: {} };
          const one = selected.length === 1 ? String(selected[0]) : "";
          const swaps = (one && (legal.swaps || {})[one]) || [];
          if (hit.dataset.wild === "true" && swaps.some(([k, j]) => k === meld && j === position)) {
            send({ kind: "swap", meld, position });
          } else if (hit.dataset.wild === "true" && !(one && ((legal.targets || {})[one] || []).includes(meld))) {
            send({ kind: "swap", meld, position });
          } else {
            let end = null;
            if (hit.dataset.kind === "run") end = position < Number(hit.dataset.count) / 2 ? "low" : "high";
            send({ kind: "lay_off", meld, end });
          }
          break;
        }
        case "select_all":
        case "clear":
        case "clear_melds":
          send({ kind: act });
          break;
        default:
          break;
      }
    }

    function sendCut() {
      const input = /** @type {HTMLInputElement|null} */ (root.querySelector(".lpt-cut-aim"));
      const view = /** @type {View} */ (model.get("view"));
      const aim = input ? Number(input.value) : (view.prompt && view.prompt.aim) || 1;
      send({ kind: "cut", aim });
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
      stopCountdown();
      for (const name of TRAITS) model.off(`change:${name}`, schedule);
      root.removeEventListener("click", onClick);
    };
  },
};
