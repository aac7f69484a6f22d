"""Every Rise of Ix Imperium card, intrigue card and leader in a scenario, on both
back-ends. Each scenario asserts the whole change it caused (test_cards_support's
snapshots, plus track steps, counters and units). Parts that play TECH's `buy` and
tiles or UNITS' unit verbs (retreat_unit, retreat_for, deploy_units, in_conflict,
in_play) are tested with those mechanisms, not here: each card's other boxes are."""
from __future__ import annotations

import pytest

from dunec.engine.loop import flow, turns
from dunec.engine.rules import agents as rules_agents
from dunec.engine.rules import aside as rules_aside, own_turn, snoopers as rules_snoopers
from dunec.engine.loop.game import Engine

from sets_support import play_box
from test_cards_support import finish, legal, set_influence, top_intrigue
from test_ix_board import ADVANCE, changes_ix, ix, new_ix, snap_ix  # noqa: F401  (ix: the fixture)

# (card, box, setup, answers, the whole change): a card box is played for P1 with the
# card put in play; `space` is where its agent went.
IMPERIUM = {
    "appropriate acquire": ("appropriate", "acquire", None, [ADVANCE], {0: {"track shipping": 1}}),
    "appropriate agent (no Emperor 2)": ("appropriate", "agent", None, [], {0: {"played": 1}}),
    "appropriate reveal": ("appropriate", "reveal", None, [], {0: {"revealed": 1, "persuasion": 2}}),
    "bounty hunter reveal": ("bounty_hunter", "reveal", None, [],
                             {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "choam delegate reveal": ("choam_delegate", "reveal", None, [], {0: {"revealed": 1, "solari": 3}}),
    "court intrigue reveal": ("court_intrigue", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "desert ambush reveal": ("desert_ambush", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "embedded agent agent, bonded": ("embedded_agent", "agent", lambda g: g.p(0).played.append("truthsayer"),
                                     [ADVANCE, ADVANCE], {0: {"played": 1, "track shipping": 2}}),
    "embedded agent agent, no bond": ("embedded_agent", "agent", None, [], {0: {"played": 1}}),
    "embedded agent reveal": ("embedded_agent", "reveal", None, [],
                              {0: {"revealed": 1, "persuasion": 1, "intrigue": 1}}),
    "esmar tuek agent": ("esmar_tuek", "agent", lambda g: _give(g, spice=1, deck=["dagger"]), ["pay"],
                         {0: {"played": 1, "spice": -1, "bene_gesserit": 1, "hand": 1, "deck": -1}}),
    "esmar tuek reveal": ("esmar_tuek", "reveal", None, [], {0: {"revealed": 1, "spice": 2, "solari": 2}}),
    "freighter fleet reveal": ("freighter_fleet", "reveal", None, [ADVANCE], {0: {"revealed": 1, "track shipping": 1}}),
    "full-scale assault acquire": ("full_scale_assault", "acquire", None, [], {0: {"dreadnought garrison": 1}}),
    "full-scale assault agent": ("full_scale_assault", "agent", None, [],
                                 {0: {"played": 1, "garrison": 2, "supply": -2}}),
    "guild accord reveal, no alliance": ("guild_accord", "reveal", None, [], {0: {"revealed": 1, "water": 1}}),
    "guild chief administrator agent": (
        "guild_chief_administrator", "agent", lambda g: _give(g, hand=["dagger", "diplomacy"]),
        ["pay", "discard Dagger", "trash Diplomacy"], {0: {"played": 1, "hand": -2, "discard": 1, "trashed": 1}}),
    "guild chief administrator reveal": ("guild_chief_administrator", "reveal", None, [ADVANCE],
                                         {0: {"revealed": 1, "persuasion": 1, "track shipping": 1}}),
    "imperial bashar agent": ("imperial_bashar", "agent", None, ["+1 troop"],
                              {0: {"played": 1, "garrison": 1, "supply": -1}}),
    "imperial bashar reveal, two other sword cards": (
        "imperial_bashar", "reveal", lambda g: g.p(0).revealed.extend(["dagger", "dagger", "diplomacy"]), [],
        {0: {"revealed": 1, "persuasion": 1, "swords": 4}}),
    "imperial shock trooper reveal, agent at an Emperor space": (
        "imperial_shock_trooper", "reveal", lambda g: rules_agents.place_agent(g.engine, "conspire", 0), [],
        {0: {"revealed": 1, "persuasion": 1, "swords": 5}}),
    "imperial shock trooper reveal, none": ("imperial_shock_trooper", "reveal", None, [],
                                            {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
    "in the shadows agent": ("in_the_shadows", "agent", lambda g: _give(g, bene_gesserit=2, hand=["dagger"]),
                             ["pay", "+1 Influence with Fremen"],
                             {0: {"played": 1, "hand": -1, "discard": 1, "fremen": 1}}),
    "in the shadows reveal": ("in_the_shadows", "reveal", None, [], {0: {"revealed": 1, "bene_gesserit": 1}}),
    "ix-guild compact agent": ("ix_guild_compact", "agent", lambda g: _give(g, hand=["dagger", "dagger"]),
                               ["pay", "discard Dagger"],
                               {0: {"played": 1, "hand": -2, "discard": 2, "dreadnought garrison": 1}}),
    "ix-guild compact agent, one card in hand": ("ix_guild_compact", "agent", lambda g: _give(g, hand=["dagger"]), [],
                                                 {0: {"played": 1}}),
    "ix-guild compact reveal": ("ix_guild_compact", "reveal", None, [],
                                {0: {"revealed": 1, "counter negotiators": 2, "supply": -2}}),
    "jamis agent": ("jamis", "agent", lambda g: _give(g, hand=["dagger"]), ["trash Dagger"],
                    {0: {"played": 1, "hand": -1, "trashed": 1}}),
    # +1 Persuasion, not the inventory's copied "Trash a card" (module and printed card)
    "jamis reveal": ("jamis", "reveal", lambda g: _give(g, discard=["dagger"]), [],
                     {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
    "landing rights agent": ("landing_rights", "agent", None, [ADVANCE], {0: {"played": 1, "track shipping": 1}}),
    "landing rights reveal": ("landing_rights", "reveal", None, [], {0: {"revealed": 1, "persuasion": 2}}),
    "local fence agent, spice for Solari": ("local_fence", "agent", lambda g: _give(g, spice=2), [],
                                           {0: {"played": 1, "spice": -2, "solari": 5}}),
    "local fence agent, Solari for spice": ("local_fence", "agent", lambda g: _give(g, solari=5), [],
                                           {0: {"played": 1, "solari": -5, "spice": 4}}),
    "negotiated withdrawal acquire": ("negotiated_withdrawal", "acquire", None, [],
                                      {0: {"garrison": 1, "supply": -1}}),
    "satellite ban agent": ("satellite_ban", "agent", lambda g: _give(g, hand=["dagger"]), ["pay"],
                            {0: {"played": 1, "hand": -1, "discard": 1, "spice": 1, "water": 1}}),
    "satellite ban reveal": ("satellite_ban", "reveal", lambda g: _give(g, conflict=2), ["retreat 2"],
                             {0: {"revealed": 1, "persuasion": 1, "conflict": -2, "garrison": 2}}),
    "sayyadina agent": ("sayyadina", "agent", lambda g: _give(g, water=3), ["pay"],
                        {0: {"played": 1, "water": -3, "vp": 1}}),
    "sayyadina reveal, bonded": ("sayyadina", "reveal", lambda g: g.p(0).revealed.append("satellite_ban"), [],
                                 {0: {"revealed": 1, "persuasion": 3}}),
    "shai-hulud acquire": ("shai_hulud", "acquire", lambda g: _give(g, hand=["dagger"]), ["trash Dagger"],
                           {0: {"hand": -1, "trashed": 1}}),
    "shai-hulud agent": ("shai_hulud", "agent", lambda g: _give(g, hand=["dagger"]), ["pay", "trash Dagger"],
                         {0: {"played": 1, "hand": -1, "trashed": 1, "garrison": 2, "supply": -2}}),
    "shai-hulud reveal, bonded": ("shai_hulud", "reveal", lambda g: g.p(0).revealed.append("satellite_ban"), [],
                                  {0: {"revealed": 1, "swords": 5}}),
    "spice trader agent": ("spice_trader", "agent", lambda g: _give(g, fremen=2, hand=["dagger"]),
                           ["pay"], {0: {"played": 1, "hand": -1, "discard": 1, "spice": 2}}),
    "spice trader reveal": ("spice_trader", "reveal", None, [], {0: {"revealed": 1, "persuasion": 2, "swords": 1}}),
    # Trashing itself unloads it: its Reveal box runs too, and both troops go to
    # the Conflict (nothing is asked).
    "treachery agent": ("treachery", "agent@stillsuits", None, [],
                        {0: {"trashed": 1, "fremen": 1, "conflict": 2, "supply": -2}}),
    "treachery reveal": ("treachery", "reveal", None, [], {0: {"revealed": 1, "conflict": 2, "supply": -2}}),
    "truthsayer agent": ("truthsayer", "agent", lambda g: _give(g, hand=["dagger"], deck=["diplomacy"]),
                         ["pay"], {0: {"played": 1, "discard": 1, "deck": -1}}),
    "truthsayer reveal": ("truthsayer", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "water peddler acquire": ("water_peddler", "acquire", None, [], {0: {"water": 1}}),
    "water peddler reveal": ("water_peddler", "reveal", None, [], {0: {"revealed": 1, "water": 1}}),
    "web of power agent": ("web_of_power", "agent", lambda g: _give(g, emperor=2, fremen=2, deck=["dagger"]), [],
                           {0: {"played": 1, "solari": 2, "water": 1}}),
    "web of power reveal": ("web_of_power", "reveal", None, ["+1 Influence with Spacing Guild"],
                            {0: {"revealed": 1, "persuasion": 1, "guild": 1}}),
    "weirding way reveal": ("weirding_way", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
}

INTRIGUE = {
    "advanced weaponry plot": ("advanced_weaponry", "plot", lambda g: _give(g, solari=3), [],
                               {0: {"solari": -3, "dreadnought garrison": 1}}),
    "blackmail combat": ("blackmail", "combat", lambda g: _give(g, emperor=1), [],
                         {0: {"emperor": -1, "swords": 5}}),
    "cull plot": ("cull", "plot", lambda g: _give(g, solari=1, hand=["dagger"]), ["trash Dagger"],
                  {0: {"solari": -1, "hand": -1, "trashed": 1}}),
    "diversion plot, four units deployed": ("diversion", "plot", lambda g: setattr(g.p(0), "deployed_turn", 4),
                                            [ADVANCE], {0: {"track shipping": 1}}),
    "diversion plot, three": ("diversion", "plot", lambda g: setattr(g.p(0), "deployed_turn", 3), [], {}),
    "expedite plot": ("expedite", "plot", lambda g: _give(g, spice=1), [ADVANCE],
                      {0: {"spice": -1, "track shipping": 1}}),
    "finesse plot": ("finesse", "plot", lambda g: _give(g, emperor=1), ["+1 Influence with Fremen"],
                     {0: {"emperor": -1, "fremen": 1}}),
    "finesse combat": ("finesse", "combat", None, [], {0: {"swords": 2}}),
    "glimpse the path plot": ("glimpse_the_path", "plot", lambda g: _give(g, spice=1, solari=1, deck=["dagger"]), [],
                              {0: {"spice": -1, "water": 1, "hand": 1, "deck": -1}}),
    "ixian probe plot": ("ixian_probe", "plot", lambda g: _give(g, hand=["dagger", "diplomacy"], deck=["dagger"] * 2),
                         ["discard Dagger"], {0: {"discard": 2, "deck": -2}}),
    "quid pro quo plot": ("quid_pro_quo", "plot", lambda g: _give(g, spice=2, agents=["conspire", "secrets",
                                                                                       "arrakeen"]), [],
                          {0: {"spice": -2, "emperor": 1, "bene_gesserit": 1}}),
    "secret forces plot, a seat": ("secret_forces", "plot", lambda g: setattr(g.p(0), "seat_on_council", True), [],
                                   {0: {"garrison": 2, "supply": -2}}),
    "secret forces plot, no seat": ("secret_forces", "plot", None, [], {}),
    "strategic push combat": ("strategic_push", "combat", None, [], {0: {"swords": 2}}),
    "strategic push on win": ("strategic_push", "win", None, [], {0: {"solari": 2}}),
    "strongarm plot": ("strongarm", "plot", lambda g: _give(g, visited=["conspire", "secrets"]),
                       ["+1 Influence with Bene Gesserit"], {0: {"garrison": -1, "supply": 1, "bene_gesserit": 1}}),
    "war chest combat": ("war_chest", "combat", lambda g: _give(g, solari=2), [], {0: {"solari": -2, "swords": 4}}),
    "war chest endgame, 10 Solari": ("war_chest", "endgame", lambda g: _give(g, solari=10), [], {0: {"vp": 1}}),
    "war chest endgame, 9": ("war_chest", "endgame", lambda g: _give(g, solari=9), [], {}),
}


def _give(g, hand=(), deck=(), discard=(), agents=(), visited=(), conflict=0, **amounts) -> None:
    """Put P1's pieces where a scenario wants them (influence through the engine)."""
    p = g.p(0)
    p.hand.extend(hand)
    p.deck.extend(deck)
    p.discard.extend(discard)
    for s in agents:
        rules_agents.place_agent(g.engine, s, 0)
    p.visited.extend(visited)
    if conflict:
        p.garrison -= conflict
        p.conflict += conflict
    influence = {f: amounts.pop(f) for f in list(amounts) if f in p.influence}
    set_influence(g, 0, **influence)
    for k, n in amounts.items():
        setattr(p, k, n)


_play = play_box  # (content, card, box, setup, answers) -> (scenario, changes)


@pytest.mark.parametrize("name", sorted(IMPERIUM))
def test_each_ix_imperium_card(ix, name):
    card, box, setup, answers, want = IMPERIUM[name]
    g, got = _play(ix, card, box, setup, answers)
    assert got == want
    finish(g)


@pytest.mark.parametrize("name", sorted(INTRIGUE))
def test_each_ix_intrigue_card(ix, name):
    card, box, setup, answers, want = INTRIGUE[name]
    g, got = _play(ix, card, box, setup, answers)
    assert got == want
    finish(g)


def test_every_ix_card_has_a_scenario(ix):
    """Tiles and unit verbs aside (tested with those mechanisms), each Ix Imperium and
    intrigue card is played above."""
    played = {v[0] for v in list(IMPERIUM.values()) + list(INTRIGUE.values())}
    others = {"ixian_engineer", "cannon_turrets", "grand_conspiracy", "machine_culture", "second_wave"}
    ix_cards = {m["id"] for m in ix.of_kind("card") + ix.of_kind("intrigue") if m["set"] == "ix"}
    assert ix_cards - others == played


# ---------------------------------------------------------------------- the infiltrate icon
def test_an_infiltrating_card_goes_where_an_enemy_agent_is_and_bounty_hunter_pays(ix):
    g = new_ix(ix)
    rules_agents.place_agent(g.engine, "carthag", 1)
    g.p(0).hand = ["bounty_hunter", "satellite_ban"]
    assert legal(g, 0, "bounty_hunter", "carthag")
    assert not legal(g, 0, "truthsayer", "carthag") and not legal(g, 0, "court_intrigue", "carthag")
    before = snap_ix(g)
    g.answer(0, "space first", "deploy 0")
    g.agent(0, "bounty_hunter", "carthag")
    assert changes_ix(g, before) == {0: {"hand": -1, "played": 1, "agents_left": -1, "garrison": 1, "supply": -1,
                                         "intrigue": 1, "solari": 2}}
    finish(g)


def test_landing_rights_does_not_infiltrate(ix):
    # the inventory's infiltration column is wrong for it (module and printed card)
    g = new_ix(ix)
    rules_agents.place_agent(g.engine, "carthag", 1)
    g.p(0).hand = ["landing_rights", "bounty_hunter"]
    assert not ix.defs["landing_rights"].get("infiltrate")
    assert not legal(g, 0, "landing_rights", "carthag") and legal(g, 0, "landing_rights", "arrakeen")
    assert legal(g, 0, "bounty_hunter", "carthag")


# ---------------------------------------------------------------------- cards that bend the turn
def test_court_intrigue_puts_an_intrigue_card_under_the_deck_and_draws_one(ix):
    g = new_ix(ix)
    g.p(0).intrigue = ["ambush"]
    top = top_intrigue(g)[0]
    g.answer(0, "put Ambush on the bottom")
    g.box(0, "court_intrigue", "agent")
    assert g.p(0).intrigue == [top] and g.state.intrigue_deck[0] == "ambush"
    finish(g)


def test_guild_accord_sends_its_agent_to_heighliner_for_2_spice_less(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.spice = 4
    p.hand = ["guild_accord", "jamis"]
    assert legal(g, 0, "guild_accord", "heighliner") and not legal(g, 0, "jamis", "heighliner")
    before = snap_ix(g)
    g.answer(0, "space first", "deploy 0")
    g.agent(0, "guild_accord", "heighliner")
    assert changes_ix(g, before) == {0: {"hand": -1, "played": 1, "agents_left": -1, "spice": -4, "garrison": 5,
                                         "supply": -5, "water": 2, "guild": 1}}
    finish(g)


def test_weirding_way_gives_another_turn_right_after_this_one(ix):
    g = new_ix(ix, players=3)
    e = g.engine
    for p in g.state.players:
        p.hand = ["dagger"]
    g.p(0).hand = ["weirding_way", "dagger"]
    g.answer(0, "Weirding Way -> Smuggling", "card first", ADVANCE, "take another turn", "reveal")
    for s in (1, 2):
        g.answer(s, "reveal")
    seen = []  # (seat, kind) of every decision, in the order asked
    for seat, script in enumerate(g.scripts):
        script.choose = (lambda ask, seat: lambda en, pl, kind, *rest: (seen.append((seat, kind)),
                                                                        ask(en, pl, kind, *rest))[1])(script.choose, seat)
    e.later("player_turns", order=None, i=0)
    e.drive()
    # P1's turn, then another for P1 before P2 and P3 take theirs
    assert seen == [(0, "turn"), (0, "order"), (0, "move"), (0, "extra_turn"), (0, "turn"), (1, "turn"),
                    (2, "turn")]
    assert not g.p(0).extra_turn
    finish(g)


# ---------------------------------------------------------------------- leaders
def _leader_game(ix, leader, players=3):
    return new_ix(ix, players=players, leaders=[leader] + ["count_ilban_richese"] * (players - 1))


def _armand_reveals(ix, spaces):
    g = _leader_game(ix, "archduke_armand_ecaz")
    for s in spaces:
        rules_agents.place_agent(g.engine, s, 0)
    g.p(0).hand = ["dagger", "diplomacy"]
    return g


def test_armand_ecaz_may_trash_a_card_in_play_with_agents_on_two_faction_spaces(ix):
    g = _armand_reveals(ix, ["conspire", "secrets"])  # Emperor and Bene Gesserit icons
    before = snap_ix(g)
    g.answer(0, "trash Dagger", "stop buying")
    g.reveal(0)
    got = changes_ix(g, before)
    assert got[0]["trashed"] == 1 and got[0]["hand"] == -2 and got[0]["discard"] == 1
    assert g.p(0).trashed == ["dagger"]
    finish(g)


@pytest.mark.parametrize("spaces", [["conspire", "carthag"], ["conspire"], ["carthag", "arrakeen"]])
def test_armand_ecaz_trashes_nothing_without_two_agents_on_faction_spaces(ix, spaces):
    # the FAQ: Coordination needs two or more Agents on spaces with the listed icons
    g = _armand_reveals(ix, spaces)
    g.answer(0, "stop buying")
    g.reveal(0)
    assert "trash" not in [k for k, _ in g.asked(0)] and g.p(0).trashed == []
    finish(g)


def test_armand_ecaz_signet_acquires_a_card_costing_3_or_less(ix):
    g = _leader_game(ix, "archduke_armand_ecaz")
    cheap = [c for c in g.state.imperium_row if ix.defs[c].get("cost", 0) <= 3]
    g.answer(0, f"acquire {ix.defs[cheap[0]]['name']}" if cheap else "acquire nothing")
    g.box(0, "archduke_armand_ecaz", "signet")
    assert len(g.p(0).discard) == (1 if cheap else 0)
    finish(g)


def _ilesa_sets_aside(ix, card):
    g = _leader_game(ix, "ilesa_ecaz")
    p = g.p(0)
    p.hand = [card, "dagger"]
    g.answer(0, f"set aside {ix.defs[card]['name']}")
    g.engine.later("leader_trigger", seat=0, box="round_start")
    g.engine.drive()
    return g, p


def test_ilesa_ecaz_sets_a_card_aside_out_of_her_hand_for_her_first_turn(ix):
    g, p = _ilesa_sets_aside(ix, "jamis")
    e = g.engine
    assert p.aside[0] == "jamis" and p.hand == ["dagger"]  # it left her hand (rulebook)
    own_turn.turn_begins(e, p)
    assert not legal(g, 0, "jamis", "stillsuits")  # not usable on her first turn
    own_turn.turn_ends(e, p)
    assert p.hand == ["dagger"]
    own_turn.turn_begins(e, p)  # her second turn: back in her hand
    assert p.hand == ["dagger", "jamis"] and legal(g, 0, "jamis", "stillsuits")
    before = snap_ix(g)
    g.answer(0, "card first", "trash Dagger", "deploy 0")
    g.agent(0, "jamis", "stillsuits")
    got = changes_ix(g, before)
    # one agent icon: +1 spice, fixed (FAQ), asked nothing about it
    assert got[0]["spice"] == 1 and "solari" not in got[0] and p.aside == []
    assert "choose" not in [k for k, _ in g.asked(0)]
    finish(g)


def test_ilesa_ecaz_gains_solari_with_a_card_of_two_or_more_icons(ix):
    g, p = _ilesa_sets_aside(ix, "diplomacy")
    e = g.engine
    own_turn.turn_begins(e, p)
    own_turn.turn_ends(e, p)
    own_turn.turn_begins(e, p)
    before = snap_ix(g)
    g.answer(0, "deploy 0")
    g.agent(0, "diplomacy", "stillsuits")
    got = changes_ix(g, before)
    assert got[0]["solari"] == 1 and "spice" not in got[0]
    finish(g)


def test_ilesa_ecaz_card_still_aside_at_the_round_end_goes_to_her_discard_pile(ix):
    g, p = _ilesa_sets_aside(ix, "jamis")
    own_turn.turn_begins(g.engine, p)
    own_turn.turn_ends(g.engine, p)  # her only turn (her reveal)
    rules_aside.aside_lapses(p)
    assert p.aside == [] and p.discard == ["jamis"] and "jamis" not in p.hand
    finish(g)


def test_ilesa_ecaz_signet_buys_a_foldspace_for_1_solari(ix):
    g = _leader_game(ix, "ilesa_ecaz")
    g.p(0).solari = 1
    before = snap_ix(g)
    g.answer(0, "pay")
    g.box(0, "ilesa_ecaz", "signet")
    assert changes_ix(g, before) == {0: {"solari": -1, "discard": 1}}
    assert g.p(0).discard == ["foldspace"]
    finish(g)


def test_yuna_moritani_starts_without_water_and_gains_1_more_solari_on_her_turn(ix):
    g = _leader_game(ix, "princess_yuna_moritani")
    e = g.engine
    e.later("leader_trigger", seat=0, box="game_start")
    e.drive()
    assert g.p(0).water == 0
    assert e.extra_gains == {0: {"solari": 1}}
    g.p(0).hand = ["choam_delegate"]
    before = snap_ix(g)
    g.answer(0, "CHOAM Delegate -> Smuggling", ADVANCE)
    g.turn(0)
    assert changes_ix(g, before)[0]["solari"] == 2  # Smuggling's 1, and 1 more
    g.box(0, "choam_delegate", "reveal")  # not her turn: no more
    assert g.p(0).solari == 5
    finish(g)


TWO_PURSES = """card two_purses "Two Purses" {
  set base
  cost 1; icons city
  agent { solari 1; water 1; solari 2 }
  reveal { each opponent { solari 1 } }
}
"""


@pytest.mark.parametrize("backend", ["interpreted", "compiled"])
def test_yuna_moritani_gains_1_more_for_each_solari_gain_even_two_in_one_box(tmp_path, backend):
    """Each gain counts, also two inside one box that asks nothing (one generated
    function): the gain rule applies her modifier, so the back-ends agree."""
    from dunec.content import load
    from dunec.engine.runs.runner import for_sets
    from test_ix_board import new_ix

    card = tmp_path / "two_purses.dune"
    card.write_text(TWO_PURSES, encoding="utf-8")
    content = for_sets(load(backend, extra=[card]), ["base", "ix"])
    g = new_ix(content, players=3, leaders=["princess_yuna_moritani", "count_ilban_richese", "count_ilban_richese"])
    p = g.p(0)
    solari = p.solari
    g.state.turn_seat = 0  # her own turn
    g.box(0, "two_purses", "agent")
    assert p.solari == solari + 1 + 1 + 2 + 1
    g.state.turn_seat = 1  # an opponent's turn: an opponent's card gives her 1, and no more
    g.box(1, "two_purses", "reveal")
    assert p.solari == solari + 5 + 1
    g.state.turn_seat = None  # between turns (combat rewards, round start): no more
    g.box(0, "two_purses", "agent")
    assert p.solari == solari + 6 + 3


def test_yuna_moritani_signet(ix):
    g = _leader_game(ix, "princess_yuna_moritani")
    g.p(0).solari = 7
    before = snap_ix(g)
    g.answer(0, "pay", "+1 Influence with Emperor")
    g.box(0, "princess_yuna_moritani", "signet")
    assert changes_ix(g, before) == {0: {"solari": -7, "emperor": 1, "garrison": 1, "supply": -1, "spice": 1}}
    finish(g)


def test_hundro_moritani_keeps_one_of_the_top_two_intrigue_cards(ix):
    g = _leader_game(ix, "viscount_hundro_moritani")
    first, second = top_intrigue(g, 2)
    g.answer(0, f"keep {ix.defs[second]['name']}")
    g.engine.later("leader_trigger", seat=0, box="game_start")
    g.engine.drive()
    assert g.p(0).intrigue == [second] and top_intrigue(g) == [first]
    finish(g)


def test_hundro_moritani_signet_is_a_freighter_move_for_1_spice(ix):
    """Couriers: Leader.lua and HAGAL.md (which says the official Ix text agrees)
    give a shipping step for 1 spice; only the inventory says a dreadnought."""
    g = _leader_game(ix, "viscount_hundro_moritani")
    g.p(0).spice = 1
    before = snap_ix(g)
    g.answer(0, "pay", "advance")
    g.box(0, "viscount_hundro_moritani", "signet")
    assert changes_ix(g, before) == {0: {"spice": -1, "track shipping": 1}}
    finish(g)


def test_tessia_vernius_snoopers_are_recalled_at_2_influence_in_order(ix):
    g = _leader_game(ix, "tessia_vernius")
    e = g.engine
    flow.start(e)  # the game's start puts her Snooper tokens on the four tracks
    assert g.p(0).snoopers == ["emperor", "guild", "bene_gesserit", "fremen"]
    assert g.p(1).snoopers == []
    e.state.stack.clear()
    g = _leader_game(ix, "tessia_vernius")
    p = g.p(0)
    rules_snoopers.snoopers_at_start(g.engine, p)
    p.hand = ["dagger"]
    before = snap_ix(g)
    g.answer(0, "discard Dagger")
    set_influence(g, 0, fremen=2)  # 1st: a card discarded for 1 spice
    assert changes_ix(g, before) == {0: {"fremen": 2, "vp": 1, "hand": -1, "discard": 1, "spice": 1}}
    before = snap_ix(g)
    set_influence(g, 0, guild=2)  # 2nd: the Spacing Guild's 4-Influence bonus
    assert changes_ix(g, before) == {0: {"guild": 2, "vp": 1, "solari": 3}}
    before = snap_ix(g)
    set_influence(g, 0, emperor=2)  # 3rd: +1 Influence there
    assert changes_ix(g, before) == {0: {"emperor": 3, "vp": 1}}
    set_influence(g, 0, emperor=1)
    set_influence(g, 0, emperor=2)  # once recalled, a Snooper gives nothing again
    assert p.influence["emperor"] == 2
    before = snap_ix(g)
    set_influence(g, 0, bene_gesserit=2)  # 4th: the bonus and +1 Influence
    assert changes_ix(g, before) == {0: {"bene_gesserit": 3, "vp": 1, "intrigue": 1}}
    assert p.snoopers == []
    finish(g)


def test_tessia_vernius_signet_trades_influence_for_a_snooper_faction(ix):
    g = _leader_game(ix, "tessia_vernius")
    p = g.p(0)
    p.snoopers = ["bene_gesserit", "fremen"]
    set_influence(g, 0, emperor=1)
    before = snap_ix(g)
    g.answer(0, "pay", "+1 Influence with Fremen")
    g.box(0, "tessia_vernius", "signet")
    assert g.asked(0)[-1] == ("influence", ["+1 Influence with Bene Gesserit", "+1 Influence with Fremen"])
    assert changes_ix(g, before) == {0: {"emperor": -1, "fremen": 1}}
    finish(g)


def test_rhombur_vernius_signet_may_take_a_negotiator(ix):
    g = _leader_game(ix, "prince_rhombur_vernius")
    before = snap_ix(g)
    g.answer(0, "+1 negotiators")
    g.box(0, "prince_rhombur_vernius", "signet")
    assert changes_ix(g, before) == {0: {"counter negotiators": 1, "supply": -1}}
    finish(g)


def test_codegen_inlines_only_the_gains_no_modifier_watches(model):
    """Yuna Moritani's `extra_gain solari` makes every Solari gain of the bundled
    cards a call of the gain rule (as Guild Impersonator's `gained_this_turn spice`
    does every spice gain); other plain gains stay inlined, and content without
    such a modifier or condition inlines Solari and spice too."""
    from types import SimpleNamespace

    from dunec.codegen.emit import inlined
    from dunec.paths import generated_dir

    assert "solari" not in inlined(model) and "spice" not in inlined(model) and "water" in inlined(model)
    base_only = SimpleNamespace(defs={k: d for k, d in model.defs.items() if d.set == "base"})
    assert "solari" in inlined(base_only) and "spice" in inlined(base_only)
    generated = (generated_dir() / "base_imperium.py").read_text(encoding="utf-8")
    assert "player.solari +=" not in generated and "player.spice +=" not in generated
    assert "player.water +=" in generated
    assert "c0.gain('solari'" in generated and "c0.gain('spice'" in generated
