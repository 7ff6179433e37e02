// The teacher's page: the teacher key, making a room or opening one by its code (any room of
// this server, from any computer: the key runs them all), its code and QR, the lobby (✕ then
// "Sure?" removes a player, empty seats can become bots, Start) and the projector view of the
// public table. The server decides everything; names are only ever set as text.

import {
  $,
  Backoff,
  clockText,
  countDown,
  roomMoved,
  roomSocket,
  seatLabel,
  seatTitle,
  showError,
  status,
} from "/static/common.js";
import { mountTable } from "/static/room-table.js";

const presets = JSON.parse($("presets").textContent || "{}");
const levels = JSON.parse($("levels").textContent || "[]");
const KEY = "liverpool-teacher-key";

let teacherKey = sessionStorage.getItem(KEY) || "";
/** @type {{code: string, host_token: string, join_url: string, qr_svg?: string}|null} */
let room = null;
/** @type {WebSocket|null} */
let ws = null;
const backoff = new Backoff();
/** @type {any} */
let lobby = null;
/** @type {any} */
let lastState = null;
let confirming = -1;
let clockTimer = /** @type {any} */ (null);

// The projector is for watching: its only clicks are its switches (the deck's colours).
const projector = mountTable($("projector"), (intent) => send({ type: "table", intent }));

// -- the key ---------------------------------------------------------------------------------
function showKey() {
  $("key-box").hidden = Boolean(teacherKey);
  // A student who opened this page instead of a room's finds where to type its code first.
  $("join-room-box").hidden = Boolean(teacherKey);
  $("create-box").hidden = !teacherKey;
  // The list is a help, not a need (the code box opens any room): a failed fetch says nothing.
  if (teacherKey) drawMyRooms().catch(() => {});
}

/** The key the server refused: ask for it again, saying why. */
function wrongKey() {
  teacherKey = "";
  sessionStorage.removeItem(KEY);
  showKey();
  const problem = $("key-problem");
  problem.textContent = "That teacher key is not right: type the key liverpool serve printed.";
  problem.hidden = false;
}

/** Headers that carry the teacher key. @param {Record<string, string>} [more] */
const withKey = (more = {}) => ({ Authorization: `Bearer ${teacherKey}`, ...more });

$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  teacherKey = /** @type {HTMLInputElement} */ ($("key")).value.trim();
  sessionStorage.setItem(KEY, teacherKey);
  $("key-problem").hidden = true;
  showKey();
});

// -- making a room ---------------------------------------------------------------------------
const presetSelect = /** @type {HTMLSelectElement} */ ($("preset"));
for (const name of Object.keys(presets)) {
  const o = document.createElement("option");
  o.value = name;
  o.textContent = name;
  presetSelect.append(o);
}

/** "a basic bot", "an expert bot". @param {string} level */
const aBot = (level) => `${/^[aeiou]/i.test(level) ? "an" : "a"} ${level} bot`;

/** @param {string} kind */
function seatRow(kind) {
  const li = document.createElement("li");
  const select = document.createElement("select");
  select.setAttribute("aria-label", "who sits here");
  for (const value of ["human", ...levels.map((/** @type {string} */ lv) => `bot:${lv}`)]) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = value === "human" ? "a student" : aBot(value.slice(4));
    select.append(o);
  }
  select.value = kind;
  li.append(select);
  return li;
}

function presetChanged() {
  const p = presets[presetSelect.value];
  $("preset-note").textContent = `${p.summary} (${p.min}–${p.max} players)`;
  const buy = /** @type {HTMLInputElement} */ ($("buy-seconds"));
  const idle = /** @type {HTMLInputElement} */ ($("idle-seconds"));
  buy.placeholder = p.buy_seconds === null ? "no clock" : String(p.buy_seconds);
  idle.placeholder = p.idle_turn_seconds === null ? "no clock" : String(p.idle_turn_seconds);
}
presetSelect.addEventListener("change", presetChanged);
for (const kind of ["human", "human", "bot:basic", "bot:basic"]) $("seats").append(seatRow(kind));
presetSelect.value = "online" in presets ? "online" : Object.keys(presets)[0];
presetChanged();

$("add-seat").addEventListener("click", () => {
  if ($("seats").children.length < 8) $("seats").append(seatRow("human"));
});
$("drop-seat").addEventListener("click", () => {
  if ($("seats").children.length > 2) $("seats").lastElementChild?.remove();
});

/** @param {string} id */
function seconds(id) {
  const text = /** @type {HTMLInputElement} */ ($(id)).value.trim();
  return text === "" ? undefined : Number(text);
}

