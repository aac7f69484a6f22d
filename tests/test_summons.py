"""Units a set declares `summoned` and `doubles` (issue 22; rules 003 "Sandworms",
"Sandworm Reward Doubling", "Resolve Combat"; engine/rules/summons.py): the tests'
own set `worms` (tests/worms_support.py) on both back-ends. A summoned unit goes
from the bank straight into the Conflict, never to a garrison, counts its strength,
goes back to the bank after combat and is never summoned into a protected Conflict;
with one in the Conflict each reward a player takes is taken twice (gains, VP, an
Influence choice, a pay option offered twice), control once."""
from __future__ import annotations

import json
import random

import pytest

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as state_check, read as state_read
from dunec.engine.loop.state import GameState
from dunec.engine.loop.turns import strength
from dunec.engine.rules import summons
from scenario import Scenario
from worms_support import SETS, worms

WYRM = "wyrm"


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def backend(request):
    return request.param


@pytest.fixture(scope="module")
def tmp_root(tmp_path_factory):
    return tmp_path_factory.mktemp("worms")


@pytest.fixture(scope="module")
def content(backend, tmp_root):
    return worms(backend, tmp_root)


def game(content, conflict: str = "wyrm_war", clear: bool = True) -> Scenario:
    g = Scenario(content, players=3, seed=1, clear=clear)
    st = g.state
    st.conflict_deck = [c for c in st.conflict_deck if c not in (st.conflict, conflict)][-9:]  # 9 left in round 1
    st.conflict = conflict
    return g


def summon(g: Scenario, seat: int, n: int = 1) -> None:
    """n wyrms summoned by a player (the Wyrm Caller's agent box, n times)."""
    for _ in range(n):
        g.box(seat, "wyrm_caller", "agent")


def wyrms(p) -> dict:
    u = p.units[WYRM]
    return {k: u[k] for k in ("supply", "garrison", "conflict")}


# ---------------------------------------------------------------------- summoning
def test_the_set_declares_a_summoned_doubling_unit(content):
    assert content.unit_flags() == {WYRM: ("summoned", "doubles")}
    assert content.declared("unit")[WYRM]["supply"] == 99


def test_a_summoned_unit_goes_straight_into_the_conflict_never_the_garrison(content):
    g = game(content)
    p = g.p(0)
    garrison, troops = p.garrison, p.conflict
    g.answer(0, "card first", "deploy 0")
    g.agent(0, "wyrm_caller", "arrakeen")  # the card's wyrm, the space's troop
    assert wyrms(p) == {"supply": 98, "garrison": 0, "conflict": 1}
    assert (p.garrison, p.conflict) == (garrison + 1, troops)  # Arrakeen's troop went to the garrison
    assert p.deployed_turn == 1 and p.units[WYRM]["deployed"] == 1  # summoned and deployed at once
    invariants.check(g.engine)
    g.done()


def test_a_summoned_unit_counts_its_strength_and_is_in_the_conflict_at_once(content):
    g = game(content)
    p = g.p(0)
    summon(g, 0, 2)
    p.conflict = 0
    assert strength(p, g.engine) == 6  # 3 each
    p.conflict, p.garrison = 1, p.garrison - 1
    assert strength(p, g.engine) == 8  # a troop counts 2 besides
    g.box(0, "wyrm_caller", "reveal")  # for each in_conflict wyrm: 1 sword
    assert p.swords == 2
    invariants.check(g.engine)


def test_the_maker_hooks_counter_lets_a_card_summon(content):
    g = game(content)
    p = g.p(0)
    g.box(0, "hook_caller", "agent")  # if hooks >= 1 { wyrm 2 }: no hooks yet
    assert wyrms(p)["conflict"] == 0
    g.box(0, "hook_caller", "reveal")  # hooks 1
    assert p.counters["hooks"] == 1
    g.box(0, "hook_caller", "agent")
    assert wyrms(p) == {"supply": 97, "garrison": 0, "conflict": 2}
    invariants.check(g.engine)


