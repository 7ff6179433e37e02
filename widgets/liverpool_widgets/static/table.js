// The Liverpool card table: draws the table model Python syncs (the traits view, controls, log
// and scores; see liverpool/table_model.py) and reports every click as an intent:
// {kind: "click_card" | "press" | "click_meld" | "click_stock" | "click_discard" | ..., version}.
// It keeps no rules: which buttons exist and whether they are live, why not, where the
// selected card may go, what a click on a meld means, when a buy offer lapses, which melds
// Go down lays and what a deal's end cost everyone are all decided in Python. One plain ES
// module, no build step; cards arrive as ready-made SVG.
//
// Intents besides the clicks on cards, piles, melds and buttons: {kind: "move", index, to}
// (drag a card, or Alt+Left/Right on it), {kind: "press", button: "go_down", confirm: true}
// and {kind: "cancel"} (the answer to "Go down with these melds?"), {kind: "next_deal"} (the
// end-of-deal panel's button), {kind: "option", name: "auto_pass", value} (a switch).
//
// Keyboard: every card, pile, meld and button is a <button> (Enter / Space click it). Tab /
// Shift-Tab stop at each pile, each hand card and each button of a question, but once per
// meld, once per switch and once for the action bar (a roving tabindex, see rove): the arrow
// keys move within a meld (Home / End to its ends), along the action bar (Left / Right, Home /
// End; a WAI-ARIA toolbar, whose Tab stop is the button that leads on now unless the user
// chose another, see barLead) and choose among a switch's choices (radio buttons, wrapping).
// Left / Right / Home / End move along the hand, Alt+Left / Alt+Right move the focused card in
// the player's own order. A button that is off (grey) is aria-disabled, not disabled: the
// arrows reach it in the bar (a question's grey button keeps its Tab stop), so a keyboard user
// reads why (the reason line, its description), and a click or a key on it does nothing (see
// isOff). The log is one Tab stop of its own (the arrows scroll it). Each focusable element
// carries a stable `data-focus-key`, and focus is put back on the same element after every
// redraw.

/**
 * @typedef {{code: string, text: string, label: string, wild: boolean,
 *   stands_for: string|null, svg: string}} CardItem
 * @typedef {CardItem & {index: number, pos: number}} HandItem
 * @typedef {{seat: number, name: string, title: string, you: boolean, hand_size: number,
 *   facts: string, down: boolean, progress: string, buys: string, dealer: boolean,
 *   to_act: boolean, winner: boolean, hand: CardItem[]|null, picked_up?: CardItem[],
 *   picked_words: string}} SeatInfo
 * @typedef {{index: number, kind: string, describe: string, short: string,
 *   cards: CardItem[]}} MeldItem
 * @typedef {{owner: number|null, name: string, title: string, down: boolean,
 *   progress: string, buys: string, melds: MeldItem[]}} MeldGroup
 * @typedef {{kind: string, text: string, buttons: string[], card: CardItem|null,
 *   price: number, seconds: number|null, deadline: number|null, aim: number|null,
 *   least: number|null, most: number|null}} Prompt
 * @typedef {{rules: string, deal: number, deals: number, contract: string,
 *   contract_text: string, dealer: string, phase: string, my_turn: boolean,
 *   deciding: string, over: boolean, waiting?: string, buys?: string}} Header
 * @typedef {{version: number, seat: number, header: Header, seats: SeatInfo[],
 *   piles: {stock: number, discards: number, top: CardItem|null},
 *   melds: MeldGroup[], hand: HandItem[], prompt: Prompt|null, notes: string[]}} View
 * @typedef {{kind: string, label: string, enabled: boolean, why: string, shown: boolean,
 *   note: string, hinted: boolean, guide?: boolean}} Button
 * @typedef {{kind: string, meld: number, end: string|null, position: number|null}} Target
 * @typedef {{text: string, button: string|null, cards: number[], meld: number|null}} Hint
 * @typedef {{name: string, label: string, value: string,
 *   choices: {value: string, label: string}[], help: string}} Toggle
 * @typedef {{button: string, text: string, melds: number[][], describe: string[],
 *   yes: string, no: string}} Confirm
 * @typedef {{version: number, selected: number[], staged: number[][], targets: Target[],
 *   buttons: Button[], hint: Hint|null, toggles?: Toggle[], confirm?: Confirm|null,
 *   sorts?: {value: string, label: string}[]}} Controls
 * @typedef {{names: string[], rows: {deal: number, cells: string[]}[], totals: number[]}} Pad
 * @typedef {{seat: number, name: string, went_out: boolean, cards: CardItem[],
 *   card_points: number[], hand_points: number, adjustment: string, score: string,
 *   total: number, text: string}} Leftover
 * @typedef {{deal: number, title: string, how: string, went_out_with: CardItem[],
 *   hands: Leftover[], pad: Pad, over: boolean, banner: string, standings: string[],
 *   next: string, button: string, melds: MeldGroup[], melds_title: string}} Panel
 * @typedef {{pad: Pad, winners: string[], banner: string, panel?: Panel|null}} Scores
 * @typedef {{get: (name: string) => any, set: (name: string, value: any) => void,
 *   save_changes: () => void, send: (content: object) => void,
 *   on: (event: string, callback: () => void) => void,
 *   off: (event: string, callback: () => void) => void}} Model
 */

const TRAITS = [
  "view", "controls", "log", "scores", "error", "error_kind", "sort_mode", "busy", "crash",
  "interactive", "scale", "four_color",
];
const FOCUSABLE = "button:not([disabled]), input:not([disabled]), [tabindex]";
/** A button that is shown but off (grey): it takes focus, and a click on it does nothing. */
const OFF = '[aria-disabled="true"]';

/** Whether `el` is a grey button (or inside one): reachable, but not to be pressed.
 * @param {Element|null} el */
function isOff(el) {
  return !!el && !!el.closest(OFF);
}
let tables = 0; // each table's element ids are its own (several tables may share a page)
/** Said after the name of what the hint rings in gold (a card, a pile, a meld, a button). */
const HINTED = ", hinted";

/** The arrow keys' steps in a row of cards or choices (see step). */
const STEPS = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 });

/**
 * Where `key` moves focus from item `at` of a row of `count`: the item's place, or -1 for a key
 * that moves nothing. A radio group wraps around and knows no Home / End (WAI-ARIA's radio
 * group); a meld and the hand stop at their ends.
 * @param {string} key @param {number} at @param {number} count @param {boolean} radio
 */
function step(key, at, count, radio) {
  if (at < 0 || !count) return -1;
  if (!radio && key === "Home") return 0;
  if (!radio && key === "End") return count - 1;
  const by = STEPS[key];
  if (!by) return -1;
  return radio ? (at + by + count) % count : Math.min(Math.max(at + by, 0), count - 1);
}

/** A group with one Tab stop (`data-rove`: a meld, a switch, the action bar): its buttons,
 * in order. @param {Element} group */
function roveItems(group) {
  return /** @type {HTMLElement[]} */ ([...group.querySelectorAll("button")]);
}

/** @param {Element} group whether it is the action bar (a toolbar: Left / Right move along
 * it, Up / Down are left to the page, as in the hand) */
function isToolbar(group) {
  return group.getAttribute("role") === "toolbar";
}

/**
 * The button of the action bar that leads on now, and by which rule: the bar's Tab stop
 * (`data-rove-lead`, see rove) unless the user has chosen another since the same one led.
 * The button the hint rings; else Discard when it is on and one card is selected (the turn's
 * last step); else the grey button whose reason the reason line shows as what leads on (on
 * your turn, when no button that plays is on: Discard's "Select the one card ...", else the
 * first guide); else the first live button that plays (not Hint, not Undo). None while
 * nothing plays (another player decides): the stop is then the first live button (Hint,
 * Undo), else the first (see rove).
 * @param {Button[]} bar the bar's buttons, in order @param {number[]} selected
 * @param {Button|null} reasonLead the button the reason line names as leading on
 * @returns {{button: Button, by: string}|null}
 */
function barLead(bar, selected, reasonLead) {
  const hinted = bar.find((b) => b.hinted);
  if (hinted) return { button: hinted, by: "hint" };
  const discard = bar.find((b) => b.kind === "discard" && b.enabled);
  if (discard && selected.length === 1) return { button: discard, by: "one card" };
  if (reasonLead) return { button: reasonLead, by: "reason" };
  const play = bar.find((b) => b.enabled && b.kind !== "hint" && b.kind !== "undo");
  return play ? { button: play, by: "play" } : null;
}

