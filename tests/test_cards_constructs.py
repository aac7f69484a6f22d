"""Every effect form, condition and count of the card language, played.

The bundled cards use only part of the language; a construct the checker accepts
must also play. Each probe below is a small custom card compiled together with
the bundled cards (both back-ends), played once, and its whole change asserted.
"""
from __future__ import annotations

import pytest

from dunec.check import tables as T
from dunec.engine.rules import agents as rules_agents, cards as rules_cards, resources as rules_resources
from dunec.engine.loop import turns

from test_cards_support import changes, custom_content, deploy, finish, legal, new, set_influence, snap
from scenario import settle

# ---------------------------------------------------------------------- probes
# id -> agent box statement. Each becomes `card ID { cost 1; icons city; agent { STMT } }`.
EFFECTS = {
    "p_solari": "solari 2", "p_spice": "spice 2", "p_water": "water 2", "p_persuasion": "persuasion 2",
    "p_troops": "troops 2", "p_vp": "vp 1", "p_intrigue": "intrigue 1", "p_draw": "draw 1",
    "p_lose_solari": "lose solari 1", "p_lose_spice": "lose spice 5", "p_lose_water": "lose water 1",
    "p_lose_vp": "lose vp 1", "p_lose_garrison": "lose garrison 2", "p_lose_deployed": "lose deployed 1",
    "p_lose_intrigue": "lose intrigue 1", "p_lose_inf": "lose influence fremen 1",
    "p_lose_inf_any": "lose influence any 1",
    "p_inf": "influence guild 2", "p_inf_any": "influence any 1", "p_inf_space": "influence space 1",
    "p_inf_all": "influence all 1", "p_inf_behind": "influence behind 1", "p_inf_secret": "influence secret 1",
    "p_deploy": "deploy 2", "p_deploy_any": "deploy any", "p_deploy_supply": "deploy 2 from supply",
    "p_trash_this": "trash this", "p_trash_card": "trash card", "p_trash_hand": "trash card from hand",
    "p_trash_discard": "trash card from discard", "p_trash_play": "trash card from play",
    "p_discard": "discard 1", "p_acquire": "acquire cost <= 3", "p_acquire_top": "acquire cost <= 3 top",
    "p_gain_card": "gain_card arrakis_liaison", "p_steal": "each opponent { steal intrigue 1 }",
    "p_shuffle": "shuffle_discard", "p_recall": "recall agent", "p_mentat": "mentat",
    "p_swordmaster": "swordmaster", "p_high_council": "high_council", "p_signet": "signet",
    "p_opponent": "opponent { lose solari 2 }", "p_each": "each opponent { water 1 }",
    "p_may": "may { water 1 }",
    "p_pay": "pay solari 1, spice 1 -> vp 1", "p_pay_inf": "pay influence any 1 -> solari 5",
    "p_pay_garrison": "pay garrison 2 -> deploy 1 from supply", "p_pay_deployed": "pay deployed 1 -> water 1",
    "p_pay_block": "pay spice 1 -> {\n    water 1\n    draw 1\n  }",
    "p_choose2": "choose 2 { - solari 1 - spice 1 - water 1 }",
    "p_deploy_recruited": "troops 2, deploy recruited",
    "p_retrieve": "retrieve fremen from discard", "p_draw_or_trash": "draw_or_trash_top",
    "p_discount": "discount dr_yueh 1", "p_acquire_to_top": "acquire_to_top", "p_manipulate": "manipulate",
    "p_block_space": "block_space", "p_double_harvest": "double_harvest",
}
# Effects that may not stand in an agent box: `card ID { cost 1; reveal { STMT } }`.
REVEAL_EFFECTS = {"p_retreat": "retreat 1", "p_retreat_any": "retreat any", "p_swords": "swords 3"}
# Effects only a plot may hold (they bend this turn's rules): `intrigue ID { plot { STMT } }`.
PLOT_EFFECTS = {"p_extra_icon": "extra_icon landsraad", "p_infiltrate": "infiltrate", "p_pass_turn": "pass_turn"}
CONDITIONS = {
    "c_bond": "bond fremen", "c_alliance": "alliance guild", "c_alliance_any": "alliance any", "c_seat": "seat",
    "c_swordmaster": "swordmaster", "c_revealing": "revealing", "c_most_copies": "most_copies dr_yueh",
    "c_influence": "influence fremen >= 2", "c_units": "units > 0", "c_garrison": "garrison == 3",
    "c_players": "players >= 4", "c_intrigue": "intrigue >= 1", "c_alliances": "alliances >= 1",
    "c_factions_at": "factions_at 1 >= 2", "c_copies": "copies dr_yueh >= 2", "c_solari": "solari >= 3",
    "c_spice": "spice < 1", "c_water": "water != 1",
    "c_mentat_available": "mentat_available", "c_opponent_units": "opponent_units >= 2",
    "c_factions_behind": "factions_behind == 1", "c_secret": "secret", "c_deployed": "deployed_this_turn >= 2",
    "c_and": "seat and swordmaster", "c_or": "seat or swordmaster", "c_not": "not seat",
    "c_nested": "not (seat or influence emperor >= 1) and players == 4",
}
COUNTS = {
    "n_cards_in_play": "cards_in_play fremen", "n_alliances": "alliances", "n_units": "units",
    "n_intrigue": "intrigue", "n_factions_at": "factions_at 1", "n_opponents_with_more": "opponents_with_more emperor",
}