def test_nothing_is_summoned_when_no_conflict_is_fought(content):
    g = game(content)
    g.state.conflict = None
    summon(g, 0)
    assert wyrms(g.p(0)) == {"supply": 99, "garrison": 0, "conflict": 0}


def test_nothing_is_summoned_into_a_protected_conflict_until_its_flag_is_cleared(content):
    """The flag `wall` protects Carthag: a Conflict for Carthag (its first reward's
    control) takes no wyrm until a card clears the flag (rules/flags.py)."""
    g = game(content, "siege_of_carthag")
    p = g.p(0)
    assert summons.conflict_protected(g.engine)
    summon(g, 0)
    assert wyrms(p) == {"supply": 99, "garrison": 0, "conflict": 0}
    assert any("the Conflict is protected" in line for line in g.state.log)
    g.box(0, "wall_breaker", "agent")  # clear wall
    assert not summons.conflict_protected(g.engine)
    summon(g, 0)
    assert wyrms(p) == {"supply": 98, "garrison": 0, "conflict": 1}
    invariants.check(g.engine)


def test_a_conflict_for_a_location_no_flag_protects_takes_wyrms(content):
    g = game(content)  # Wyrm War: control of Arrakeen, which the wall does not protect
    assert g.state.flags == {"wall": True} and not summons.conflict_protected(g.engine)
    summon(g, 0)
    assert wyrms(g.p(0))["conflict"] == 1


def test_the_bank_runs_dry_only_at_its_supply(content):
    g = game(content)
    p = g.p(0)
    p.units[WYRM]["supply"] = 1
    g.box(0, "hook_caller", "reveal")
    g.box(0, "hook_caller", "agent")  # wyrm 2 with one left in the bank
    assert wyrms(p) == {"supply": 0, "garrison": 0, "conflict": 1}


# ---------------------------------------------------------------------- leaving the Conflict
def test_a_retreat_of_any_unit_leaves_the_summoned_unit_in_the_conflict(content):
    g = game(content)
    p = g.p(0)
    summon(g, 0)
    p.conflict, p.garrison = 1, p.garrison - 1
    g.box(0, "wyrm_rider", "agent")  # retreat_unit any 2: only the troop may go to the garrison
    assert p.conflict == 0 and wyrms(p) == {"supply": 98, "garrison": 0, "conflict": 1}
    assert g.asked(0) == []  # no question: the troop is the only unit that may go
    invariants.check(g.engine)


def test_return_for_sends_the_summoned_unit_back_to_the_bank(content):
    g = game(content)
    p = g.p(0)
    summon(g, 0)
    g.answer(0, 0)
    g.box(0, "wyrm_ride", "combat")  # return_for wyrm 1 { swords 4 }
    assert p.swords == 4 and wyrms(p) == {"supply": 99, "garrison": 0, "conflict": 0}
    invariants.check(g.engine)


def test_after_combat_summoned_units_go_back_to_the_bank_and_are_never_placed(content):
    g = game(content, "skirmish_b")  # first: 1 VP
    p = g.p(0)
    summon(g, 0, 2)
    supply = p.supply
    g.combat()
    assert wyrms(p) == {"supply": 99, "garrison": 0, "conflict": 0}
    assert p.supply == supply and g.state.placed == {}
    assert p.vp == 2  # the winner's 1 VP, doubled
    invariants.check(g.engine)


# ---------------------------------------------------------------------- doubled rewards
def test_every_reward_kind_of_the_first_is_doubled_but_control(content):
    """first { vp 1; control arrakeen; influence any 1; pay spice 3 -> vp 1 }: 2 VP,
    2 Influence (here two Factions), the pay option offered twice, control once."""
    g = game(content)
    p = g.p(0)
    summon(g, 0)
    p.spice, vp = 10, p.vp
    g.answer(0, "+1 Influence with Emperor", "pay", "+1 Influence with Spacing Guild", "pay")
    g.combat()
    assert p.vp == vp + 1 + 1 + 1 + 1  # 1 VP twice, the 1 VP bought twice
    assert p.spice == 4  # 3 spice paid twice
    assert (p.influence["emperor"], p.influence["guild"]) == (1, 1)
    assert g.state.control == {"arrakeen": 0}
    assert [k for k, _ in g.asked(0)] == ["influence", "pay", "influence", "pay"]
    assert [w[0] for w in p.won] == ["wyrm_war"]  # its battle icon taken once, into the winner's supply
    g.done()
    invariants.check(g.engine)


