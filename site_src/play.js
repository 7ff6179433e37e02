// The play page: a match against bots, the engine in a Web Worker (engine-worker.js, Python
// under Pyodide). The notebook's own table.js draws the table, given the small model object it
// expects from anywidget (table-host.js, shared with the room pages) and fed the worker's
// `state` answers; its clicks (intents) go to the worker, where liverpool.site_driver turns
// them into moves. Nothing here knows a rule, and nothing is asked of any other site.

import table from "./table.js";
import { HostModel, withPictures } from "./table-host.js";

/** @param {string} id */
const $ = (id) => /** @type {any} */ (document.getElementById(id));

const started = performance.now();
/** What the page knows, for people and for tests: `window.liverpoolSite`. */
const site = {
  ready: false, states: 0, version: -1, busy: false, folded: false, info: /** @type {any} */ (null), timings: /** @type {Record<string, number>} */ ({}),
  errors: /** @type {string[]} */ ([]),
};
Object.assign(window, { liverpoolSite: site });

// A site built with the lessons (build_site.py --lessons) names them in site.json: link them.
fetch("site.json")
  .then((answer) => (answer.ok ? answer.json() : {}))
  .then((manifest) => {
    if (typeof manifest.lessons === "string") {
      const link = $("lessons");
      link.href = manifest.lessons;
      link.hidden = false;
    }
  })
  .catch(() => {});

const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
/** @param {object} message */
const post = (message) => worker.postMessage(message);
const model = new HostModel((intent) => post({ type: "intent", intent }));
/** @type {Map<string, string>} */
const pictures = new Map();
let mounted = false;
/** @type {any[]} */
let presets = [];
/** A record was sent to the worker: its answer sets the selectors to the loaded match. */
let loading = false;
/** Narrow screens fold the settings into one line once a match is on the table. */
const narrow = window.matchMedia("(max-width: 700px)");

/** @param {string} text @param {boolean} [bad] */
function status(text, bad = false) {
  // (a live region: the same words again, at every state the worker sends, are not news)
  if ($("status").textContent === text && $("status").classList.contains("is-error") === bad) return;
  $("status").textContent = text;
  $("status").classList.toggle("is-error", bad);
}

function fillPlayers() {
  const preset = presets.find((p) => p.name === $("preset").value);
  if (!preset) return;
  const keep = Number($("players").value) || 4;
  $("players").innerHTML = "";
  for (let n = preset.min_players; n <= preset.max_players; n++) {
    $("players").add(new Option(`${n} (you + ${n - 1} bot${n === 2 ? "" : "s"})`, String(n)));
  }
  $("players").value = String(Math.min(Math.max(keep, preset.min_players), preset.max_players));
}

/** @param {any} message */
function hello(message) {
  presets = message.presets;
  // "house: House rules (the default; 7 deals, jokers wild)": the words come from the rules
  for (const p of presets) $("preset").add(new Option(p.title ? `${p.name}: ${p.title} (${p.about})` : p.name, p.name));
  for (const level of message.levels) $("level").add(new Option(level, level));
  $("level").value = message.levels.includes("basic") ? "basic" : message.levels[0];
  $("preset").value = "house";
  fillPlayers();
  $("deal").disabled = false;
  $("load").disabled = false;
  site.ready = true;
  site.timings.ready_ms = performance.now() - started;
  document.body.dataset.state = "ready";
  status("Ready. Choose the rules, the bots and the seats, then press Deal.");
}

