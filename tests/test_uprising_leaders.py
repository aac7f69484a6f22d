"""Uprising's leaders (cards/uprising/leaders.dune), each through the situation
that fires it, on both back-ends; and whole Uprising games at 3 and 4 players,
which need the four leaders a game deals (docs/decisions.md, "Uprising's
leaders"), with the invariants checked after every decision and the back-ends
agreeing."""
from __future__ import annotations

import pytest

from dunec.engine.checks import invariants
from dunec.engine.loop import turns
from dunec.engine.rules import resources as rules_resources
from dunec.engine.runs.runner import play_game

from scenario import Scenario

UPRISING = ("uprising",)
LEADERS = ["muad_dib", "lady_amber_metulli", "uprising_gurney_halleck", "lady_margot_fenring"]


@pytest.fixture(scope="module")
def up_interpreted(interpreted):
    return interpreted.select(UPRISING)


@pytest.fixture(scope="module")
def up_compiled(compiled):
    return compiled.select(UPRISING)


@pytest.fixture(params=["interpreted", "compiled"])
def up(request, up_interpreted, up_compiled):
    return up_interpreted if request.param == "interpreted" else up_compiled


def game(content, leader: str, players: int = 4) -> Scenario:
    return Scenario(content, players=players, leaders=[leader] + [x for x in LEADERS if x != leader][:players - 1])


# ---------------------------------------------------------------------- Gurney Halleck
@pytest.mark.parametrize("troops,swords,gains", [(3, 0, 1), (2, 2, 1), (2, 1, 0), (0, 7, 0), (5, 0, 1)])
def test_gurney_halleck_smiles_with_six_strength_on_his_reveal_turn(up, troops, swords, gains):
    """Always Smiling: +1 Persuasion with 6 or more strength in the Conflict (strength
    is 0 without a unit there, swords or not)."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply = troops, p.supply - troops
    p.swords = swords
    g.state.turn_kind = "reveal"
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == gains
    assert turns.strength(p, g.engine) == (2 * troops + swords if troops else 0)


@pytest.mark.parametrize("troops,persuasion", [(2, "+3 Persuasion"), (1, "+2 Persuasion")])
def test_gurney_halleck_counts_the_swords_his_revealed_cards_give(up, troops, persuasion):
    """The leader's box runs after the revealed cards' boxes, so their swords count:
    2 troops and two Daggers are 6 strength (+1 Persuasion besides the Convincing
    Argument's 2); 1 troop and two Daggers are 4."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply = troops, p.supply - troops
    p.hand = ["dagger", "dagger", "convincing_argument"]
    g.answer(0, "stop buying")
    g.reveal(0)
    said = g.state.log[g.state.log.index(next(x for x in g.state.log if "reveals Dagger" in x)) + 1]
    assert said.strip() == f"-> {persuasion}, +2 swords"
    g.done()


def test_gurney_halleck_threshold_is_ten_with_six_players(up):
    """The six-player threshold is part of the box, as printed: the condition reads
    the player count (the engine seats up to 4, so 6 strength is the one that plays)."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply, p.swords = 4, p.supply - 4, 1  # 9 strength
    g.state.n_players = 6
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == 0
    p.swords = 2  # 10
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == 1


def test_gurney_halleck_signet_recruits_a_troop(up):
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    before = p.garrison
    g.box(0, "uprising_gurney_halleck", "signet")
    assert p.garrison == before + 1


# ---------------------------------------------------------------------- Lady Margot Fenring
def _influence(g: Scenario, seat: int, faction: str, n: int) -> None:
    rules_resources.change_influence(g.engine, g.p(seat), faction, n)
    g.engine.drive()


@pytest.mark.parametrize("start,steps,spice", [
    (1, [1], 2),          # reaches 2
    (0, [3], 2),          # moves past 2 at once: reaching counts
    (2, [1], 0),          # already there
    (0, [1], 0),          # not yet
    (1, [1, -1, 1], 4),   # reached, dropped below, reached again
    (3, [-1, 1], 0),      # moving down to 2 is no reaching
])
def test_lady_margot_fenring_loyalty_pays_on_reaching_two_bene_gesserit(up, start, steps, spice):
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    p.influence["bene_gesserit"] = start
    for n in steps:
        _influence(g, 0, "bene_gesserit", n)
    assert p.spice == spice


def test_lady_margot_fenring_loyalty_is_hers_and_the_bene_gesserits_only(up):
    g = game(up, "lady_margot_fenring")
    _influence(g, 0, "emperor", 2)
    _influence(g, 1, "bene_gesserit", 2)  # another leader
    assert g.p(0).spice == 0 and g.p(1).spice == 0


def test_lady_margot_fenring_loyalty_through_a_faction_space(up):
    """An agent at a Bene Gesserit space moves the track: the trigger fires on the turn."""
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    p.influence["bene_gesserit"] = 1
    p.hand = ["diplomacy"]
    g.agent(0, "diplomacy", "secrets_up")
    assert p.influence["bene_gesserit"] == 2 and p.vp == 2  # 1 at the start (4 players) + 1 at 2 influence
    assert p.spice == 2 and len(p.intrigue) == 1  # Loyalty, and the space's intrigue card
    g.done()
    invariants.check(g.engine)


def test_lady_margot_fenring_signet_places_a_spy_near_a_city_space(up):
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    g.answer(0, 0)
    g.box(0, "lady_margot_fenring", "signet")
    spies = p.pieces["spies"]["on"]
    assert len(spies) == 1
    city = {m["id"] for m in up.of_kind("space") if m.get("icon") == "city"}
    assert set(up.defs[spies[0]]["links"]) & city
    invariants.check(g.engine)


# ---------------------------------------------------------------------- whole games
GAMES = [(players, seed) for players in (3, 4) for seed in range(3)]


@pytest.mark.parametrize("players,seed", GAMES)
def test_uprising_games_play_to_the_end_on_both_back_ends(up_interpreted, up_compiled, players, seed):
    """Seeded games of `--sets uprising` at 3 and 4 players, random and greedy seats:
    the invariants hold after every decision, the game ends (10 VP or the Conflict
    deck empty) and both back-ends play it byte for byte alike."""
    for names in (["random"] * players, ["greedy"] * players):
        a = play_game(up_interpreted, players, seed, list(names), check=invariants.check)
        b = play_game(up_compiled, players, seed, list(names), check=invariants.check)
        assert a.finished and a.decisions
        assert max(p.vp for p in a.players) >= 10 or not a.conflict_deck
        assert a.digest() == b.digest() and a.log_digest() == b.log_digest(), (players, seed, names)
