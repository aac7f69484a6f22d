"""observation(state, seat) hides exactly what a seat may not know."""
from __future__ import annotations

import random

import pytest

from dunec.engine.views.observe import HIDDEN, observation
from dunec.engine.runs.runner import play_game, state_at_round


def _mid_game(content, people, seed=2):
    return state_at_round(content, people, seed, 3)


@pytest.mark.parametrize("people", [4, 2, 1])
def test_a_seat_sees_its_own_cards_and_only_counts_of_others(compiled, people):
    st = _mid_game(compiled, people)
    view = observation(st, 0)
    me, them = view.players[0], view.players[1:]
    assert me.hand == st.players[0].hand and me.intrigue == st.players[0].intrigue
    assert sorted(me.deck) == sorted(st.players[0].deck) and me.deck == sorted(me.deck)
    for o, real in zip(them, st.players[1:]):
        assert o.hand == [HIDDEN] * len(real.hand) and o.intrigue == [HIDDEN] * len(real.intrigue)
        assert o.discard == real.discard and o.vp == real.vp and o.influence == real.influence
    assert view.rng_state == 0 and view.imperium_row == st.imperium_row
    assert st.players[1].hand == [] or st.players[1].hand[0] != HIDDEN  # the state itself is untouched


def test_what_is_hidden_cannot_change_the_observation(compiled):
    st = _mid_game(compiled, 4)
    twin = st.copy()
    rng = random.Random(5)
    twin.rng_state += 12345
    for p in twin.players:
        rng.shuffle(p.deck)
    for deck in (twin.conflict_deck, twin.imperium_deck, twin.intrigue_deck):
        rng.shuffle(deck)
    twin.players[1].hand, twin.players[2].hand = list(twin.players[2].hand), list(twin.players[1].hand)
    twin.players[3].intrigue = ["dispatch_an_envoy"] * len(twin.players[3].intrigue)
    assert observation(twin, 0).digest() == observation(st, 0).digest()
    twin.players[2].vp += 1  # public: it shows
    assert observation(twin, 0).digest() != observation(st, 0).digest()
    # ... and another seat sees what seat 0 does not.
    assert observation(twin, 1).digest() != observation(st, 1).digest()


@pytest.mark.parametrize("people", [4, 1])
def test_the_lazy_view_a_policy_gets_reads_as_the_observation(compiled, people):
    from dataclasses import fields

    from dunec.engine.views.observe import StateView
    from dunec.engine.loop.state import GameState, Player
    st = _mid_game(compiled, people)
    for seat in range(len(st.players)):
        view, obs = StateView(st, seat), observation(st, seat)
        for f in fields(GameState):
            if f.name != "players":
                assert getattr(view, f.name) == getattr(obs, f.name), f.name
        for pv, po in zip(view.players, obs.players):
            for f in fields(Player):
                assert getattr(pv, f.name) == getattr(po, f.name), f.name
        assert view.digest() == obs.digest()


def test_policies_get_the_seat_view_unless_they_ask_for_everything(compiled):
    from dunec.engine.loop.game import Engine
    from dunec.engine.views.observe import SeatView
    from dunec.engine.players.policies import RandomPolicy
    got = {}

    class Looks(RandomPolicy):
        def choose(self, engine, player, kind, actions, hints):
            got.setdefault(type(self).__name__, engine)
            others = [o.hand for o in engine.state.players if o.seat != player.seat]
            assert all(h == [HIDDEN] * len(h) for h in others) or type(self).sees_everything
            return super().choose(engine, player, kind, actions, hints)
    Looks.sees_everything = False

    class Cheats(Looks):
        sees_everything = True

    play_game(compiled, 2, 6, ["random", "random"], quiet=True,
              make_policy=lambda n, s, seat: (Looks if seat == 0 else Cheats)(s, seat))
    assert isinstance(got["Looks"], SeatView) and type(got["Cheats"]) is Engine