def _source() -> str:
    out = []
    for ident, stmt in EFFECTS.items():
        out.append(f'card {ident} "{ident}" {{\n  cost 1; icons city\n  agent {{ {stmt} }}\n}}')
    for ident, stmt in REVEAL_EFFECTS.items():
        out.append(f'card {ident} "{ident}" {{\n  cost 1\n  reveal {{ {stmt} }}\n}}')
    for ident, stmt in PLOT_EFFECTS.items():
        out.append(f'intrigue {ident} "{ident}" {{\n  plot {{ {stmt} }}\n}}')
    for ident, cond in CONDITIONS.items():
        out.append(f'card {ident} "{ident}" {{\n  cost 1; icons city\n'
                   f'  agent {{ if {cond} {{ solari 1 }} else {{ spice 1 }} }}\n'
                   f'  reveal {{ if {cond} {{ solari 1 }} else {{ spice 1 }} }}\n}}')
    for ident, count in COUNTS.items():
        out.append(f'card {ident} "{ident}" {{\n  cost 1; icons city\n  agent {{ for each {count} {{ solari 1 }} }}\n}}')
    out.append('conflict p_control "Probe" {\n  level 2\n  first { control carthag }\n}')
    out.append('card p_on_discard "On Discard" {\n  cost 1\n  on discard { water 2 }\n}')
    out.append('card p_on_trash "On Trash" {\n  cost 1\n  on trash { spice 3 }\n}')
    out.append('leader p_leader "Probe Leader" {\n  passive { ignore_block city; space_cost spice_trade water -1 }\n'
               '  signet { solari 1 }\n}')
    out.append('leader p_seer "Probe Seer" {\n  passive { see_top_card }\n  signet { manipulate }\n}')
    out.append('leader p_secret "Probe Secret" {\n  on game_start { secret_factions 3 }\n'
               '  on deploy { if deployed_this_turn >= 2 { solari 1 } }\n  signet { solari 1 }\n}')
    out.append('leader p_once "Probe Once" {\n  once {\n    choose 2 {\n      - influence emperor 1\n'
               '      - influence guild 1\n      - influence bene_gesserit 1\n      - influence fremen 1\n'
               '    }\n  }\n  signet { solari 1 }\n}')
    # The two card flags, each without the other.
    out.append('card p_infiltrator "Infiltrator" {\n  cost 1; icons city\n  infiltrate\n}')
    out.append('card p_anywhere "Anywhere" {\n  cost 1; icons city\n  from_anywhere\n}')
    # A House Hagal card's gain box (the rival's): `harvest` stands only there.
    out.append('hagal p_harvest "Harvest" {\n  mode solo duo\n  spaces hagga_basin\n  gain { harvest }\n}')
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def probes(request):
    return custom_content(request.param, _source(), path="cards/base/probes.dune")


def run(content, ident, setup=None, answers=(), box="agent", space=None):
    g = new(content)
    if setup:
        setup(g)
    g.answer(0, *answers)
    before = snap(g)
    g.box(0, ident, box, space=space)
    d = changes(g, before)
    finish(g)
    return g, d


def _add(delta, extra):
    out = dict(delta)
    for k, v in extra.items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


P = {"played": 1}


# ---------------------------------------------------------------------- effects
def _intrigue(g):
    g.p(0).intrigue = ["windfall", "ambush"]


def _two_influence(g):
    set_influence(g, 0, fremen=2, emperor=1)


