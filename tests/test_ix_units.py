"""Rise of Ix's dreadnoughts as a unit kind the set declares (rules 000, "Recruiting
Combat Units", "Resolve combat"; docs/decisions.md, "Rise of Ix rules"): recruiting,
deploying, strength, the unit verbs and conditions, placement after combat and the
control it gives, on both back-ends."""
from __future__ import annotations

import pytest
from scenario import Scenario, run_step

from dunec import content as C
from dunec.engine.checks import invariants
from dunec.engine.rules import deploy as rules_deploy, units as rules_units
from dunec.engine.loop import turns
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.game import Engine
from dunec.engine.loop.setup import give_sets
from dunec.engine.players.policies import ScriptedPolicy
from dunec.engine.loop.state import TROOPS_PER_PLAYER, GameState
from dunec.cardtest import reveal_conflict

PLAIN = "count_ilban_richese"
D = "dreadnought"


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def ix(request):
    return C.load(request.param).select(("base", "ix"))


def game(ix, n=3, leaders=None, conflict="skirmish_b"):
    g = Scenario(ix, players=n, leaders=leaders or [PLAIN] * n)
    give_sets(ix, g.state)
    reveal_conflict(g.state, conflict)
    return g


def units(p, garrison=0, conflict=0, kind=D):
    u = p.units[kind]
    u["supply"] -= garrison + conflict
    u["garrison"] += garrison
    u["conflict"] += conflict


def troops(p, garrison=None, conflict=0):
    if garrison is not None:
        p.garrison = garrison
    p.conflict = conflict
    p.supply = TROOPS_PER_PLAYER - p.garrison - p.conflict


def fielded(ix, garrison=0, conflict=0, dreadnoughts=(0, 0), **kw):
    """A game and player 1 with troops (garrison, Conflict) and dreadnoughts (garrison, Conflict)."""
    g = game(ix, **kw)
    p = g.p(0)
    troops(p, garrison=garrison, conflict=conflict)
    units(p, *dreadnoughts)
    return g, p


def check(g):
    g.done()
    invariants.check(g.engine)


# ---------------------------------------------------------------------- recruiting, strength
def test_a_dreadnought_gain_recruits_to_the_garrison_up_to_the_supply(ix):
    g = game(ix)
    p = g.p(0)
    assert p.units[D] == {"strength": 3, "supply": 2, "garrison": 0, "conflict": 0}
    Ctx(g.engine, p).gain(D, 3)
    assert p.units[D]["garrison"] == 2 and p.units[D]["supply"] == 0  # only two exist
    assert p.recruited_units == {D: 2}
    check(g)


def test_strength_counts_a_dreadnought_3_and_rhomburs_passive_4(ix):
    g = game(ix, leaders=[PLAIN, "prince_rhombur_vernius", PLAIN])
    for seat in (0, 1):
        troops(g.p(seat), conflict=1)
        units(g.p(seat), conflict=2)
    assert turns.strength(g.p(0), g.engine) == 2 + 2 * 3
    assert turns.strength(g.p(1), g.engine) == 2 + 2 * 4
    troops(g.p(2), conflict=0)
    units(g.p(2), conflict=1)  # a dreadnought alone is a unit in the Conflict
    assert turns.strength(g.p(2), g.engine) == 3
    g.answer(1, "place")
    g.combat()
    assert g.p(1).vp == 1  # Rhombur's 10 beats 8: skirmish_b's first reward
    check(g)


# ---------------------------------------------------------------------- deploying
# Arrakeen recruits 1 troop. (dreadnoughts in the garrison, of which recruited this
# turn, the answers) -> (options of each deploy question, dreadnoughts and troops sent)
COMBAT_SPACE = [
    # 2 dreadnoughts offered (up to 2 from the garrison); one of the 2 used, then the
    # recruited troop and 1 more
    ((2, 0, [("deploy", 1, D), ("deploy", 1)]), ([3, 3], 1, 1)),
    # a dreadnought recruited this turn goes freely besides the 2
    ((2, 1, [("deploy", 2, D), ("deploy", 1)]), ([3, 3], 2, 1)),
    # no dreadnought: the base game's troop question, unchanged
    ((0, 0, [("deploy", 3)]), ([4], 0, 3)),
]