/** @param {Element} group whether it is a switch (its choices are radio buttons) */
function isRadio(group) {
  return group.getAttribute("role") === "radiogroup";
}

/** A card picture hidden from a screen reader (its box already names the card).
 * @param {string} svg */
function mute(svg) {
  return svg.replace(/^\s*<svg(?![^>]*aria-hidden)/, '<svg aria-hidden="true"');
}

/** @param {unknown} text the text with the joker named by its word (see esc) */
function spoken(text) {
  return String(text ?? "").replace(/🃏/gu, "Joker");
}

/**
 * Text made safe for HTML. Every word the table writes passes here, so here the joker is
 * written as a word: the engine's sentences name it by its glyph (str(card) is "🃏"), which at
 * text size shows as a tiny picture or a box that a beginner does not read as "Joker".
 * @param {unknown} text
 */
function esc(text) {
  return spoken(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c] ?? c);
}

const SUIT_CLASS = /** @type {Record<string, string>} */ ({
  "♥": "is-red is-hearts", "♦": "is-red is-diamonds", "♠": "is-black is-spades", "♣": "is-black is-clubs",
});

/**
 * A sentence the table shows as text (the question, a log line, a hint, a message, a reason),
 * made safe for HTML as esc() makes it, with each suit (and the rank before it: "10♥") in a
 * span that colours it as the chips are: ♥ ♦ the table's red, ♠ ♣ its ink. The text is
 * exactly esc()'s (a screen reader and textContent read the same words). Never for an
 * attribute (aria-label, title): there a span would be read as its markup; use esc().
 * @param {unknown} text
 */
function sentence(text) {
  return esc(text).replace(/(?:(?<![0-9A-Za-z])(?:10|[2-9AJQK]))?([♥♦♠♣])\uFE0F?/gu,
    (all, suit) => `<span class="lpt-suit ${SUIT_CLASS[suit]}">${all}</span>`);
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
  const picked = s.picked_up ?? [];
  const seen = picked.length ? `, picked up ${picked.map((c) => c.text).join(" ")}` : "";
  return `<section class="lpt-seat${s.to_act ? " is-acting" : ""}${s.hand ? " is-open" : ""}" data-testid="opponent-${s.seat}"
      data-seat="${s.seat}" aria-label="${esc(`${s.name}: ${s.facts}, ${s.progress}${seen}`)}">
    <div class="lpt-seat-name" role="heading" aria-level="3">${esc(s.title)} ${badges(s)}</div>
    <div class="lpt-seat-cards">${cards}</div>
    <div class="lpt-muted">${esc(s.facts)}</div>${pickedUp(s)}
  </section>`;
}

/**
 * A chip's colour class by its card's suit sign (CSS colours it as the deck does: hearts and
 * diamonds red, or, in a four-colour deck, diamonds blue and clubs green); none for a joker.
 * @param {CardItem} c
 */
function suitClass(c) {
  const suit = { "♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades" }[c.text.slice(-1)];
  return suit ? `is-${suit}` : "";
}

/**
 * The discards a player took or bought and still holds, as small chips: everyone saw them
 * go into the hand (a player who remembers them knows what the others collect). Under your
 * own hand they say what the others know you hold.
 * @param {SeatInfo} s
 */
function pickedUp(s) {
  const cards = s.picked_up ?? [];
  if (!cards.length) return "";
  const chips = cards.map((c) => `<span class="lpt-chip ${suitClass(c)}"
      data-card="${esc(c.code)}" title="${esc(c.label)}">${esc(c.text)}</span>`).join("");
  return `<div class="lpt-picked" data-testid="picked-${s.seat}">${esc(s.picked_words)} ${chips}</div>`;
}

/**
 * One button of the action bar or of a prompt: one that is off says why in full, as its
 * tooltip and (aria-describedby) to a screen reader. It is aria-disabled, not disabled: it
 * keeps its Tab stop, so a keyboard user can reach it and read why (onClick ignores it).
 * @param {Button} b @param {string} testid @param {string} key @param {string} whyId
 * @param {string} [extra] more classes
 */
function button(b, testid, key, whyId, extra = "") {
  const off = !b.enabled;
  return `<button type="button" class="lpt-btn${b.hinted ? " is-hinted" : ""}${extra}" data-act="press"
      data-kind="${esc(b.kind)}" data-testid="${testid}" data-focus-key="${esc(key)}"
      ${off ? `aria-disabled="true" aria-describedby="${whyId}"` : ""} aria-label="${esc(`${b.label}${b.hinted ? HINTED : ""}`)}"
      title="${esc(off ? b.why : b.note)}">${esc(b.label)}</button>`;
}

/** Seconds left until `deadline` (seconds since the epoch), for the countdown's display. */
function secondsLeft(deadline) {
  return Math.max(0, deadline - Date.now() / 1000);
}

