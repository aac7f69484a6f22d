"""Rules: the Reveal turn (rules 001 "On your Reveal turn ...")."""
from __future__ import annotations

from scenario import Scenario

from dunec.engine.loop.turns import strength

PLAIN = "glossu_rabban"
# Nothing here costs 1, 2 or 3, so no Row card is affordable by accident.
EXPENSIVE_ROW = ["gun_thopter", "opulence", "chani", "liet_kynes", "worm_riders"]


def _game(content, n=3):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.state.imperium_deck = ["duncan_idaho", "reverend_mother_mohiam"]  # top = end
    return g


def _buy_labels(g, seat):
    return [labels for k, labels in g.asked(seat) if k == "buy"]


def test_only_cards_left_in_hand_are_revealed(content):
    g = _game(content)
    p = g.p(0)
    p.played = ["arrakis_recruiter"]  # played on an agent turn: its Reveal box (1 persuasion, 1 sword) is ignored
    p.hand = ["dagger", "convincing_argument"]
    p.conflict, p.supply = 1, 8
    g.answer(0, "stop buying")
    g.reveal(0)
    assert p.swords == 1  # the Dagger's sword only
    assert _buy_labels(g, 0) == [["buy Arrakis Liaison (2)", "stop buying"]]  # 2 persuasion, not 3
    assert strength(p) == 3
    g.done()


def test_bought_row_card_is_replaced_at_once_and_the_replacement_can_be_bought(content):
    g = _game(content)
    st = g.state
    p = g.p(0)
    st.imperium_row = ["imperial_spy"] + EXPENSIVE_ROW[:4]
    st.imperium_deck = ["scout", "arrakis_recruiter"]
    p.hand = ["convincing_argument", "convincing_argument"]
    g.answer(0, "buy Imperial Spy", "buy Arrakis Recruiter")
    g.reveal(0)
    assert "buy Arrakis Recruiter (2)" in _buy_labels(g, 0)[1]
    assert sorted(st.imperium_row) == sorted(EXPENSIVE_ROW[:4] + ["scout"])
    assert len(st.imperium_row) == 5
    assert st.imperium_deck == []
    # Bought cards go to the discard pile (with the revealed cards), never to hand or deck.
    assert sorted(p.discard) == sorted(["convincing_argument", "convincing_argument", "imperial_spy",
                                        "arrakis_recruiter"])
    assert p.hand == [] and p.deck == []
    g.done()


def test_several_cards_may_be_bought_including_from_the_reserve(content):
    g = _game(content)
    st = g.state
    p = g.p(0)
    p.hand = ["convincing_argument"] * 3  # 6 persuasion
    before = st.reserve["arrakis_liaison"]
    g.answer(0, "buy Arrakis Liaison", "buy Gun Thopter")
    g.reveal(0)
    assert st.reserve["arrakis_liaison"] == before - 1
    assert p.discard.count("arrakis_liaison") == 1 and p.discard.count("gun_thopter") == 1
    assert p.persuasion == 0
    g.done()


def test_unspent_persuasion_is_lost(content):
    g = _game(content)
    p = g.p(0)
    p.hand = ["convincing_argument", "diplomacy"]  # 3 persuasion
    g.answer(0, "buy Arrakis Liaison")  # 1 left over: nothing costs 1, so no further question
    g.reveal(0)
    assert p.persuasion == 0
    assert len(_buy_labels(g, 0)) == 1
    g.done()


def test_high_council_seat_adds_two_persuasion(content):
    g = _game(content)
    p = g.p(0)
    p.seat_on_council = True
    p.hand = ["convincing_argument"]
    g.answer(0, "buy Gun Thopter")
    g.reveal(0)
    assert "gun_thopter" in p.discard
    g.done()


def test_without_the_seat_no_extra_persuasion(content):
    g = _game(content)
    p = g.p(0)
    p.hand = ["convincing_argument"]
    g.answer(0, "stop buying")
    g.reveal(0)
    assert _buy_labels(g, 0) == [["buy Arrakis Liaison (2)", "stop buying"]]
    g.done()


def test_foldspace_cannot_be_bought_but_the_other_reserve_cards_can(content):
    g = _game(content)
    p = g.p(0)
    p.hand = ["convincing_argument"] * 5  # 10 persuasion
    g.answer(0, "buy The Spice Must Flow")
    g.reveal(0)
    first = _buy_labels(g, 0)[0]
    assert not any("Foldspace" in lab for lab in first)
    assert "buy Arrakis Liaison (2)" in first and "buy The Spice Must Flow (9)" in first
    # The Spice Must Flow scores its Victory Point when acquired.
    assert p.vp == 1 and "the_spice_must_flow" in p.discard
    g.done()


def test_persuasion_from_an_agent_turn_is_spent_on_the_reveal_turn(content):
    # Decision (board reading): Hall of Oratory's persuasion is held until the Reveal turn.
    g = _game(content)
    p = g.p(0)
    g.agent(0, "dagger", "hall_of_oratory")
    assert p.persuasion == 1
    p.hand = ["convincing_argument"]
    g.answer(0, "stop buying")
    g.reveal(0)
    assert "buy Arrakis Liaison (2)" in _buy_labels(g, 0)[0]
    g.done()


def test_strength_is_two_per_troop_plus_one_per_sword(content):
    g = _game(content)
    p = g.p(0)
    p.conflict, p.supply = 3, 6
    p.hand = ["dagger", "dagger"]
    g.reveal(0)
    assert p.swords == 2
    assert strength(p) == 3 * 2 + 2
    g.done()


def test_strength_is_zero_without_troops_in_the_conflict(content):
    g = _game(content)
    p = g.p(0)
    p.hand = ["dagger", "dagger"]
    g.reveal(0)
    assert p.swords == 2 and p.conflict == 0
    assert strength(p) == 0
    # Troops in the garrison score nothing.
    assert p.garrison == 3


def test_cleanup_sweeps_played_and_revealed_cards_into_the_discard(content):
    g = _game(content)
    p = g.p(0)
    p.played = ["reconnaissance", "signet_ring"]
    p.hand = ["dagger", "seek_allies"]
    p.discard = ["diplomacy"]
    g.reveal(0)
    assert p.hand == [] and p.played == [] and p.revealed == []
    assert sorted(p.discard) == sorted(["diplomacy", "reconnaissance", "signet_ring", "dagger", "seek_allies"])
    assert p.revealed_turn
    g.done()
