"""The card table of a room page: the table model beside each state, clicks as intents."""

from __future__ import annotations

from typing import Any

from roomkit import Client, Server


def table_room(server: Server, clients: list[Client]) -> tuple[Client, Client, Client]:
    """Bot, Ben (seat 1, with the table model), Eve (seat 2, protocol only), bot."""
    room = server.create_room(
        rules="house",
        seats=["bot:basic", "human", "human", "bot:basic"],
        bot_seconds=0.05,
        buy_seconds=30,
        idle_turn_seconds=120,
    )
    ben, eve, host = (server.client(room["code"]) for _ in range(3))
    clients += [ben, eve, host]
    ben.send(type="join", name="Ben", table=True)
    ben.wait_type("welcome")
    eve.send(type="join", name="Eve")
    eve.wait_type("welcome")
    host.send(type="host", host_token=room["host_token"], table=True)
    host.wait_type("welcome")
    host.send(type="start")
    for c in (ben, eve, host):
        c.wait_for(lambda c: c.state is not None, what="the first state")
    return ben, eve, host


def intent(client: Client, **fields: Any) -> dict[str, Any]:
    """Send a click and wait for the answer (a fresh state, or an error)."""
    assert client.state is not None
    fields.setdefault("version", client.state["seq"])
    start = len(client.messages)
    client.send(type="table", intent=fields)
    client.wait_for(
        lambda c: any(m["type"] in ("state", "error") for m in c.messages[start:]),
        what=f"the answer to {fields}",
    )
    return next(m for m in client.messages[start:] if m["type"] in ("state", "error"))


def buttons(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["kind"]: b for b in state["table"]["controls"]["buttons"]}


def test_the_table_model_comes_with_the_state(server: Server, clients: list[Client]) -> None:
    ben, eve, host = table_room(server, clients)
    assert ben.state is not None and eve.state is not None and host.state is not None
    table = ben.state["table"]
    assert "table" not in eve.state  # a protocol client did not ask for it
    assert [c["code"] for c in table["view"]["hand"]] == ben.state["view"]["hand"]
    assert table["view"]["seats"][0]["you"] and table["view"]["seats"][0]["title"] == "Ben (you)"
    on = buttons(ben.state)
    assert on["draw"]["enabled"] and on["take"]["enabled"]
    assert not on["discard"]["enabled"] and "draw" in on["discard"]["why"].lower()
    assert not on["hint"]["shown"]
    # Pictures travel once: keys in the model, each SVG in "cards" the first time only.
    first = ben.state["cards"]
    assert all(svg.startswith("<svg") for svg in first.values())
    assert {c["svg"] for c in table["view"]["hand"]} <= set(first)
    # The projector's model: every seat as an opponent, no hand, nobody is "you".
    public = host.state["table"]
    assert public["view"]["hand"] == [] and not public["interactive"]
    assert all(not s["you"] and s["hand"] is None for s in public["view"]["seats"])
    assert "you" not in public["view"]["header"]["deciding"].lower()


def test_clicks_select_sort_and_play(server: Server, clients: list[Client]) -> None:
    ben, eve, _host = table_room(server, clients)
    assert ben.state is not None
    seen = set(ben.state["cards"])
    answer = intent(ben, kind="click_card", index=0, code=ben.state["view"]["hand"][0])
    assert answer["type"] == "state" and answer["table"]["controls"]["selected"] == [0]
    assert not set(answer.get("cards", {})) & seen, "a picture was sent twice"
    answer = intent(ben, kind="press", button="discard")
    assert answer["type"] == "error" and "draw" in answer["message"].lower()
    answer = intent(ben, kind="press", button="hint")
    assert answer["type"] == "error" and "hint" in answer["message"].lower()
    answer = intent(ben, kind="press", button="draw", version=999)
    assert answer["type"] == "error" and "older picture" in answer["message"]
    answer = intent(ben, kind="teleport")
    assert answer["type"] == "error" and "does not know" in answer["message"]
    answer = intent(ben, kind="sort", mode="rank")
    assert answer["table"]["sort_mode"] == "rank"
    shown = [c["pos"] for c in answer["table"]["view"]["hand"]]
    assert shown == sorted(shown)
    # Ben draws from the stock by clicking it: the discard is offered to Eve (a protocol
    # client), who passes; then Ben discards by selecting a card and pressing Discard.
    seq = ben.state["seq"]
    intent(ben, kind="click_stock")
    eve.wait_for(lambda c: bool(c.state and c.state["legal"]), what="Eve's buy offer")
    assert eve.state is not None
    eve.send(type="act", action={"type": "Pass"}, seq=eve.state["seq"])
    ben.wait_for(
        lambda c: c.state is not None and len(c.state["view"]["hand"]) == 11,
        timeout=15,
        what="Ben's draw",
    )
    assert ben.state is not None and ben.state["seq"] > seq
    # Ben's own table speaks to him: "You passed ..." as "You drew ..." (the line only he may
    # read), never "Ben passed" beside it; the protocol's log, for programs, names him.
    log = ben.state["table"]["log"]
    assert any(line.startswith("You drew the ") for line in log), log
    assert not any("Ben" in line for line in log), log
    assert any(line.startswith("Ben drew the ") for line in ben.state["log"]), ben.state["log"]
    hand = ben.state["table"]["view"]["hand"]
    pick = hand[-1]
    answer = intent(ben, kind="click_card", index=pick["index"], code=pick["code"])
    assert answer["table"]["controls"]["selected"] == [pick["index"]]
    assert buttons(answer)["discard"]["enabled"]
    intent(ben, kind="press", button="discard")
    ben.wait_for(
        lambda c: c.state is not None and len(c.state["view"]["hand"]) == 10,
        what="Ben's discard",
    )
    assert ben.state is not None
    assert ben.state["view"]["discard_top"] == pick["code"]
    assert ben.state["table"]["controls"]["selected"] == []
    assert not [e for e in ben.errors if "older picture" not in e and "hint" not in e.lower()][2:]


def test_each_screen_switches_its_own_deck_to_four_colours(
    server: Server, clients: list[Client]
) -> None:
    ben, eve, host = table_room(server, clients)
    assert ben.state is not None and host.state is not None
    assert ben.state["table"]["four_color"] is False
    answer = intent(ben, kind="option", name="four_color", value="four")
    assert answer["type"] == "state" and answer["table"]["four_color"] is True
    deck = [t for t in answer["table"]["controls"]["toggles"] if t["name"] == "four_color"]
    assert deck[0]["value"] == "four"
    hand = {c["svg"] for c in answer["table"]["view"]["hand"]}
    assert hand <= set(answer["cards"]) and all(key.endswith("/4") for key in hand)
    # the projector has the switch too, and its choice is its own
    public = host.state["table"]
    assert [t["name"] for t in public["controls"]["toggles"]] == ["four_color"]
    shown = intent(host, kind="option", name="four_color", value="four")
    assert shown["type"] == "state" and shown["table"]["four_color"] is True
    assert (
        intent(ben, kind="option", name="four_color", value="two")["table"]["four_color"] is False
    )
    refused = intent(host, kind="option", name="four_color", value="plaid")
    assert refused["type"] == "error" and "The deck is 'two' or 'four'" in refused["message"]
    assert eve.state is not None and "table" not in eve.state  # a protocol client: no model
