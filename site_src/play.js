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
  ready: false, states: 0, version: -1, busy: false, info: /** @type {any} */ (null), timings: /** @type {Record<string, number>} */ ({}),
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

/** @param {string} text @param {boolean} [bad] */
function status(text, bad = false) {
  $("status").textContent = text;
  $("status").classList.toggle("is-error", bad);
}

function fillPlayers() {
  const preset = presets.find((p) => p.name === $("preset").value);
  if (!preset) return;
  const keep = Number($("players").value) || 4;
  $("players").innerHTML = "";
  for (let n = preset.min_players; n <= preset.max_players; n++) {
    $("players").add(new Option(`${n} (you + ${n - 1} bots)`, String(n)));
  }
  $("players").value = String(Math.min(Math.max(keep, preset.min_players), preset.max_players));
}

/** @param {any} message */
function hello(message) {
  presets = message.presets;
  for (const p of presets) $("preset").add(new Option(p.name + (p.buy_timer ? " (timed buys)" : ""), p.name));
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
  document.body.dataset.state = i.over ? "over" : i.paused ? "deal-end" : "playing";
  document.body.dataset.version = String(message.version);
  $("save").disabled = false;
  status(`${i.rules} rules · ${i.players} players · ${i.level} bots · seed ${i.seed} · deal ${i.deal}` +
    (i.over ? " · the match is over" : ""));
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
$("pace").addEventListener("change", () => {
  if (mounted) post({ type: "pace", value: Number($("pace").value) });
});
$("setup").addEventListener("submit", (/** @type {Event} */ event) => {
  event.preventDefault();
  const seed = $("seed").value.trim();
  if (seed && !/^[0-9]+$/.test(seed)) {
    status("The seed is a whole number (or leave it empty for a random deal).", true);
    return;
  }
  status("Dealing…");
  post({
    type: "start", preset: $("preset").value, level: $("level").value,
    players: Number($("players").value), seed: seed ? Number(seed) : null,
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
  post({ type: "load", text, level: $("level").value, pace: Number($("pace").value) });
});
post({ type: "hello" });