@pytest.mark.parametrize("given,want", COMBAT_SPACE)
def test_a_combat_space_deploys_dreadnoughts_within_the_allowance_of_two(ix, given, want):
    garrison, recruited, answers = given
    g = game(ix)
    p = g.p(0)
    troops(p, garrison=3)
    Ctx(g.engine, p).gain(D, recruited)
    units(p, garrison=garrison - recruited)
    g.answer(0, *answers)
    g.agent(0, "dagger", "arrakeen")
    assert [len(labels) for k, labels in g.asked(0) if k == "deploy"] == want[0]
    assert (p.units[D]["conflict"], p.conflict) == want[1:]
    assert p.deployed_turn == sum(want[1:])
    check(g)


def test_deploy_options_read_as_the_base_games_for_troops():
    from dunec.engine.loop.actions import label
    assert label(None, type("C", (), {"defs": {}})(), ("deploy", 2)) == "deploy 2"
    assert label(None, type("C", (), {"defs": {}})(), ("deploy", 2, D)).startswith("deploy 2 dreadnought")


def test_a_rival_deploys_its_dreadnoughts_first_whenever_it_can(ix):
    g = game(ix)
    p = g.p(1)
    troops(p, garrison=5)
    units(p, garrison=2)
    p.recruited = 1
    left = rules_deploy.deploy_most(g.engine, p, 2)
    assert p.units[D]["conflict"] == 2 and left == 1  # the recruited troop; the 2 went to dreadnoughts
    check(g)


# ---------------------------------------------------------------------- the unit verbs
def test_second_wave_deploys_up_to_two_units_of_any_kind(ix):
    g, p = fielded(ix, 3, 1, (1, 0))
    g.answer(0, ("deploy", 1, D), ("deploy", 1))
    g.intrigue(0, "second_wave", "combat")
    deploy_asks = [labels for k, labels in g.asked(0) if k == "deploy"]
    assert [len(a) for a in deploy_asks] == [2, 2]  # 0..1 dreadnought, then 0..1 troop
    assert p.swords == 2 and p.units[D]["conflict"] == 1 and p.conflict == 2 and p.garrison == 2
    check(g)


def _ambushed(ix):
    """P1 deployed a troop and a dreadnought this turn; P2 has a troop and a dreadnought there."""
    g = game(ix)
    p = g.p(0)
    p.deployed_turn = 2
    p.units[D]["deployed"] = 1
    opp = g.p(1)
    troops(opp, garrison=0, conflict=1)
    units(opp, conflict=1)
    return g, opp


def test_desert_ambush_makes_the_picked_opponent_retreat_a_unit_per_troop_deployed(ix):
    g, opp = _ambushed(ix)
    g.answer(0, "you may", 0)  # once: the dreadnought deployed is not a troop; P2
    g.answer(1, ("retreat", 1, D))  # P2 picks which of its units
    g.box(0, "desert_ambush", "agent")
    assert opp.units[D] == {"strength": 3, "supply": 1, "garrison": 1, "conflict": 0}
    assert opp.conflict == 1 and opp.garrison == 0
    assert [k for k, _ in g.asked(0)] == ["pay", "opponent"] and [k for k, _ in g.asked(1)] == ["retreat_unit"]
    check(g)


def test_desert_ambush_retreat_is_optional(ix):
    g, opp = _ambushed(ix)
    g.answer(0, "no")
    g.box(0, "desert_ambush", "agent")
    assert opp.conflict == 1 and opp.units[D]["conflict"] == 1
    check(g)


def test_deployed_this_turn_counts_each_kind_and_every_kind(ix):
    g = game(ix)
    p = g.p(0)
    troops(p, garrison=3)
    units(p, garrison=1)
    rules_deploy.send_units(g.engine, p, D, 1)
    from dunec.engine.rules import resources as rules_resources
    rules_resources.send_troops(g.engine, p, 2)
    assert (p.deployed_turn, rules_units.deployed(p, D), rules_units.deployed(p, "troops")) == (3, 1, 2)
    rules_units.new_turn_deployments(p)
    assert (p.deployed_turn, rules_units.deployed(p, D), rules_units.deployed(p, "troops")) == (0, 0, 0)
    check(g)


def test_cannon_turrets_makes_each_opponent_retreat_a_dreadnought(ix):
    g = game(ix)
    for seat, n in ((1, 2), (2, 0)):
        troops(g.p(seat), conflict=1)
        units(g.p(seat), conflict=n)
    troops(g.p(0), conflict=1)
    g.intrigue(0, "cannon_turrets", "combat")
    assert g.p(0).swords == 2
    assert g.p(1).units[D]["conflict"] == 1 and g.p(1).units[D]["garrison"] == 1 and g.p(1).conflict == 1
    assert g.p(2).units[D]["conflict"] == 0 and g.p(2).conflict == 1
    check(g)


