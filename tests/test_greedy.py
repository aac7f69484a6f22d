"""The greedy policy is a real opponent: it beats random players and takes a fair
share of solo games against House Hagal rivals (novice). Loose floors: the games
are seeded, so these counts only move when the policy or the rules change."""
from dunec.engine.players.policies import GreedyPolicy, make
from dunec.engine.runs.runner import play_game, simulate


def _wins(content, games, people, seed, names):
    return simulate(content, games, people, seed, names)["wins_by_policy"].get("greedy", 0)


def test_greedy_wins_some_solo_novice_games(compiled):
    # It used to win 4 of these 160. One floor over both sets: a rules change (the
    # Imperium Row churn timing) moves wins between them (5 + 14 now).
    assert _wins(compiled, 80, 1, 1000, ["greedy"]) + _wins(compiled, 80, 1, 5000, ["greedy"]) >= 15


def test_greedy_beats_random_players(compiled):
    assert _wins(compiled, 40, 4, 2000, ["greedy", "random", "random", "random"]) >= 35
    assert _wins(compiled, 40, 2, 3000, ["greedy", "random"]) >= 36


class _Watched:
    """Wraps a policy and records, per decision, whether its choice changed the whole
    state (every field, log included, and the engine's RNG) or the offered options
    and their value hints. It sees the whole engine, and so does the policy inside."""
    sees_everything = True

    def __init__(self, inner, touched: list):
        self.inner, self.touched = inner, touched
        self.name, self.follows_replay = inner.name, getattr(inner, "follows_replay", False)

    def choose(self, engine, player, kind, actions, hints):
        engine.sync()
        before = (engine.state.to_json(), list(actions), list(hints() or []))
        i = self.inner.choose(engine, player, kind, actions, hints)
        engine.sync()
        self.touched.append((engine.state.to_json(), list(actions), list(hints() or [])) != before)
        return i


def _watched(inner_make, touched):
    return lambda name, seed, seat: _Watched(inner_make(name, seed, seat), touched)


def _greedy_games(content, make_policy, quiet=True):
    return [play_game(content, 1, 42, ["greedy"], quiet=quiet, make_policy=make_policy),
            play_game(content, 4, 43, ["greedy"] * 4, quiet=quiet, make_policy=make_policy)]


def test_greedy_is_deterministic_and_leaves_the_state_alone(compiled):
    touched = []
    a = _greedy_games(compiled, _watched(make, touched), quiet=False)
    b = _greedy_games(compiled, None, quiet=False)
    assert all(g.finished for g in a)
    assert [g.digest() for g in a] == [g.digest() for g in b]
    assert [g.log_digest() for g in a] == [g.log_digest() for g in b]
    assert len(touched) == sum(len(g.decisions) for g in a) > 100 and not any(touched)


class _Meddler(GreedyPolicy):
    """Greedy, but it spends a Solari while it thinks: the watch must see it."""
    def choose(self, engine, player, kind, actions, hints):
        if player.solari and kind == "turn":
            player.solari -= 1
        return super().choose(engine, player, kind, actions, hints)


def test_the_watch_catches_a_policy_that_touches_the_state(compiled):
    touched = []
    _greedy_games(compiled, _watched(lambda name, seed, seat: _Meddler(seed, seat), touched))
    assert any(touched)
