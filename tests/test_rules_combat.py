"""Rules: the Combat phase (rules 001 "In the Combat phase ...", "Winning a Conflict for
Arrakeen, Carthag, or Imperial Basin ...")."""
from __future__ import annotations

import pytest
from hagal_support import RivalGame
from scenario import Scenario
from test_cards_support import deploy

from dunec.engine.loop.state import TROOPS_PER_PLAYER
from dunec.engine.loop.turns import strength

PLAIN = "glossu_rabban"
BANK_RAID = "guild_bank_raid"  # rewards: 6 / 4 / 2 Solari, nothing else


def _game(content, n, conflict=BANK_RAID):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    g.state.conflict = conflict
    return g


def _field(g, *units):
    """units[i] = (troops in the Conflict, swords) for seat i."""
    for seat, (troops, swords) in enumerate(units):
        p = g.p(seat)
        p.conflict = troops
        p.supply = TROOPS_PER_PLAYER - p.garrison - troops
        p.swords = swords


def _solari(g):
    return [p.solari for p in g.state.players]


# ---------------------------------------------------------------------- rewards by place
def test_rewards_go_by_strength(content):
    g = _game(content, 4)
    _field(g, (1, 0), (2, 0), (4, 0), (3, 0))  # strengths 2, 4, 8, 6
    g.combat()
    assert _solari(g) == [0, 2, 6, 4]  # in 4 players the third highest takes the third reward
    g.done()


def test_swords_count_one_each(content):
    g = _game(content, 4)
    _field(g, (1, 3), (2, 0), (0, 0), (0, 0))  # 5 beats 4
    g.combat()
    assert _solari(g) == [6, 4, 0, 0]


# Every tie case of rules 001 ("If players tie for first, nobody wins the Conflict and the
# tied players each take the second reward. Tied for second, each takes the third reward.
# Tied for third, nothing"; the worked example: after a tie for first "in 3 players the 9
# earns nothing"), 000 ("Ties for 2nd place: Tied players receive 3rd place reward") and
# Uprising 003 ("in <=3-player games the third reward is used only in a tie for second";
# "if exactly 2 tied for first, remaining players compete for the third reward").
# Strengths by seat -> Solari taken (the rewards are 6 / 4 / 2).
TIES = [
    # two players
    ((6, 4), (6, 4)),
    ((4, 6), (4, 6)),
    ((6, 6), (4, 4)),  # tie for first: each the second reward
    ((6, 0), (6, 0)),  # zero strength earns nothing
    ((0, 0), (0, 0)),
    # three players
    ((8, 6, 4), (6, 4, 0)),  # a lone third earns nothing below four players
    ((6, 6, 4), (4, 4, 0)),  # tie for first: the next player earns nothing (worked example)
    ((6, 6, 6), (4, 4, 4)),
    ((8, 4, 4), (6, 2, 2)),  # tie for second: each the third reward, also in 3 players
    ((4, 8, 4), (2, 6, 2)),
    ((8, 4, 0), (6, 4, 0)),
    ((0, 4, 4), (0, 4, 4)),  # tie for first among the only two with strength
    # four players
    ((8, 6, 4, 2), (6, 4, 2, 0)),
    ((6, 6, 4, 2), (4, 4, 2, 0)),  # exactly two tied for first: the next competes for third
    ((6, 6, 4, 4), (4, 4, 0, 0)),  # ... and a tie there is a tie for third: nothing
    ((6, 6, 6, 2), (4, 4, 4, 0)),  # three tied for first: no other reward
    ((6, 6, 6, 6), (4, 4, 4, 4)),
    ((8, 4, 4, 2), (6, 2, 2, 0)),  # tie for second: each the third reward, the 4th nothing
    ((8, 4, 4, 4), (6, 2, 2, 2)),
    ((8, 6, 4, 4), (6, 4, 0, 0)),  # tie for third: nothing
    ((8, 6, 6, 0), (6, 2, 2, 0)),
    ((8, 0, 0, 0), (6, 0, 0, 0)),
]