def test_negotiated_withdrawal_retreats_three_troops_for_an_influence(ix):
    g, p = fielded(ix, 0, 3, (0, 1))
    g.answer(0, "you may retreat 3 of your troops", ("influence", "fremen", 1))
    g.box(0, "negotiated_withdrawal", "reveal")
    assert p.conflict == 0 and p.garrison == 3 and p.units[D]["conflict"] == 1  # the dreadnought stays
    assert p.influence["fremen"] == 1 and p.persuasion == 2
    check(g)


def test_negotiated_withdrawal_is_not_offered_with_fewer_than_three_troops(ix):
    g, p = fielded(ix, 0, 2, (0, 1))  # three units, but two troops
    g.box(0, "negotiated_withdrawal", "reveal")
    assert g.asked(0) == [] and p.conflict == 2 and p.units[D]["conflict"] == 1
    check(g)


def test_detonation_devices_returns_a_dreadnought_to_supply_for_a_vp_before_placement(ix):
    g, p = fielded(ix, 0, 1, (0, 2))
    g.answer(0, "you may return")
    g.box(0, "detonation_devices", "win")
    assert p.units[D] == {"strength": 3, "supply": 1, "garrison": 0, "conflict": 1} and p.vp == 1
    g.answer(0, "place 1")  # the one left is placed after the combat
    g.combat()
    assert sum(1 for seat, _ in g.state.placed.values() if seat == 0) == 1
    check(g)


def test_full_scale_assault_gives_a_dreadnought_and_3_swords_per_dreadnought_in_the_conflict(ix):
    g = game(ix)
    p = g.p(0)
    g.box(0, "full_scale_assault", "acquire")
    assert p.units[D]["garrison"] == 1
    units(p, conflict=1)
    g.box(0, "full_scale_assault", "reveal")
    assert p.swords == 3 and p.persuasion == 2
    check(g)


def test_advanced_weaponry_and_the_dreadnought_space_recruit_a_dreadnought(ix, monkeypatch):
    from dunec.engine.effects import interpreter
    g = game(ix)
    p = g.p(0)
    p.solari = 6
    g.intrigue(0, "advanced_weaponry", "plot")
    assert p.units[D]["garrison"] == 1 and p.solari == 3
    # The Dreadnought space: its dreadnought, then the tech market (TECH's verb, recorded here).
    bought = []
    monkeypatch.setitem(interpreter.HANDLERS, "buy", lambda op, ctx: bought.append(op.args))
    q = g.p(1)
    q.solari = 3
    g.agent(1, "dagger", "dreadnought_space")
    assert q.units[D]["garrison"] == 1 and q.solari == 0 and bought == [("tech_tiles", 0, "")]
    check(g)


def test_ix_guild_compacts_dreadnought(ix):
    """Its `pay discard 2` cost is BOARD's: the dreadnought it buys is the plain gain."""
    g = game(ix)
    body = g.engine.content.programs.get(("ix_guild_compact", "agent"))
    gains = [op for op in _walk(body) if getattr(op, "kind", None) == "gain"]
    assert [op.args for op in gains] == [(D, 1)]
    Ctx(g.engine, g.p(0)).gain(*gains[0].args)
    assert g.p(0).units[D]["garrison"] == 1
    check(g)


def _walk(ops):
    for op in ops or ():
        if hasattr(op, "kind"):
            yield op
            yield from _walk(op.body)
            for alt in op.alts:
                yield from _walk(alt)


# ---------------------------------------------------------------------- conditions and counts
def test_in_conflict_in_play_and_deployed_this_turn_count_units(ix):
    g = game(ix)
    p = g.p(0)
    units(p, garrison=1, conflict=1)
    troops(p, garrison=2, conflict=3)
    ctx = Ctx(g.engine, p)
    assert ctx.quantity(("in_conflict", D)) == 1 and ctx.quantity(("in_play", D)) == 2
    p.units[D]["conflict"] -= 1
    g.state.placed["carthag"] = [0, D]  # on the board: still in play
    assert ctx.quantity(("in_conflict", D)) == 0 and ctx.quantity(("in_play", D)) == 2
    assert ctx.quantity(("in_conflict", "troops")) == 3
    rules_deploy.send_units(g.engine, p, D, 1)
    assert ctx.quantity(("deployed_this_turn",)) == 1
    check(g)


