// What the teacher's page (teacher.js) and a student's page (student.js) share: the element
// lookup, the status line and the error box, the room's WebSocket, how long to wait before
// connecting again, and the count-down of a clock the server runs. One copy, so the two pages
// cannot drift apart; it is a module this server serves beside them (the pages' CSP allows
// scripts from this server only).

/** The page's element with this id. @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A seat as people count it: "seat 1" is the first. The wire counts from 0 (`"seat": 0`), as
 * Python does; bots are named the people's way too ("Bot 3" plays the third seat).
 * @param {number} seat
 */
export const seatLabel = (seat) => `seat ${seat + 1}`;

/** The same, to begin a line ("Seat 1 — Ada · online"). @param {number} seat */
export const seatTitle = (seat) => `Seat ${seat + 1}`;

/** The connection line ("connecting…", "connected", "reconnecting…"). @param {string} text */
export function status(text) {
  $("status").textContent = text;
}

// The error box says what was wrong with the last thing tried. Once the room has moved on
// (a move was made, the match started or ended, a seat changed hands) it no longer applies,
// so it is emptied; `now` is where the room is, `shownAt` where it was when the box was filled.
/** @typedef {{game: string, seats: string}} Moment */
/** @type {Moment} */
let now = { game: "", seats: "" };
/** @type {Moment|null} */
let shownAt = null;

/**
 * The error box: the server's sentence as text, hidden when there is none. It is emptied by
 * the first lobby or state that shows the room moved on (`roomMoved`); with `untilSeen`, a
 * notice stays through the messages that come with it and goes at the move after them.
 * @param {string} text @param {{untilSeen?: boolean}} [how]
 */
export function showError(text, how = {}) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
  shownAt = text && !how.untilSeen ? { ...now } : null;
}

/**
 * A `lobby` or `state` from the room: note where the room is now, and empty the error box if
 * the room has moved on since it was filled.
 * @param {{type: string, status: string, seq: number, seats?: any[]}} message
 */
export function roomMoved(message) {
  const game = `${message.status}/${message.seq}`;
  const seats = message.seats
    ? message.seats.map((s) => `${s.kind}:${s.level}:${s.taken}`).join(",")
    : now.seats;
  now = { game, seats };
  if ($("error").hidden) return;
  if (shownAt === null) shownAt = { ...now }; // a notice: seen with this, gone after it
  else if (shownAt.game !== now.game || shownAt.seats !== now.seats) showError("");
}

/** "Ada", "Ada and Ben", "Ada, Ben and Cleo". @param {string[]} names */
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * What a clock the room runs says: whose decision it is and how long is left. `me` is the
 * seat whose screen reads it (its own decision says "you"), `null` on the teacher's page and
 * a projector, which name the players.
 * @param {{kind: string, seats: number[]}} clock @param {string[]} names
 * @param {number|null} me @param {number} left
 */
export function clockText(clock, names, me, left) {
  const mine = me !== null && clock.seats.includes(me);
  const who = mine ? "you" : listed(clock.seats.map((s) => names[s] ?? seatLabel(s)));
  if (clock.kind === "buy") return `Buy window: ${left} s for ${who} to answer (silence passes)`;
  if (clock.kind === "call") return `${left} s for ${who} to call or pass`;
  return `${mine ? "Your" : `${who}'s`} turn is played automatically in ${left} s`;
}

/** A WebSocket to room `code` on this server (secure when the page is). @param {string} code */
export function roomSocket(code) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(code)}`);
}

/**
 * The wait before connecting again: half a second, doubled after each closed socket up to 8 s
 * (a server that is down is not asked ten times a second), back to half a second once a
 * socket opens.
 */
export class Backoff {
  ms = 500;

  reset() {
    this.ms = 500;
  }

  /** This wait in ms; the next one is twice as long. */
  next() {
    const ms = this.ms;
    this.ms = Math.min(ms * 2, 8000);
    return ms;
  }
}

/**
 * Count `seconds` down: `draw(left)` now and four times a second with the whole seconds left
 * (never below 0). The server keeps the real clock; this only shows it. Returns the interval,
 * for `clearInterval`.
 * @param {number} seconds @param {(left: number) => void} draw
 */
export function countDown(seconds, draw) {
  const end = Date.now() / 1000 + seconds;
  const tick = () => draw(Math.max(0, Math.ceil(end - Date.now() / 1000)));
  tick();
  return setInterval(tick, 250);
}
