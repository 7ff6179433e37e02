"""The two pages of a room server and the files they load.

* ``/`` — the teacher's page: the teacher key, a form to make a room (preset, seats, timers),
  the room's code and the QR code of its join link, the lobby (✕ then "Sure?" removes a
  player; empty seats can be filled with bots; Start), and a projector view of the public
  table (with a clearly marked demonstration mode that opens every hand on that screen only).
* ``/r/{code}`` — a student's page: a name and a seat, then the card table. ``?watch`` makes
  it a projector screen that shows the public table only.
* ``/join`` — where a student without a camera types the room's code (the same box is on
  ``/`` and on the page of a code that names no room); a plain form, so it works before any
  script has loaded.

The card table is the notebook's own front end: ``table.js`` and ``table.css`` are read
(never changed) from the ``liverpool_widgets`` package's ``static`` folder, found without
importing that package (it needs Jupyter), with ``table-host.js`` there, the small model
object ``table.js`` expects (``get``/``set``/``on``/``send``), which the play site uses too.
``room-table.js`` feeds that model the room's messages;
``common.js`` holds what the two pages' scripts share (the status line, the error box, the
room's socket and its reconnection wait, a clock's count-down).

Every name is put on a page as text (``textContent``) or escaped; the pages load scripts from
this server only (``Content-Security-Policy: script-src 'self'``).
"""

from __future__ import annotations

import html
import importlib.util
import json
from functools import lru_cache
from pathlib import Path

from liverpool import PRESETS
from liverpool.bots import LEVELS

__all__ = ["join_html", "missing_html", "static_file", "student_html", "teacher_html"]

_HERE = Path(__file__).parent / "static"
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
_OWN = ("common.js", "room-table.js", "teacher.js", "student.js", "rooms.css")
_TABLE = ("table.js", "table-host.js", "table.css")


@lru_cache(maxsize=1)
def widgets_static() -> Path | None:
    """The ``static`` folder of ``liverpool_widgets`` (found, not imported)."""
    try:
        spec = importlib.util.find_spec("liverpool_widgets")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "static"
        if (folder / "table.js").is_file():
            return folder
    return None


def static_file(name: str) -> tuple[bytes, str] | None:
    """The bytes and media type of one file the pages load (``None`` if there is none)."""
    if name in _OWN:
        folder: Path | None = _HERE
    elif name in _TABLE:
        folder = widgets_static()
    else:
        return None
    if folder is None:
        return None
    path = folder / name
    if not path.is_file():
        return None
    return path.read_bytes(), _TYPES[path.suffix]


def _json_for_html(value: object) -> str:
    """JSON that can sit inside a ``<script type="application/json">`` element."""
    return (
        json.dumps(value, ensure_ascii=False)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )


def _presets() -> dict[str, dict[str, object]]:
    from liverpool.sources import preset_summary

    return {
        name: {
            "summary": preset_summary(name),
            "min": rules.min_players,
            "max": rules.max_players,
            "buy_seconds": rules.buy_timer_seconds,
            "idle_turn_seconds": rules.idle_turn_seconds,
        }
        for name, rules in PRESETS.items()
    }


def _page(title: str, body: str, script: str, *, data: str = "") -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="/static/table.css">
<link rel="stylesheet" href="/static/rooms.css">
</head>
<body{data}>
{body}
<script type="module" src="/static/{script}"></script>
</body>
</html>
"""


REACH_NOTE = (
    "Only this computer can open this link: the server listens to this computer alone. "
    "To let students' phones join, stop it (Ctrl-C) and start it again with "
    "<code>liverpool serve --host 0.0.0.0</code>."
)
"""Said beside the join link and QR code when the server listens on loopback only (the
default): a phone that scans the code would open its own ``127.0.0.1`` and find nothing."""


def _join_form(problem: str = "") -> str:
    """The "Join a room" box: a room code, sent to ``/join`` (which goes on to the room's
    page). ``problem``: the sentence about the code typed before, shown above the box."""
    said = (
        f'<p class="rooms-error" role="alert" data-testid="join-problem">{html.escape(problem)}</p>'
        if problem
        else ""
    )
    return f"""<section class="rooms-card" id="join-room-box">
  <h2>Join a room</h2>
  <p class="rooms-muted">Type the code your teacher shows, such as K7QXM.</p>
  {said}
  <form action="/join" method="get" autocomplete="off">
    <input name="code" maxlength="12" required aria-label="room code" placeholder="room code"
      autocapitalize="characters" spellcheck="false" data-testid="join-code">
    <button type="submit" class="rooms-primary" data-testid="join-go">Go to the room</button>
  </form>
