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

/** The connection line ("connecting…", "connected", "reconnecting…"). @param {string} text */
export function status(text) {
  $("status").textContent = text;
}

/** The error box: the server's sentence as text, hidden when there is none. @param {string} text */
export function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
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
