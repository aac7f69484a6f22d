"""House Hagal rivals with Immortality (rules 002 "Preparation" 11; rules 000
solo setup; HAGAL.md 1 and 2.2): the deck per mode (the Immortality cards are
solo only and replace the base Carthag cards), and what a rival gets from each
Immortality card. docs/decisions.md, "House Hagal with Immortality"."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.loop import setup
from dunec.engine.rivals import deck as hagal

from hagal_support import RivalGame
from test_cards_support import changes, snap

P1, P2, P3 = 0, 1, 2
IMM_SOLO = ("hagal_research_station", "hagal_carthag_1", "hagal_carthag_2", "hagal_carthag_3")


@pytest.fixture
def imm(content):
    return content.select(("base", "immortality"))


def solo(content) -> RivalGame:
    g = RivalGame(content, "solo")
    setup.give_sets(content, g.state)  # as runner.new_state does
    return g


def test_the_solo_deck_swaps_the_base_carthag_cards_for_immortality_s(imm):
    """Solo: the base deck (27) less the 3 base Carthag cards, plus Research Station
    and Carthag 1, 2 and 3 (28)."""
    deck = Counter(hagal.cards_for(imm, "solo"))
    assert "hagal_carthag" not in deck
    assert all(deck[c] == 1 for c in IMM_SOLO)
    assert sum(deck.values()) == 27 - 3 + len(IMM_SOLO) == 28


def test_the_two_player_deck_does_not_change(imm, content):
    """The book's rival rules "don't apply to two-player games" (HAGAL.md OQ 1)."""
    base = content.select(("base",))
    assert Counter(hagal.cards_for(imm, "duo")) == Counter(hagal.cards_for(base, "duo"))
    assert Counter(hagal.cards_for(imm, "duo"))["hagal_carthag"] == 3


def test_with_ix_and_immortality_the_solo_deck_drops_both_sets_base_cards(content):
    both = content.select(("base", "ix", "immortality"))
    deck = Counter(hagal.cards_for(both, "solo"))
    for gone in ("hagal_carthag", "hagal_rally_troops", "hagal_hall_of_oratory"):
        assert gone not in deck
    assert sum(deck.values()) == 30 - 3 + len(IMM_SOLO) == 31  # HAGAL.md 1, rules 000's list


def test_research_station_deploys_from_the_garrison_and_climbs_the_tleilaxu_track(imm):
    g = solo(imm)
    rival = g.p(P2)
    assert rival.garrison == 3  # veteran
    before = snap(g)
    g.stack("hagal_research_station")
    g.rival_turn(P2)
    assert g.state.occupied == {"research_station_immortality": P2}
    assert rival.tracks["tleilaxu"] == 2  # step 2: an intrigue card
    assert rival.tracks["research"] == imm.declared("track")["research"]["start"]  # never moves
    assert changes(g, before) == {P2: {"garrison": -2, "conflict": 2, "intrigue": 1, "agents_left": -1}}
    g.finish()


def test_carthag_3_recruits_deploys_and_climbs_one_step(imm):
    g = solo(imm)
    rival = g.p(P2)
    before = snap(g)
    g.stack("hagal_carthag_3")
    g.rival_turn(P2)
    assert g.state.occupied == {"carthag": P2}
    assert rival.tracks["tleilaxu"] == 1
    assert changes(g, before) == {P2: {"supply": -1, "garrison": -2, "conflict": 3, "agents_left": -1}}
    g.finish()


@pytest.mark.parametrize("card, slot", [("hagal_carthag_1", 1), ("hagal_carthag_2", 2)])
def test_carthag_1_and_2_trash_their_slot_of_the_tleilaxu_row(imm, card, slot):
    g = solo(imm)
    st = g.state
    up, deck = list(st.market_slots["tleilaxu_row"]), list(st.market_decks["tleilaxu_row"])
    before = snap(g)
    g.stack(card)
    g.rival_turn(P2)
    assert g.state.occupied == {"carthag": P2}
    assert g.p(P2).tracks["tleilaxu"] == 1
    assert changes(g, before) == {P2: {"supply": -1, "garrison": -2, "conflict": 3, "agents_left": -1}}
    gone = up[slot - 1]
    assert st.imperium_trash == [gone]
    want = list(up)
    want[slot - 1] = deck[-1]  # refilled in place from the top of the deck
    assert st.market_slots["tleilaxu_row"] == want and st.market_decks["tleilaxu_row"] == deck[:-1]
    assert "reclaimed_forces" not in st.imperium_trash
    g.finish()
