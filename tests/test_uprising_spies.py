"""Uprising's spy constructs in Uprising's own game (engine/rules/pieces.py), on both
back-ends: a piece placed `here` (by the agent's space) and `shared` (beside another
player's), `recalled PIECE` (this turn only), `spying maker`, the card flag
`ignore_requirements` in the agent menu, Distraction after a deployment and Special
Mission's Shield Wall. The cards' own tests are beside them (cards/uprising/*.dune)."""
from __future__ import annotations

import pytest

from dunec.content import load
from dunec.engine.checks import invariants
from dunec.engine.loop import turns
from dunec.engine.rules import flags as rules_flags
from dunec.engine.rules import pieces as rules_pieces
from dunec.engine.rules import units as rules_units

from scenario import Scenario

_CACHE: dict = {}


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def content(request):
    if request.param not in _CACHE:
        _CACHE[request.param] = load(request.param).select(("uprising",))
    return _CACHE[request.param]


def _game(content) -> Scenario:
    return Scenario(content, players=3)


def put(g: Scenario, seat: int, *posts: str) -> None:
    for loc in posts:
        rules_pieces.put(g.engine, g.p(seat), "spies", loc)


def on(g: Scenario, seat: int) -> list:
    return sorted(g.p(seat).pieces["spies"]["on"])


def _places(g: Scenario, seat: int = 0) -> set:
    return {a[2] for a in turns.agent_options(g.engine, g.p(seat)) if a[0] == "place"}


# ---------------------------------------------------------------------- the board
def test_espionage_draws_and_places_a_spy_for_a_spice(content):
    g = _game(content)
    p = g.p(0)
    p.spice, p.deck = 1, ["dagger"]
    g.answer(0, "space first", "place a Spy on Spacing Guild post")
    g.agent(0, "seek_allies", "espionage")
    assert p.spice == 0 and p.hand == ["dagger"] and on(g, 0) == ["post_guild"]
    assert p.influence["bene_gesserit"] == 1
    g.done()


def test_sietch_tabr_lowers_the_shield_wall(content):
    g = _game(content)
    p = g.p(0)
    p.influence["fremen"] = 2
    water = p.water
    assert rules_flags.up(g.engine, "shield_wall")
    g.answer(0, "+1 water, remove", "deploy 0")
    g.agent(0, "reconnaissance", "sietch_tabr_up")
    assert not rules_flags.up(g.engine, "shield_wall") and p.water == water + 1
    g.done()


# ---------------------------------------------------------------------- here, shared
def test_here_places_only_on_a_post_linked_to_the_agents_space(content):
    g = _game(content)
    g.answer(0, "space first", "place a Spy on Arrakeen / Spice Refinery post", "deploy 0")
    g.agent(0, "double_agent", "spice_refinery")  # two posts link it: the player picks
    kind, shown = [(k, o) for k, o in g.asked(0) if k == "place_piece"][0]
    assert shown == ["place a Spy on Arrakeen / Spice Refinery post",
                     "place a Spy on Spice Refinery / Research Station post"]
    assert on(g, 0) == ["post_arrakeen_refinery"]


def test_shared_places_beside_another_players_spy_never_beside_ones_own(content):
    g = _game(content)
    put(g, 1, "post_landsraad_hall")
    g.answer(0, "space first")
    g.agent(0, "double_agent", "assembly_hall")  # the only post linked: another player's spy there
    assert on(g, 0) == ["post_landsraad_hall"] and on(g, 1) == ["post_landsraad_hall"]
    invariants.check(g.engine)  # one spy of each player on the post
    g.box(0, "double_agent", "agent", space="assembly_hall")  # the post holds one of the player's own
    assert on(g, 0) == ["post_landsraad_hall"] and [k for k, _ in g.asked(0)] == ["order"]
    g.done()


def test_without_shared_another_players_spy_keeps_the_post(content):
    g = _game(content)
    put(g, 1, "post_emperor", "post_guild", "post_fremen")
    put(g, 2, "post_choam")
    put(g, 0, "post_deep_desert")
    every = set(rules_pieces.locations(content, "spies"))
    taken = {"post_emperor", "post_guild", "post_fremen", "post_choam", "post_deep_desert"}
    assert set(rules_pieces.free_locations(g.engine, "spies")) == every - taken
    assert set(rules_pieces.free_locations(g.engine, "spies", shared=g.p(0))) == every - {"post_deep_desert"}


def test_distraction_places_a_shared_spy_once_three_units_are_deployed(content):
    g = _game(content)
    for post in ("post_emperor", "post_guild", "post_fremen"):
        put(g, 1, post)
    g.box(0, "distraction", "plot")
    assert on(g, 0) == []  # nothing deployed this turn
    rules_units.new_turn_deployments(g.p(0))
    g.p(0).deployed_turn = 3
    g.answer(0, "place a Spy on Emperor post")
    g.box(0, "distraction", "plot")
    assert on(g, 0) == ["post_emperor"] and on(g, 1) == ["post_emperor", "post_fremen", "post_guild"]
    assert "place a Spy on Spacing Guild post" in g.asked(0)[0][1]  # beside another player's: offered
    g.done()


