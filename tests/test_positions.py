"""Game.from_position (dunec/engine/records/position.py): a game started from a given
position, in the names of a card test's `given { }`, through the rules that keep
the books."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.loop.rng import Rng


def _play_out(g, seed: int = 0) -> None:
    rng = Rng(seed)
    while not g.is_terminal():
        g.apply(g.legal_actions()[rng.below(len(g.legal_actions()))])
        if not any(f.get("unfinished") for f in g.state.stack):
            invariants.check(g._engine)


def test_a_base_position_keeps_the_books(compiled):
    g = Game.from_position({"round": 3, "first_player": 1, "control": {"arrakeen": 0},
                            "seats": [{"spice": 4, "troops": 5, "conflict": 2, "vp": 6,
                                       "influence": {"fremen": 4, "guild": 2}, "alliances": ["fremen"],
                                       "hand": ["dagger", "dune_the_desert_planet"], "intrigue": []},
                                      {"influence": {"fremen": 4}, "solari": 3}]},
                           players=3, seed=1, content=compiled)
    st, p = g.state, g.state.players[0]
    assert (st.round, len(st.conflicts_done), len(st.conflict_deck)) == (3, 2, 7)
    assert g.current_player() == 1 == st.first_player and g.decision()["kind"] == "turn"
    assert (p.spice, p.garrison, p.conflict, p.supply) == (4, 5, 2, 5)
    # Influence went through the influence rule: its VP, the alliance to the first at 4, the bonus water.
    assert p.vp_ledger == {"influence": 2, "alliance": 1, "cards": 3} and p.vp == 6
    assert st.alliances["fremen"] == 0 and p.four_bonus == ["fremen"] and p.water == 2
    assert st.players[1].vp_ledger == {"influence": 1}
    # Cards came from the seat's own starting deck; the others were drawn as round start does.
    assert p.hand == ["dagger", "dune_the_desert_planet"] and len(p.deck) == 8 and not p.trashed
    assert len(st.players[1].hand) == 5 and st.control == {"arrakeen": 0}
    _play_out(g)
    assert sum(g.returns()) == pytest.approx(1.0)


def test_an_ix_position_puts_tiles_units_and_the_freighter_where_asked(compiled):
    g = Game.from_position({"placed": {"carthag": [1, "dreadnought"]},
                            "markets": {"tech_tiles": ["holtzman_engine", "spy_satellites"]},
                            "seats": [{"tiles": ["minimic_film"], "shipping": 2, "negotiators": 1, "dreadnought": 1,
                                       "conflict": {"dreadnought": 1, "troops": 1}}]},
                           players=4, seed=2, sets=("base", "ix"), content=compiled)
    st, p = g.state, g.state.players[0]
    assert p.tiles == ["minimic_film"] and p.tracks == {"shipping": 2} and p.counters == {"negotiators": 1}
    assert p.units["dreadnought"] == {"strength": 3, "supply": 0, "garrison": 1, "conflict": 1}
    assert (p.garrison, p.conflict) == (3, 1)
    assert st.placed == {"carthag": [1, "dreadnought"]} and st.players[1].units["dreadnought"]["supply"] == 1
    assert [s[-1] for s in st.markets["tech_tiles"]][:2] == ["holtzman_engine", "spy_satellites"]
    assert all("minimic_film" not in s for s in st.markets["tech_tiles"])
    _play_out(g, 1)


def test_a_position_saves_and_resumes_like_any_game(compiled):
    g = Game.from_position({"round": 9, "seats": [{"vp": 9, "solari": 8, "hand": ["signet_ring"]}]},
                           players=4, seed=5, content=compiled)
    back = Game.from_json(g.to_json(), content=compiled)
    assert back.state.digest() == g.state.digest()
    again = Game.from_position({"round": 9, "seats": [{"vp": 9, "solari": 8, "hand": ["signet_ring"]}]},
                               players=4, seed=5, content=compiled)
    assert again.state.digest() == g.state.digest()  # deterministic


def test_a_named_imperium_card_leaves_the_imperium_deck_or_row(compiled):
    plain = Game(players=3, seed=4, content=compiled)
    row_card = plain.state.imperium_row[0]
    copies = [row_card] * (plain.state.imperium_deck.count(row_card) + 1)  # the deck's, then the Row's
    g = Game.from_position({"seats": [{"deck": copies, "discard": ["dagger"]}]}, players=3, seed=4,
                           content=compiled)
    st, p = g.state, g.state.players[0]
    assert st.imperium_row.count(row_card) == plain.state.imperium_row.count(row_card) - 1
    assert len(st.imperium_row) == 5  # refilled from the Imperium deck
    # The deck and discard replaced: the starting cards left out are trashed, the hand drawn from what is left.
    assert sorted(p.hand + p.deck) == sorted(copies + ["dagger"]) and len(p.trashed) == 9
    assert row_card not in st.imperium_deck


@pytest.mark.parametrize("position, words", [
    ({"seats": [{"spcie": 2}]}, "position.seats[0].spcie: unknown name"),
    ({"seats": [{"influence": {"fremen": 7}}]}, "position.seats[0].influence.fremen: expected an integer from 0 to 6"),
    ({"seats": [{"influence": {"fremen": 4}}, {"influence": {"fremen": 5}, "alliances": []}, {"alliances": ["fremen"]}]},
     "position.seats[2].alliances: seat 2 cannot hold the fremen alliance"),
    ({"seats": [{"vp": 0, "influence": {"guild": 2}}]}, "position.seats[0].vp: 0, fewer than the 1 VP"),
    ({"seats": [{"troops": 13}]}, "position.seats[0].troops: the supply holds too few troops"),
    ({"seats": [{"hand": ["chani"] * 9}]}, "no copy of chani is left"),
    ({"seats": [{"hand": ["nobody"]}]}, "is not a card of this game's decks"),
    ({"round": 0}, "position.round: expected a round from 1 to 10"),
    ({"conflict": "nope"}, "position.conflict: unknown conflict"),
    ({"control": {"arrakis": 0}}, "position.control.arrakis: unknown location"),
    ({"first_player": 7}, "position.first_player: expected a seat from 0 to 2"),
    ({"seats": [{"tiles": ["holtzman_engine"]}]}, "is not a tile left in a market"),  # a base game has none
    ({"board": 1}, "position.board: unknown name"),
])
def test_a_position_that_cannot_be_set_up_is_refused_naming_the_field(compiled, position, words):
    with pytest.raises(ValueError) as e:
        Game.from_position(position, players=3, seed=1, content=compiled)
    assert words in str(e.value)


_VALUES = st.one_of(st.integers(-2, 12), st.sampled_from(["chani", "dagger", "fremen", "x", None, [], {}]))
_SEAT = st.dictionaries(st.sampled_from(["solari", "spice", "water", "vp", "troops", "conflict", "persuasion",
                                         "dreadnought", "shipping", "negotiators", "swordmaster"]), _VALUES,
                        max_size=4) | st.fixed_dictionaries({}, optional={
                            "influence": st.dictionaries(st.sampled_from(["fremen", "guild", "emperor"]),
                                                         st.integers(0, 6), max_size=3),
                            "hand": st.lists(st.sampled_from(["chani", "dagger", "signet_ring", "spice_hunt"]),
                                             max_size=5),
                            "intrigue": st.lists(st.sampled_from(["ambush", "bribery", "dispatch_an_envoy"]),
                                                 max_size=3),
                            "tiles": st.lists(st.sampled_from(["holtzman_engine", "minimic_film"]), max_size=2)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(people=st.sampled_from([1, 2, 3, 4]), ix=st.booleans(), round_no=st.integers(1, 10),
       seats=st.lists(_SEAT, max_size=3), seed=st.integers(0, 50))
def test_any_position_is_refused_or_plays_to_the_end(compiled, people, ix, round_no, seats, seed):
    position = {"round": round_no, "seats": seats}
    try:
        g = Game.from_position(position, players=people, seed=seed, sets=("base", "ix") if ix else ("base",),
                               content=compiled)
    except ValueError as e:
        assert str(e).startswith("position.") or str(e).startswith("state"), json.dumps(position)
        return
    _play_out(g, seed)


def test_a_position_as_text_is_the_same_position(compiled):
    text = """round 4; first_player 0; control imperial_basin 1; placed carthag 2 dreadnought