EFFECT_CASES = [
    ("p_solari", None, (), {"solari": 2}),
    ("p_spice", None, (), {"spice": 2}),
    ("p_water", None, (), {"water": 2}),
    ("p_persuasion", None, (), {"persuasion": 2}),
    ("p_troops", None, (), {"garrison": 2, "supply": -2}),
    ("p_vp", None, (), {"vp": 1}),
    ("p_intrigue", None, (), {"intrigue": 1}),
    ("p_draw", lambda g: g.p(0).deck.append("dagger"), (), {"hand": 1, "deck": -1}),
    ("p_lose_solari", lambda g: setattr(g.p(0), "solari", 2), (), {"solari": -1}),
    ("p_lose_spice", lambda g: setattr(g.p(0), "spice", 2), (), {"spice": -2}),  # never below 0
    ("p_lose_water", None, (), {"water": -1}),
    ("p_lose_vp", lambda g: rules_resources.add_vp(g.engine, g.p(0), "cards", 1), (), {"vp": -1}),
    ("p_lose_vp", None, (), {}),  # the starting VP is not a card's to take
    ("p_lose_garrison", None, (), {"garrison": -2, "supply": 2}),
    ("p_lose_deployed", lambda g: deploy(g, 0, 2), (), {"conflict": -1, "supply": 1}),
    ("p_lose_intrigue", _intrigue, ("Ambush",), {"intrigue": -1}),
    ("p_lose_inf", _two_influence, (), {"fremen": -1, "vp": -1}),
    ("p_lose_inf_any", _two_influence, ("lose 1 Influence with Emperor",), {"emperor": -1}),
    ("p_inf", None, (), {"guild": 2, "vp": 1}),
    ("p_inf_any", None, ("+1 Influence with Bene Gesserit",), {"bene_gesserit": 1}),
    ("p_inf_space", None, (), {}),  # no space: nothing
    ("p_inf_all", None, (), {"emperor": 1, "guild": 1, "bene_gesserit": 1, "fremen": 1}),
    ("p_inf_behind", lambda g: set_influence(g, 3, emperor=1), (), {"emperor": 1}),
    ("p_inf_behind", None, (), {}),  # nobody ahead anywhere
    ("p_inf_secret", lambda g: setattr(g.p(0), "secret", ["guild", "fremen"]), (), {"guild": 1, "fremen": 1}),
    ("p_inf_secret", None, (), {}),  # no secret choice (or already revealed): nothing
    ("p_deploy", None, ("deploy 2",), {"garrison": -2, "conflict": 2}),
    ("p_deploy_any", None, ("deploy 3",), {"garrison": -3, "conflict": 3}),
    ("p_deploy_supply", None, (), {"supply": -2, "conflict": 2}),
    ("p_retreat", lambda g: deploy(g, 0, 2), ("retreat 1",), {"conflict": -1, "garrison": 1}),
    ("p_retreat_any", lambda g: deploy(g, 0, 2), ("retreat 2",), {"conflict": -2, "garrison": 2}),
    ("p_swords", None, (), {"swords": 3}),
    ("p_trash_this", None, (), {"trashed": 1, "played": -1}),
    ("p_trash_card", lambda g: g.p(0).discard.append("dagger"), ("trash Dagger from discard",),
     {"discard": -1, "trashed": 1}),
    ("p_trash_hand", lambda g: g.p(0).hand.append("dagger"), ("trash Dagger",), {"hand": -1, "trashed": 1}),
    ("p_trash_discard", lambda g: g.p(0).discard.append("p_on_trash"), ("trash On Trash",),
     {"discard": -1, "trashed": 1, "spice": 3}),
    ("p_trash_play", None, ("trash p_trash_play from play",), {"trashed": 1, "played": -1}),
    ("p_discard", lambda g: g.p(0).hand.extend(["dagger", "p_on_discard"]), ("discard On Discard",),
     {"hand": -1, "discard": 1, "water": 2}),
    ("p_acquire", lambda g: setattr(g.state, "imperium_row", ["dr_yueh", "chani"]), ("acquire Dr. Yueh",),
     {"discard": 1}),
    ("p_acquire_top", lambda g: setattr(g.state, "imperium_row", ["dr_yueh", "chani"]), ("acquire Dr. Yueh",),
     {"deck": 1}),
    ("p_gain_card", None, (), {"discard": 1}),
    ("p_shuffle", lambda g: g.p(0).discard.extend(["dagger", "diplomacy"]), (), {"discard": -2, "deck": 2}),
    ("p_recall", lambda g: (g.state.occupied.update(wealth=0), setattr(g.p(0), "agents_left", 1)), (),
     {"agents_left": 1}),
    ("p_mentat", None, (), {"has_mentat": 1, "agents_left": 1}),
    ("p_swordmaster", None, (), {"swordmaster": 1, "agents": 1, "agents_left": 1}),
    ("p_high_council", None, (), {"seat_on_council": 1}),
    ("p_signet", None, (), {"solari": 1}),  # Count Ilban Richese
    ("p_pay", lambda g: (setattr(g.p(0), "solari", 1), setattr(g.p(0), "spice", 1)), ("pay",),
     {"solari": -1, "spice": -1, "vp": 1}),
    ("p_pay", lambda g: setattr(g.p(0), "solari", 1), (), {}),  # cannot pay: not asked
    ("p_pay_inf", lambda g: set_influence(g, 0, guild=1), ("pay",), {"guild": -1, "solari": 5}),
    ("p_pay_garrison", None, ("pay",), {"garrison": -2, "supply": 1, "conflict": 1}),
    ("p_pay_deployed", lambda g: deploy(g, 0, 1), ("pay",), {"conflict": -1, "supply": 1, "water": 1}),
    ("p_pay_block", lambda g: (setattr(g.p(0), "spice", 1), g.p(0).deck.append("dagger")), ("no",), {}),
    ("p_pay_block", lambda g: (setattr(g.p(0), "spice", 1), g.p(0).deck.append("dagger")), ("pay",),
     {"spice": -1, "water": 1, "hand": 1, "deck": -1}),
    ("p_choose2", None, ("+1 water", "+1 Solari"), {"water": 1, "solari": 1}),
    ("p_deploy_recruited", None, ("deploy 2",), {"supply": -2, "conflict": 2}),
    # Troops recruited earlier in the turn are not "these troops": still at most 2.
    ("p_deploy_recruited", lambda g: setattr(g.p(0), "recruited", 2), ("deploy 1",),
     {"supply": -2, "garrison": 1, "conflict": 1}),
    ("p_retrieve", lambda g: g.p(0).discard.extend(["dagger", "chani"]), (), {"discard": -1, "hand": 1}),
    ("p_retrieve", lambda g: g.p(0).discard.append("dagger"), (), {}),
    ("p_draw_or_trash", lambda g: g.p(0).deck.append("dagger"), ("draw Dagger",), {"deck": -1, "hand": 1}),
    ("p_draw_or_trash", lambda g: g.p(0).deck.append("p_on_trash"), ("trash On Trash",),
     {"deck": -1, "trashed": 1, "spice": 3}),
    ("p_discount", None, (), {}),
    ("p_acquire_to_top", None, (), {}),
    ("p_manipulate", lambda g: setattr(g.state, "imperium_row", ["dr_yueh", "chani"]), ("set aside Chani",), {}),
    ("p_block_space", None, ("block Secrets",), {}),
    ("p_double_harvest", None, (), {}),  # no space: nothing to harvest
    ("p_extra_icon", None, (), {}),
    ("p_infiltrate", None, (), {}),
    ("p_pass_turn", None, (), {}),
]