# ---------------------------------------------------------------------- recalled, spying
def test_recalled_holds_for_the_rest_of_the_turn_only(content):
    g = _game(content)
    p = g.p(0)
    put(g, 0, "post_emperor")
    g.box(0, "imperial_spymaster", "agent")
    assert p.intrigue == []
    rules_pieces.take_back(g.engine, p, "spies", "post_emperor")
    assert p.pieces["spies"]["recalled"] == 1
    g.box(0, "imperial_spymaster", "agent")
    assert len(p.intrigue) == 1
    turns.end_of_turn(p)
    assert p.pieces["spies"]["recalled"] == 0
    g.box(0, "imperial_spymaster", "agent")
    assert len(p.intrigue) == 1


def test_a_spy_recalled_to_infiltrate_counts(content):
    g = _game(content)
    g.p(1).hand = ["seek_allies"]
    g.answer(1, "space first")
    g.agent(1, "seek_allies", "dutiful_service")
    p = g.p(0)
    put(g, 0, "post_emperor")
    g.answer(0, "space first")
    g.agent(0, "imperial_spymaster", "dutiful_service")
    assert ["dutiful_service", 0] in g.state.infiltrators and on(g, 0) == []
    assert len(p.intrigue) == 1  # the card's agent box: a Spy was recalled this turn


def test_spying_maker_reads_a_spy_on_a_post_linked_to_a_maker_space(content):
    g = _game(content)
    p = g.p(0)
    put(g, 0, "post_choam", "post_emperor")
    spice = p.spice
    g.box(0, "smugglers_haven", "reveal")
    assert p.spice == spice
    put(g, 0, "post_hagga_basin")
    g.box(0, "smugglers_haven", "reveal")
    assert p.spice == spice + 2


# ---------------------------------------------------------------------- ignore_requirements
def test_ignore_requirements_opens_the_influence_spaces_to_that_card_only(content):
    g = _game(content)
    p = g.p(0)
    p.water, p.spice, p.solari = 3, 5, 10
    p.hand = ["undercover_asset", "reconnaissance"]
    menu = {(a[1], a[2]) for a in turns.agent_options(g.engine, p) if a[0] == "place"}
    assert ("undercover_asset", "sietch_tabr_up") in menu  # Influence with the Fremen alone
    assert ("undercover_asset", "shipping_up") in menu and ("undercover_asset", "imperial_privilege") in menu
    assert ("reconnaissance", "sietch_tabr_up") not in menu  # another card: the requirement holds
    p.solari = 7  # the Swordmaster's requirement is no Influence: it holds for every card
    menu = {(a[1], a[2]) for a in turns.agent_options(g.engine, p) if a[0] == "place"}
    assert ("undercover_asset", "swordmaster_up") not in menu
    p.hand = ["reconnaissance"]
    assert "sietch_tabr_up" not in _places(g)


def test_special_mission_recalls_a_spy_to_lower_the_shield_wall(content):
    g = _game(content)
    p = g.p(0)
    put(g, 0, "post_emperor")
    spice = p.spice
    g.answer(0, "pay recall")
    g.box(0, "special_mission", "plot")
    assert not rules_flags.up(g.engine, "shield_wall") and p.spice == spice + 2 and on(g, 0) == []
    assert p.pieces["spies"]["recalled"] == 1
    g.done()


SPY_CARDS = ("Bene Gesserit Operative", "Double Agent", "Imperial Spymaster", "Public Spectacle", "Rebel Supplier",
             "Reliable Informant", "Smuggler's Haven", "Spy Network", "Strike Fleet", "Undercover Asset",
             "Distraction", "Intelligence Report", "Special Mission")


def test_whole_games_with_the_spy_cards_play_alike_on_both_back_ends(tmp_path):
    """Random games of Uprising (its 22 spaces, the spy cards; test conflicts and
    leaders fill the decks the set does not complete yet): the invariants hold after
    every turn, both back-ends play the same game, and the spy cards are played."""
    from dunec.engine.runs.runner import play_game
    from test_uprising_setup import _CONFLICTS, _LEADERS

    f = tmp_path / "test_content.dune"
    f.write_text(_CONFLICTS + _LEADERS, encoding="utf-8")
    seen, spaces = set(), set()
    for seed in (1, 2, 3):
        games = []
        for backend in ("interpreted", "compiled"):
            content = load(backend, extra=[f]).select(("uprising",), playing=False)
            st = play_game(content, 4, seed, ["random"] * 4, quiet=False, check=invariants.check)
            games.append((st.digest(), st.log_digest()))
            text = "\n".join(st.log)
            seen |= {c for c in SPY_CARDS if c in text}
            spaces |= {s for s in ("Espionage", "Sietch Tabr") if f"agent to {s}" in text}
        assert games[0] == games[1]
    assert spaces == {"Espionage", "Sietch Tabr"}
    assert len(seen) >= 8, seen
