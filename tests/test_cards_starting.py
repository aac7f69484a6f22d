"""Every starting card and reserve card in cards/base: reveal boxes, agent boxes
played through real agent turns, acquire bonuses, buying on the Reveal turn, and
the starting deck every player is dealt."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.rules import cards as rules_cards
from dunec.engine.loop import turns
from dunec.engine.loop.setup import new_game

from test_cards_support import changes, finish, legal, new, snap


def reveal_box(g, seat, card):
    before = snap(g)
    g.box(seat, card, "reveal")
    return changes(g, before)


# ---------------------------------------------------------------------- starters: reveal boxes
@pytest.mark.parametrize("card,delta", [
    ("convincing_argument", {"persuasion": 2}),
    ("dagger", {"swords": 1}),
    ("diplomacy", {"persuasion": 1}),
    ("dune_the_desert_planet", {"persuasion": 1}),
    ("reconnaissance", {"persuasion": 1}),
    ("signet_ring", {"persuasion": 1}),
])
def test_starter_reveal(content, card, delta):
    g = new(content)
    assert reveal_box(g, 0, card) == {0: {**delta, "revealed": 1}}
    finish(g)


def test_seek_allies_has_no_reveal_box(content):
    assert content.effect("seek_allies", "reveal") is None
    assert content.effect("convincing_argument", "agent") is None


# ---------------------------------------------------------------------- starters: agent icons
@pytest.mark.parametrize("card,yes,no", [
    ("convincing_argument", (), ("hall_of_oratory", "arrakeen", "wealth", "secure_contract")),
    ("dagger", ("hall_of_oratory",), ("arrakeen", "carthag", "wealth", "secure_contract")),
    ("diplomacy", ("wealth", "foldspace_space", "secrets", "stillsuits"), ("hall_of_oratory", "arrakeen")),
    ("dune_the_desert_planet", ("secure_contract", "imperial_basin"), ("wealth", "arrakeen")),
    ("reconnaissance", ("arrakeen", "carthag"), ("hall_of_oratory", "secure_contract")),
    ("seek_allies", ("wealth", "foldspace_space", "secrets", "stillsuits"), ("hall_of_oratory",)),
    ("signet_ring", ("hall_of_oratory", "arrakeen", "secure_contract"), ("wealth",)),
])
def test_starter_agent_icons(content, card, yes, no):
    g = new(content)
    g.p(0).hand = [card]
    for space in yes:
        assert legal(g, 0, card, space), space
    for space in no:
        assert not legal(g, 0, card, space), space


def test_dagger_agent_has_no_box(content):
    g = new(content)
    before = snap(g)
    g.agent(0, "dagger", "hall_of_oratory")  # no agent box: no order question
    assert changes(g, before) == {0: {"played": 1, "agents_left": -1, "garrison": 1, "supply": -1,
                                      "persuasion": 1}}
    finish(g)


def test_diplomacy_agent_at_a_faction_space(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "deploy 0")
    g.agent(0, "diplomacy", "stillsuits")
    assert changes(g, before) == {0: {"played": 1, "agents_left": -1, "fremen": 1, "water": 1}}
    finish(g)


def test_dune_the_desert_planet_agent(content):
    g = new(content)
    before = snap(g)
    g.agent(0, "dune_the_desert_planet", "secure_contract")
    assert changes(g, before) == {0: {"played": 1, "agents_left": -1, "solari": 3}}
    finish(g)


def test_reconnaissance_agent(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "deploy 0")
    g.agent(0, "reconnaissance", "carthag")
    assert changes(g, before) == {0: {"played": 1, "agents_left": -1, "garrison": 1, "supply": -1,
                                      "intrigue": 1}}
    finish(g)


def test_convincing_argument_cannot_send_an_agent(content):
    g = new(content)
    g.p(0).hand = ["convincing_argument"]
    assert turns.agent_options(g.engine, g.p(0)) == []


# ---------------------------------------------------------------------- Seek Allies
@pytest.mark.parametrize("order", ["space first", "card first"])
def test_seek_allies_agent_trashes_itself(content, order):
    g = new(content)
    before = snap(g)
    g.answer(0, order)
    g.agent(0, "seek_allies", "wealth")
    assert changes(g, before) == {0: {"agents_left": -1, "trashed": 1, "emperor": 1, "solari": 2}}
    assert g.p(0).trashed == ["seek_allies"] and g.p(0).played == []
    finish(g)


# ---------------------------------------------------------------------- Signet Ring
def test_signet_ring_agent_uses_the_leaders_signet(content):
    g = new(content)  # Count Ilban Richese: signet { solari 1 }
    before = snap(g)
    g.answer(0, "space first")
    g.agent(0, "signet_ring", "hall_of_oratory")
    assert changes(g, before) == {0: {"played": 1, "agents_left": -1, "garrison": 1, "supply": -1,
                                      "persuasion": 1, "solari": 1}}
    finish(g)


def test_signet_ring_agent_box(content):
    g = new(content, leaders=["earl_memnon_thorvald"] * 4)  # signet { spice 1 }
    before = snap(g)
    g.box(0, "signet_ring", "agent")
    assert changes(g, before) == {0: {"played": 1, "spice": 1}}
    finish(g)


# ---------------------------------------------------------------------- the starting deck
def test_every_player_starts_with_the_starting_deck(content):
    st = new_game(content, 4, 7)
    want = {"convincing_argument": 2, "dagger": 2, "diplomacy": 1, "dune_the_desert_planet": 2,
            "reconnaissance": 1, "seek_allies": 1, "signet_ring": 1}
    assert dict(content.defs["starting"]["cards"]) == want
    for p in st.players:
        assert Counter(p.deck) == want and p.hand == []


def test_a_reveal_turn_with_a_starting_hand(content):
    g = new(content)
    g.p(0).hand = ["convincing_argument", "convincing_argument", "dagger", "diplomacy", "reconnaissance"]
    g.state.imperium_row = ["dr_yueh", "chani", "scout", "opulence", "liet_kynes"]
    g.answer(0, "buy Arrakis Liaison (2)", "buy Dr. Yueh (1)", "stop buying")
    before = snap(g)
    g.reveal(0)
    # 2 + 2 + 1 + 1 = 6 Persuasion and 1 sword; 3 Persuasion spent, the rest is lost.
    assert changes(g, before) == {0: {"swords": 1, "hand": -5, "discard": 7}}
    # Bought cards go to the discard pile first, then the revealed hand follows them.
    assert g.p(0).discard[:2] == ["arrakis_liaison", "dr_yueh"]
    first = g.asked(0)[0][1]
    assert first == ["buy Dr. Yueh (1)", "buy Chani (5)", "buy Scout (1)", "buy Opulence (6)",
                     "buy Liet Kynes (5)", "buy Arrakis Liaison (2)", "stop buying"]
    assert g.state.reserve["arrakis_liaison"] == 7 and len(g.state.imperium_row) == 5
    finish(g)


# ---------------------------------------------------------------------- reserve cards
def test_arrakis_liaison_reveal(content):
    g = new(content)
    assert reveal_box(g, 0, "arrakis_liaison") == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


def test_arrakis_liaison_agent_icon_and_bond(content):
    g = new(content)
    g.p(0).hand = ["arrakis_liaison"]
    # Landsraad and City (every independent source; docs/decisions.md).
    assert legal(g, 0, "arrakis_liaison", "arrakeen") and legal(g, 0, "arrakis_liaison", "hall_of_oratory")
    assert not legal(g, 0, "arrakis_liaison", "secure_contract") and not legal(g, 0, "arrakis_liaison", "wealth")
    assert content.defs["arrakis_liaison"]["factions"] == ("fremen",)
    assert content.defs["arrakis_liaison"]["cost"] == 2 and content.defs["arrakis_liaison"]["copies"] == 8


def test_the_spice_must_flow_on_acquire(content):
    g = new(content)
    before = snap(g)
    rules_cards.receive_card(g.engine, g.p(0), "the_spice_must_flow")
    g.engine.drive()
    assert changes(g, before) == {0: {"vp": 1, "discard": 1}}
    assert g.p(0).vp_ledger["cards"] == 1
    finish(g)


def test_the_spice_must_flow_reveal(content):
    g = new(content)
    assert reveal_box(g, 0, "the_spice_must_flow") == {0: {"spice": 1, "revealed": 1}}
    finish(g)


def test_the_spice_must_flow_bought_on_the_reveal_turn(content):
    g = new(content)
    g.state.imperium_row = []
    g.p(0).hand = ["convincing_argument"] * 4 + ["diplomacy"]
    g.answer(0, "buy The Spice Must Flow (9)")  # 9 Persuasion spent: nothing else to ask
    before = snap(g)
    g.reveal(0)
    assert changes(g, before) == {0: {"vp": 1, "hand": -5, "discard": 6}}
    assert g.state.reserve["the_spice_must_flow"] == 9
    finish(g)


def test_foldspace_is_never_bought(content):
    g = new(content)
    g.state.imperium_row = []
    g.p(0).hand = ["convincing_argument"]
    g.answer(0, "stop buying")
    g.reveal(0)
    assert g.asked(0) == [("buy", ["buy Arrakis Liaison (2)", "stop buying"])]
    assert content.defs["foldspace"]["gained_only"] is True and content.defs["foldspace"]["cost"] == 0
    finish(g)


def test_foldspace_goes_to_any_space_draws_a_card_and_trashes_itself(content):
    g = new(content)
    g.p(0).hand = ["foldspace"]
    g.p(0).deck = ["dagger"]
    for space in ("wealth", "foldspace_space", "secrets", "stillsuits",
                  "hall_of_oratory", "arrakeen", "secure_contract"):
        assert legal(g, 0, "foldspace", space), space
    assert content.defs["foldspace"]["boxes"] == ("agent",)
    before = snap(g)
    g.answer(0, "card first")
    g.agent(0, "foldspace", "secure_contract")
    # It leaves play for the trash: not in the discard pile at the end of the round.
    assert changes(g, before) == {0: {"deck": -1, "trashed": 1, "agents_left": -1, "solari": 3}}
    assert g.p(0).hand == ["dagger"] and g.p(0).trashed == ["foldspace"] and g.p(0).played == []
    assert any("trashes Foldspace" in line for line in g.state.log)
    finish(g)


def test_foldspace_cannot_be_kept_by_trashing_nothing(content):
    # "Trash this card" is not the optional trash icon: Foldspace always goes (decisions.md).
    g = new(content)
    g.p(0).hand = ["foldspace"]
    g.answer(0, "space first")
    g.agent(0, "foldspace", "wealth")
    assert not any(k == "trash" for k, _ in g.asked(0))
    assert g.p(0).trashed == ["foldspace"]
    finish(g)