@pytest.mark.parametrize("ident,setup,answers,delta", EFFECT_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(EFFECT_CASES)])
def test_effect_forms_play(probes, ident, setup, answers, delta):
    box = "reveal" if ident in REVEAL_EFFECTS else "plot" if ident in PLOT_EFFECTS else "agent"
    g, d = run(probes, ident, setup, answers, box=box)
    want = _add({"revealed": 1} if box == "reveal" else {} if box == "plot" else P, delta)
    assert d == ({0: want} if want else {})


def test_every_base_verb_is_probed():
    used = {stmt.split()[0] for stmt in list(EFFECTS.values()) + list(REVEAL_EFFECTS.values())
            + list(PLOT_EFFECTS.values())}
    # probed below ("steal" in p_steal, "see_top_card" in p_seer, "harvest" in p_harvest,
    # "secret_factions" in p_secret)
    used |= {"control", "space_cost", "ignore_block", "steal", "see_top_card", "harvest", "secret_factions"}
    # A track is a set's name: `advance` and `cash_out` are probed in tests/test_sets.py.
    used |= {"advance", "cash_out"}
    # Uprising's House Hagal cards play `bonus_spice` (tests/test_uprising_hagal.py).
    used |= {"bonus_spice"}
    # A set's token verb: `new_row` is probed in tests/test_tokens.py (a token's box and a set's).
    used |= {"new_row"}
    # Rise of Ix's card verbs are probed on its cards: tests/test_ix_board.py, tests/test_ix_cards.py, tests/test_ix_tech.py.
    used |= {"move", "swap_intrigue", "pick_intrigue", "influence_visited", "cheaper_space", "extra_turn",
             "set_aside", "snooper_influence", "buy", "deploy_units", "retreat_unit", "retreat_for", "return_for",
             "win_ties", "acquire_on_top", "track_extra", "unit_strength", "extra_gain", "snoop"}
    # Graft's verbs are probed on grafted test cards: tests/test_graft.py.
    used |= {"copy_agent_box", "return_at_reveal"}
    # Immortality's card verbs are probed on its cards: tests/test_immortality_cards.py (combat_space,
    # return_to_hand), tests/test_immortality_hagal.py (trash_slot).
    used |= {"combat_space", "return_to_hand", "trash_slot"}
    used |= {"clear"}  # a set's flag: tests/test_flags.py
    # Uprising's Imperium cards (session 23): their card tests (cards/uprising/imperium.dune)
    # and tests/test_ucards_constructs.py.
    used |= {"deploy_recruits", "sort_top"}
    used |= {"this_round"}  # a rule for the round: Call to Arms in tests/test_uprising_intrigue.py
    # A two-sided leader's verbs are probed on Uprising's Lady Jessica: tests/test_leader_sides_tracks.py.
    used |= {"flip_leader", "repeat_space"}
    # Shaddam Corrino IV's verbs are probed on him: tests/test_contracts.py (reserve, no_deploy).
    used |= {"reserve", "no_deploy"}
    used.discard("each")
    playable = set(T.VERBS)  # every core verb is open to every set (no set tags)
    assert playable <= used, sorted(playable - used)


def test_influence_space_on_a_faction_space(probes):
    g, d = run(probes, "p_inf_space", space="stillsuits")
    assert d == {0: {"played": 1, "fremen": 1}}


def test_steal_from_each_opponent(probes):
    def setup(g):
        g.p(1).intrigue = ["windfall"]
        g.p(3).intrigue = ["ambush", "ambush"]
    g, d = run(probes, "p_steal", setup)
    assert d == {0: {"played": 1, "intrigue": 2}, 1: {"intrigue": -1}, 3: {"intrigue": -1}}


def test_opponent_of_your_choice(probes):
    def setup(g):
        g.p(2).solari = 3
    g, d = run(probes, "p_opponent", setup, ("P3",))
    assert d == {0: {"played": 1}, 2: {"solari": -2}}


@pytest.mark.parametrize("answer,want", [("you may: +1 water", {0: {"played": 1, "water": 1}}),
                                         ("no", {0: {"played": 1}})])
def test_may_plays_its_block_only_when_the_player_says_yes(probes, answer, want):
    g, d = run(probes, "p_may", None, (answer,))
    assert d == want