</section>"""


def teacher_html(*, loopback_only: bool = False) -> str:
    """The teacher's page (``loopback_only``: the server listens to this computer alone, and
    the page says so beside the join link, with the command that lets phones in)."""
    reach = (
        f'<p class="rooms-warning" data-testid="reach-note">{REACH_NOTE}</p>'
        if loopback_only
        else ""
    )
    levels = "".join(
        f'<option value="{lv}"{" selected" if lv == "basic" else ""}>{lv}</option>' for lv in LEVELS
    )
    body = f"""<main class="rooms-page teacher">
<header class="rooms-top">
  <h1>Liverpool rooms <span class="rooms-muted">— the teacher's page</span></h1>
  <span class="rooms-status" id="status" role="status"></span>
</header>
{_join_form()}
<section class="rooms-card" id="key-box">
  <h2>Teacher key</h2>
  <p class="rooms-muted">The key was printed by <code>liverpool serve</code> when it started.</p>
  <form id="key-form" autocomplete="off">
    <input id="key" type="password" placeholder="teacher key" aria-label="teacher key" required>
    <button type="submit" data-testid="use-key">Use this key</button>
  </form>
  <p class="rooms-error" id="key-problem" role="alert" data-testid="key-problem" hidden></p>
</section>
<section class="rooms-card" id="create-box" hidden>
  <h2>Make a room</h2>
  <form id="create-form">
    <label>Rules <select id="preset" aria-label="rules preset"></select></label>
    <p class="rooms-muted" id="preset-note"></p>
    <fieldset><legend>Seats</legend><ol id="seats"></ol>
      <button type="button" id="add-seat">Add a seat</button>
      <button type="button" id="drop-seat">Remove the last seat</button></fieldset>
    <fieldset><legend>Clocks</legend>
      <label>Buy window <input id="buy-seconds" type="number" min="0" max="3600" step="1"
        aria-label="buy window seconds"> s</label>
      <label>Idle turn played after <input id="idle-seconds" type="number" min="0" max="3600"
        step="1" aria-label="idle turn seconds"> s</label>
      <label>Bots wait <input id="bot-seconds" type="number" min="0" max="30" step="0.1"
        value="1" aria-label="bot pace seconds"> s</label>
      <p class="rooms-muted">Empty: the preset's own clock. 0: no clock (that decision waits for
        its player).</p></fieldset>
    <button type="submit" class="rooms-primary" data-testid="create-room">Make the room</button>
  </form>
  <h2>Open a room</h2>
  <p class="rooms-muted">A room made on another computer or browser opens here too, by its
    code: the teacher key runs every room of this server.</p>
  <form id="open-form" autocomplete="off">
    <input id="open-code" maxlength="12" required aria-label="room code to open"
      placeholder="room code" data-testid="open-code">
    <button type="submit" data-testid="open-room">Open the room</button>
  </form>
  <p class="rooms-error" id="open-problem" role="alert" data-testid="open-problem" hidden></p>
  <div id="my-rooms" data-testid="my-rooms"></div>
