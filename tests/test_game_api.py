"""The engine stepped from outside (dunec.api.Game): whole games through
legal_actions()/apply() alone, clones and saves that go on exactly as the
original, and illegal actions refused without a trace."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dunec import Game
from dunec.api import TERMINAL, IllegalAction
from dunec.engine.loop.rng import Rng
from dunec.engine.runs.runner import play_game

MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "expert")]


def pick(rng: Rng, g: Game):
    actions = g.legal_actions()
    return actions[rng.below(len(actions))]


def play_out(g: Game, seed: int, limit: int = 100_000) -> list:
    """Play to the end with seeded random picks; the actions taken."""
    rng = Rng(seed)
    taken = []
    while not g.is_terminal() and len(taken) < limit:
        a = pick(rng, g)
        taken.append(a)
        g.apply(a)
    return taken


@pytest.mark.parametrize("players,difficulty", MODES)
def test_a_whole_game_is_played_from_outside(compiled, players, difficulty):
    g = Game(players=players, seed=7, difficulty=difficulty, content=compiled)
    seats = set()
    steps = 0
    while not g.is_terminal():
        seat = g.current_player()
        assert seat != TERMINAL and not g.state.players[seat].rival  # rivals never wait on anyone
        seats.add(seat)
        actions = g.legal_actions()
        assert len(actions) >= 2 and all(isinstance(a, tuple) for a in actions)
        g.apply(actions[steps % len(actions)])
        steps += 1
    assert g.current_player() == TERMINAL and g.legal_actions() == [] and not g.state.stack
    assert g.state.standings and sum(g.returns()) == pytest.approx(1.0)
    people = {p.seat for p in g.state.players if not p.rival}
    assert seats == people
    assert steps == len(g.state.decisions)


def test_the_step_api_and_the_policy_loop_are_one_engine(compiled):
    """A game answered from outside with the answers a policy game recorded is that game."""
    st = play_game(compiled, 4, 11, ["random"] * 4, quiet=True)
    g = Game(players=4, seed=11, content=compiled)
    for i in st.decisions:
        g.apply_index(i)
    assert g.is_terminal()
    for p in g.state.players:
        assert p.policy == "external"
        p.policy = "random"  # the one field that says who played
    assert g.state.standings == st.standings and g.state.digest() == st.digest()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10_000), cut=st.integers(0, 400))
def test_a_clone_and_a_saved_game_go_on_exactly_as_the_original(compiled, mode, seed, cut):
    players, difficulty = mode
    g = Game(players=players, seed=seed, difficulty=difficulty, content=compiled)
    rng = Rng(seed + 1)
    for _ in range(cut):
        if g.is_terminal():
            break
        g.apply(pick(rng, g))
    twin = g.clone()
    saved = Game.from_json(g.to_json(), content=compiled)
    assert twin.state.digest() == g.state.digest() == saved.state.digest()
    assert saved.legal_actions() == g.legal_actions() and saved.hints() == g.hints()
    rest = play_out(g, seed + 2)
    for other in (twin, saved):
        for a in rest:
            other.apply(a)
        assert other.is_terminal() == g.is_terminal()
        assert other.state.digest() == g.state.digest()


def test_a_clone_is_independent(compiled):
    g = Game(players=4, seed=3, content=compiled)
    for _ in range(40):
        g.apply(g.legal_actions()[0])
    before = g.state.digest()
    twin = g.clone()
    play_out(twin, 5)
    assert twin.is_terminal() and g.state.digest() == before


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 200),
       bad=st.one_of(st.tuples(st.just("place"), st.text(max_size=8), st.text(max_size=8)),
                     st.tuples(st.just("buy"), st.text(max_size=8), st.integers()),
                     st.tuples(st.sampled_from(["reveal", "pass", "no", "deploy"])), st.integers()))
def test_an_illegal_action_is_refused_and_changes_nothing(compiled, seed, cut, bad):
    g = Game(players=3, seed=seed, content=compiled)
    rng = Rng(seed)
    for _ in range(cut):
        if g.is_terminal():
            break
        g.apply(pick(rng, g))
    if not g.is_terminal() and bad in g.legal_actions():
        return  # a legal action drawn by chance is no test of refusal
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(bad)
    assert "legal" in str(err.value) or "over" in str(err.value)
    assert g.to_json() == before


def test_no_action_is_legal_once_the_game_is_over(compiled):
    g = Game(players=2, seed=4, content=compiled)
    play_out(g, 4)
    with pytest.raises(IllegalAction, match="over"):
        g.apply(("reveal",))
    with pytest.raises(IllegalAction):
        g.apply_index(0)


def test_an_observation_hides_what_the_seat_may_not_know(compiled):
    g = Game(players=4, seed=9, content=compiled)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    seat = g.current_player()
    other = (seat + 1) % 4
    mine, theirs = g.observation(seat), g.observation(other)
    assert mine.pending["options"] == g.legal_actions()
    assert theirs.pending["options"] == ["?"] and theirs.pending["seat"] == seat
    assert mine.stack == [] and mine.rng_state == 0
    assert theirs.players[seat].hand == ["?"] * len(g.state.players[seat].hand)


def test_a_save_names_its_format_and_refuses_another(compiled):
    g = Game(players=1, seed=2, content=compiled)
    data = json.loads(g.to_json())
    assert data["format"] == "dunec-game" and data["sets"] == ["core", "base"] and data["state"]["pending"]
    with pytest.raises(ValueError, match="dunec-game"):
        Game.from_json(json.dumps({"format": "other"}), content=compiled)
