"""Thousands of seeded games finish with every invariant checked after every
decision: no negative resources, troop cubes conserved, VP equal to their
sources, alliances where the tracks say, at most 10 rounds."""
from __future__ import annotations

import pytest

from dunec.engine.checks import invariants
from dunec.engine.rules import resources as rules_resources
from dunec.engine.runs.runner import play_game


@pytest.mark.parametrize("block", range(10))
def test_1000_random_games_keep_every_invariant(compiled, block):
    for seed in range(block * 100, block * 100 + 100):
        n = 2 + seed % 3
        st = play_game(compiled, n, seed, ["random"] * n, quiet=True, check=invariants.check)
        assert st.finished and 1 <= st.round <= 10
        assert len(st.standings) == n
        assert st.standings[0]["rank"] == 1


def test_200_greedy_games_keep_every_invariant(compiled):
    for seed in range(200):
        n = 2 + seed % 3
        st = play_game(compiled, n, 10_000 + seed, ["greedy"] * n, quiet=True, check=invariants.check)
        assert st.finished and st.round <= 10


def test_the_checker_catches_a_broken_state(compiled):
    from dunec.engine.loop.game import Engine
    from dunec.engine.loop.setup import new_game
    st = new_game(compiled, 3, 1)
    e = Engine(compiled, st, [None] * 3)
    invariants.check(e)
    st.players[0].garrison += 1  # a troop out of nowhere
    with pytest.raises(invariants.InvariantError, match="troop cubes"):
        invariants.check(e)
    st.players[0].garrison -= 1
    st.players[1].vp += 1  # a VP with no source
    with pytest.raises(invariants.InvariantError, match="VP"):
        invariants.check(e)


def test_the_documented_check_passes_a_game_that_moves_an_alliance_by_choice(content):
    # The reproducer of the audit: this game asks a falling holder whom to give the
    # Emperor alliance to; the check must not run while the token is half moved.
    st = play_game(content, 3, 4, ["greedy"] * 3, quiet=True, check=invariants.check)
    assert st.finished


def test_the_alliance_choice_is_checked_once_the_transfer_is_done(content):
    from scenario import Scenario
    g = Scenario(content, players=4)
    e = g.engine
    rules_resources.change_influence(e, g.p(0), "emperor", 5)  # P1 takes the alliance
    e.drive()
    rules_resources.change_influence(e, g.p(1), "emperor", 4)
    e.drive()
    rules_resources.change_influence(e, g.p(2), "emperor", 4)
    e.drive()
    seen = []

    def check(engine):
        invariants.check(engine)
        seen.append(engine.state.alliances["emperor"])

    e.after_turn = check
    g.answer(0, "give the Emperor alliance to P3")
    rules_resources.change_influence(e, g.p(0), "emperor", -2)  # P1 falls to 3: P2 and P3 tie at 4, P1 chooses
    e.drive()
    assert [lab for _, lab in g.asked(0)] == [["give the Emperor alliance to P2 (Count Ilban Richese)",
                                              "give the Emperor alliance to P3 (Count Ilban Richese)"]]
    assert seen == [2]  # checked once, after the token moved
    assert g.p(0).vp_ledger["alliance"] == 0 and g.p(2).vp_ledger["alliance"] == 1
    g.done()


def test_the_checker_catches_a_card_lost_duplicated_or_off_its_track(compiled):
    """Every card in exactly one place, counted against the first check after setup;
    a graph track's token on a cell its start reaches."""
    from dunec import Game

    g = Game(players=4, seed=3, sets=("base", "ix", "immortality"))
    e = g._engine
    invariants.check(e)
    p = e.state.players[0]
    p.hand.append(p.deck[0])  # a card out of nowhere
    with pytest.raises(invariants.InvariantError, match=r"cards not conserved: lost \[\], duplicated"):
        invariants.check(e)
    p.hand.pop()
    gone = e.state.imperium_row.pop()  # a card lost
    with pytest.raises(invariants.InvariantError, match=f"lost \\['{gone}'\\]"):
        invariants.check(e)
    e.state.imperium_row.append(gone)
    e.state.intrigue_discard.append(e.state.intrigue_deck.pop())  # moved, not lost: still one place
    invariants.check(e)
    p.tracks["research"] = "r9_9"
    with pytest.raises(invariants.InvariantError, match="off the research track: no cell 'r9_9'"):
        invariants.check(e)
    p.tracks["research"] = "r0"
    track = {"start": "a", "cells": {"a": {"next": ("b",)}, "b": {"next": ()}, "island": {"next": ("b",)}}}
    assert invariants._reachable(track) == {"a", "b"}