def test_each_opponent(probes):
    g, d = run(probes, "p_each")
    assert d == {0: {"played": 1}, 1: {"water": 1}, 2: {"water": 1}, 3: {"water": 1}}


def test_control_in_a_reward(probes):
    g = new(probes)
    g.box(1, "p_control", "first")
    assert g.state.control == {"carthag": 1}


def test_passive_modifiers(probes):
    g = new(probes, leaders=["p_leader"] * 4)
    g.p(0).hand = ["reconnaissance", "dune_the_desert_planet"]
    g.state.occupied = {"arrakeen": 1, "imperial_basin": 2}
    assert legal(g, 0, "reconnaissance", "arrakeen")  # ignore_block city
    assert not legal(g, 0, "dune_the_desert_planet", "imperial_basin")  # spice trade still blocks
    g.p(0).water = 0
    assert legal(g, 0, "dune_the_desert_planet", "hagga_basin")  # water 1 - 1 = free
    assert not legal(g, 0, "dune_the_desert_planet", "the_great_flat")  # water 2 - 1 = 1
    g.answer(0, "deploy 0")
    before = snap(g)
    g.agent(0, "dune_the_desert_planet", "hagga_basin")
    assert changes(g, before) == {0: {"hand": -1, "played": 1, "agents_left": -1, "spice": 2}}
    g.state.occupied["arrakeen"] = 0
    assert not legal(g, 0, "reconnaissance", "arrakeen")  # never twice on a space yourself


# ---------------------------------------------------------------------- conditions
def _fremen_in_play(g):
    g.p(0).revealed = ["chani"]


def _alliance_guild(g):
    set_influence(g, 0, guild=4)


COND_CASES = [
    ("c_bond", _fremen_in_play, True), ("c_bond", None, False),
    ("c_alliance", _alliance_guild, True), ("c_alliance", lambda g: set_influence(g, 1, guild=4), False),
    ("c_alliance_any", lambda g: set_influence(g, 0, fremen=4), True), ("c_alliance_any", None, False),
    ("c_seat", lambda g: setattr(g.p(0), "seat_on_council", True), True), ("c_seat", None, False),
    ("c_swordmaster", lambda g: setattr(g.p(0), "swordmaster", True), True), ("c_swordmaster", None, False),
    ("c_most_copies", lambda g: g.p(0).deck.append("dr_yueh"), True),
    ("c_most_copies", lambda g: (g.p(0).deck.append("dr_yueh"), g.p(3).hand.append("dr_yueh")), False),
    ("c_influence", lambda g: set_influence(g, 0, fremen=2), True),
    ("c_influence", lambda g: set_influence(g, 0, fremen=1), False),
    ("c_units", lambda g: deploy(g, 0, 1), True), ("c_units", None, False),
    ("c_garrison", None, True), ("c_garrison", lambda g: deploy(g, 0, 1), False),
    ("c_players", None, True),
    ("c_intrigue", _intrigue, True), ("c_intrigue", None, False),
    ("c_alliances", _alliance_guild, True), ("c_alliances", None, False),
    ("c_factions_at", lambda g: set_influence(g, 0, emperor=1, guild=1), True),
    ("c_factions_at", lambda g: set_influence(g, 0, emperor=1), False),
    ("c_copies", lambda g: g.p(0).discard.extend(["dr_yueh", "dr_yueh"]), True), ("c_copies", None, False),
    ("c_solari", lambda g: setattr(g.p(0), "solari", 3), True), ("c_solari", None, False),
    ("c_spice", None, True), ("c_spice", lambda g: setattr(g.p(0), "spice", 1), False),
    ("c_water", lambda g: setattr(g.p(0), "water", 2), True), ("c_water", None, False),
    ("c_and", lambda g: (setattr(g.p(0), "seat_on_council", True), setattr(g.p(0), "swordmaster", True)), True),
    ("c_and", lambda g: setattr(g.p(0), "seat_on_council", True), False),
    ("c_or", lambda g: setattr(g.p(0), "swordmaster", True), True), ("c_or", None, False),
    ("c_not", None, True), ("c_not", lambda g: setattr(g.p(0), "seat_on_council", True), False),
    ("c_mentat_available", None, True),
    ("c_mentat_available", lambda g: setattr(g.state, "mentat_on_board", False), False),
    ("c_opponent_units", lambda g: deploy(g, 2, 2), True),
    ("c_opponent_units", lambda g: (deploy(g, 0, 3), deploy(g, 1, 1), deploy(g, 3, 1)), False),
    ("c_factions_behind", lambda g: set_influence(g, 1, guild=1), True),
    ("c_factions_behind", lambda g: (set_influence(g, 1, guild=1), set_influence(g, 2, fremen=2)), False),
    ("c_nested", None, True), ("c_nested", lambda g: set_influence(g, 0, emperor=1), False),
    ("c_secret", lambda g: setattr(g.p(0), "secret", ["guild"]), True), ("c_secret", None, False),
    ("c_deployed", lambda g: setattr(g.p(0), "deployed_turn", 2), True),
    ("c_deployed", lambda g: setattr(g.p(0), "deployed_turn", 1), False),
]


