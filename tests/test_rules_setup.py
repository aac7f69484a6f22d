"""Rules: setup (rules 001 "For setup", rules 000 setup checklist), base game only."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.loop.setup import new_game
from dunec.engine.loop.state import FACTIONS, TROOPS_PER_PLAYER
from dunec.engine.loop.turns import strength

SEEDS = range(12)


def _level(content, ident):
    return content.defs[ident]["level"]


@pytest.mark.parametrize("seed", SEEDS)
def test_conflict_deck_is_one_level_i_on_five_level_ii_on_four_level_iii(content, seed):
    st = new_game(content, 4, seed)
    deck = st.conflict_deck  # the top of the deck is the END of the list
    assert len(deck) == 10
    top_down = list(reversed(deck))
    assert [_level(content, c) for c in top_down] == [1] + [2] * 5 + [3] * 4
    # Every card in the deck is a distinct conflict card (the unused ones stay unseen in the box).
    assert len(set(deck)) == 10
    assert all(content.defs[c]["kind"] == "conflict" for c in deck)
    assert st.conflict is None and st.conflicts_done == []


def test_conflict_layers_are_shuffled_per_seed(content):
    # All four level III cards are always used; the level II and I picks vary with the seed.
    level1 = {new_game(content, 4, s).conflict_deck[-1] for s in range(40)}
    level2 = {frozenset(new_game(content, 4, s).conflict_deck[4:9]) for s in range(40)}
    assert len(level1) > 1
    assert len(level2) > 1
    all3 = sorted(m["id"] for m in content.of_kind("conflict") if m["level"] == 3)
    for s in range(10):
        assert sorted(new_game(content, 4, s).conflict_deck[:4]) == all3


@pytest.mark.parametrize("n", [2, 3, 4])
def test_imperium_row_of_five_dealt_from_the_shuffled_imperium_deck(content, n):
    st = new_game(content, n, 3)
    assert len(st.imperium_row) == 5
    everything = Counter()
    for m in content.of_kind("card"):
        everything[m["id"]] += m["copies"]
    assert Counter(st.imperium_row) + Counter(st.imperium_deck) == everything


def test_reserve_stacks(content):
    st = new_game(content, 4, 0)
    assert set(st.reserve) == {"arrakis_liaison", "the_spice_must_flow", "foldspace"}
    assert all(n > 0 for n in st.reserve.values())
    # Reserve cards are never in the Imperium row or deck.
    assert not set(st.reserve) & (set(st.imperium_row) | set(st.imperium_deck))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_starting_position(content, n):
    st = new_game(content, n, 7)
    expected_deck = Counter({"convincing_argument": 2, "dagger": 2, "diplomacy": 1,
                             "dune_the_desert_planet": 2, "reconnaissance": 1, "seek_allies": 1,
                             "signet_ring": 1})
    assert len(st.players) == n
    assert len({p.leader for p in st.players}) == n  # one leader each
    for p in st.players:
        assert len(p.deck) == 10
        assert Counter(p.deck) == expected_deck
        assert p.hand == [] and p.discard == [] and p.played == [] and p.intrigue == []
        # Two agents on the leader; the Swordmaster waits beside the board.
        assert p.agents == 2 and p.agents_left == 2 and not p.swordmaster
        assert not p.has_mentat and not p.seat_on_council
        # Three troops in the garrison, none in the conflict, the rest in the supply.
        assert p.garrison == 3 and p.conflict == 0
        assert p.supply == TROOPS_PER_PLAYER - 3
        # One water, nothing else.
        assert p.water == 1 and p.solari == 0 and p.spice == 0
        # One cube at the bottom of every influence track.
        assert p.influence == {f: 0 for f in FACTIONS}
        # Combat marker on zero.
        assert p.swords == 0 and strength(p) == 0
    assert st.alliances == {f: None for f in FACTIONS}
    assert st.mentat_on_board
    assert st.control == {}
    assert st.occupied == {}
    assert st.maker_spice == {"the_great_flat": 0, "hagga_basin": 0, "imperial_basin": 0}


@pytest.mark.parametrize("n,vp", [(2, 0), (3, 0), (4, 1)])
def test_score_markers_start_on_one_only_in_four_player_games(content, n, vp):
    for seed in range(3):
        st = new_game(content, n, seed)
        assert [p.vp for p in st.players] == [vp] * n
        assert all(p.vp == sum(p.vp_ledger.values()) for p in st.players)


def test_starting_decks_are_shuffled(content):
    st = new_game(content, 4, 5)
    orders = {tuple(p.deck) for p in st.players}
    assert len(orders) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_is_random_but_seeded(content, n):
    firsts = [new_game(content, n, s).first_player for s in range(60)]
    assert set(firsts) == set(range(n))  # random: every seat gets it for some seed
    assert firsts == [new_game(content, n, s).first_player for s in range(60)]  # seeded: reproducible


def test_same_seed_same_setup(content):
    assert new_game(content, 4, 11).digest() == new_game(content, 4, 11).digest()
    assert new_game(content, 4, 11).digest() != new_game(content, 4, 12).digest()