@pytest.mark.parametrize("strengths,solari", TIES, ids=["-".join(map(str, s)) for s, _ in TIES])
def test_rewards_and_every_tie_case(content, strengths, solari):
    g = _game(content, len(strengths))
    _field(g, *[(s // 2, s % 2) for s in strengths])
    g.combat()
    assert _solari(g) == list(solari)
    g.done()


def test_zero_strength_earns_nothing(content):
    g = _game(content, 4)
    _field(g, (2, 0), (0, 5), (0, 0), (0, 0))  # P2's swords count for nothing without troops
    g.combat()
    assert _solari(g) == [6, 0, 0, 0]
    assert strength(g.p(1)) == 0


# With House Hagal rivals: rivals "never receive the third place combat reward" (000), the
# two-player rival (seat 3) takes none; the people beside them still take theirs.
RIVAL_TIES = [
    ("solo", (2, 3, 2), (2, 6, 0)),  # the person tied for 2nd with a rival takes the 3rd reward
    ("solo", (1, 3, 3), (0, 4, 4)),  # rivals tied for 1st: the person earns nothing
    ("duo", (3, 2, 2), (6, 2, 0)),  # a person tied for 2nd with the rival
    ("duo", (2, 2, 3), (2, 2, 0)),  # the rival first, the two people tied for 2nd
]


@pytest.mark.parametrize("mode,troops,solari", RIVAL_TIES)
def test_ties_with_rivals(content, mode, troops, solari):
    g = RivalGame(content, mode)
    g.state.conflict = BANK_RAID
    for seat, n in enumerate(troops):
        deploy(g, seat, n)
    # Each rival draws a House Hagal card in combat: cards without swords keep the strengths.
    g.stack(*["hagal_carthag"] * len(g.rivals))
    before = _solari(g)
    g.combat()
    assert [a - b for a, b in zip(_solari(g), before)] == list(solari)
    g.finish()


# ---------------------------------------------------------------------- winning: VP and control
def test_winner_takes_control_replacing_the_opponents_marker(content):
    g = _game(content, 3, "siege_of_carthag")
    g.state.control = {"carthag": 1, "arrakeen": 1}
    _field(g, (3, 0), (2, 0), (0, 0))
    g.combat()
    assert g.state.control == {"carthag": 0, "arrakeen": 1}
    assert g.p(0).vp == 1
    # Second reward: 1 intrigue and 1 spice.
    assert len(g.p(1).intrigue) == 1 and g.p(1).spice == 1


def test_winning_an_uncontrolled_space_places_a_control_marker(content):
    g = _game(content, 4, "secure_imperial_basin")
    _field(g, (0, 0), (2, 0), (0, 0), (1, 0))
    g.combat()
    assert g.state.control == {"imperial_basin": 1}
    assert g.p(3).water == 1 + 2  # second reward: 2 water


def test_tie_for_first_takes_no_control_and_no_first_reward(content):
    g = _game(content, 3, "siege_of_arrakeen")
    g.state.control = {"arrakeen": 2}
    _field(g, (2, 0), (2, 0), (1, 0))
    g.combat()
    assert g.state.control == {"arrakeen": 2}
    assert [p.vp for p in g.state.players] == [0, 0, 0]
    assert _solari(g) == [4, 4, 0]  # the second reward, twice; the third place earns nothing in 3p


# ---------------------------------------------------------------------- after the rewards
def test_troops_go_back_to_the_supply_not_the_garrison(content):
    g = _game(content, 4)
    _field(g, (4, 2), (2, 0), (1, 0), (0, 0))
    garrisons = [p.garrison for p in g.state.players]
    g.combat()
    for p, gar in zip(g.state.players, garrisons):
        assert p.conflict == 0
        assert p.garrison == gar
        assert p.supply == TROOPS_PER_PLAYER - gar
        assert p.swords == 0 and strength(p) == 0  # combat markers back to zero
    assert g.state.conflict is None and g.state.conflicts_done == [BANK_RAID]


# ---------------------------------------------------------------------- combat intrigue rounds
def test_intrigue_rounds_until_every_involved_player_passes_in_a_row(content):
    g = _game(content, 3)
    _field(g, (2, 0), (2, 0), (0, 0))
    g.p(0).intrigue = ["ambush"]
    g.p(1).intrigue = ["ambush", "master_tactician"]
    g.p(2).intrigue = ["ambush"]  # not in the Conflict: never asked
    g.answer(0, "pass", "play Ambush")  # passing earlier does not stop you playing later
    g.answer(1, "play Ambush", "pass")
    g.combat()
    assert [lab for k, lab in g.asked(0)] == [["play Ambush", "pass"], ["play Ambush", "pass"]]
    assert [lab for k, lab in g.asked(1)] == [["play Ambush", "play Master Tactician", "pass"],
                                             ["play Master Tactician", "pass"]]
    assert g.asked(2) == []
    assert g.p(1).intrigue == ["master_tactician"] and g.p(2).intrigue == ["ambush"]
    assert _solari(g) == [4, 4, 0]  # 8 against 8: a tie for first
    g.done()


def test_a_played_card_reopens_the_round_for_players_who_passed(content):
    # P1 and P2 pass, P3 plays: the earlier passes no longer count, so P1 may still play and
    # the phase ends only when P2, P3 and P1 have passed one after another.
    g = _game(content, 3)
    _field(g, (1, 0), (1, 0), (1, 0))
    g.p(0).intrigue = ["ambush"]
    g.p(1).intrigue = ["ambush"]
    g.p(2).intrigue = ["ambush", "ambush"]
    g.answer(0, "pass", "play Ambush")
    g.answer(1, "pass", "pass")
    g.answer(2, "play Ambush", "pass")
    g.combat()
    assert len(g.asked(1)) == 2 and len(g.asked(2)) == 2
    assert _solari(g) == [4, 0, 4]  # 6, 2, 6
    g.done()


def test_intrigue_rounds_start_with_the_first_player(content):
    g = _game(content, 3)
    g.state.first_player = 1
    _field(g, (1, 0), (1, 0), (1, 0))
    for seat in range(3):
        g.p(seat).intrigue = ["ambush"]
        g.answer(seat, "play Ambush")
    g.state.log.clear()
    g.combat()
    plays = [line.split()[0] for line in g.state.log if "plays intrigue" in line]
    assert plays == ["P2", "P3", "P1"]
    g.done()


def test_combat_intrigue_can_change_the_result(content):
    g = _game(content, 3)
    _field(g, (3, 0), (2, 0), (0, 0))
    g.p(1).intrigue = ["ambush"]
    g.answer(1, "play Ambush")
    g.combat()
    assert _solari(g) == [4, 6, 0]  # 6 against 8
    g.done()


@pytest.mark.parametrize("second_too", [False, True])
def test_on_win_intrigue_only_for_the_winner(content, second_too):
    g = _game(content, 3)
    _field(g, (3, 0), (2, 0), (1, 0))
    g.p(0).intrigue = ["to_the_victor"]
    g.p(1).intrigue = ["to_the_victor"] if second_too else []
    g.answer(0, "play To the Victor")
    g.combat()
    assert g.p(0).spice == 3
    assert g.p(1).spice == 0 and g.asked(1) == []
    g.done()


def test_no_on_win_intrigue_after_a_tie_for_first(content):
    g = _game(content, 3)
    _field(g, (3, 0), (3, 0), (1, 0))
    g.p(0).intrigue = ["to_the_victor"]
    g.p(1).intrigue = ["to_the_victor"]
    g.combat()  # nobody won: nobody is asked
    assert g.asked(0) == [] and g.asked(1) == []
    assert g.p(0).spice == 0 and g.p(1).spice == 0


def test_on_win_intrigue_is_not_played_during_the_intrigue_rounds(content):
    g = _game(content, 3)
    _field(g, (3, 0), (2, 0), (0, 0))
    g.p(1).intrigue = ["to_the_victor"]
    g.combat()
    assert g.asked(1) == [] and g.p(1).intrigue == ["to_the_victor"]