@pytest.mark.parametrize("ident,setup,holds", COND_CASES, ids=[f"{c[0]}-{c[2]}" for c in COND_CASES])
def test_conditions(probes, ident, setup, holds):
    g = new(probes)
    if setup:
        setup(g)
    before = snap(g)
    g.box(0, ident, "agent")
    assert changes(g, before) == {0: {"played": 1, "solari" if holds else "spice": 1}}


def test_revealing_condition(probes):
    g = new(probes)
    g.box(0, "c_revealing", "agent")
    assert (g.p(0).solari, g.p(0).spice) == (0, 1)
    g.box(0, "c_revealing", "reveal")
    assert (g.p(0).solari, g.p(0).spice) == (1, 1)


def test_every_condition_is_probed():
    used = {c.split()[0] for c in CONDITIONS.values()} - {"not"}
    # The conditions first printed by Rise of Ix are played on its cards (tests/test_ix_*.py).
    used |= {"in_conflict", "in_play", "tiles", "persuasion", "agent_at", "enemy_agent_here", "agents_at",
             "card_icons"}
    used |= {"grafted", "grafted_with", "faction_space"}  # played on graft cards (tests/test_graft.py)
    used |= {"reached"}  # played on a set's tracks (tests/test_tracks.py)
    used |= {"units_ahead", "opponent_combat_intrigue", "gained_this_turn"}  # played on Immortality's cards (tests/test_immortality_cards.py)
    used |= {"swordmasters"}  # played on Uprising's Swordmaster space (tests/test_uprising_setup.py)
    used |= {"flag", "protected"}  # played on a set's flags (tests/test_flags.py)
    # Uprising's Imperium cards (session 23): their card tests and tests/test_ucards_constructs.py
    used |= {"maker_space", "cards_revealed", "discarded", "acquired"}
    used |= {"trashed_cost", "placed"}  # played on Princess Irulan and Staban Tuek (tests/test_uprising_leaders.py)
    used |= {"rival_alliance_at"}  # played on Shadow Alliance (tests/test_uprising_intrigue.py)
    used |= {"recalled", "spying"}  # played on a set's pieces (tests/test_uprising_spies.py)
    used |= {"sent_to"}  # played on Uprising's House Hagal cards (tests/test_uprising_hagal.py)
    used |= {"strength"}  # played on Gurney Halleck (tests/test_uprising_leaders.py)
    used |= {"trashed_cost", "placed"}  # played on Princess Irulan and Staban Tuek (tests/test_uprising_leaders.py)
    used |= {"contracts_done"}  # played on the CHOAM cards (tests/test_contracts.py, cards/choam/ tests)
    assert set(T.CONDITIONS) <= used, sorted(set(T.CONDITIONS) - used)


# ---------------------------------------------------------------------- counts
COUNT_CASES = [
    ("n_cards_in_play", lambda g: (g.p(0).revealed.append("chani"), g.p(0).played.append("crysknife")), 2),
    ("n_alliances", lambda g: set_influence(g, 0, guild=4, fremen=4), 2),
    ("n_units", lambda g: deploy(g, 0, 3), 3),
    ("n_intrigue", _intrigue, 2),
    ("n_factions_at", lambda g: set_influence(g, 0, emperor=1, guild=2, fremen=3), 3),
    pytest.param("n_opponents_with_more", lambda g: (set_influence(g, 1, emperor=2), set_influence(g, 3, emperor=1)),
                 2),
]


@pytest.mark.parametrize("ident,setup,n", COUNT_CASES, ids=lambda v: v if isinstance(v, (str, int)) else "setup")
def test_for_each_counts(probes, ident, setup, n):
    g = new(probes)
    setup(g)
    solari = g.p(0).solari
    g.box(0, ident, "agent")
    assert g.p(0).solari - solari == n


def test_every_count_is_probed():
    used = {c.split()[0] for c in COUNTS.values()}
    # The counts first printed by Rise of Ix are played on its cards (tests/test_ix_*.py).
    used |= {"in_conflict", "deployed_this_turn", "factions_below", "sword_cards", "other_sword_cards"}
    used |= {"other_grafted"}  # played on graft cards (tests/test_graft.py)
    used |= {"reached"}  # played on a set's tracks (tests/test_tracks.py)
    used |= {"cards_revealed"}  # Uprising's Sardaukar Coordination (tests/test_ucards_constructs.py)
    used |= {"contracts_done"}  # Interstellar Trade (tests/test_contracts.py, cards/choam/imperium.dune)
    assert set(T.COUNTS) <= used


def test_agent_turn_menu_uses_probes(probes):
    g = new(probes)
    g.p(0).hand = ["p_solari"]
    assert legal(g, 0, "p_solari", "arrakeen")
    assert turns.agent_options(g.engine, g.p(0))


# ---------------------------------------------------------------------- what the newer verbs leave behind
def test_retrieve_chooses_among_the_cards_of_the_faction(probes):
    g, d = run(probes, "p_retrieve", lambda g: g.p(0).discard.extend(["chani", "dagger", "arrakis_liaison"]),
               ("take Arrakis Liaison into your hand",))
    assert d == {0: {"played": 1, "discard": -1, "hand": 1}}
    assert g.p(0).hand == ["arrakis_liaison"]
    assert g.asked(0) == [("retrieve", ["take Chani into your hand", "take Arrakis Liaison into your hand"])]