$("create-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  /** @type {Record<string, any>} */
  const body = {
    rules: presetSelect.value,
    seats: [...$("seats").querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value),
  };
  const buy = seconds("buy-seconds");
  const idle = seconds("idle-seconds");
  const pace = seconds("bot-seconds");
  if (buy !== undefined) body.buy_seconds = buy;
  if (idle !== undefined) body.idle_turn_seconds = idle;
  if (pace !== undefined) body.bot_seconds = pace;
  const answer = await fetch("/api/rooms", {
    method: "POST",
    headers: withKey({ "Content-Type": "application/json" }),
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (answer.status === 401) {
    wrongKey();
    return;
  }
  if (!answer.ok) {
    alert(data.error || "The room could not be made.");
    return;
  }
  open(data);
});

// -- opening a room made elsewhere -------------------------------------------------------------
/** A sentence under the "Open a room" box (empty: none). @param {string} text */
function openProblem(text) {
  $("open-problem").textContent = text;
  $("open-problem").hidden = !text;
}

$("open-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = /** @type {HTMLInputElement} */ ($("open-code")).value.replace(/[\s-]/g, "").toUpperCase();
  const answer = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
  const data = await answer.json();
  if (!answer.ok) {
    openProblem(answer.status === 404 ? `There is no room ${code} on this server.` : data.error);
    return;
  }
  openProblem("");
  // The teacher key is every room's host token (the server checks it, as it does the room's own).
  open({ code: data.code, host_token: teacherKey, join_url: data.join_url });
});

const STATUS_WORDS = /** @type {Record<string, string>} */ ({
  lobby: "waiting to start",
  playing: "playing",
  over: "match over",
});

/** The rooms of this server, newest first, each a button that opens it. */
async function drawMyRooms() {
  const box = $("my-rooms");
  const answer = await fetch("/api/rooms", { headers: withKey() });
  if (answer.status === 401) {
    wrongKey();
    return;
  }
  if (!answer.ok) return;
  const { rooms } = await answer.json();
  box.replaceChildren();
  if (!rooms.length) return;
  const title = document.createElement("h3");
  title.textContent = "The rooms on this server";
  box.append(title);
  for (const r of rooms) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.testid = `my-room-${r.code}`;
    const names = r.seats.map((/** @type {any} */ s) => s.name).filter(Boolean).join(", ");
    b.textContent = `Room ${r.code} · ${r.rules} · ${STATUS_WORDS[r.status] || r.status}${names ? ` · ${names}` : ""}`;
    b.addEventListener("click", () => open({ code: r.code, host_token: teacherKey, join_url: r.join_url }));
    box.append(b);
  }
}

// -- running a room --------------------------------------------------------------------------
/** @param {{code: string, host_token: string, join_url: string, qr_svg?: string}} r */
async function open(r) {
  room = r;
  $("room-box").hidden = false;
  $("projector-box").hidden = false;
  $("room-code").textContent = r.code;
  const link = /** @type {HTMLAnchorElement} */ ($("join-link"));
  link.href = r.join_url;
  link.textContent = r.join_url;
  $("join-page").textContent = `${new URL(r.join_url).origin}/join`;
  /** @type {HTMLAnchorElement} */ ($("watch-link")).href = `/r/${encodeURIComponent(r.code)}?watch`;
  // The QR code is an SVG made by the server (segno) from the join link.
  const svg = r.qr_svg || (await (await fetch(`/api/rooms/${encodeURIComponent(r.code)}/qr.svg`)).text());
  $("qr").innerHTML = svg;
  connect();
}

function connect() {
  if (!room) return;
  if (ws) ws.close();
  const socket = roomSocket(room.code);
  ws = socket;
  status("connecting…");
  socket.onopen = () => {
    backoff.reset();
    status("connected");
    socket.send(JSON.stringify({ type: "host", host_token: room?.host_token, table: true }));
  };
  socket.onmessage = (event) => handle(JSON.parse(event.data));
  socket.onclose = () => {
    if (ws !== socket) return;
    status("reconnecting…");
    setTimeout(connect, backoff.next());
  };
}

/** @param {object} message */
function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

/** @param {any} message */
function handle(message) {
  if (message.type === "lobby") {
    lobby = message;
    roomMoved(message);
    drawLobby();
  } else if (message.type === "state") {
    lastState = message;
    roomMoved(message);
    projector.update(message);
    drawClock();
    const over = message.status === "over";
    const rec = /** @type {HTMLAnchorElement} */ ($("record-link"));
    rec.hidden = !over;
    if (over && room) rec.href = `/api/rooms/${encodeURIComponent(room.code)}/record`;
    $("reveal-banner").hidden = !message.open_hands;
  } else if (message.type === "error") {
    showError(message.message);
  } else if (message.type === "welcome") {
    showError("");
  }
}

