"""A set's per-player tokens (issue 21 C; engine/rules/tokens.py): `token ID
"Title" { once { effects } }`, one for each player at setup, spent once a game on
the player's own turn (agent or reveal turn) for its effects. Immortality's
Family Atomics (`new_row`: the Imperium Row removed to the trash, a new one
dealt) and the tests' own `atomics` (tests/vats_support.py), on both back-ends."""
from __future__ import annotations

import json

import pytest

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as state_check
from dunec.engine.loop.action_space import ActionSpace
from dunec.engine.loop.actions import label
from dunec.engine.rules import tokens as rules_tokens
from dunec.engine.views.observe import observation
from dunec.engine.views.tableview import render_view
from scenario import Scenario
from vats_support import SETS, vats


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def backend(request):
    return request.param


@pytest.fixture(scope="module")
def content(backend, tmp_path_factory):
    return vats(backend, tmp_path_factory.mktemp("vats"))


def test_each_player_has_each_token_at_setup(backend):
    g = Game(players=4, seed=3, sets=("base", "immortality"), backend=backend)
    assert [p.tokens for p in g.state.players] == [["family_atomics"]] * 4
    base = Game(players=4, seed=3, backend=backend)
    assert all(p.tokens == [] for p in base.state.players)


def test_family_atomics_deals_a_new_row_on_the_agent_turn(content):
    g = Scenario(content, players=3, seed=2)
    st, p = g.state, g.p(0)
    old, deck, top = list(st.imperium_row), len(st.imperium_deck), st.imperium_deck[-5:][::-1]
    g.answer(0, ("token", "family_atomics"), "reveal", "end turn")
    g.turn(0)
    kind, first = g.asked(0)[0]
    assert kind == "turn" and "spend Family Atomics" in first and "spend Atomics" in first
    assert st.imperium_trash == old  # removed from the game
    assert st.imperium_row == top and len(st.imperium_deck) == deck - 5  # the next five of the deck
    assert p.tokens == ["atomics"]
    _, again = g.asked(0)[1]
    assert "spend Family Atomics" not in again and "spend Atomics" in again  # once a game
    invariants.check(g.engine)


def test_a_tokens_box_plays_every_effect(content):
    g = Scenario(content, players=3, seed=2)
    p = g.p(0)
    rules_tokens.spend(g.engine, p, "atomics")
    g.engine.drive()
    assert p.solari == 1 and p.tokens == ["family_atomics"] and len(g.state.imperium_trash) == 5


def test_a_short_deck_deals_what_it_has(content):
    g = Scenario(content, players=3, seed=2)
    st = g.state
    st.imperium_trash.extend(st.imperium_deck[:-3])
    del st.imperium_deck[:-3]
    rules_tokens.spend(g.engine, g.p(0), "family_atomics")
    g.engine.drive()
    assert len(st.imperium_row) == 3 and st.imperium_deck == []


def test_a_token_is_offered_while_buying_on_the_reveal_turn(content):
    g = Scenario(content, players=3, seed=2)
    g.answer(0, ("token", "family_atomics"), "end turn")
    g.reveal(0)
    kinds = [k for k, _ in g.asked(0)]
    assert kinds == ["buy", "buy"] and g.p(0).tokens == ["atomics"]
    assert "spend Family Atomics" not in g.asked(0)[1][1]


def test_a_token_is_offered_after_the_agent_action(content):
    g = Scenario(content, players=3, seed=2)
    g.p(0).hand = ["dagger"]
    g.answer(0, ("place", "dagger", "hall_of_oratory"), ("token", "atomics"), "end turn")
    g.turn(0)
    assert [k for k, _ in g.asked(0)] == ["turn", "plot", "plot"]
    assert g.p(0).tokens == ["family_atomics"] and g.p(0).solari == 1


def test_rivals_never_spend_a_token(backend):
    g = Game(players=1, seed=5, sets=("base", "immortality"), backend=backend)
    rival = next(p for p in g.state.players if p.rival)
    assert rules_tokens.options(g._engine, rival) == []


def test_the_token_has_an_id_and_a_label(content):
    space = ActionSpace(content)
    lo, hi = next(r[1:3] for r in space.ranges if r[0] == "token")
    assert [space.keys[i] for i in range(lo, hi)] == [("token", "atomics"), ("token", "family_atomics")]
    assert label(None, content, ("token", "family_atomics")) == "spend Family Atomics"


def test_tokens_are_seen_saved_and_checked(content, backend):
    g = Game(players=3, seed=4, sets=SETS, content=content, backend=backend)
    assert observation(g.state, 1).players[0].tokens == ["atomics", "family_atomics"]
    assert "tokens: atomics, family atomics" in render_view(g._engine, g.state.players[0])
    state_check(content, json.loads(g.state.to_json()))
    bad = json.loads(g.state.to_json())
    bad["players"][0]["tokens"] = ["family_atomics", "family_atomics"]
    with pytest.raises(StateError, match="tokens"):
        state_check(content, bad)
    bad["players"][0]["tokens"] = ["atomic_bomb"]
    with pytest.raises(StateError, match="tokens"):
        state_check(content, bad)


def test_games_spend_tokens_through_the_outside_face(content, backend):
    g = Game(players=4, seed=7, sets=SETS, content=content, backend=backend)
    spent = 0
    while not g.is_terminal():
        acts = g.legal_actions()
        ids = g.legal_ids()
        tok = [a for a in acts if a[0] == "token"]
        if tok:
            i = g.action_space.id_of(tok[0])
            assert i in ids
            g.apply_id(i)
            spent += 1
        else:
            g.apply(acts[-1])
        invariants.check(g._engine)
    assert spent == 8  # two tokens for each of four players, each once
    assert all(p.tokens == [] for p in g.state.players)


def test_a_position_gives_the_tokens_still_held(content, backend):
    from dunec.engine.records.position import PositionError

    g = Game.from_position({"seats": [{"tokens": []}, {"tokens": ["atomics"]}]}, players=3, seed=1, sets=SETS,
                           content=content, backend=backend)
    assert [p.tokens for p in g.state.players] == [[], ["atomics"], ["atomics", "family_atomics"]]
    with pytest.raises(PositionError, match=r"seats\[0\]\.tokens\[0\]"):
        Game.from_position({"seats": [{"tokens": ["atomic_bomb"]}]}, players=3, seed=1, sets=SETS,
                           content=content, backend=backend)