def test_discount_lowers_the_price_this_turn(probes):
    g, _ = run(probes, "p_discount")
    p = g.p(0)
    assert p.discounts == {"dr_yueh": 1}
    assert rules_cards.price_of(g.engine, p, "dr_yueh") == 0 and rules_cards.cost_of(g.engine, p, "dr_yueh") == 1
    g.box(0, "p_discount", "agent")  # discounts add up, and never go below 0
    assert p.discounts == {"dr_yueh": 2} and rules_cards.price_of(g.engine, p, "dr_yueh") == 0
    turns.end_of_turn(p)
    assert rules_cards.price_of(g.engine, p, "dr_yueh") == 1


def test_acquire_to_top_lasts_until_the_end_of_the_reveal_turn(probes):
    g, _ = run(probes, "p_acquire_to_top")
    assert g.p(0).acquire_to_top
    g.answer(0, "put Dr. Yueh on top of your deck")
    rules_cards.receive_card(g.engine, g.p(0), "dr_yueh")
    g.engine.drive()
    assert g.p(0).deck == ["dr_yueh"]
    g.reveal(0)
    assert not g.p(0).acquire_to_top
    finish(g)


def test_manipulate_sets_a_row_card_aside(probes):
    g, _ = run(probes, "p_manipulate", lambda g: (setattr(g.state, "imperium_row", ["dr_yueh", "chani"]),
                                                   setattr(g.state, "imperium_deck", ["stilgar"])),
               ("set aside Chani",))
    assert g.p(0).manipulated == ["chani"] and g.state.imperium_row == ["dr_yueh", "stilgar"]
    assert rules_cards.price_of(g.engine, g.p(0), "chani", aside=True) == 4 and rules_cards.price_of(g.engine, g.p(1), "chani") == 5


def test_manipulate_as_a_leader_signet(probes):
    g = new(probes, leaders=["p_seer"] * 4)
    assert probes.defs["p_seer"]["modifiers"] == (("see_top_card",),)
    g.state.imperium_row = ["dr_yueh", "chani"]
    g.answer(0, "set aside Dr. Yueh")
    g.box(0, "p_seer", "signet")
    assert g.p(0).manipulated == ["dr_yueh"]
    finish(g)


def test_block_space_blocks_for_opponents_until_recall(probes):
    g, _ = run(probes, "p_block_space", answers=("block Secrets",))
    assert g.state.blocked == {"secrets": 0}
    g.p(1).hand = g.p(0).hand = ["diplomacy"]
    assert not legal(g, 1, "diplomacy", "secrets") and legal(g, 0, "diplomacy", "secrets")
    turns.recall(g.engine)
    assert legal(g, 1, "diplomacy", "secrets")


@pytest.mark.parametrize("space,spice", [("imperial_basin", 1), ("hagga_basin", 2), ("the_great_flat", 3),
                                         ("arrakeen", 0), ("secure_contract", 0)])
def test_double_harvest_gives_the_base_harvest_of_a_maker_space(probes, space, spice):
    g, d = run(probes, "p_double_harvest", lambda g: g.state.maker_spice.update({space: 3}), space=space)
    assert d == {0: _add(P, {"spice": spice})}


def test_extra_icon_infiltrate_and_pass_turn_last_this_turn(probes):
    g = new(probes)
    p = g.p(0)
    p.hand = ["p_solari"]  # City only
    g.state.occupied = {"arrakeen": 2}
    assert not legal(g, 0, "p_solari", "hall_of_oratory") and not legal(g, 0, "p_solari", "arrakeen")
    for ident in ("p_extra_icon", "p_infiltrate", "p_pass_turn", "p_extra_icon"):
        g.box(0, ident, "plot")
    assert p.extra_icons == ["landsraad"]  # an icon is had once
    assert legal(g, 0, "p_solari", "hall_of_oratory") and legal(g, 0, "p_solari", "arrakeen")
    assert p.infiltrate and p.may_pass
    turns.end_of_turn(p)
    assert (p.extra_icons, p.infiltrate, p.may_pass) == ([], False, False)
    assert not legal(g, 0, "p_solari", "hall_of_oratory") and not legal(g, 0, "p_solari", "arrakeen")


def test_pass_turn_is_offered_in_the_turn_menu(probes):
    g = new(probes)
    g.p(0).intrigue = ["p_pass_turn"]
    g.answer(0, "play p_pass_turn", "pass this turn")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert g.asked(0)[1] == ("turn", ["pass this turn", "reveal"])
    assert not g.p(0).revealed_turn and g.p(0).agents_left == 2
    finish(g)


def test_card_flag_infiltrate_alone(probes):
    g = new(probes)
    g.state.occupied = {"arrakeen": 1, "carthag": 0}
    g.p(0).hand = ["p_infiltrator"]
    assert legal(g, 0, "p_infiltrator", "arrakeen") and not legal(g, 0, "p_infiltrator", "carthag")
    g.p(0).agents_left = 0
    assert not legal(g, 0, "p_infiltrator", "arrakeen")  # it does not move a placed agent