@pytest.mark.parametrize("goals,vp", [(4, 2), (3, 1)])
def test_grand_conspiracy_counts_dreadnoughts_in_play(ix, goals, vp):
    g = game(ix)
    p = g.p(0)
    units(p, garrison=1)
    p.units[D]["supply"] -= 1
    g.state.placed["arrakeen"] = [0, D]  # two in play: one in the garrison, one on the board
    p.influence.update(emperor=4, guild=4)
    p.vp, p.vp_ledger = 2, {"influence": 2}
    p.seat_on_council = True
    if goals == 4:
        p.deck = ["the_spice_must_flow"]
    g.intrigue(0, "grand_conspiracy", "endgame")
    assert p.vp == 2 + vp
    check(g)


# ---------------------------------------------------------------------- after combat
def _won_with_dreadnoughts(ix, n=2):
    g = game(ix)
    p = g.p(0)
    troops(p, garrison=0, conflict=2)
    units(p, conflict=n)
    troops(g.p(1), conflict=1)
    units(g.p(1), conflict=1)
    return g, p


def test_the_winners_first_dreadnought_is_placed_and_the_rest_go_home(ix):
    g, p = _won_with_dreadnoughts(ix)
    g.answer(0, "place 1 dreadnought on Imperial Basin")
    g.combat()
    kind, labels = [a for a in g.asked(0) if a[0] == "place_unit"][0]
    assert len(labels) == 3  # Arrakeen, Carthag, Imperial Basin
    assert g.state.placed == {"imperial_basin": [0, D]}
    assert p.units[D] == {"strength": 3, "supply": 0, "garrison": 1, "conflict": 0}
    assert p.conflict == 0 and p.supply == TROOPS_PER_PLAYER  # troops to the supply
    loser = g.p(1)
    assert loser.units[D]["garrison"] == 1 and loser.units[D]["conflict"] == 0
    assert rules_units.controller(g.engine, "imperial_basin") == 0
    check(g)


def test_no_winner_no_placement(ix):
    g = game(ix)
    for seat in (0, 1):
        troops(g.p(seat), conflict=0)
        units(g.p(seat), conflict=1)  # a tie for first
    g.combat()
    assert g.state.placed == {} and all(g.p(s).units[D]["garrison"] == 1 for s in (0, 1))
    check(g)


def test_a_placed_dreadnought_covers_a_control_marker_for_the_next_round(ix):
    g, p = _won_with_dreadnoughts(ix)
    g.state.control["arrakeen"] = 1  # P2's marker
    g.answer(0, "place 1 dreadnought on Arrakeen")
    g.combat()
    assert rules_units.controller(g.engine, "arrakeen") == 0 and g.state.control["arrakeen"] == 1
    # The control bonus of Arrakeen goes to the dreadnought's owner.
    before = p.solari, g.p(1).solari
    g.answer(2, ("deploy", 0))
    g.agent(2, "dagger", "arrakeen")
    assert (p.solari, g.p(1).solari) == (before[0] + 1, before[1])
    # A conflict for Arrakeen: the defensive troop is the dreadnought owner's.
    g.state.conflict_deck.append("siege_of_arrakeen")
    g.answer(0, 0)  # yes, defend
    turns.round_start(g.engine)
    g.engine.drive()
    assert p.conflict == 1 and [k for k, _ in g.asked(1)].count("defend") == 0
    # At the next combat's end the dreadnought goes home and the marker counts again.
    reveal_conflict(g.state, "skirmish_b")  # (winning the siege would move the marker itself)
    g.combat()
    assert g.state.placed == {} and p.units[D]["garrison"] == 2
    assert rules_units.controller(g.engine, "arrakeen") == 1
    check(g)


def test_a_dreadnought_on_an_uncontrolled_location_gives_control(ix):
    g, p = _won_with_dreadnoughts(ix)
    g.answer(0, "place 1 dreadnought on Carthag")
    g.combat()
    assert "carthag" not in g.state.control and rules_units.controller(g.engine, "carthag") == 0
    check(g)