given { spice 5; troops 4; conflict troops 3; vp 6; influence fremen 4; influence emperor 2; alliances fremen
        hand dagger seek_allies; intrigue ambush; shipping 1; swordmaster }
given { influence fremen 4 }"""
    data = {"round": 4, "first_player": 0, "control": {"imperial_basin": 1}, "placed": {"carthag": [2, "dreadnought"]},
            "seats": [{"spice": 5, "troops": 4, "conflict": {"troops": 3}, "vp": 6, "shipping": 1,
                       "influence": {"fremen": 4, "emperor": 2}, "alliances": ["fremen"], "swordmaster": True,
                       "hand": ["dagger", "seek_allies"], "intrigue": ["ambush"]}, {"influence": {"fremen": 4}}]}
    a = Game.from_position(text, players=3, seed=9, sets=("base", "ix"), content=compiled)
    b = Game.from_position(data, players=3, seed=9, sets=("base", "ix"), content=compiled)
    assert a.state.digest() == b.state.digest() and a.state.players[0].agents == 3


@pytest.mark.parametrize("text, words", [
    ("given { spice }", "position:1:9: spice takes one value"),
    ("round 2\ngiven { influence fremen }", "position:2:9: `influence NAME N`"),
    ("given { spice 2 ", "the position does not parse:\nerror["),
])
def test_a_position_text_that_does_not_read_says_where(compiled, text, words):
    with pytest.raises(ValueError) as e:
        Game.from_position(text, players=3, content=compiled)
    assert words in str(e.value)