/** @param {Pad} pad @param {string} testid @param {string} title */
function padTable(pad, testid, title) {
  const names = pad.names.map((n) => `<th scope="col">${esc(n)}</th>`).join("");
  const rows = pad.rows.map((r) => `<tr><th scope="row">deal ${r.deal}</th>${r.cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  const best = Math.min(...pad.totals);
  const totals = pad.totals.map((t) => `<td class="${t === best ? "is-best" : ""}">${t}</td>`).join("");
  return `<section class="lpt-pad" data-testid="${testid}" aria-label="score pad">
    <div class="lpt-box-title" role="heading" aria-level="3">${esc(title)} <span class="lpt-muted">(lower is better)</span></div>
    <table><thead><tr><th></th>${names}</tr></thead><tbody>${rows}
    <tr class="lpt-total"><th scope="row">total</th>${totals}</tr></tbody></table></section>`;
}

/**
 * The melds of a deal that is over (Python's DealEnd.melds), read-only and compact, grouped by
 * owner: the panel's "went out by discarding the 8♦" can be checked against what was laid down.
 * @param {Panel} d
 */
function finalTable(d) {
  const groups = d.melds.filter((g) => g.melds.length);
  if (!groups.length) return "";
  const html = groups.map((g) => `<div class="lpt-group" data-testid="final-melds-of-${g.owner ?? "loose"}">
      <div class="lpt-group-head"><b>${esc(g.title)}</b></div>
      <div class="lpt-group-melds">${g.melds.map((m) => `<div class="lpt-meld" role="img"
          aria-label="${esc(`${g.name}: ${m.describe}`)}" data-testid="final-meld-${m.index}">
        <div class="lpt-meld-cards">${m.cards.map((c) => `<span class="lpt-mcard"
          data-card="${esc(c.code)}">${c.svg}</span>`).join("")}</div>
        <div class="lpt-meld-caption">${esc(m.short)}</div></div>`).join("")}</div></div>`).join("");
  return `<section class="lpt-final" data-testid="final-melds" aria-label="${esc(d.melds_title)}">
    <div class="lpt-box-title" role="heading" aria-level="3">${esc(d.melds_title)}</div>
    <div class="lpt-final-groups">${html}</div></section>`;
}

/**
 * The end-of-deal panel (Python's DealEnd), with the deal's melds under its first line. Its
 * Next deal button is described (aria-describedby) by the "how" line and the learner's own
 * leftover line: what a screen reader says with the button that has focus.
 * @param {Panel} d @param {string} ids the table's id prefix @param {number} mine your seat
 */
function dealEnd(d, ids, mine) {
  const last = d.went_out_with.length
    ? `<span class="lpt-left-cards">${d.went_out_with.map((c) => `<span class="lpt-left-card" role="img"
        aria-label="${esc(c.label)}" data-card="${esc(c.code)}">${c.svg}</span>`).join("")}</span>`
    : "";
  const hands = d.hands.map((h) => {
    const cards = h.cards.map((c, i) => `<span class="lpt-left-card" role="img"
        aria-label="${esc(`${c.label}: ${plural(h.card_points[i], "point")}`)}" data-card="${esc(c.code)}"
        data-testid="leftover-${h.seat}-card-${i}">${c.svg}<span class="lpt-left-pts" aria-hidden="true">${h.card_points[i]}</span></span>`).join("");
    return `<div class="lpt-left${h.went_out ? " is-out" : ""}" data-testid="leftover-${h.seat}" role="group"
        ${h.seat === mine ? `id="${ids}-mine" ` : ""}aria-label="${esc(h.text)}">
      <div class="lpt-left-head"><b>${esc(h.name)}</b>
        <span class="lpt-left-score" data-testid="leftover-${h.seat}-score">${esc(h.score)}</span>
        <span class="lpt-muted">total ${h.total}</span></div>
      <div class="lpt-left-cards">${cards || `<span class="lpt-left-none">${h.went_out ? "went out" : "no cards"}</span>`}</div>
      <div class="lpt-left-sum" aria-hidden="true">${h.cards.length ? `${esc(h.card_points.join(" + "))} <span class="lpt-left-total">= ${h.hand_points}</span>` : ""}${h.adjustment ? ` · ${esc(h.adjustment)}` : ""}</div>
    </div>`;
  }).join("");
  const over = d.over
    ? `<div class="lpt-winners" data-testid="deal-end-winners">${sentence(d.banner)}</div>
       <ol class="lpt-standings" data-testid="standings">${d.standings.map((s) => `<li>${sentence(s)}</li>`).join("")}</ol>`
    : "";
  return `<section class="lpt-panel" data-testid="deal-end" role="region" aria-label="${esc(d.title)}">
    <div class="lpt-panel-how" id="${ids}-how" data-testid="deal-end-how"><span>${sentence(d.how)}</span> ${last}</div>
    ${finalTable(d)}
    ${over}
    <div class="lpt-panel-hands">${hands}</div>
    ${padTable(d.pad, "deal-end-pad", `Score pad after deal ${d.deal}`)}
    <div class="lpt-panel-next">${d.next ? `<span>${sentence(d.next)}</span>` : ""}
      <button type="button" class="lpt-btn lpt-primary" data-act="next_deal" data-testid="next-deal"
        data-focus-key="next-deal" aria-label="${esc(d.button)}"
        aria-describedby="${ids}-how${d.hands.some((h) => h.seat === mine) ? ` ${ids}-mine` : ""}">${esc(d.button)}</button></div>
  </section>`;
}

export default {
  /** @param {{model: Model, el: HTMLElement}} ctx */
  render({ model, el }) {
    const root = document.createElement("div");
    root.className = "lpt";
    root.tabIndex = -1; // focus lands here when the element that had it is gone for good
    // JupyterLab's keyboard shortcuts (Enter, arrows, Space...) stay out of the table
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    el.appendChild(root);
    // One polite live region, made once and never redrawn (a region inserted afresh is often
    // not read): after each redraw only what is new is written into it (see announce).
    const live = document.createElement("div");
    live.className = "lpt-sr lpt-live";
    live.setAttribute("aria-live", "polite");
    live.setAttribute("data-testid", "announce");
    el.appendChild(live);
    /** What the live region last heard of: null before the first draw (nothing is said then). */
    let heard = /** @type {{log: string[], turn: string, hint: string, guide: string,
      banner: string, panel: string}|null} */ (null);
    const ids = `lpt${++tables}`;
    let scheduled = false;
    let dragIndex = -1;
    /** @type {any} the countdown's display timer (it only redraws the number) */
    let ticker = null;
    const HAND_PART = 6; // the hand's place in the parts that draw() patches
    const CARDS = "<!--lpt-cards-->"; // where the hand's cards go in the hand's part
    /** @type {{key: string, attrs: string, svg: string}[]} the hand's cards being drawn */
    let handCards = [];
    /** @type {{key: string, attrs: string}[]} the hand's cards as drawn */
    let cardsShown = [];
    /** Cards whose look the page changed itself (a click): drawn again from Python's answer. */
    const dirtyCards = new Set();
    const parser = document.createElement("template");
    /** @type {string[]} the HTML of each part of the table as last drawn (see patch) */
    let shown = [];
    /** Where the last click was, and so where its message goes, next to it: "piles" (the
     * stock, the discard pile) under the piles, "table" (a meld) under the melds, "hand"
     * (anything else) in the dock. */
    let lastZone = "hand";
    let hadConfirm = false;
    let hadPanel = false;
    /** The question last put to the human ("buy:Buy the 6♥? ..."): a new one is scrolled into view. */
    let asked = "";
    /** What the last click or Enter did ("draw", "buy", "click_stock", ...). */
    let lastAct = "";
    /** The hand card focus fell back to while the card being drawn was not there yet: when it
     * comes, and focus was left there, focus moves on to it. */
    let pending = "";
    const DRAWS = new Set(["draw", "take", "buy", "click_stock", "click_discard"]);
    /** @type {Map<string, {stop: string, lead: string}>} each meld's and the action bar's Tab
     * stop (a `data-rove` key to a `data-focus-key`) and what led the group when it was chosen
     * (see rove), kept while the group is on the table */
    const roving = new Map();

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
      const scale = String(Number(model.get("scale")) || 1);
      if (root.style.getPropertyValue("--lpt-scale") !== scale) root.style.setProperty("--lpt-scale", scale);
      const h = view.header;
      const buttons = new Map(controls.buttons.map((b) => [b.kind, b]));
      const selected = controls.selected;
      const hint = controls.hint;
      const interactive = model.get("interactive");
      const sortMode = model.get("sort_mode");
      const scores = /** @type {Scores} */ (model.get("scores"));
      const panel = (scores && scores.panel) || null;
      const log = /** @type {string[]} */ (model.get("log")) || [];
      const bottomWas = memos.get("bottom");
      const logChanged = !bottomWas || bottomWas.deps[0] !== log || bottomWas.deps[1] !== scores;
      // (the log's scroll place is read only when the log is drawn again: reading it asks the
      // browser for a layout, which a click on a card need not wait for)
      const logScroll = logChanged ? root.querySelector(".lpt-log-lines") : null;
      const atBottom = logChanged
        && (!logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4);
      // scrolled up to read (by the arrows, its Tab stop, or the wheel): the same place after a
      // new line, not the top of the log
      const logTop = logScroll && !atBottom ? logScroll.scrollTop : 0;

      const layTargets = new Set(controls.targets.filter((t) => t.kind === "lay_off").map((t) => t.meld));
      const swapTargets = new Set(controls.targets.filter((t) => t.kind === "swap").map((t) => `${t.meld}/${t.position}`));
      const hinted = new Set(hint ? hint.cards : []);
      const stagedOf = new Map();
      controls.staged.forEach((group, k) => group.forEach((i) => stagedOf.set(i, k + 1)));
      const byIndex = new Map(view.hand.map((c) => [c.index, c]));

      // -- header -------------------------------------------------------------------------------
      const title = panel
        ? `<div class="lpt-title" role="heading" aria-level="2">${esc(panel.title)}</div>`
        : `<div class="lpt-title" role="heading" aria-level="2">Deal ${h.deal} of ${h.deals}
          <span class="lpt-contract" title="${esc(h.contract_text)}">${esc(h.contract)}</span>
          <span class="lpt-muted">dealer: ${esc(h.dealer)} · ${esc(h.rules)} rules${h.buys ? ` · ${esc(h.buys)}` : ""}</span></div>`;
      const head = `<header class="lpt-head">${title}
        ${panel ? "" : `<div class="lpt-deciding${h.my_turn ? " is-mine" : ""}"
          data-testid="deciding">${model.get("busy") ? '<span class="lpt-spinner"></span>' : ""}<span>${sentence(h.deciding)}</span></div>`}
      </header>`;

      // -- opponents ----------------------------------------------------------------------------
      const opponents = memo("opponents", [view], () =>
        `<div class="lpt-opponents">${view.seats.slice(1).map(opponent).join("")}</div>`);

      // -- messages: next to what was clicked -------------------------------------------------------
      const error = model.get("error");
      const guide = model.get("error_kind") === "guide";
      /** The message box in one of three places, next to what was clicked (see lastZone): under
       * the piles, under the melds, or in the dock between the hand and the buttons.
       * @param {string} where */
      const message = (where) => {
        if (!error) {
          return where === "hand" ? '<div class="lpt-error" role="alert" data-testid="error" hidden></div>' : "";
        }
        if (lastZone !== where) return "";
        // (a guide's words are said once by the table's live region, not by a new status box)
        return `<div class="${guide ? "lpt-guide" : "lpt-error"}"${guide ? "" : ' role="alert"'}
          data-testid="error" data-kind="${guide ? "guide" : "error"}">${guide ? "ℹ" : "⚠"} ${sentence(error)}</div>`;
      };
      // under the piles, in their own column: beside the melds or, on a narrow screen, above
      // them, it is where the eye is after a click on a pile (under the whole middle row it
      // came after every meld, off the screen of a phone)
      const pileSaid = message("piles");

      // -- piles and melds (drawn again only when the table, the targets, the hint or the piles'
      // message change) ----------------------------------------------------------------------------
      const targetsKey = controls.targets.map((t) => `${t.kind}/${t.meld}/${t.position}`).join();
      const hintKey = hint ? `${hint.button}/${hint.meld}` : "";
      const middle = memo("middle", [view, targetsKey, hintKey, pileSaid], () => {
      const top = view.piles.top;
      const discardLabel = top
        ? `discard pile: ${plural(view.piles.discards, "card")}, top card ${top.label}`
        : "discard pile: empty";
      const piles = `<div class="lpt-piles">
        <div class="lpt-pile">
          <div class="lpt-pile-name">Stock</div>
          <button type="button" class="lpt-stock${hint && hint.button === "draw" ? " is-hinted" : ""}" data-act="click_stock" data-testid="stock" data-focus-key="stock"
            aria-label="${esc(`stock: ${plural(view.piles.stock, "card")}; draw${hint && hint.button === "draw" ? HINTED : ""}`)}"
            title="Click to draw from the stock">
            ${view.piles.stock ? '<span class="lpt-back-big"></span>' : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count" data-testid="stock-count">${view.piles.stock}</div>
        </div>
        <div class="lpt-pile">
          <div class="lpt-pile-name">Discard</div>
          <button type="button" class="lpt-discard-top${hint && hint.button === "take" ? " is-hinted" : ""}"
            data-act="click_discard" data-testid="discard-top" data-focus-key="discard" data-card="${top ? esc(top.code) : ""}"
            aria-label="${esc(`${discardLabel}${hint && hint.button === "take" ? HINTED : ""}`)}" title="Click to take the discard, or to discard the selected card">
            ${top ? top.svg : '<span class="lpt-slot">empty</span>'}
          </button>
          <div class="lpt-pile-count">${plural(view.piles.discards, "card")}</div>
        </div>
      </div>`;

      // -- melds by owner ---------------------------------------------------------------------------
      const empty = view.melds.filter((g) => !g.melds.length);
      const groups = view.melds.filter((g) => g.melds.length).map((g) => {
        const melds = g.melds.map((m) => {
          const isTarget = layTargets.has(m.index);
          const cards = m.cards.map((c, j) => {
            const swap = swapTargets.has(`${m.index}/${j}`);
            return `<button type="button" class="lpt-mcard${c.wild ? " is-wild" : ""}${swap ? " is-swap-target" : ""}"
              data-act="click_meld" data-meld="${m.index}" data-position="${j}" data-focus-key="meld:${m.index}:${j}"
              data-card="${esc(c.code)}" data-testid="meld-${m.index}-card-${j}"
              aria-label="${esc(`${c.label}, in meld ${m.index + 1}${swap ? "; your card can replace it" : ""}`)}">${c.svg}</button>`;
          }).join("");
          const pointed = hint && hint.meld === m.index ? HINTED : "";
          return `<div class="lpt-meld${isTarget ? " is-target" : ""}${pointed ? " is-hinted" : ""}"
              data-testid="meld-${m.index}" data-meld="${m.index}" data-rove="meld:${m.index}" role="group"
              aria-label="${esc(`meld ${m.index + 1}: ${m.describe}${pointed}`)}">
            <div class="lpt-meld-cards">${cards}</div>
            <button type="button" class="lpt-meld-caption" data-act="click_meld" data-meld="${m.index}"
              data-focus-key="meld:${m.index}" data-testid="meld-${m.index}-caption"
              aria-label="${esc(`meld ${m.index + 1}: ${m.describe}${isTarget ? "; lay your card here" : ""}${pointed}`)}"
              title="${esc(m.describe)}">${esc(m.short)}${isTarget ? " ← lay here" : ""}</button>
          </div>`;
        }).join("");
        const facts = g.owner === null ? "" : `<span class="lpt-badge ${g.down ? "lpt-badge-down" : "lpt-badge-need"}">${esc(g.progress)}</span>`;
        return `<div class="lpt-group" data-testid="melds-of-${g.owner ?? "loose"}">
          <div class="lpt-group-head"><b>${esc(g.title)}</b> ${facts}</div>
          <div class="lpt-group-melds">${melds}</div>
        </div>`;
      }).join("");
      const none = empty.length
        ? `<div class="lpt-nomelds">${empty.map((g) => `<span data-testid="melds-of-${g.owner ?? "loose"}"><b>${esc(g.title)}</b>
            <span class="lpt-badge lpt-badge-need">${esc(g.progress)}</span></span>`).join("")}
            <span class="lpt-muted">no melds yet</span></div>`
        : "";
      const table = `<div class="lpt-table" data-testid="table" role="region" aria-label="melds on the table (Left and Right move along a meld)">${groups}${none}</div>`;
      return `<div class="lpt-middle"><div class="lpt-pile-side">${piles}${pileSaid}</div>${table}</div>`;
      });

      // -- the prompt (buy, call, give, cut) and the question before going down ------------------------
      let prompt = "";
      const p = view.prompt;
      if (p && interactive) {
        const card = p.card ? `<span class="lpt-prompt-card" aria-hidden="true">${p.card.svg}</span>` : "";
        let body = "";
        if (p.kind === "cut") {
          body = `<label class="lpt-cut">Lift <input type="number" class="lpt-cut-aim" data-testid="cut-aim"
              data-focus-key="cut-aim" aria-label="cards to lift"
              min="${p.least ?? 1}" max="${p.most ?? 200}" value="${p.aim ?? 1}"> cards</label>`;
        }
        // a question with two answers (buy or pass, call or pass) weighs them the same: the
        // table does not nudge; the one button of an order (give, cut) is the primary one
        const one = p.buttons.length === 1;
        body += p.buttons.map((kind) => {
          const b = buttons.get(kind);
          return b ? button(b, `prompt-${kind}`, `prompt:${kind}`, `${ids}-pwhy-${kind}`, one ? " lpt-primary" : "") : "";
        }).join("");
        body += p.buttons.map((kind) => {
          const b = buttons.get(kind);
          return b && !b.enabled ? `<span class="lpt-sr" hidden id="${ids}-pwhy-${kind}">${esc(b.why)}</span>` : "";
        }).join("");
        if (p.deadline !== null && p.seconds) {
          body += `<span class="lpt-countdown" aria-live="off"><span class="lpt-countdown-track">
            <span class="lpt-countdown-bar"></span></span><span data-testid="countdown">${Math.ceil(secondsLeft(p.deadline))} s</span></span>`;
        }
        prompt = `<div class="lpt-prompt" role="alert" data-testid="prompt" data-kind="${esc(p.kind)}"
          tabindex="-1" data-focus-key="prompt">
          ${card}<div class="lpt-prompt-body"><div class="lpt-prompt-text">${sentence(p.text)}</div>
          <div class="lpt-prompt-buttons">${body}</div></div></div>`;
      }
      const q = controls.confirm;
      if (q && interactive) {
        const melds = q.melds.map((group, k) => `<span class="lpt-staged-meld" role="img"
            aria-label="${esc(q.describe[k] || "")}" data-testid="confirm-meld-${k}">${group.map((i) => {
          const c = byIndex.get(i);
          return c ? `<span class="lpt-staged-card" aria-hidden="true" data-card="${esc(c.code)}">${c.svg}</span>` : "";
        }).join("")}</span>`).join("");
        prompt += `<div class="lpt-prompt lpt-confirm" role="alertdialog" data-testid="confirm"
            aria-label="${esc(q.text)}">
          <div class="lpt-prompt-body"><div class="lpt-prompt-text">${sentence(q.text)}</div>
          <div class="lpt-confirm-melds">${melds}</div>
          <div class="lpt-prompt-buttons">
            <button type="button" class="lpt-btn lpt-primary" data-act="confirm" data-kind="${esc(q.button)}"
              data-testid="confirm-yes" data-focus-key="confirm:yes" aria-label="${esc(q.yes)}">${esc(q.yes)}</button>
            <button type="button" class="lpt-btn" data-act="cancel" data-testid="confirm-no"
              data-focus-key="confirm:no" aria-label="${esc(q.no)}">${esc(q.no)}</button></div></div></div>`;
      }

      // -- your hand ------------------------------------------------------------------------------
      /** @type {Map<string, number>} */
      const seen = new Map();
      /** @type {{key: string, attrs: string, svg: string}[]} the hand's cards, patched one by one */
      const cards = view.hand.filter((c) => !stagedOf.has(c.index)).map((c) => {
        const isSel = selected.includes(c.index);
        const nth = seen.get(c.code) || 0;
        seen.set(c.code, nth + 1);
        const cls = ["lpt-hcard"];
        if (isSel) cls.push("is-selected");
        if (hinted.has(c.index)) cls.push("is-hinted");
        // (selected or not: aria-pressed says it)
        const label = `${c.label}${hinted.has(c.index) ? HINTED : ""}`;
        const key = `card:${c.code}:${nth}`;
        const attrs = `type="button" class="${cls.join(" ")}" data-act="click_card" data-index="${c.index}"
            data-pos="${c.pos}" data-card="${esc(c.code)}" data-testid="hand-card-${c.index}"
            data-focus-key="${esc(key)}" data-focus-group="hand"
            aria-pressed="${isSel}" aria-label="${esc(label)}" draggable="${interactive ? "true" : "false"}"`;
        return { key, attrs, svg: c.svg };
      });
      const sorts = (controls.sorts || []).map(({ value: mode, label: text }) =>
        `<button type="button" class="lpt-sort${sortMode === mode ? " is-on" : ""}" data-act="sort"
          data-mode="${esc(mode)}" data-testid="sort-${esc(mode)}" data-focus-key="sort:${esc(mode)}"
          aria-label="${esc(`sort your hand: ${text.toLowerCase()}`)}" aria-pressed="${sortMode === mode}">${esc(text)}</button>`).join("");
      const stagedHtml = controls.staged.length
        ? `<div class="lpt-staged" data-testid="staged"><span class="lpt-staged-title">Melds to go down with:</span>
            ${controls.staged.map((group, k) => `<span class="lpt-staged-meld" data-testid="staged-${k}" role="group"
              aria-label="${esc(`new meld ${k + 1}: ${group.map((i) => (byIndex.get(i) || { label: "?" }).label).join(", ")}`)}">${group
              .map((i, j) => {
                const c = byIndex.get(i) || { code: "", label: "", svg: "" };
                return `<span class="lpt-staged-card" role="img" aria-label="${esc(c.label)}" data-card="${esc(c.code)}"
                  data-testid="staged-${k}-card-${j}">${mute(c.svg)}</span>`;
              }).join("")}</span>`).join("")}
            <button type="button" class="lpt-link" data-act="clear_melds" data-testid="clear-melds"
              data-focus-key="clear-melds" aria-label="put the melds being built back in your hand">put back</button></div>`
        : "";
      const notes = view.notes.map((n) => `<div class="lpt-note">${sentence(n)}</div>`).join("");
      const me = view.seats[0];
      const hand = `<section class="lpt-me${h.my_turn ? " is-acting" : ""}" data-testid="my-seat"
          aria-label="${esc(`your hand: ${plural(view.hand.length, "card")}`)}">
        <div class="lpt-me-head">
          <div class="lpt-seat-name" role="heading" aria-level="3">${esc(me.title)} ${badges(me)}
            <span class="lpt-muted">${esc(me.facts)}</span></div>
          <div class="lpt-sorts" role="group" aria-label="sort your hand">${sorts}
            ${interactive ? `<button type="button" class="lpt-link" data-act="select_all" data-testid="select-all"
              data-focus-key="select-all" aria-label="select all your cards">select all</button>
            <button type="button" class="lpt-link" data-act="clear" data-testid="clear-selection"
              data-focus-key="clear" aria-label="clear the selection">clear</button>` : ""}</div>
        </div>
        <div class="lpt-hand" data-testid="hand" role="group" aria-label="your cards (Left and Right move along; Alt+Left and Alt+Right move a card)">${cards.length ? CARDS : '<span class="lpt-muted">no cards in hand</span>'}</div>
        ${stagedHtml}${notes}${pickedUp(me)}
      </section>`;

      // -- action bar: buttons, one line of reasons, the switches -------------------------------------
      const toggles = (controls.toggles || []).map((t) => `<div class="lpt-toggle" role="radiogroup"
          aria-label="${esc(t.label)}" data-testid="toggle-${esc(t.name)}" data-rove="opt:${esc(t.name)}" title="${esc(t.help)}">
        <span class="lpt-toggle-name">${esc(t.label)}:</span>${t.choices.map((c) => `<button type="button"
          class="lpt-toggle-choice${c.value === t.value ? " is-on" : ""}" role="radio" aria-checked="${c.value === t.value}"
          data-act="option" data-name="${esc(t.name)}" data-value="${esc(c.value)}"
          data-testid="toggle-${esc(t.name)}-${esc(c.value)}" data-focus-key="opt:${esc(t.name)}:${esc(c.value)}"
          aria-label="${esc(`${t.label}: ${c.label}`)}">${esc(c.label)}</button>`).join("")}</div>`).join("");
      // a table to watch has no buttons, but its switches (the deck's colours on a projector)
      let actions = toggles ? `<div class="lpt-under">${toggles}</div>` : "";
      if (interactive) {
        // the prompt's answers (Buy, Pass) are asked there, not a second time in the bar
        const asked = new Set(prompt && p ? p.buttons : []);
        const bar = controls.buttons.filter((b) => b.shown && !asked.has(b.kind));
        const items = bar.map((b) => `<span class="lpt-action${b.enabled ? "" : " is-off"}" data-kind="${esc(b.kind)}"
            title="${esc(b.enabled ? b.note : `${b.label}: ${b.why}`)}">${button(b, `btn-${b.kind}`, `btn:${b.kind}`, `${ids}-why-${b.kind}`)}</span>`).join("");
        const whys = bar.filter((b) => !b.enabled).map((b) => `<span class="lpt-sr" hidden id="${ids}-why-${esc(b.kind)}"
            data-testid="why-${esc(b.kind)}">${esc(b.why)}</span>`).join("");
        const notes = bar.filter((b) => b.enabled && b.note).map((b) => `${b.label}: ${b.note}`).join(" · ");
        const waiting = h.waiting || "";
        // no button that plays is on (only Hint, Undo): say what leads on where the learner
        // looks, not only on hover (Discard's "Select the one card ..."; else the first guide)
        const plays = bar.some((b) => b.enabled && b.kind !== "hint" && b.kind !== "undo");
        const off = bar.filter((b) => !b.enabled && b.why);
        const lead = plays || !h.my_turn ? null
          : off.find((b) => b.kind === "discard") || off.find((b) => b.guide) || null;
        // else the live buttons' notes; with none, where a grey button's reason is found, for
        // the pointer and for the keyboard (a screen reader reads it with the button)
        const line = waiting
          ? `<div class="lpt-reason is-waiting" data-testid="waiting">${model.get("busy") ? '<span class="lpt-spinner"></span>' : ""}<span>${sentence(waiting)}</span></div>`
          : lead
            ? `<div class="lpt-reason is-lead" data-testid="reason">${sentence(`${lead.label}: ${lead.why}`)}</div>`
            : `<div class="lpt-reason" data-testid="reason">${notes ? sentence(notes) : whys
              ? `A grey button is off for now: point at it or move to it with the arrow keys to see why.<span class="lpt-sr"> A screen
                reader reads why with the button.</span>` : ""}</div>`;
        // one Tab stop for the whole bar, at the button that leads on now (see barLead, rove)
        const leads = barLead(bar, selected, lead);
        const roveLead = leads ? ` data-rove-lead="btn:${esc(leads.button.kind)}" data-rove-by="${leads.by}"` : "";
        actions = `<div class="lpt-actions" role="toolbar" aria-label="actions" data-rove="bar"${roveLead}>${items}</div>${whys}
          <div class="lpt-under">${line}${toggles}</div>`;
      }

      const hintHtml = hint && hint.text
        ? `<div class="lpt-hint" data-testid="hint"><b>${esc(hint.label)}:</b> ${sentence(hint.text)}</div>`
        : "";

      // -- log, score pad, winners ----------------------------------------------------------------
      const bottom = memo("bottom", [log, scores], () => {
        const pad = scores && scores.pad;
        return `<div class="lpt-bottom"><section class="lpt-log" data-testid="log" aria-label="what happened">
          <div class="lpt-box-title" role="heading" aria-level="3">What happened</div>
          <ul class="lpt-log-lines" role="list" tabindex="0" data-focus-key="log" data-testid="log-lines"
            aria-label="game log, newest last">${log.slice(-60).map((line) => `<li>${sentence(line)}</li>`).join("")}</ul></section>
          ${pad && pad.rows.length ? padTable(pad, "score-pad", "Score pad") : ""}</div>`;
      });
      const winnersHtml = scores && scores.banner && !panel
        ? `<div class="lpt-winners" data-testid="winners">${sentence(scores.banner)}</div>`
        : "";
      const crash = model.get("crash");
      const crashHtml = crash
        ? `<div class="lpt-crash" role="alert" data-testid="crash"><b>Something went wrong in the table's Python code.</b>
            <pre>${esc(crash)}</pre><button type="button" class="lpt-link" data-act="dismiss-crash"
            data-focus-key="dismiss-crash" aria-label="dismiss the error">dismiss</button></div>`
        : "";

      const play = !panel;
      const focus = rememberFocus();
      const had = new Set(cardsShown.map((c) => c.key));
      const arrived = new Set(had.size ? cards.map((c) => c.key).filter((k) => !had.has(k)) : []);
      handCards = cards;
      const panelHtml = panel ? memo("panel", [panel], () => dealEnd(panel, ids, view.seat)) : "";
      // the question, the messages and the buttons sit in one dock under the hand, sticky at
      // the bottom of the screen (table.css): what appears there does not move the hand
      const say = `<div class="lpt-say" data-testid="messages">${message("hand")}${hintHtml}</div>`;
      patch([head, winnersHtml, panelHtml,
        play ? opponents : "", play ? middle : "", play ? message("table") : "",
        play ? hand : "" /* HAND_PART */, play ? prompt : "", play ? say : "", play ? actions : "",
        bottom, crashHtml]);
      root.classList.toggle("is-four-color", !!model.get("four_color"));
      root.classList.toggle("is-projector", Number(model.get("scale")) > 1);
      root.classList.toggle("is-watch", !interactive);
      root.classList.toggle("is-paused", !!panel);
      // What this picture shows, for tests and the latency benchmark: the view's version and
      // the selection Python confirmed (the card's own class flips at once on click).
      stamp("version", String(view.version));
      stamp("selected", selected.join(","));
      stamp("panel", panel ? String(panel.deal) : "");
      if (atBottom || logTop) {
        // after the frame's own layout, not a layout of its own now
        requestAnimationFrame(() => {
          const lines = root.querySelector(".lpt-log-lines");
          if (lines) lines.scrollTop = atBottom ? lines.scrollHeight : logTop;
        });
      }
      const question = !interactive ? "" : q ? `confirm:${q.text}` : p ? `${p.kind}:${p.text}` : "";
      const newQuestion = !!question && question !== asked;
      asked = question;
      // (the element that had focus may have been drawn afresh: its new self is the Tab stop)
      roveAll(document.activeElement, focus ? focus.key : "");
      restoreFocus(focus, {
        confirm: !!q && !hadConfirm, panel: !!panel && !hadPanel, prompt: newQuestion && !q, arrived,
      });
      hadConfirm = !!q;
      hadPanel = !!panel;
      // a question just asked is brought on screen (on a phone the dock does not stick, and
      // it may be drawn below the screen); focus is not moved for it. Not at the first draw:
      // a page opened on a table with a question up (a lesson) does not jump to it
      if (newQuestion && heard) {
        const box = root.querySelector(q ? '[data-testid="confirm"]' : '[data-testid="prompt"]');
        if (box) box.scrollIntoView({ block: "nearest" });
      }
      announce({
        log, turn: panel ? "" : h.deciding,
        hint: hint && hint.text ? `${hint.label}: ${hint.text}` : "",
        guide: error && guide ? String(error) : "",
        banner: scores && scores.banner ? scores.banner : "",
        panel: panel ? panel.title : "",
      });
      if (p && p.deadline !== null && interactive && !ticker) ticker = setInterval(tick, 200);
      tick();
    }

    /**
     * Write into the live region only what is new since the last redraw: the log's new lines
     * (a bot's moves too), the turn's sentence when it changes, a new hint, a new guide's words,
     * the winners, a deal's end. Nothing at the first draw.
     * @param {{log: string[], turn: string, hint: string, guide: string, banner: string,
     *   panel: string}} now
     */
    function announce(now) {
      const was = heard;
      heard = { ...now, log: now.log.slice(-80) };
      if (!was) return;
      /** @type {string[]} */
      const say = [];
      if (now.log !== was.log) say.push(...newLines(was.log, heard.log));
      for (const name of /** @type {const} */ (["panel", "banner", "turn", "hint", "guide"])) {
        if (now[name] && now[name] !== was[name] && !say.includes(now[name])) say.push(now[name]);
      }
      for (const text of say) {
        const line = document.createElement("div");
        line.textContent = spoken(text);
        live.appendChild(line);
      }
      while (live.childElementCount > 12) live.firstElementChild?.remove();
    }

    /**
     * The lines of `log` that `old` did not hold: the log grows at its end, may be cut to its
     * last lines (a window), and shrinks when a move is taken back. A log that starts afresh
     * (a new deal) gives its last few lines.
     * @param {string[]} old @param {string[]} log
     */
    function newLines(old, log) {
      let k = 0;
      while (k < old.length && k < log.length && old[k] === log[k]) k++;
      if (k === log.length) return [];
      if (k === old.length) return log.slice(k).slice(-6);
      for (let d = 1; d < old.length; d++) {
        const rest = old.length - d;
        if (rest <= log.length && old.slice(d).every((line, i) => line === log[i])) return log.slice(rest).slice(-6);
      }
      return log.slice(k).slice(-4);
    }

    /**
     * Focus must not land under the dock stuck at the bottom of the screen (a hand card or a
     * meld card tabbed to while a question fills the dock): scroll the area the dock sticks in
     * (the page, JupyterLab's notebook, Voila's box) until the focused element sits above it.
     * @param {FocusEvent} event
     */
    function clearOfDock(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      const dock = root.querySelector(".lpt-dock");
      if (!dock || dock.contains(target) || !(dock.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING)) return;
      // after the browser's own scrolling to the focused element
      requestAnimationFrame(() => {
        if (document.activeElement !== target || getComputedStyle(dock).position !== "sticky") return;
        const box = target.getBoundingClientRect();
        const over = dock.getBoundingClientRect();
        const hidden = box.bottom - over.top;
        if (hidden <= 0 || box.top >= over.bottom) return;
        const margin = 8;
        scroller(dock).scrollBy({ top: hidden + margin, behavior: "instant" });
      });
    }

    /** The nearest ancestor of `el` that scrolls up and down (a sticky element sticks in it).
     * @param {Element} el */
    function scroller(el) {
      for (let up = el.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
        const y = getComputedStyle(up).overflowY;
        if ((y === "auto" || y === "scroll" || y === "overlay") && up.scrollHeight > up.clientHeight) return up;
      }
      return document.scrollingElement || document.documentElement;
    }

    /** @type {Map<string, {deps: unknown[], html: string}>} each part's HTML and what it was made of */
    const memos = new Map();

    /**
     * A part's HTML, made again only when one of `deps` changed (by identity: the traits are
     * new objects each time Python sends them): a click on a card does not rebuild the
     * pictures of the table.
     * @param {string} name @param {unknown[]} deps @param {() => string} make
     */
    function memo(name, deps, make) {
      const was = memos.get(name);
      if (was && was.deps.length === deps.length && was.deps.every((d, i) => d === deps[i])) return was.html;
      const html = make();
      memos.set(name, { deps, html });
      return html;
    }

    /** Set a data attribute of the root only when it changes (no needless style work).
     * @param {string} name @param {string} value */
    function stamp(name, value) {
      if (root.dataset[name] !== value) root.dataset[name] = value;
    }

    /**
     * Where focus is in the table before a redraw: its element's key, group and place, and
     * whether it is a grey button.
     * @returns {{key: string, group: string, index: number, off: boolean}|null}
     */
    function rememberFocus() {
      const active = /** @type {HTMLElement|null} */ (document.activeElement);
      if (!active || !root.contains(active) || active === root) return null;
      const key = active.dataset.focusKey || "";
      const group = active.dataset.focusGroup || "";
      const peers = group ? [...root.querySelectorAll(`[data-focus-group="${group}"]`)] : [];
      return { key, group, index: peers.indexOf(active), off: isOff(active) };
    }

    /**
     * Give a group one Tab stop (a roving tabindex): that one has tabindex 0, the others -1.
     * `current` if it is one of the group's buttons (focus is on it, or was before a redraw);
     * else a switch's checked choice; else the button remembered from before, while it is
     * there and the group's lead is the one it had when that button became the stop (a meld
     * has no lead: it keeps its card; the action bar's is `data-rove-lead` and
     * `data-rove-by`, see barLead); else the lead; else the first live button; else the
     * first. A meld and the bar remember it, with the lead of that moment.
     * @param {Element} group @param {Element|null} current
     */
    function rove(group, current) {
      const items = roveItems(group);
      if (!items.length) return;
      const radio = isRadio(group);
      const data = /** @type {HTMLElement} */ (group).dataset;
      const key = data.rove || "";
      const leadKey = data.roveLead || "";
      const lead = leadKey ? `${leadKey} ${data.roveBy || ""}` : "";
      const was = roving.get(key);
      const kept = was && was.lead === lead ? items.find((el) => el.dataset.focusKey === was.stop) : undefined;
      const stop = items.find((el) => el === current)
        || (radio ? items.find((el) => el.getAttribute("aria-checked") === "true")
          : kept || items.find((el) => !!leadKey && el.dataset.focusKey === leadKey))
        || items.find((el) => !isOff(el))
        || items[0];
      const chosen = stop.dataset.focusKey || "";
      // a new stop is remembered with the lead of now; the same one keeps the lead it had
      if (!radio && (!was || was.stop !== chosen)) roving.set(key, { stop: chosen, lead });
      for (const el of items) {
        const index = el === stop ? 0 : -1;
        if (el.tabIndex !== index || !el.hasAttribute("tabindex")) el.tabIndex = index;
      }
    }

    /** Every group's Tab stop, after a redraw and whenever focus moves in the table: the one
     * holding focus (`active`, or the element with the focus key `key` that had it before the
     * redraw) keeps it; a group focus has left takes its lead if a new one leads. Groups no
     * longer on the table are forgotten.
     * @param {Element|null} active @param {string} [key] */
    function roveAll(active, key = "") {
      const keys = new Set();
      for (const group of root.querySelectorAll("[data-rove]")) {
        keys.add(/** @type {HTMLElement} */ (group).dataset.rove);
        const had = key ? group.querySelector(`[data-focus-key="${CSS.escape(key)}"]`) : null;
        rove(group, active && group.contains(active) ? active : had);
      }
      for (const name of [...roving.keys()]) if (!keys.has(name)) roving.delete(name);
    }

    /** Focus come into the table by any way (Tab, an arrow, a click, a redraw): the group it
     * came into makes it its Tab stop, and the others are roved afresh (the bar left behind
     * takes a lead that came while focus was on it).
     * @param {FocusEvent} event */
    function onFocusIn(event) {
      roveAll(/** @type {Element} */ (event.target));
    }

    /**
     * Whether focus may be put on `el`: shown, focusable and live (a grey button takes focus
     * from Tab, but focus is not moved onto one; see restoreFocus). `grey` allows a grey one.
     * (No layout is asked for: every control the table draws is shown.)
     * @param {Element|null} el @param {boolean} [grey]
     */
    function focusable(el, grey = false) {
      return !!el && el instanceof HTMLElement && el.isConnected && el.matches(FOCUSABLE)
        && !el.closest("[hidden]") && (grey || !isOff(el));
    }

    /** @param {Element|null} el */
    function put(el) {
      if (el instanceof HTMLElement) el.focus({ preventScroll: true });
    }

    /**
     * After a redraw, put focus back where it was: the same element (by its key), else what
     * replaced it (a question just asked, the end-of-deal panel, the card now in its place,
     * the prompt, the first live button), else the table itself.
     * Never Undo: a second Enter on a button that has just turned off must not take the move
     * back. By the situation: a question just asked (its box, not its Buy: the question is
     * read, and a second Enter buys nothing), the card just drawn, taken or bought (or, after
     * Next deal, the new hand's first card), then the hand, and only then the live buttons.
     * Focus stays on a grey button only when it was on it already (a keyboard user reading
     * why): a button pressed that has turned grey hands focus on.
     * @param {{key: string, group: string, index: number, off: boolean}|null} was
     * @param {{confirm: boolean, panel: boolean, prompt: boolean, arrived: Set<string>}} fresh
     */
    function restoreFocus(was, fresh) {
      if (!was) return;
      const q = (/** @type {string} */ sel) => root.querySelector(sel);
      const cards = () => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(".lpt-hand .lpt-hcard")].filter(focusable));
      const arrived = () => cards().find((c) => fresh.arrived.has(c.dataset.focusKey || ""));
      if (pending && was.key === pending && fresh.arrived.size) {
        pending = "";
        const card = arrived();
        if (card) return put(card);
      }
      if (fresh.panel) return put(q('[data-focus-key="next-deal"]'));
      if (fresh.confirm) return put(q('[data-focus-key="confirm:yes"]'));
      // a draw by Enter on a pile: the pile stays, but focus goes to the card it brought, as
      // after Draw or Take discard (a second Enter on the discard pile would discard)
      if ((was.key === "stock" || was.key === "discard") && DRAWS.has(lastAct) && fresh.arrived.size) {
        const card = arrived();
        if (card) return put(card);
      }
      const active = document.activeElement;
      if (active && active !== root && root.contains(active)) return; // its part was not redrawn
      const same = was.key ? q(`[data-focus-key="${CSS.escape(was.key)}"]`) : null;
      if (focusable(same, was.off)) {
        if (document.activeElement !== same) put(same);
        return;
      }
      if (was.group) {
        const peers = [...root.querySelectorAll(`[data-focus-group="${was.group}"]`)].filter(focusable);
        if (peers.length) return put(peers[Math.min(Math.max(was.index, 0), peers.length - 1)]);
      }
      if (focusable(q('[data-focus-key="next-deal"]'))) return put(q('[data-focus-key="next-deal"]'));
      if (fresh.prompt && focusable(q('[data-focus-key="prompt"]'))) return put(q('[data-focus-key="prompt"]'));
      const hand = cards();
      const drawn = arrived();
      if (!drawn && hand.length && DRAWS.has(lastAct)) pending = hand[0].dataset.focusKey || "";
      if (drawn || hand.length) return put(drawn || hand[0]);
      for (const sel of [`.lpt-prompt button:not([disabled]):not(${OFF})`,
        `.lpt-actions button:not([disabled]):not(${OFF}):not([data-kind="undo"])`]) {
        const el = q(sel);
        if (focusable(el)) return put(el);
      }
      put(root);
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
        // the hand, the dock (question, messages, buttons) and the log are grouped, so that a
        // projector can put the log beside the hand (table.css: .is-projector .lpt-duo); the
        // groups are `display: contents` otherwise, as if every part were the root's child
        const part = '<div class="lpt-part"></div>';
        root.innerHTML = `${part.repeat(HAND_PART)}<div class="lpt-duo"><div class="lpt-main">${part}
          <div class="lpt-dock">${part.repeat(parts.length - HAND_PART - 3)}</div></div>${part}</div>${part}`;
        shown = parts.map(() => "");
      }
      const boxes = root.querySelectorAll(".lpt-part");
      parts.forEach((html, i) => {
        if (shown[i] !== html) {
          boxes[i].innerHTML = i === HAND_PART
            ? html.replace(CARDS, () => handCards.map((c) => `<button ${c.attrs}>${c.svg}</button>`).join(""))
            : html;
          shown[i] = html;
          if (i === HAND_PART) cardsShown = handCards.map(({ key, attrs }) => ({ key, attrs }));
        } else if (i === HAND_PART) {
          patchCards();
        }
      });
      dirtyCards.clear();
    }

    /**
     * The hand, when only its cards' states changed (a card selected, a hint): each card's
     * attributes are set in place, so its picture is not parsed again and the card that has
     * focus keeps it; a different set of cards is drawn afresh.
     */
    function patchCards() {
      const box = root.querySelector(".lpt-hand");
      if (!box) return;
      const els = /** @type {HTMLElement[]} */ ([...box.querySelectorAll(":scope > .lpt-hcard")]);
      const same = els.length === handCards.length
        && handCards.every((c, i) => cardsShown[i] && cardsShown[i].key === c.key);
      if (!same) {
        box.innerHTML = handCards.map((c) => `<button ${c.attrs}>${c.svg}</button>`).join("");
        cardsShown = handCards.map(({ key, attrs }) => ({ key, attrs }));
        return;
      }
      handCards.forEach((c, i) => {
        if (cardsShown[i].attrs === c.attrs && !dirtyCards.has(c.key)) return;
        setAttributes(els[i], c.attrs);
        cardsShown[i] = { key: c.key, attrs: c.attrs };
      });
    }

    /** Give `el` exactly the attributes written in `attrs`. @param {HTMLElement} el @param {string} attrs */
    function setAttributes(el, attrs) {
      parser.innerHTML = `<button ${attrs}></button>`;
      const fresh = /** @type {HTMLElement} */ (parser.content.firstElementChild);
      for (const { name } of [...el.attributes]) {
        if (!fresh.hasAttribute(name)) el.removeAttribute(name);
      }
      for (const { name, value } of [...fresh.attributes]) {
        if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      }
    }

    function schedule() {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        draw();
      });
    }

    /** Show a reason line for the button the pointer is over or focus is on (a grey button's
     * full reason, a live one's note): a button of the bar (or its wrapper) or of a question.
     * While another player decides the line says whom the table waits for; a button focused
     * says its reason there all the same ("Draw: It is not your turn to act: Ben must draw
     * ..."), as in every other state: a keyboard user on a grey button has no tooltip, and
     * reads why it is off in that line. The pointer leaves the waiting line be (its tooltip
     * says why; after a click the pointer rests on the button just pressed, gone grey). The
     * line then is a reason line (its test id too) until the bar is drawn again. */
    function reason(/** @type {Event} */ event) {
      const line = root.querySelector(".lpt-under > .lpt-reason");
      if (!line || (line.classList.contains("is-waiting") && event.type !== "focusin")) return;
      const item = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target)
        .closest('.lpt-action, .lpt-prompt [data-act="press"]'));
      const controls = /** @type {Controls} */ (model.get("controls"));
      const b = item && controls && controls.buttons.find((x) => x.kind === item.dataset.kind);
      const text = b && (b.enabled ? b.note : b.why);
      if (b && text) {
        line.textContent = spoken(`${b.label}: ${text}`); // the joker by its word, as esc() writes it
        line.classList.toggle("is-guide", !!b.guide);
        line.classList.remove("is-waiting");
        line.setAttribute("data-testid", "reason");
      }
    }

    /** @param {MouseEvent} event */
    function onClick(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      const hit = /** @type {HTMLElement|null} */ (target.closest("[data-act]"));
      if (!hit || !root.contains(hit)) return;
      if (isOff(hit)) return; // a grey button: nothing at all (its reason is on show already)
      const act = hit.dataset.act;
      lastZone = hit.closest(".lpt-piles") ? "piles" : hit.closest(".lpt-middle") ? "table" : "hand";
      lastAct = (act === "press" ? hit.dataset.kind : act) || "";
      pending = "";
      if (act === "dismiss-crash") {
        model.set("crash", "");
        model.save_changes();
        return;
      }
      if (act === "sort") {
        send({ kind: "sort", mode: hit.dataset.mode });
        return;
      }
      if (act === "option") { // a switch: how the table is shown, so a watcher's too
        send({ kind: act, name: hit.dataset.name, value: hit.dataset.value });
        return;
      }
      if (!model.get("interactive")) return;
      switch (act) {
        case "click_card":
          hit.classList.toggle("is-selected"); // feels instant; Python's answer redraws
          dirtyCards.add(hit.dataset.focusKey || ""); // so it is drawn from Python's answer
          send({ kind: act, index: Number(hit.dataset.index), code: hit.dataset.card });
          break;
        case "press": {
          const input = /** @type {HTMLInputElement|null} */ (root.querySelector(".lpt-cut-aim"));
          const aim = hit.dataset.kind === "cut" && input ? { aim: Number(input.value) } : {};
          send({ kind: act, button: hit.dataset.kind, ...aim });
          break;
        }
        case "confirm":
          send({ kind: "press", button: hit.dataset.kind, confirm: true });
          break;
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
        case "cancel":
        case "next_deal":
          send({ kind: act });
          break;
        default:
          break;
      }
    }

    /** @param {KeyboardEvent} event */
    function onKey(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      pending = ""; // focus is the user's again
      if (isOff(target) && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault(); // a grey button: no click (onClick would ignore it too)
        return;
      }
      if (event.key === "Escape" && target.closest(".lpt-confirm") && model.get("interactive")) {
        // the same answer as its "Not yet" button
        event.preventDefault();
        send({ kind: "cancel" });
        return;
      }
      if (target.classList.contains("lpt-cut-aim") && event.key === "Enter") {
        event.preventDefault();
        const cut = /** @type {HTMLElement|null} */ (root.querySelector('[data-act="press"][data-kind="cut"]'));
        if (cut && !isOff(cut)) cut.click();
        return;
      }
      const group = target.closest("[data-rove]");
      if (group && root.contains(group)) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        // the action bar is one row: Up and Down are left to the page (as in the hand)
        if (isToolbar(group) && (event.key === "ArrowUp" || event.key === "ArrowDown")) return;
        // a meld's cards, the action bar's buttons (grey ones too) or a switch's choices: one
        // Tab stop, the arrows move within it
        const items = roveItems(group);
        const radio = isRadio(group);
        const next = step(event.key, items.indexOf(target), items.length, radio);
        if (next < 0) return; // Enter and Space click the button, as a click does
        event.preventDefault();
        const choice = items[next];
        choice.focus();
        // a switch's choice is chosen as it gets focus: the very click its button makes (also
        // when the drawn one is checked: an earlier arrow's choice may not be drawn yet)
        if (radio && choice !== target) choice.click();
        return;
      }
      if (!target.classList.contains("lpt-hcard")) return;
      const cards = /** @type {HTMLElement[]} */ ([...root.querySelectorAll(".lpt-hand .lpt-hcard")]);
      const at = cards.indexOf(target);
      if (at < 0) return;
      const by = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      if (by && event.altKey) {
        // move the card in the player's own order (Python keeps the order; focus follows it)
        event.preventDefault();
        const to = Number(target.dataset.pos) + by;
        if (to >= 0 && to < cards.length && model.get("interactive")) {
          lastZone = "hand";
          send({ kind: "move", index: Number(target.dataset.index), to });
        }
        return;
      }
      // (Up and Down are left to the page: the hand is one row)
      const next = by || event.key === "Home" || event.key === "End" ? step(event.key, at, cards.length, false) : -1;
      if (next >= 0) {
        event.preventDefault();
        cards[next].focus();
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
    root.addEventListener("keydown", onKey);
    root.addEventListener("mouseover", reason);
    root.addEventListener("focusin", reason);
    root.addEventListener("focusin", clearOfDock);
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("dragstart", onDragStart);
    root.addEventListener("dragover", onDragOver);
    root.addEventListener("drop", onDrop);
    for (const name of TRAITS) model.on(`change:${name}`, schedule);
    draw();
    return () => {
      clearInterval(ticker);
      for (const name of TRAITS) model.off(`change:${name}`, schedule);
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("mouseover", reason);
      root.removeEventListener("focusin", reason);
      root.removeEventListener("focusin", clearOfDock);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("dragstart", onDragStart);
      root.removeEventListener("dragover", onDragOver);
      root.removeEventListener("drop", onDrop);
      live.remove();
    };
  },
};
