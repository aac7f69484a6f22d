"""Every House Hagal card (cards/base/hagal.dune), by scenario: the rival reveals
it, and the test asserts where its agent went and the whole change it caused to
every seat; then the card's swords when a rival draws it in the Combat phase,
and the modes it is used in.

The solo scenarios are Veteran games (rivals start with 3 garrisoned troops) with
the rival to your left (P2, Count Ilban Richese) taking the turn."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.rivals import deck as hagal, play as rivals

from hagal_support import RivalGame
from test_cards_support import changes, snap

RIVAL = 1
# card -> (space, what the solo rival's turn changes for it, swords)
SOLO = {
    "hagal_conspire": ("conspire", {"emperor": 1, "garrison": 2, "supply": -2}, 4),
    "hagal_wealth": ("wealth", {"emperor": 1}, 3),
    # 3 recruited and 2 more from the garrison go to the Conflict
    "hagal_heighliner": ("heighliner", {"guild": 1, "garrison": -2, "supply": -3, "conflict": 5}, 6),
    "hagal_foldspace": ("foldspace_space", {"guild": 1}, 1),
    "hagal_selective_breeding": ("selective_breeding", {"bene_gesserit": 1}, 2),
    "hagal_secrets": ("secrets", {"bene_gesserit": 1}, 1),
    "hagal_hardy_warriors": ("hardy_warriors", {"fremen": 1, "garrison": -2, "supply": -2, "conflict": 4}, 5),
    # recruits nothing, still sends 2 from the garrison
    "hagal_stillsuits": ("stillsuits", {"fremen": 1, "garrison": -2, "conflict": 2}, 4),
    "hagal_rally_troops": ("rally_troops", {"garrison": 4, "supply": -4}, 3),
    "hagal_hall_of_oratory": ("hall_of_oratory", {"garrison": 1, "supply": -1}, 0),
    "hagal_carthag": ("carthag", {"garrison": -2, "supply": -1, "conflict": 3}, 0),
    # the signet ring icon: Count Ilban Richese's signet ring gives 1 Solari
    "hagal_arrakeen_solo": ("arrakeen", {"garrison": -2, "supply": -1, "conflict": 3, "solari": 1}, 1),
}


@pytest.mark.parametrize("card", sorted(SOLO))
def test_solo_rival_reveals_the_card_and_gets_only_what_it_gives(content, card):
    space, delta, _ = SOLO[card]
    g = RivalGame(content, "solo")
    g.stack(card)
    before = snap(g)
    g.rival_turn(RIVAL)
    assert g.state.occupied == {space: RIVAL}
    assert changes(g, before) == {RIVAL: {**delta, "agents_left": -1}}
    assert g.state.hagal_discard[-1] == card  # face up until the next reshuffle
    g.finish()


def test_harvest_spice_takes_the_space_spice_and_its_bonus(content):
    g = RivalGame(content, "solo")
    g.state.maker_spice.update({"the_great_flat": 1, "hagga_basin": 2, "imperial_basin": 2})
    g.stack("hagal_harvest_spice")
    before = snap(g)
    g.rival_turn(RIVAL)
    # Hagga Basin and Imperial Basin tie on bonus spice: Hagga Basin is listed first.
    assert g.state.occupied == {"hagga_basin": RIVAL}
    assert g.state.maker_spice == {"the_great_flat": 1, "hagga_basin": 0, "imperial_basin": 2}
    # 2 spice from the space and 2 bonus, no water paid; 2 troops from the garrison deployed.
    assert changes(g, before) == {RIVAL: {"spice": 4, "garrison": -2, "conflict": 2, "agents_left": -1}}
    g.finish()


def test_harvest_spice_fails_without_bonus_spice_and_the_next_card_is_revealed(content):
    g = RivalGame(content, "solo")
    g.stack("hagal_harvest_spice", "hagal_wealth")
    g.rival_turn(RIVAL)
    assert g.state.occupied == {"wealth": RIVAL}
    assert g.state.hagal_discard[-2:] == ["hagal_harvest_spice", "hagal_wealth"]
    g.finish()


def test_duo_arrakeen_recruits_and_deploys_with_no_signet(content):
    g = RivalGame(content, "duo")
    g.stack("hagal_arrakeen_duo")
    before = snap(g)
    g.rival_turn(2)
    assert g.state.occupied == {"arrakeen": 2}
    # The two-player rival starts with an empty garrison: the 1 troop it recruits is deployed.
    assert changes(g, before) == {2: {"supply": -1, "conflict": 1, "agents_left": -1}}
    g.finish()


def test_duo_harvest_spice_clears_the_bonus_but_gains_nothing(content):
    g = RivalGame(content, "duo")
    g.state.maker_spice["the_great_flat"] = 1
    g.stack("hagal_harvest_spice")
    before = snap(g)
    g.rival_turn(2)
    assert g.state.occupied == {"the_great_flat": 2}
    assert g.state.maker_spice["the_great_flat"] == 0
    assert changes(g, before) == {2: {"agents_left": -1}}
    g.finish()


def test_reshuffle_card_shuffles_every_card_and_the_rival_reveals_again(content):
    g = RivalGame(content, "duo")
    g.stack("hagal_carthag", "hagal_wealth")
    g.rival_turn(2)
    assert g.state.occupied == {"carthag": 2}
    g.stack("hagal_reshuffle")
    revealed = len(g.state.hagal_discard)
    assert revealed == 1  # Carthag, face up
    g.rival_turn(2)
    # Reshuffle went back into the deck with Carthag; then a card was revealed and used.
    assert len(g.state.hagal_discard) >= 1 and "hagal_reshuffle" not in g.state.hagal_discard[:1]
    assert sorted(g.state.occupied.values()) == [2, 2]
    assert any("reveals Reshuffle" in line for line in g.state.log)
    assert any("reshuffled (the Reshuffle card): 28 cards" in line for line in g.state.log)
    g.finish()


@pytest.mark.parametrize("card,swords", sorted({**{c: v[2] for c, v in SOLO.items()},
                                                 "hagal_harvest_spice": 2, "hagal_arrakeen_duo": 1}.items()))
def test_swords_on_the_bottom_row_count_when_drawn_in_combat(content, card, swords):
    g = RivalGame(content, "duo" if card == "hagal_arrakeen_duo" else "solo")
    first = next(p for p in g.engine.order() if p.rival)  # the first rival in turn order draws first
    first.supply -= 1
    first.conflict += 1
    g.stack(card)
    rivals.combat_draws(g.engine)
    assert first.swords == swords
    assert g.state.hagal_discard[0] == card
    g.finish()


def test_reshuffle_has_no_swords_the_rival_draws_again(content):
    g = RivalGame(content, "duo")
    g.p(2).supply -= 1
    g.p(2).conflict += 1
    g.stack("hagal_reshuffle")
    rivals.combat_draws(g.engine)
    drawn = g.state.hagal_discard
    assert len(drawn) == 1 and drawn[0] != "hagal_reshuffle"
    assert g.p(2).swords == g.engine.defs[drawn[0]]["swords"]
    g.finish()


@pytest.mark.parametrize("card,modes,copies", [
    ("hagal_conspire", {"solo", "duo"}, 2), ("hagal_wealth", {"solo", "duo"}, 1),
    ("hagal_heighliner", {"solo", "duo"}, 1), ("hagal_foldspace", {"solo", "duo"}, 2),
    ("hagal_selective_breeding", {"solo", "duo"}, 2), ("hagal_secrets", {"solo", "duo"}, 1),
    ("hagal_hardy_warriors", {"solo", "duo"}, 1), ("hagal_stillsuits", {"solo", "duo"}, 2),
    ("hagal_rally_troops", {"solo", "duo"}, 2), ("hagal_hall_of_oratory", {"solo", "duo"}, 2),
    ("hagal_carthag", {"solo", "duo"}, 3), ("hagal_harvest_spice", {"solo", "duo"}, 5),
    ("hagal_arrakeen_solo", {"solo"}, 3), ("hagal_arrakeen_duo", {"duo"}, 3), ("hagal_reshuffle", {"duo"}, 1),
])
def test_each_card_is_in_the_decks_of_its_modes(content, card, modes, copies):
    for mode in ("solo", "duo"):
        assert Counter(hagal.cards_for(content, mode))[card] == (copies if mode in modes else 0), mode


def test_the_deck_per_mode(content):
    solo, duo = Counter(hagal.cards_for(content, "solo")), Counter(hagal.cards_for(content, "duo"))
    common = solo & duo
    assert sum(common.values()) == 24
    assert sum(solo.values()) == 27 and solo - common == Counter({"hagal_arrakeen_solo": 3})
    assert sum(duo.values()) == 28 and duo - common == Counter({"hagal_arrakeen_duo": 3, "hagal_reshuffle": 1})
    assert "hagal_reshuffle" not in solo  # the solo deck is reshuffled only when it runs out
