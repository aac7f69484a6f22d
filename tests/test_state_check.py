"""Game.from_json checks what it reads (dunec/engine/checks/state_check.py, frames.py):
every state the engine writes is accepted, and a mutated one is either refused
with a ValueError naming the field or plays to its end with the invariants
holding after every decision."""
from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from dunec import Game
from dunec.engine.loop.rng import Rng
from state_mutations import mutate, outcome, saved_games

MUTATIONS = int(os.environ.get("DUNEC_STATE_MUTATIONS", "300"))
SOAK_MUTATIONS = 20_000


@pytest.fixture(scope="module")
def saves(compiled):
    return saved_games(compiled)


def _game(compiled, people=4, sets=("base",), cut=60, seed=3, difficulty="novice"):
    g = Game(players=people, seed=seed, sets=sets, content=compiled, difficulty=difficulty)
    rng = Rng(seed)
    for _ in range(cut):
        g.apply(g.legal_actions()[rng.below(len(g.legal_actions()))])
    return g


def _edited(g, edit) -> str:
    data = json.loads(g.to_json())
    edit(data, data["state"])
    return json.dumps(data)


def _refused(compiled, text: str, *words: str) -> str:
    with pytest.raises(ValueError) as e:
        Game.from_json(text, content=compiled)
    for w in words:
        assert w in str(e.value), str(e.value)
    return str(e.value)


def test_every_state_of_real_games_is_accepted_as_it_was(compiled):
    for sets in (("base",), ("base", "ix")):
        for people, difficulty in ((1, "expert"), (2, "novice"), (3, "novice"), (4, "novice")):
            g = Game(players=people, seed=people, sets=sets, content=compiled, difficulty=difficulty)
            rng, n = Rng(people), 0
            while not g.is_terminal():
                if n % 5 == 0:
                    back = Game.from_json(g.to_json(), content=compiled)
                    assert back.state.digest() == g.state.digest()
                g.apply(g.legal_actions()[rng.below(len(g.legal_actions()))])
                n += 1
            assert Game.from_json(g.to_json(), content=compiled).is_terminal()


@pytest.mark.parametrize("edit, words", [
    (lambda d, s: s["players"][1].__setitem__("spice", -3), ("state.players[1].spice", "-3")),
    (lambda d, s: s["players"][0]["influence"].__setitem__("fremen", 99), ("players[0].influence.fremen", "99")),
    (lambda d, s: s["alliances"].__setitem__("guild", 9), ("state.alliances.guild", "seat from 0 to 3", "9")),
    (lambda d, s: s["players"][2]["hand"].append("no_such_card"), ("players[2].hand[", "no_such_card")),
    (lambda d, s: s["players"][0]["hand"].append(s["players"][1]["deck"][0]), ("cards: not conserved",)),
    (lambda d, s: s["imperium_deck"].pop(), ("cards: not conserved", "missing")),
    (lambda d, s: s["intrigue_deck"].append(s["intrigue_deck"][0]), ("intrigue cards: not conserved",)),
    (lambda d, s: s.__setitem__("round", "3"), ("state.round", "integer")),
    (lambda d, s: s["players"][3].__setitem__("garrison", 0), ("troop cubes not conserved",)),
    (lambda d, s: s["players"][0]["vp_ledger"].__setitem__("cards", 5), ("VP",)),
    (lambda d, s: s["players"][0].__setitem__("agents_left", 0), ("players[0].agents_left",)),
    (lambda d, s: s["players"][0].__setitem__("extra", 1), ("players[0]", "unknown: extra")),
    (lambda d, s: s["players"][0]["gained"].__setitem__("melange", 1), ("players[0].gained", "melange")),
    (lambda d, s: s["players"][1]["gained"].__setitem__("spice", 0), ("players[1].gained.spice", "0")),
    (lambda d, s: s.__delitem__("reserve"), ("missing: reserve",)),
    (lambda d, s: s["pending"]["options"].append(["place", "no_such_card", "arrakeen"]), ("pending.options[",)),
    (lambda d, s: s["stack"].append({"do": "no_such_step"}), ("stack[", "no_such_step")),
    (lambda d, s: s["stack"][0].__setitem__("zz", 1), ("stack[0].zz", "no such local")),
    (lambda d, s: d.__setitem__("sets", "base"), ("sets: expected a list of set ids", '"base"')),
    (lambda d, s: d.__setitem__("sets", ["base", "nope"]), ("sets: unknown set `nope`",)),
    (lambda d, s: d.__setitem__("sets", ["ix"]), ("sets: set `ix` requires base",)),
    (lambda d, s: d.__setitem__("sets", ["base", "ix"]), ("counters",)),  # a base game read as base+ix
    (lambda d, s: d.__setitem__("backend", "fast"), ("backend",)),
    (lambda d, s: d.__setitem__("extra", 1), ("unknown key `extra`",)),
])
def test_a_corrupt_save_is_refused_naming_the_field(compiled, edit, words):
    _refused(compiled, _edited(_game(compiled), edit), *words)


