"""Counters that hold units (`counter ID { holds UNIT }`): Rise of Ix's negotiators
are troops (rulebook p. 4): placed from the supply, nothing with an empty supply,
back to the supply when used, never deployed from the Ix board; a player's troops
in supply + garrison + Conflict + every troop-holding counter are 12, after every
decision of seeded Ix games (docs/decisions.md, "Negotiators are troops")."""
from __future__ import annotations

import pytest

from dunec.engine.checks import invariants
from dunec.engine.rules import resources as rules_resources
from dunec.engine.runs.runner import play_game
from dunec.frontend import compile_sources

from test_ix_board import changes_ix, ix, new_ix, snap_ix  # noqa: F401  (ix: the fixture)
from test_ix_tech import MARKET, buy, on_top
from test_cards_support import finish


def test_the_ix_set_declares_negotiators_as_troops(ix):
    assert ix.declared("counter")["negotiators"]["holds"] == "troops"
    assert ix.holders() == {"negotiators": "troops"}


def test_a_negotiator_is_a_troop_from_the_supply(ix):
    g = new_ix(ix)
    before = snap_ix(g)
    g.answer(0, "+1 negotiators")
    g.p(0).extra_icons = ["landsraad"]
    g.agent(0, "choam_delegate", "tech_negotiation")
    assert changes_ix(g, before)[0] == {"played": 1, "agents_left": -1, "persuasion": 1,
                                        "counter negotiators": 1, "supply": -1}
    invariants.check(g.engine)
    finish(g)


def test_with_no_troop_in_the_supply_no_negotiator_is_placed(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.garrison, p.supply = p.garrison + p.supply, 0
    before = snap_ix(g)
    g.answer(0, "+1 negotiators")
    g.p(0).extra_icons = ["landsraad"]
    g.agent(0, "choam_delegate", "tech_negotiation")
    assert changes_ix(g, before)[0] == {"played": 1, "agents_left": -1, "persuasion": 1}
    assert p.counters["negotiators"] == 0 and p.supply == 0
    invariants.check(g.engine)


def test_only_what_the_supply_has_is_placed(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.garrison, p.supply = p.garrison + p.supply - 1, 1
    g.box(0, "ix_guild_compact", "reveal")  # +2 negotiators
    assert (p.counters["negotiators"], p.supply) == (1, 0)
    invariants.check(g.engine)


def test_a_negotiator_used_as_rebate_returns_to_the_supply(ix):
    g = new_ix(ix)
    p = g.p(0)
    rules_resources.gain(g.engine, p, "negotiators", 3)
    supply = p.supply
    on_top(g, "minimic_film", 0)  # cost 2: two negotiators pay it
    p.spice = 4
    buy(g, 0, ("buy", MARKET, "minimic_film"))
    assert p.tiles == ["minimic_film"] and p.spice == 4
    assert p.counters["negotiators"] == 1 and p.supply == supply + 2
    invariants.check(g.engine)


def test_a_lost_negotiator_returns_to_the_supply(ix):
    g = new_ix(ix)
    p = g.p(0)
    rules_resources.gain(g.engine, p, "negotiators", 2)
    supply = p.supply
    rules_resources.lose(g.engine, p, "negotiators", 5)  # never more than held
    assert p.counters["negotiators"] == 0 and p.supply == supply + 2
    invariants.check(g.engine)


def test_negotiators_are_never_deployed(ix):
    """The FAQ: a negotiator cannot be recruited (deployed) from the Ix board; the
    troops offered to the Conflict are the garrison's only."""
    g = new_ix(ix)
    p = g.p(0)
    rules_resources.gain(g.engine, p, "negotiators", 4)
    p.supply, p.garrison = p.supply + p.garrison, 0  # an empty garrison
    supply = p.supply
    g.box(0, "treachery", "reveal")  # 2 troops, deployed as printed: no question
    assert not g.asked(0)
    assert p.conflict == 2 and p.counters["negotiators"] == 4
    assert p.supply == supply - 2 and p.garrison == 0  # the negotiators stayed held
    invariants.check(g.engine)


def test_the_invariant_counts_the_held_troops(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.counters["negotiators"] = 1  # a negotiator out of nothing: 13 troops
    with pytest.raises(invariants.InvariantError, match="held by counters 1"):
        invariants.check(g.engine)
    p.supply -= 1
    invariants.check(g.engine)


def test_seeded_ix_games_keep_twelve_troops_with_the_negotiators(ix):
    """Every mode, greedy and random seats, the check after every decision; the
    games do place negotiators, so the held troops are counted."""
    most = [0]

    def check(engine):
        invariants.check(engine)
        most[0] = max([most[0]] + [p.counters.get("negotiators", 0) for p in engine.state.players])

    for seed in range(24):
        people = (4, 3, 2, 1)[seed % 4]
        names = ["greedy", "random", "greedy", "random"][:people]
        play_game(ix, people, seed, names, quiet=True, check=check)
    assert most[0] >= 1


# ---------------------------------------------------------------------- the language
def _diags(body: str):
    text = f'set sm "Smugglers" {{\n  requires base\n  kinds card\n  {body}\n}}\n'
    return compile_sources([("cards/sm/set.dune", text)])[1]


def test_a_counter_may_hold_a_declared_unit():
    assert not _diags('counter bribes "Bribe" { holds troops }').items


@pytest.mark.parametrize("body, code, words", [
    ('counter bribes "Bribe" { holds troop }', "E0203", "unknown unit `troop`"),
    ('counter bribes "Bribe" { keeps troops }', "E0104", "`keeps` is not a field of a counter"),
    ('counter bribes "Bribe" { holds 2 }', "E0106", "bad value for `holds`"),
    ('counter bribes "Bribe" { holds troops; holds troops }', "E0105", "the field `holds` is given twice"),
])
def test_a_bad_holds_is_a_diagnostic(body, code, words):
    d = _diags(body)
    assert [i.code for i in d.items] == [code] and words in d.render()
