// A student's page: a name and a seat, then the card table. The seat's token is kept in
// localStorage, so a closed tab, a reload or a phone that slept comes back to the same seat
// and is re-synced at once (hand, table, everything). `?watch` makes a projector screen.
// Names are only ever set as text (textContent), never as HTML.

import {
  $,
  Backoff,
  clockText,
  countDown,
  roomMoved,
  roomSocket,
  seatLabel,
  seatTitle,
  showError as showErrorBox,
  status,
} from "/static/common.js";
import { mountTable } from "/static/room-table.js";

const code = document.body.dataset.code || "";
const storeKey = `liverpool-room:${code}`;
const watching = new URLSearchParams(location.search).has("watch");

/** @type {WebSocket|null} */
let ws = null;
let token = localStorage.getItem(storeKey);
let mySeat = /** @type {number|null} */ (null);
const backoff = new Backoff();
let retry = /** @type {any} */ (null);
/** @type {any} */
let lastState = null;
let clockTimer = /** @type {any} */ (null);
/** A Join pressed while the page was reconnecting: sent as soon as it is connected. */
let pendingJoin = /** @type {object|null} */ (null);
/** What the server says before it closes a screen that did not join in time (a minute). */
const NOT_IDENTIFIED = /this screen did not say which/;
/** The name typed when Join was sent, to compare with the name the welcome seats us under. */
let joinedAs = /** @type {string|null} */ (null);

const table = mountTable($("table"), (intent) => send({ type: "table", intent }));
if (watching) document.body.classList.add("projector");

/** @param {object} message */
function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

/**
 * A sentence from the room, shown once: on the card table's own message line once this seat's
 * table is drawn (the line a refused click is read on, cleared by the next move), in the error
 * box above otherwise (the join form, the lobby, a projector).
 * @param {string} text
 */
function showError(text) {
  if (text && lastState !== null && mySeat !== null) table.error(text);
  else showErrorBox(text);
}

function connect() {
  clearTimeout(retry);
  if (ws && ws.readyState <= WebSocket.OPEN) return;
  status("connecting…");
  const socket = roomSocket(code);
  ws = socket;
  socket.onopen = () => {
    backoff.reset();
    status("connected");
    if (watching) send({ type: "watch", table: true });
    else if (token) send({ type: "resume", token, table: true });
    else {
      showJoin();
      if (pendingJoin) send(pendingJoin);
      pendingJoin = null;
    }
  };
  socket.onmessage = (event) => {
    try {
      handle(JSON.parse(event.data));
    } catch (err) {
      showError(`The page could not read a message: ${err}`);
    }
  };
  socket.onclose = () => {
    if (ws !== socket) return;
    ws = null;
    status("reconnecting…");
    retry = setTimeout(connect, backoff.next());
  };
}

/** @param {any} message */
function handle(message) {
  switch (message.type) {
    case "welcome":
      if (message.token) {
        token = message.token;
        localStorage.setItem(storeKey, message.token);
      }
      mySeat = message.seat ?? null;
      $("join-box").hidden = true;
      $("me").textContent = mySeat === null ? "watching" : `${message.name} · ${seatLabel(mySeat)}`;
      // One browser keeps one seat per room: a second student at this computer (or a teacher
      // trying two students in two tabs) needs a way to the join form.
      $("switch").textContent = `Not ${message.name}? Join as someone else`;
      $("switch").hidden = mySeat === null;
      showErrorBox("");
      if (joinedAs !== null && mySeat !== null && message.name !== asKept(joinedAs)) {
        // A seat the teacher freed mid-match keeps its name (the others, the log and the
        // scores know it so): say so rather than let the student wonder who "Ada" is. It
        // stays through the state that comes with it, and goes at the next move.
        showErrorBox(
          `You take over ${seatLabel(mySeat)} mid-match, so you play under the name ${message.name}.`,
          { untilSeen: true },
        );
      }
      joinedAs = null;
      break;
    case "lobby":
      roomMoved(message);
      drawLobby(message);
      break;
    case "state":
      lastState = message;
      roomMoved(message);
      $("lobby-box").hidden = true;
      $("table").hidden = false;
      table.update(message);
      drawClock();
      break;
    case "error":
      if (NOT_IDENTIFIED.test(message.message) && !$("join-box").hidden) {
        // A student still filling in the form: the server closes an idle screen after a
        // minute; the page reconnects quietly, keeping the name typed and the seat chosen.
        break;
      }
      if (/does not open a seat/.test(message.message)) {
        localStorage.removeItem(storeKey);
        token = null;
        showJoin();
      }
      showError(message.message);
      break;
    case "kicked":
      localStorage.removeItem(storeKey);
      token = null;
      mySeat = null;
      $("me").textContent = "";
      $("switch").hidden = true;
      showError(message.message);
      break;
    default:
      break;
  }
}