def test_placement_hint_covers_an_opponents_marker_and_avoids_ones_own(ix):
    g, p = _won_with_dreadnoughts(ix)
    opts = [("place", D, loc) for loc in ("arrakeen", "carthag", "imperial_basin")]
    assert max(range(3), key=rules_units.placement_hint(g.engine, p, opts).__getitem__) == 2  # Imperial Basin
    g.state.control.update(imperial_basin=0, carthag=1)
    hints = rules_units.placement_hint(g.engine, p, opts)
    assert max(range(3), key=hints.__getitem__) == 1 and min(range(3), key=hints.__getitem__) == 2


def test_a_game_saved_mid_placement_resumes_the_same(ix):
    g, p = _won_with_dreadnoughts(ix)
    e = g.engine
    e.later("resolve")
    e.advance()  # advance stops at the question
    assert e.state.pending["kind"] == "place_unit"
    saved = e.state.to_json()
    copy = e.state.copy()
    e.answer(1)
    again = Engine(ix, GameState.from_json(saved), [None] * 3)
    again.answer(1)
    cloned = Engine(ix, copy, [None] * 3)
    cloned.answer(1)
    assert again.state.placed == e.state.placed == cloned.state.placed == {"carthag": [0, D]}
    assert again.state.digest() == e.state.digest() == cloned.state.digest()


# ---------------------------------------------------------------------- invariants
def test_invariants_count_placed_units_and_one_per_location(ix):
    g = game(ix)
    p = g.p(0)
    units(p, garrison=1)
    p.units[D]["supply"] -= 1
    g.state.placed["arrakeen"] = [0, D]
    invariants.check(g.engine)
    p.units[D]["garrison"] += 1  # a unit both on the board and in the garrison
    with pytest.raises(invariants.InvariantError, match="not conserved"):
        invariants.check(g.engine)
    p.units[D]["garrison"] -= 1
    g.p(1).units[D]["supply"] -= 1
    g.state.placed["the_great_flat"] = [1, D]  # not a location
    with pytest.raises(invariants.InvariantError, match="placed"):
        invariants.check(g.engine)


def test_a_random_ix_scenario_of_combats_keeps_the_invariants(ix):
    """Several rounds of combats with dreadnoughts on both back-ends, seats random."""
    g = game(ix, n=4)
    from dunec.engine.players.policies import RandomPolicy
    g.engine.policies = [RandomPolicy(1, s) for s in range(4)]
    for rnd in range(4):
        for p in g.state.players:
            Ctx(g.engine, p).gain(D, 1)
            Ctx(g.engine, p).gain("troops", 2)
            rules_deploy.offer_deploy(g.engine, p, 2, "troops_sent", True)
            g.engine.drive()
            invariants.check(g.engine)
        g.combat()
        invariants.check(g.engine)
        reveal_conflict(g.state, "skirmish_b")
    assert len(g.state.placed) <= 1


def test_the_table_shows_units_on_the_board_and_ones_own(ix):
    from dunec.engine.players.human import render_view
    g, p = fielded(ix, 3, 0, (1, 0))
    p.units[D]["supply"] -= 1
    g.state.placed["carthag"] = [0, D]
    text = render_view(g.engine, p)
    assert "Units on the board (their owners control the location): Carthag dreadnought P1" in text
    mine = next(line for line in text.splitlines() if line.startswith("You, "))
    assert "dreadnought: garrison 1, in the Conflict 0, supply 0" in mine


# ---------------------------------------------------------------------- House Hagal rivals
@pytest.fixture
def solo(ix):
    from hagal_support import RivalGame
    g = RivalGame(ix, "solo")
    give_sets(ix, g.state)
    return g


def test_a_rival_at_a_combat_space_sends_its_dreadnoughts_first(solo):
    rival = solo.p(1)
    rival.garrison, rival.supply, rival.recruited = 4, TROOPS_PER_PLAYER - 4, 1
    units(rival, garrison=2)
    run_step(solo.engine, "rival_turn_done", seat=1, deploys=True)
    assert rival.units[D]["conflict"] == 2 and rival.conflict == 1  # the recruited troop; the 2 were dreadnoughts
    solo.finish()


def test_a_winning_rival_covers_the_persons_control_marker(solo):
    rival = solo.p(1)
    rival.conflict, rival.garrison, rival.supply = 1, 0, TROOPS_PER_PLAYER - 1
    units(rival, conflict=1)
    solo.state.control.update(carthag=0, arrakeen=1)  # the person's marker, and its own
    solo.engine.later("resolve")
    solo.engine.drive()
    assert solo.state.placed == {"carthag": [1, D]}
    assert rules_units.controller(solo.engine, "carthag") == 1
    solo.finish()