def test_the_doubled_influence_may_go_to_one_faction(content):
    g = game(content)
    p = g.p(0)
    summon(g, 0)
    p.spice = 0  # the pay option is not offered
    g.answer(0, "+1 Influence with Fremen", "+1 Influence with Fremen")
    g.combat()
    assert p.influence["fremen"] == 2 and p.vp == 2 + 1  # the reward's VP twice, the track's at 2 Influence
    g.done()


def test_the_pay_option_may_be_paid_once_of_the_two(content):
    g = game(content)
    p = g.p(0)
    summon(g, 0)
    p.spice, vp = 10, p.vp
    g.answer(0, "+1 Influence with Emperor", "pay", "+1 Influence with Bene", "no")
    g.combat()
    assert (p.spice, p.vp) == (7, vp + 2 + 1)
    g.done()


def test_the_second_reward_doubles_its_gain_and_makes_its_choice_twice(content):
    """second { solari 2; choose { water 1 | intrigue 1 } }, doubled: 4 Solari and
    two choices, which may differ."""
    g = game(content)
    p, q = g.p(0), g.p(1)
    p.conflict, p.garrison = 3, p.garrison - 3  # 6: first
    summon(g, 1)  # 3: second, with a wyrm
    solari, water, intrigue = q.solari, q.water, len(q.intrigue)
    p.spice = 0
    g.answer(0, "+1 Influence with Emperor")
    g.answer(1, "+1 water", "+1 Intrigue")
    g.combat()
    assert (q.solari, q.water, len(q.intrigue)) == (solari + 4, water + 1, intrigue + 1)
    assert p.vp == 1 and g.state.control == {"arrakeen": 0}  # the first reward is not doubled: no wyrm
    g.done()


def test_a_reward_without_a_doubling_unit_is_taken_once(content):
    g = game(content)
    p = g.p(0)
    p.conflict, p.garrison = 2, p.garrison - 2
    p.spice, vp = 10, p.vp
    g.answer(0, "+1 Influence with Emperor", "pay")
    g.combat()
    assert (p.vp, p.spice, p.influence["emperor"]) == (vp + 2, 7, 1)
    g.done()


def test_a_unit_returned_to_the_bank_before_the_rewards_doubles_nothing(content):
    g = game(content, "skirmish_b")
    p = g.p(0)
    summon(g, 0)
    p.conflict, p.garrison = 1, p.garrison - 1
    p.intrigue.append("wyrm_ride")
    g.answer(0, ("play", "wyrm_ride"), 0)  # plays Wyrm Ride in the combat round: returns the wyrm
    g.combat()
    assert p.vp == 1  # the first reward, once
    assert wyrms(p) == {"supply": 99, "garrison": 0, "conflict": 0}


# ---------------------------------------------------------------------- saves, invariants, games
def test_a_state_saved_in_a_doubled_reward_is_checked_and_resumes(content):
    g = game(content, clear=False)  # every card where the game keeps it: a state the checks accept
    e, st, p = g.engine, g.state, g.p(0)
    summons.summon(e, p, WYRM, 1)
    p.spice = 10
    e.later("resolve")
    e.advance()
    asked = []
    while st.pending is not None:
        d = st.pending
        data = json.loads(st.to_json())
        state_check(content, data)  # a save in the middle of the doubled reward is a valid state
        again = GameState.from_json(st.to_json())
        assert again.to_json() == st.to_json()  # resumes exactly
        asked.append(d["kind"])
        e.answer(len(d["options"]) - 1 if d["kind"] == "combat" else 0)
    assert asked.count("influence") == 2 and asked.count("pay") == 2  # the reward box played twice
    assert p.units[WYRM] == {**p.units[WYRM], "conflict": 0, "supply": 99}
    invariants.check(e)
    state_check(content, json.loads(st.to_json()))