</section>
<section class="rooms-card" id="room-box" hidden>
  <div class="rooms-join">
    <div>
      <h2>Room <span class="rooms-code" id="room-code" data-testid="room-code"></span></h2>
      <p>Students open <a id="join-link" data-testid="join-link" target="_blank"
        rel="noopener"></a> or scan the code; without a camera, they open
        <span id="join-page" data-testid="join-page"></span> and type the code.</p>
      {reach}
      <p><a id="watch-link" target="_blank" rel="noopener">Open a projector screen</a>
        · <a id="record-link" hidden>Download the record</a></p>
    </div>
    <div class="rooms-qr" id="qr" data-testid="qr"></div>
  </div>
  <h3>Lobby <span class="rooms-muted" id="room-state"></span></h3>
  <ol class="rooms-lobby" id="lobby" data-testid="lobby"></ol>
  <div class="rooms-row" id="lobby-tools">
    <button type="button" id="fill" data-testid="fill">Fill empty seats with bots</button>
    <select id="fill-level" aria-label="bot level">{levels}</select>
    <button type="button" id="start" class="rooms-primary" data-testid="start">Start the
      match</button>
  </div>
  <div class="rooms-error" id="error" role="alert" data-testid="host-error" hidden></div>
</section>
<section class="rooms-card projector" id="projector-box" hidden>
  <div class="rooms-row">
    <h2>The table</h2>
    <span class="rooms-clock" id="clock" data-testid="clock" aria-live="off"></span>
    <label class="rooms-reveal"><input type="checkbox" id="reveal" data-testid="reveal">
      Show every hand on this screen (demonstration)</label>
  </div>
  <div class="rooms-reveal-banner" id="reveal-banner" data-testid="reveal-banner" hidden>
    DEMONSTRATION — every player's hand is shown on this screen only</div>
  <div id="projector" data-testid="projector"></div>
</section>
</main>
<script type="application/json" id="presets">{_json_for_html(_presets())}</script>
<script type="application/json" id="levels">{_json_for_html(list(LEVELS))}</script>"""
    return _page("Liverpool rooms — teacher", body, "teacher.js")


def student_html(code: str) -> str:
    """A student's page for room ``code`` (already checked to be a room's code)."""
    safe = html.escape(code)
    body = f"""<main class="rooms-page student">
<header class="rooms-top">
  <h1>Liverpool · room <span class="rooms-code" data-testid="room-code">{safe}</span></h1>
  <span class="rooms-me" id="me" data-testid="me"></span>
  <button type="button" class="rooms-link" id="switch" data-testid="switch" hidden></button>
  <span class="rooms-status" id="status" role="status" data-testid="status"></span>
</header>
<section class="rooms-card" id="join-box" hidden>
  <h2>Join the table</h2>
  <form id="join-form" autocomplete="off">
    <label>Your name <input id="name" maxlength="32" required aria-label="your name"
      data-testid="name"></label>
    <label>Seat <select id="seat" aria-label="seat" data-testid="seat"></select></label>
    <button type="submit" class="rooms-primary" data-testid="join">Join</button>
  </form>
</section>
<section class="rooms-card" id="lobby-box" hidden>
  <h2 id="lobby-title">Waiting for the teacher to start…</h2>
  <ol class="rooms-lobby" id="lobby" data-testid="lobby"></ol>
</section>
<div class="rooms-error" id="error" role="alert" data-testid="page-error" hidden></div>
<div class="rooms-clock" id="clock" data-testid="clock" aria-live="off"></div>
<div id="table" data-testid="room-table"></div>
</main>"""
    return _page(f"Liverpool room {code}", body, "student.js", data=f' data-code="{safe}"')


def join_html(problem: str = "") -> str:
    """``/join``: the "Join a room" box alone (``problem``: what was wrong with the code
    typed before)."""
    return _plain_page("Join a room", f'<main class="rooms-page">{_join_form(problem)}</main>')


def missing_html(why: str | None = None) -> str:
    """The page for a room code that names no room (with the box to type it again), or
    (``why``) a room that cannot be opened (its saved game no longer replays)."""
    if why is None:
        title, heading = "No such room", "There is no room with that code"
        text = "Check the code with your teacher, or scan the room's QR code again."
        again = _join_form()
    else:
        title = heading = "This room cannot be opened"
        text = f"{html.escape(why)} Tell your teacher."
        again = ""
    body = f"""<main class="rooms-page"><section class="rooms-card">
<h1>{heading}</h1>
<p>{text}</p>
</section>{again}</main>"""
    return _plain_page(title, body)


def _plain_page(title: str, body: str) -> str:
    """A page with no script (a form, a sentence): the rooms' style sheet only."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="/static/rooms.css"></head><body>{body}</body></html>
"""