/** @param {any} message */
function show(message) {
  for (const [key, svg] of Object.entries(message.cards || {})) pictures.set(key, svg);
  const t = message.table;
  if (message.version !== site.version) model.traits.error = "";
  site.version = message.version;
  site.info = message.info;
  site.busy = Boolean(t.busy);
  site.states += 1;
  for (const name of ["controls", "log", "error", "error_kind", "sort_mode", "busy", "crash", "interactive", "four_color"]) {
    model.traits[name] = t[name];
  }
  model.traits.scores = withPictures(t.scores, pictures);
  model.set("view", withPictures(t.view, pictures));
  if (!mounted) {
    mounted = true;
    table.render({ model, el: $("table") });
    site.timings.first_table_ms = performance.now() - started;
  }
  const i = message.info;
  const seed = i.seed_text ?? String(i.seed);
  document.body.dataset.state = i.over ? "over" : i.paused ? "deal-end" : "playing";
  document.body.dataset.version = String(message.version);
  $("save").disabled = false;
  if (loading) {
    loading = false;
    settingsFrom(i, seed);
  }
  const where = i.over ? `deal ${i.deals_done} · the match is over`
    : i.paused ? `deal ${i.deals_done} is over: press Next deal` : `deal ${i.deal}`;
  status(`${i.rules} rules · ${i.players} players · ${i.level} bots · seed ${seed} · ${where}`);
  $("settings-summary").textContent = `${i.rules} · ${i.players} players · seed ${seed} · change`;
  if (!site.folded && narrow.matches) $("settings").open = false;
  site.folded = true;
  // (a question newly put to the human is scrolled into view by table.js itself)
}

/** Set the selectors to the match just loaded, so Deal starts it again. @param {any} i @param {string} seed */
function settingsFrom(i, seed) {
  if (presets.some((p) => p.name === i.rules)) $("preset").value = i.rules;
  fillPlayers();
  if ([...$("players").options].some((o) => o.value === String(i.players))) $("players").value = String(i.players);
  if ([...$("level").options].some((o) => o.value === i.level)) $("level").value = i.level;
  $("seed").value = seed;
}

/** @param {any} message */
function save(message) {
  const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = message.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  status(`Saved ${message.name}: load it here later to go on, or share it.`);
}

worker.onmessage = (event) => {
  const message = event.data;
  if (message.type === "state") show(message);
  else if (message.type === "hello") hello(message);
  else if (message.type === "record") save(message);
  else if (message.type === "boot") Object.assign(site.timings, message.timings);
  else if (message.type === "error") {
    loading = false;
    site.errors.push(message.text);
    if (mounted) model.set("error", message.text);
    status(message.text, true);
  } else if (message.type === "fatal") {
    site.errors.push(message.text);
    document.body.dataset.state = "failed";
    status(`Python could not start here: ${message.text}`, true);
  }
};
worker.onerror = (event) => {
  site.errors.push(String(event.message));
  document.body.dataset.state = "failed";
  status(`The engine stopped: ${event.message}`, true);
};

$("preset").addEventListener("change", fillPlayers);
// widened (a phone turned, a window resized): the settings are all shown again
narrow.addEventListener("change", () => {
  if (!narrow.matches) $("settings").open = true;
});
$("pace").addEventListener("change", () => {
  if (mounted) post({ type: "pace", value: Number($("pace").value) });
});
$("setup").addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const seed = $("seed").value.trim();
  if (seed && !/^[0-9]+$/.test(seed)) {
    status("The seed is a whole number (or leave it empty for a random deal).", true);
    $("seed").focus();
    return;
  }
  status("Dealing…");
  site.folded = false; // a new match: fold the settings again on a phone
  post({
    type: "start", preset: $("preset").value, level: $("level").value,
    // the digits as typed: a number would lose those past 2**53
    players: Number($("players").value), seed: seed || null,
    pace: Number($("pace").value), name: "You",
  });
});
$("save").addEventListener("click", () => post({ type: "save" }));
$("load").addEventListener("change", async () => {
  const file = $("load").files[0];
  if (!file) return;
  const text = await file.text();
  $("load").value = "";
  status(`Loading ${file.name}…`);
  loading = true;
  site.folded = false;
  post({ type: "load", text, level: $("level").value, pace: Number($("pace").value) });
});
post({ type: "hello" });