def test_card_flag_from_anywhere_alone(probes):
    g = new(probes)
    g.state.occupied = {"arrakeen": 1, "carthag": 0}
    g.p(0).hand = ["p_anywhere"]
    assert not legal(g, 0, "p_anywhere", "arrakeen")  # enemy agents still block it
    g.p(0).agents_left = 0
    assert legal(g, 0, "p_anywhere", "research_station") is False  # 2 water, has 1
    g.p(0).water = 2
    before = snap(g)
    g.answer(0, "deploy 0")
    g.agent(0, "p_anywhere", "research_station")  # the agent at Carthag moves; none is used up
    assert changes(g, before) == {0: {"water": -2, "hand": -1, "played": 1}}  # its 3 draws: an empty deck
    assert g.state.occupied == {"arrakeen": 1, "research_station": 0}
    finish(g)


@pytest.mark.parametrize("space,bonus,spice", [("hagga_basin", 0, 2), ("the_great_flat", 2, 5),
                                               ("imperial_basin", 1, 2), ("arrakeen", 0, 0)])
def test_harvest_takes_the_space_spice_and_its_bonus(probes, space, bonus, spice):
    g = new(probes)
    if space in g.state.maker_spice:
        g.state.maker_spice[space] = bonus
    before = snap(g)
    g.box(0, "p_harvest", "hagal", space=space)
    assert changes(g, before) == ({0: {"spice": spice}} if spice else {})
    assert g.state.maker_spice.get(space, 0) == 0
    finish(g)


# ---------------------------------------------------------------------- a once-per-game leader box
@pytest.mark.parametrize("a,b", [("Emperor", "Spacing Guild"), ("Bene Gesserit", "Fremen")])
def test_once_box_two_factions(probes, a, b):
    g = new(probes, leaders=["p_once"] * 4)
    before = snap(g)
    g.answer(0, f"+1 Influence with {a}", f"+1 Influence with {b}")
    g.box(0, "p_once", "once")
    faction = {"Emperor": "emperor", "Spacing Guild": "guild", "Bene Gesserit": "bene_gesserit",
               "Fremen": "fremen"}
    assert changes(g, before) == {0: {faction[a]: 1, faction[b]: 1}}
    assert [len(labels) for _, labels in g.asked(0)] == [4, 3]
    finish(g)


def test_once_box_from_the_turn_menu(probes):
    g = new(probes, leaders=["p_once"] * 4)
    g.p(0).agents_left = 0
    before = snap(g)
    g.answer(0, "use Probe Once's once-per-game ability", "+1 Influence with Fremen",
             "+1 Influence with Emperor")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))  # then "reveal" is the only option: the Reveal turn follows
    assert changes(g, before) == {0: {"once_used": 1, "fremen": 1, "emperor": 1}}
    assert g.asked(0)[0] == ("turn", ["use Probe Once's once-per-game ability", "reveal"])
    assert g.p(0).revealed_turn
    finish(g)


def test_once_box_is_offered_once(probes):
    g = new(probes, leaders=["p_once"] * 4)
    g.p(0).once_used = True
    g.p(0).agents_left = 0
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert g.asked(0) == []  # only "reveal" was left
    finish(g)


# ---------------------------------------------------------------------- a secret choice and `on deploy`
def test_secret_factions_are_different_and_kept_in_track_order(probes):
    g = new(probes, leaders=["p_secret"] * 4)
    g.answer(0, "choose Fremen in secret", "choose Emperor in secret", "choose Spacing Guild in secret")
    rules_agents.leader_trigger(g.engine, g.p(0), "game_start")
    g.engine.drive()
    assert g.p(0).secret == ["emperor", "guild", "fremen"]
    assert [len(labels) for _, labels in g.asked(0)] == [4, 3, 2]
    assert g.state.log[-1] == "  P1 (Probe Secret) chooses three factions in secret"
    finish(g)


def test_on_deploy_runs_after_each_deployment_with_the_turn_count(probes):
    g = new(probes, leaders=["p_secret"] * 4)
    p = g.p(0)
    g.answer(0, "deploy 1")
    g.box(0, "p_deploy", "agent")  # 1 this turn: not yet
    assert p.solari == 0 and p.deployed_turn == 1
    g.box(0, "p_deploy_supply", "agent")  # 2 more from the supply: 3 this turn
    assert p.solari == 1 and p.deployed_turn == 3
    g.answer(0, "deploy 0")
    g.box(0, "p_deploy", "agent")  # deploying none is no deployment
    assert p.solari == 1
    turns.end_of_turn(p)
    assert p.deployed_turn == 0
    finish(g)


@pytest.mark.parametrize("source,code", [
    ('leader l "L" {\n  on game_start { secret_factions 5 }\n}\n', "E0310"),  # only four factions
    ('leader l "L" {\n  on game_start { secret_factions 0 }\n}\n', "E0310"),
    ('card c "C" {\n  cost 1; icons city\n  agent { secret_factions 2 }\n}\n', "E0301"),  # game start only
    ('leader l "L" {\n  on deploy { if deployed_this_turn { solari 1 } }\n}\n', "E0305"),  # a number
])
def test_secret_and_deploy_constructs_are_checked(source, code):
    from dunec.frontend import compile_sources
    _, diags = compile_sources([("cards/base/x.dune", source)])
    assert code in {d.code for d in diags.errors}, diags.render()