function drawLobby() {
  if (!lobby) return;
  $("room-state").textContent =
    lobby.status === "lobby" ? "(waiting to start)" : lobby.status === "over" ? "(match over)" : "(playing)";
  // During the match the tools stay (a bot can take a seat a student left), but Start goes.
  const playing = lobby.status === "playing";
  $("lobby-tools").hidden = lobby.status === "over";
  $("start").hidden = lobby.status !== "lobby";
  $("fill").textContent = playing ? "Let bots play the free seats" : "Fill empty seats with bots";
  const list = $("lobby");
  list.replaceChildren(
    ...lobby.seats.map((/** @type {any} */ s) => {
      const li = document.createElement("li");
      li.dataset.testid = `lobby-seat-${s.seat}`;
      // The number students are told to pick ("take seat 2"), as their seat list shows it.
      const number = document.createElement("span");
      number.className = "rooms-seat-no";
      number.textContent = seatTitle(s.seat);
      li.append(number);
      const who = document.createElement("span");
      who.className = "rooms-name";
      who.textContent = s.kind === "bot" ? `${s.name} (${s.level} bot)` : s.name || "free seat";
      li.append(who);
      const state = document.createElement("span");
      state.className = "rooms-muted";
      state.textContent =
        s.kind === "bot" ? "" : !s.taken ? " waiting for a student" : s.connected ? " online" : " away";
      li.append(state);
      if (s.kind === "human" && s.taken) {
        const kick = document.createElement("button");
        kick.type = "button";
        kick.dataset.testid = `kick-${s.seat}`;
        const sure = confirming === s.seat;
        kick.textContent = sure ? "Sure?" : "✕";
        kick.className = sure ? "rooms-danger" : "rooms-kick";
        kick.setAttribute("aria-label", sure ? `Sure? remove ${s.name}` : `remove ${s.name}`);
        kick.addEventListener("click", () => {
          if (confirming === s.seat) {
            confirming = -1;
            send({ type: "kick", seat: s.seat });
          } else {
            confirming = s.seat;
            drawLobby();
            setTimeout(() => {
              if (confirming === s.seat) {
                confirming = -1;
                drawLobby();
              }
            }, 5000);
          }
        });
        li.append(kick);
      }
      if (playing && s.kind === "human" && !(s.taken && s.connected)) {
        // A free seat in a match under way waits for a student, and an away student's seat
        // for them: a bot can play it instead, in one click (the server moves the student
        // out first; the seat keeps its name).
        const bot = document.createElement("button");
        bot.type = "button";
        bot.dataset.testid = `bot-${s.seat}`;
        bot.className = "rooms-kick";
        bot.textContent = "a bot plays";
        bot.setAttribute("aria-label", `let a bot play ${s.name || seatLabel(s.seat)}`);
        bot.addEventListener("click", () => {
          const level = /** @type {HTMLSelectElement} */ ($("fill-level")).value;
          send({ type: "set_seat", seat: s.seat, kind: `bot:${level}` });
        });
        li.append(bot);
      }
      if (playing && s.kind === "bot") {
        // A latecomer (or a student back after a bot took over) gets the seat back: the
        // match then waits at that seat for whoever joins it, under the seat's name.
        const human = document.createElement("button");
        human.type = "button";
        human.dataset.testid = `student-${s.seat}`;
        human.className = "rooms-kick";
        human.textContent = "a student plays";
        human.setAttribute("aria-label", `free ${s.name}'s seat for a student to take over`);
        human.addEventListener("click", () => send({ type: "set_seat", seat: s.seat, kind: "human" }));
        li.append(human);
      }
      return li;
    }),
  );
}

$("fill").addEventListener("click", () => {
  send({ type: "fill", level: /** @type {HTMLSelectElement} */ ($("fill-level")).value });
});
$("start").addEventListener("click", () => send({ type: "start" }));
$("reveal").addEventListener("change", (event) => {
  send({ type: "reveal", on: /** @type {HTMLInputElement} */ (event.target).checked });
});

/** The clock the room runs now: whose decision, how long is left (the server decides). */
function drawClock() {
  clearInterval(clockTimer);
  const box = $("clock");
  const d = lastState && lastState.deadline;
  if (!d) {
    box.textContent = "";
    return;
  }
  const names = lastState.view.names || [];
  clockTimer = countDown(d.seconds, (left) => {
    box.textContent = clockText(d, names, null, left);
  });
}

showKey();