/** The lobby: who sits where (names as text). @param {any} lobby */
function drawLobby(lobby) {
  const list = $("lobby");
  list.replaceChildren(
    ...lobby.seats.map((/** @type {any} */ s) => {
      const li = document.createElement("li");
      const who = s.kind === "bot" ? `${s.name} (${s.level} bot)` : s.name || "free seat";
      const away = s.kind === "human" && s.taken && !s.connected ? " · away" : "";
      li.textContent = `${seatTitle(s.seat)} — ${who}${away}`;
      li.dataset.testid = `lobby-seat-${s.seat}`;
      if (s.seat === mySeat) li.classList.add("is-me");
      return li;
    }),
  );
  if (lobby.status === "lobby") {
    $("lobby-title").textContent = "Waiting for the teacher to start…";
    $("lobby-box").hidden = mySeat === null && !watching;
  } else if (!lastState) {
    $("lobby-box").hidden = false;
    $("lobby-title").textContent = lobby.status === "over" ? "The match is over." : "Playing…";
  }
  fillSeats(lobby.seats);
}

/** The free seats a newcomer may choose. @param {any[]} seats */
function fillSeats(seats) {
  const select = /** @type {HTMLSelectElement} */ ($("seat"));
  const chosen = select.value; // kept while that seat is still free
  const free = seats.filter((s) => s.kind === "human" && !s.taken);
  const any = document.createElement("option");
  any.value = "";
  any.textContent = free.length ? "any free seat" : "no free seat";
  select.replaceChildren(
    any,
    ...free.map((s) => {
      const o = document.createElement("option");
      o.value = String(s.seat);
      o.textContent = s.name ? `${seatLabel(s.seat)} (${s.name}'s, freed)` : seatLabel(s.seat);
      return o;
    }),
  );
  if (free.some((s) => String(s.seat) === chosen)) select.value = chosen;
}

async function showJoin() {
  if (watching) return;
  $("join-box").hidden = false;
  try {
    const answer = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
    if (answer.ok) {
      const room = await answer.json();
      fillSeats(room.seats);
      if (room.status === "over") showError("This match is over.");
    }
  } catch {
    /* the socket's own errors say enough */
  }
}

/**
 * A name as the room keeps it (the server's `clean_name`): control and formatting characters
 * removed, runs of spaces made one, none at either end.
 * @param {string} name
 */
function asKept(name) {
  return name.replace(/\p{C}/gu, "").split(/\s+/).filter(Boolean).join(" ");
}

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = /** @type {HTMLInputElement} */ ($("name")).value;
  joinedAs = name;
  const seat = /** @type {HTMLSelectElement} */ ($("seat")).value;
  const join = { type: "join", name, seat: seat === "" ? null : Number(seat), table: true };
  if (ws && ws.readyState === WebSocket.OPEN) send(join);
  else {
    pendingJoin = join; // reconnecting: it goes as soon as the page is connected again
    status("reconnecting… your Join is sent once connected");
    backoff.reset();
    connect();
  }
});

// "Not Ada? Join as someone else": this browser forgets the seat's token and shows the join
// form. The seat stays Ada's (she is only away): the teacher frees it if she is not coming back.
$("switch").addEventListener("click", () => {
  localStorage.removeItem(storeKey);
  token = null;
  mySeat = null;
  lastState = null;
  $("me").textContent = "";
  $("switch").hidden = true;
  $("table").hidden = true; // the next student must not see Ada's hand
  $("lobby-box").hidden = true;
  /** @type {HTMLInputElement} */ ($("name")).value = "";
  showErrorBox("");
  drawClock();
  const old = ws;
  ws = null; // its closing is not a reason to reconnect as Ada
  old?.close();
  backoff.reset();
  connect(); // a fresh connection with no token: the join form
});

/** The clock the room runs for this seat (the server decides; this only counts down). */
function drawClock() {
  clearInterval(clockTimer);
  const box = $("clock");
  const d = lastState && lastState.deadline;
  const mine = d && (watching || (mySeat !== null && d.seats.includes(mySeat)));
  if (!mine) {
    box.textContent = "";
    box.hidden = true;
    return;
  }
  const names = lastState.view.names || [];
  clockTimer = countDown(d.seconds, (left) => {
    box.textContent = clockText(d, names, watching ? null : mySeat, left);
    box.hidden = d.kind === "turn" && left > 30;
  });
}

// Back from another tab or a sleeping phone: reconnect at once, or ask for the state again.
function wake() {
  if (document.hidden) return;
  if (!ws || ws.readyState > WebSocket.OPEN) {
    backoff.reset();
    connect();
  } else if (ws.readyState === WebSocket.OPEN && (token || watching)) {
    send({ type: "sync" });
  }
}
document.addEventListener("visibilitychange", wake);
window.addEventListener("pageshow", wake);
window.addEventListener("online", wake);
window.addEventListener("focus", wake);

connect();