def test_units_are_conserved_the_bank_is_a_summoned_units_supply(content):
    g = game(content, clear=False)
    p = g.p(0)
    summons.summon(g.engine, p, WYRM, 2)
    invariants.check(g.engine)
    data = json.loads(g.state.to_json())
    state_check(content, data)
    assert GameState.from_json(g.state.to_json()).players[0].units[WYRM] == p.units[WYRM]
    p.units[WYRM]["conflict"] = 3  # a wyrm from nowhere
    with pytest.raises(invariants.InvariantError, match="not conserved"):
        invariants.check(g.engine)
    p.units[WYRM].update(conflict=1, garrison=1)  # conserved, but a summoned unit in a garrison
    with pytest.raises(invariants.InvariantError, match="in the garrison"):
        invariants.check(g.engine)
    data = json.loads(g.state.to_json())
    with pytest.raises(StateError, match="in the garrison"):
        state_read(content, data)  # a save read back is refused


def test_random_games_summon_and_keep_every_invariant(content, backend):
    summoned = doubled = 0
    for seed in range(3):
        g = Game(players=4, seed=seed, sets=SETS, content=content, backend=backend)
        st = g.state
        for p in st.players:  # a Wyrm Caller of the Imperium deck on top of each player's deck
            if "wyrm_caller" in st.imperium_deck:
                st.imperium_deck.remove("wyrm_caller")
                p.deck.append("wyrm_caller")
        rng = random.Random(seed)
        n = 0
        while not g.is_terminal() and n < 4000:
            st = g.state
            summoned += sum(p.units[WYRM]["conflict"] for p in st.players)
            doubled += any(f.get("do") == "reward_again" for f in st.stack)
            acts = g.legal_actions()
            g.legal_ids()
            g.apply(rng.choice(acts))
            invariants.check(g._engine)
            for p in g.state.players:
                assert p.units[WYRM]["garrison"] == 0
            n += 1
        state_check(g.content, json.loads(g.state.to_json()))
    assert summoned > 0 and doubled > 0, (summoned, doubled)


def test_a_position_puts_summoned_units_in_the_conflict_from_the_bank(content, backend):
    g = Game.from_position({"seats": [{"conflict": {"troops": 1, WYRM: 2}}]}, players=3, seed=1, sets=SETS,
                           content=content, backend=backend)
    p = g.state.players[0]
    assert wyrms(p) == {"supply": 97, "garrison": 0, "conflict": 2} and p.conflict == 1
    assert p.deployed_turn == 0  # set up, not deployed this turn
    invariants.check(g._engine)
    with pytest.raises(ValueError, match="never in a garrison"):
        Game.from_position({"seats": [{WYRM: 1}]}, players=3, seed=1, sets=SETS, content=content,
                           backend=backend)
    with pytest.raises(ValueError, match="too few"):
        Game.from_position({"seats": [{"conflict": {WYRM: 100}}]}, players=3, seed=1, sets=SETS,
                           content=content, backend=backend)


def test_both_back_ends_play_the_same_games(tmp_root):
    """A seeded game with wyrms summoned and rewards doubled ends in the same state,
    log included, on the compiled and the interpreted back-end."""
    ends = []
    for backend in ("interpreted", "compiled"):
        c = worms(backend, tmp_root)
        out = []
        for seed in range(2):
            g = Game(players=3, seed=seed, sets=SETS, content=c, backend=backend)
            st = g.state
            for p in st.players:
                if "wyrm_caller" in st.imperium_deck:
                    st.imperium_deck.remove("wyrm_caller")
                    p.deck.append("wyrm_caller")
            rng = random.Random(seed)
            seen = 0
            while not g.is_terminal():
                g.apply(rng.choice(g.legal_actions()))
                seen += sum(p.units[WYRM]["conflict"] for p in g.state.players)
            out.append((seen, g.state.to_json()))
        ends.append(out)
    assert ends[0] == ends[1]
    assert all(seen > 0 for seen, _ in ends[0])  # wyrms were summoned in each game
