"""Rise of Ix's board on both back-ends: the freighter on the shipping track (each
move one step up or a recall collecting every step's reward), the CHOAM overlay's
spaces, the Ix conflicts and the conflict deck built with them, and a game saved
in the middle of a freighter move (docs/decisions.md, "Rise of Ix rules")."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec import content as C
from dunec.engine.rules import tracks as rules_tracks
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.loop.setup import new_game
from dunec.engine.loop.state import GameState

from scenario import Scenario
from sets_support import changes_sets as changes_ix, new_scenario as new_ix, sets_fixture, snap_sets as snap_ix
from test_cards_support import finish, set_influence

ADVANCE = "advance on the shipping track"
RECALL = "recall to the bottom of the shipping track"

ix = sets_fixture("ix", "base", "ix")


# ---------------------------------------------------------------------- the freighter
def test_set_ix_declares_a_three_step_shipping_track(ix):
    """rules 000 and HAGAL.md 3.7 (the rival's cash-out) agree on three steps; the
    module's track stops at 3 too (ShippingTrack.lua: min(count, 3 - level))."""
    assert ix.declared("track")["shipping"]["steps"] == 3
    assert ix.declared("track")["shipping"]["rewards"] == (1, 2, 3)


def test_a_move_up_one_step_gives_nothing_until_the_recall(ix):
    g = new_ix(ix)
    before = snap_ix(g)
    g.answer(0, ADVANCE)
    g.box(0, "freighter_fleet", "reveal")
    assert g.asked(0) == [("move", [ADVANCE, RECALL + ", collecting its rewards"])]
    assert changes_ix(g, before) == {0: {"revealed": 1, "track shipping": 1}}
    finish(g)


DIVIDENDS = "+5 Solari; each opponent: +1 Solari"
SPICE_2 = "+2 spice"


def dear_market(g: Scenario, tile: str = "flagship") -> None:
    """The tile face up on the first stack and dear ones on the others: with no
    spice a recall from the top buys nothing."""
    stacks = g.state.markets["tech_tiles"]
    dear = sorted((t for s in stacks for t in s if t != tile), key=lambda t: -g.engine.defs[t]["cost"])
    for top in [tile] + dear[:len(stacks) - 1]:
        for s in stacks:
            if top in s:
                s.remove(top)
    for s, top in zip(stacks, [tile] + dear[:len(stacks) - 1]):
        s.append(top)


def test_at_the_top_the_only_move_is_the_recall(ix):
    g = new_ix(ix)
    dear_market(g)
    g.p(0).tracks["shipping"] = 3
    rules_tracks.step_up(g.engine, g.p(0), "shipping")
    assert g.p(0).tracks["shipping"] == 3  # not past the top
    before = snap_ix(g)
    g.answer(0, "+1 Influence with Fremen", DIVIDENDS)
    g.box(0, "freighter_fleet", "reveal")
    assert [k for k, _ in g.asked(0)] == ["influence", "choose"]  # the move had one option: taken at once
    assert changes_ix(g, before) == {0: {"revealed": 1, "track shipping": -3, "garrison": 2, "supply": -2,
                                         "fremen": 1, "solari": 5}, 1: {"solari": 1}, 2: {"solari": 1}}
    finish(g)


@pytest.mark.parametrize("step,answers,want", [
    (0, [], {}),
    (1, [DIVIDENDS], {0: {"solari": 5}, 1: {"solari": 1}, 2: {"solari": 1}}),
    (1, [SPICE_2], {0: {"spice": 2}}),
    (2, ["+1 Influence with Emperor", SPICE_2], {0: {"garrison": 2, "supply": -2, "emperor": 1, "spice": 2}}),
    (3, ["+1 Influence with Emperor", SPICE_2], {0: {"garrison": 2, "supply": -2, "emperor": 1, "spice": 2}}),
])
def test_a_recall_collects_the_reward_of_its_step_and_every_step_below(ix, step, answers, want):
    """Step 1: Dividends (5 Solari, 1 to each opponent) or 2 spice; step 2: 2 troops
    and 1 Influence; step 3: a tech tile for 2 spice less (none affordable here)."""
    g = new_ix(ix)
    dear_market(g)
    g.p(0).tracks["shipping"] = step
    before = snap_ix(g)
    if step < 3:  # at the top the recall is the only move: taken at once
        g.answer(0, RECALL)
    g.answer(0, *answers)
    g.box(0, "freighter_fleet", "reveal")
    want = {s: dict(d) for s, d in want.items()}
    want.setdefault(0, {}).update({"revealed": 1, **({"track shipping": -step} if step else {})})
    assert changes_ix(g, before) == want
    finish(g)


def test_a_recall_from_the_top_buys_a_tech_tile_for_2_spice_less_first(ix):
    g = new_ix(ix)
    dear_market(g, "flagship")
    p = g.p(0)
    p.tracks["shipping"] = 3
    p.spice = ix.defs["flagship"]["cost"] - 2
    g.answer(0, "buy Flagship", "+1 Influence with Emperor", SPICE_2)
    g.box(0, "freighter_fleet", "reveal")
    assert [k for k, _ in g.asked(0)] == ["buy", "influence", "choose"]  # the top step first, then down
    assert p.tiles == ["flagship"] and p.spice == 2 and p.tracks["shipping"] == 0
    finish(g)


def test_two_moves_are_asked_one_after_the_other(ix):
    """Interstellar Shipping: two moves, each its own decision (up, then recall)."""
    g = new_ix(ix)
    set_influence(g, 0, guild=2)
    g.p(0).tracks["shipping"] = 1
    before = snap_ix(g)
    g.answer(0, ADVANCE, RECALL, "+1 Influence with Spacing Guild", SPICE_2)
    g.agent(0, "choam_delegate", "interstellar_shipping")
    assert [k for k, _ in g.asked(0)] == ["move", "move", "influence", "choose"]
    assert changes_ix(g, before) == {0: {"played": 1, "agents_left": -1, "track shipping": -1, "garrison": 2,
                                         "supply": -2, "guild": 1, "spice": 2}}
    finish(g)


def test_interstellar_shipping_needs_two_spacing_guild_influence(ix):
    g = new_ix(ix)
    g.p(0).hand = ["choam_delegate"]
    places = {a[2] for a in turns.agent_options(g.engine, g.p(0))}
    assert "smuggling" in places and "interstellar_shipping" not in places
    set_influence(g, 0, guild=2)
    assert "interstellar_shipping" in {a[2] for a in turns.agent_options(g.engine, g.p(0))}


def test_smuggling_gives_a_solari_and_a_move(ix):
    g = new_ix(ix)
    before = snap_ix(g)
    g.answer(0, ADVANCE)
    g.agent(0, "choam_delegate", "smuggling")
    assert changes_ix(g, before) == {0: {"played": 1, "agents_left": -1, "solari": 1, "track shipping": 1}}
    finish(g)


def test_a_game_saved_in_the_middle_of_a_move_resumes_exactly(ix):
    """The pending "move" decision and the moves still owed are plain data: a JSON
    save and a copy answer it as the original does."""
    g = new_ix(ix)
    set_influence(g, 0, guild=2)
    g.p(0).hand = ["choam_delegate"]
    e = g.engine
    turns.agent_turn(e, g.p(0), "choam_delegate", "interstellar_shipping")
    e.advance()
    assert e.state.pending["kind"] == "move"
    saved, copied = e.state.to_json(), e.state.copy()
    ends = []
    for st in (e.state, GameState.from_json(saved), copied):
        eng = Engine(ix, st)
        eng.answer(0)  # up
        assert eng.state.pending["kind"] == "move" and eng.state.pending["options"] == [
            ("advance", "shipping"), ("cash_out", "shipping")]
        eng.answer(0)  # up again
        ends.append((eng.state.players[0].tracks, eng.state.digest()))
    assert ends[0][0] == {"shipping": 2}
    assert len({d for _, d in ends}) == 1


# ---------------------------------------------------------------------- the CHOAM overlay
def test_the_overlay_takes_the_place_of_four_base_spaces(ix):
    base = C.load("compiled").select(("base",))
    spaces = {m["id"] for m in ix.of_kind("space")}
    base_spaces = {m["id"] for m in base.of_kind("space")}
    assert base_spaces - spaces == {"rally_troops", "hall_of_oratory", "sell_melange", "secure_contract"}
    assert spaces - base_spaces == {"dreadnought_space", "tech_negotiation", "smuggling", "interstellar_shipping"}
    assert {"mentat_space", "swordmaster_space", "high_council_space"} <= spaces


def test_tech_negotiation_gives_persuasion_and_a_negotiator(ix):
    g = new_ix(ix)
    before = snap_ix(g)
    g.answer(0, "+1 negotiators")
    g.p(0).extra_icons = ["landsraad"]  # a card with no agent box, sent to a Landsraad space
    g.agent(0, "choam_delegate", "tech_negotiation")
    got = changes_ix(g, before)
    assert got == {0: {"played": 1, "agents_left": -1, "persuasion": 1, "counter negotiators": 1, "supply": -1}}
    finish(g)


# ---------------------------------------------------------------------- conflicts
def test_the_conflict_deck_with_ix_is_one_level_i_five_ii_four_iii_from_both_sets(ix):
    seen = Counter()
    for seed in range(40):
        st = new_game(ix, 3, seed)
        levels = [ix.defs[c]["level"] for c in st.conflict_deck]
        assert levels == [3] * 4 + [2] * 5 + [1]  # drawn from the END: level I first
        seen.update(ix.defs[c]["set"] for c in st.conflict_deck)
    assert seen["ix"] and seen["base"]
    assert {m["id"] for m in ix.of_kind("conflict") if m["set"] == "ix"} == {
        "ix_skirmish_a", "ix_skirmish_b", "trade_monopoly", "economic_supremacy"}


@pytest.mark.parametrize("conflict,place,answers,want", [
    ("ix_skirmish_a", "first", [ADVANCE], {0: {"spice": 1, "track shipping": 1}}),
    ("ix_skirmish_a", "second", [], {0: {"solari": 3}}),
    ("ix_skirmish_a", "third", [], {0: {"solari": 2}}),
    ("ix_skirmish_b", "first", [ADVANCE], {0: {"garrison": 1, "supply": -1, "track shipping": 1}}),
    ("ix_skirmish_b", "second", [], {0: {"spice": 2}}),
    ("ix_skirmish_b", "third", [], {0: {"spice": 1}}),
    ("trade_monopoly", "first", [ADVANCE, ADVANCE], {0: {"garrison": 1, "supply": -1, "track shipping": 2}}),
    ("trade_monopoly", "second", [], {0: {"intrigue": 1, "water": 1}}),
    ("trade_monopoly", "third", ["+1 water"], {0: {"water": 1}}),
    ("economic_supremacy", "first", ["pay 6 Solari", "pay 4 spice"], {0: {"vp": 3, "solari": -6, "spice": -4}}),
    ("economic_supremacy", "second", [], {0: {"vp": 1}}),
    ("economic_supremacy", "third", [], {0: {"spice": 2, "solari": 2}}),
])
def test_each_ix_conflict_reward_plays(ix, conflict, place, answers, want):
    g = new_ix(ix)
    g.p(0).solari, g.p(0).spice = 6, 4
    before = snap_ix(g)
    g.answer(0, *answers)
    g.box(0, conflict, place)
    assert changes_ix(g, before) == want
    finish(g)