def test_a_pending_option_must_name_a_card_where_the_option_takes_it_from(compiled):
    g = _game(compiled, cut=0)
    assert g.decision()["kind"] == "turn"

    def elsewhere(d, s):
        seat = s["pending"]["seat"]
        for a in s["pending"]["options"]:
            if a[0] == "place":
                a[1] = next(c for c in s["imperium_row"] if c not in s["players"][seat]["hand"])
                return
    _refused(compiled, _edited(g, elsewhere), "is not in hand")


def test_a_frame_without_a_local_its_step_reads_is_refused(compiled):
    g = _game(compiled)
    data = json.loads(g.to_json())
    i, frame = next((i, f) for i, f in enumerate(data["state"]["stack"]) if f["do"] == "player_turns")
    del frame["order"]
    _refused(compiled, json.dumps(data), f"stack[{i}]", "player_turns needs the local order")


def test_the_step_waiting_on_a_decision_is_the_deciding_seats(compiled):
    g = _game(compiled)
    assert g.state.stack[-1]["seat"] == g.current_player()
    other = (g.current_player() + 1) % 4
    _refused(compiled, _edited(g, lambda d, s: s["stack"][-1].__setitem__("seat", other)),
             f"stack[{len(g.state.stack) - 1}].seat", "the decision is seat")


def test_a_buy_menu_must_count_its_row_options(compiled):
    g = Game(players=3, seed=1, content=compiled)
    rng = Rng(1)
    while g.decision()["kind"] != "buy" or not any(a[0] == "buy" for a in g.legal_actions()):
        g.apply(g.legal_actions()[rng.below(len(g.legal_actions()))])
    top = g.state.stack[-1]
    assert top["do"] == "buy"
    _refused(compiled, _edited(g, lambda d, s: s["stack"][-1].__setitem__("row", top["row"] + 1)), "row")


def test_a_save_that_is_not_one_is_refused_in_one_line(compiled):
    for text in ("", "[1, 2]", "{\"format\": \"dunec-game\"}", "nul"):
        message = _refused(compiled, text)
        assert "\n" not in message


def _mutations(compiled, saves, count: int, start: int = 0) -> Counter:
    ids = sorted(compiled.defs)
    seen = Counter()
    for k in range(start, start + count):
        what, text = mutate(saves[k % len(saves)], k, ids)
        got = outcome(text, compiled, k)
        assert got in ("rejected", "played"), f"mutation {k} ({what}): {got}"
        seen[got] += 1
    return seen


def test_mutated_saves_of_real_games_are_refused_or_play_to_the_end(compiled, saves):
    seen = _mutations(compiled, saves, MUTATIONS)
    assert seen["rejected"] and seen["played"]  # both kinds occur: the mutations are neither all fatal nor all harmless


@pytest.mark.soak
def test_many_mutated_saves_are_refused_or_play_to_the_end(request, compiled):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip(f"the soak run ({SOAK_MUTATIONS} mutations): pytest -m soak tests/test_state_check.py")
    _mutations(compiled, saved_games(compiled, games=128, seed=1), SOAK_MUTATIONS, start=MUTATIONS)
