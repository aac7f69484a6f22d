"""Playing whole games: one seeded game, many for statistics, and replays."""
from __future__ import annotations

from dunec.engine.game import Engine
from dunec.engine.policies import make
from dunec.engine.setup import new_game
from dunec.engine.state import GameState


def play_game(content, n_players: int, seed: int, policy_names, quiet: bool = False,
              check=None) -> GameState:
    st = new_game(content, n_players, seed, policies=list(policy_names))
    e = Engine(content, st, [make(name, seed, i) for i, name in enumerate(policy_names)])
    e.quiet = quiet
    if check is not None:
        e.after_turn = check
    e.play()
    return st


def replay(content, n_players: int, seed: int, policy_names, decisions) -> GameState:
    """Play again from the seed and the recorded decisions (policies are not asked)."""
    st = new_game(content, n_players, seed, policies=list(policy_names))
    e = Engine(content, st, [None] * n_players, replay=decisions)
    e.play()
    return st


def simulate(content, games: int, n_players: int, seed: int, policy_names) -> dict:
    wins = [0.0] * n_players
    by_policy: dict[str, float] = {}
    vp = rounds = 0
    for g in range(games):
        st = play_game(content, n_players, seed + g, policy_names, quiet=True)
        winners = [s for s in st.standings if s["rank"] == 1]
        for s in winners:
            share = 1.0 / len(winners)
            wins[s["seat"]] += share
            name = policy_names[s["seat"]]
            by_policy[name] = by_policy.get(name, 0.0) + share
        vp += sum(p.vp for p in st.players)
        rounds += st.round
    return {"games": games, "players": n_players, "wins_by_seat": wins, "wins_by_policy": by_policy,
            "average_vp": vp / (games * n_players), "average_rounds": rounds / games}


def render_standings(content, st: GameState) -> str:
    lines = [f"Final standings after {st.round} rounds (ties broken by spice, Solari, water, garrison):"]
    for s in st.standings:
        leader = content.defs[s["leader"]]["name"]
        lines.append(f"  {s['rank']}. P{s['seat'] + 1} {leader:28} {s['vp']:>2} VP   spice {s['spice']:>2}  "
                     f"Solari {s['solari']:>2}  water {s['water']:>2}  garrison {s['garrison']:>2}")
    return "\n".join(lines)
