"""Playing whole games: one seeded game, many for statistics, and replays.

`n_players` counts the people at the table: 1 is a solo game against two House
Hagal rivals, 2 the two-player game with a House Hagal rival, 3 and 4 the
standard game."""
from __future__ import annotations

from dunec.engine.rivals import play as rivals
from dunec.engine.loop.game import Engine, ReplayError
from dunec.engine.players.policies import make
from dunec.engine.loop.setup import give_sets, new_game
from dunec.engine.loop.state import GameState


def for_sets(content, sets=None):
    """The content of a game of these sets (default: the content's own choice, else
    `base`); content without declarations (built by hand) plays as it is."""
    if not content.vocab or (sets is None and content.sets):
        return content
    return content.select(tuple(sets) if sets else None)  # None: the default game (data)


def new_state(content, n_players: int, seed: int, policy_names, difficulty: str = "novice",
              churn: str = "reveal", epic: bool = False, leaders=None) -> GameState:
    """The setup of a game; `epic`: the Epic game (docs/engine.md, "The Epic game");
    `leaders`: each seat's leader in a standard game (setup reads them: a leader's own
    track, the starting cards it leaves out)."""
    if n_players in (1, 2):
        st = rivals.new_game(content, n_players, seed, difficulty=difficulty, policies=list(policy_names),
                             churn=churn, epic=epic)
    else:
        st = new_game(content, n_players, seed, leaders=leaders, policies=list(policy_names), epic=epic)
    give_sets(content, st)
    return st


def play_game(content, n_players: int, seed: int, policy_names, quiet: bool = False,
              check=None, difficulty: str = "novice", make_policy=None, replay=(), echo=None,
              churn: str = "reveal", sets=None, on_reveal=None, epic: bool = False) -> GameState:
    """Play one game to the end of these sets (for_sets). `make_policy(name, seed, seat)` builds a policy
    (default: the built-in ones); `replay` is a list of decisions to apply before
    asking anyone (a resumed game); `echo` prints each log line as it happens;
    `churn` says when the Imperium Row churns in a game with rivals (rivals.CHURN);
    `on_reveal(engine, player)` is called after each reveal turn's boxes (Engine.on_reveal);
    `epic` plays the Epic game."""
    content = for_sets(content, sets)
    st = new_state(content, n_players, seed, policy_names, difficulty, churn, epic)
    e = Engine(content, st, rivals.seat_policies(st, make_policy or make, policy_names, seed), replay=replay)
    e.quiet = quiet
    e.echo = echo
    e.on_reveal = on_reveal
    if check is not None:
        e.after_turn = check
    e.play()
    _replayed_all(e)
    return st


def _replayed_all(e: Engine) -> None:
    """Decisions left over after the game ended belong to some other game."""
    if e.replay:
        at = len(e.state.decisions)
        raise ReplayError(at, f"the game ended after {at} decisions; {len(e.replay)} more are recorded")


def replay(content, n_players: int, seed: int, policy_names, decisions, difficulty: str = "novice",
           churn: str = "reveal", sets=None, epic: bool = False) -> GameState:
    """Play again from the seed and the recorded decisions (policies are not asked;
    rivals decide by their rules and record nothing)."""
    content = for_sets(content, sets)
    st = new_state(content, n_players, seed, policy_names, difficulty, churn, epic)
    e = Engine(content, st, [None] * len(st.players), replay=decisions)
    e.play()
    _replayed_all(e)
    return st


def state_at_round(content, n_players: int, seed: int, round_no: int) -> GameState:
    """A copy of the state at the first decision of a round of a random game (a
    mid-game state for benchmarks and tests)."""
    caught: list = []

    def make_policy(name, policy_seed, seat):
        inner = make("random", policy_seed, seat)

        class Catch:
            follows_replay = True
            sees_everything = True  # it copies the whole state, hidden cards included

            def choose(self, engine, player, kind, actions, hints):
                if engine.state.round == round_no and not caught:
                    caught.append(engine.state.copy())
                return inner.choose(engine, player, kind, actions, hints)
        return Catch()

    play_game(content, n_players, seed, ["random"] * n_players, quiet=True, make_policy=make_policy)
    if not caught:
        raise ValueError(f"game {seed} with {n_players} people asks no decision in round {round_no}")
    return caught[0]


def game_record(content, n_players: int, seed: int, policy_names, difficulty: str = "novice",
                churn: str = "reveal", balance: bool = False, make_policy=None, sets=None, watch=None,
                epic: bool = False) -> dict:
    """One seeded game as a small plain record (it crosses process and machine
    boundaries): per ranked seat its policy, VP and win share (ties share), the
    rounds, and with `balance` the Imperium cards each non-rival seat ended with.
    `watch` = (card ids, seat): also how many of those cards the seat acquired
    and how many times it played one (sent an agent with it or revealed it)."""
    plays = [0]
    if watch is not None:
        cards, seat = frozenset(watch[0]), watch[1]

        def on_reveal(e, p) -> None:
            if p.seat == seat:
                plays[0] += sum(c in cards for c in p.played) + sum(c in cards for c in p.revealed)
    st = play_game(content, n_players, seed, policy_names, quiet=True, difficulty=difficulty, churn=churn,
                   make_policy=make_policy, sets=sets, on_reveal=on_reveal if watch is not None else None,
                   epic=epic)
    winners = [s["seat"] for s in st.standings if s["rank"] == 1]
    seats = []
    for s in st.standings:
        p = st.players[s["seat"]]
        row = {"seat": s["seat"], "policy": p.policy, "vp": s["vp"], "rival": bool(p.rival),
               "win": 1.0 / len(winners) if s["seat"] in winners else 0.0}
        seats.append(row)
    out = {"seed": seed, "rounds": st.round, "seats": sorted(seats, key=lambda r: r["seat"])}
    if balance:
        from dunec.engine.runs.balance import owned_cards

        out["cards"] = owned_cards(st)
    if watch is not None:
        from dunec.engine.runs.balance import ZONES

        p = st.players[seat]
        # Trashed cards stay listed, so a copy acquired and trashed later still counts.
        owned = sum(c in cards for z in (*ZONES, "trashed") for c in getattr(p, z))
        out["watched"] = {"acquired": owned, "played": plays[0]}
    return out


def play_record(content, seed: int, setup: dict) -> dict:
    """game_record for one seed of a study's setup (what dunec/study/pool.py calls)."""
    from dunec.study.reserve import reserving

    reserve = setup.get("reserve")
    build = policy_factory(setup.get("factory"))
    if reserve:
        build = reserving(*reserve, build=build or make)
    return game_record(content, setup["n_players"], seed, setup["policy_names"], setup["difficulty"],
                       setup["churn"], setup["balance"], build, setup.get("sets") or None, watch=reserve,
                       epic=bool(setup.get("epic")))


def policy_factory(where):
    """A study's policy factory named "module:function" (the search player's lives
    above the engine, in dunec.ai): a name, not a function, so it crosses process
    and machine boundaries; None: the engine's own policies."""
    if not where:
        return None
    import importlib

    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def simulate(content, games: int, n_players: int, seed: int, policy_names, difficulty: str = "novice",
             balance: bool = False, churn: str = "reveal", workers: int = 1, source=None,
             progress=None, cluster=None, address=None, keep_records: bool = False, reserve=None,
             sets=None, factory=None, epic: bool = False) -> dict:
    """Statistics over seeded games. Seats are those in the standings: in solo games
    the rivals too (their policy is "rival"); the two-player rival is not ranked.
    With `balance`, also per-card win rates (dunec/engine/runs/balance.py).
    `workers` > 1 or a `cluster` plays the games elsewhere (dunec/study/pool.py),
    loading the content from `source` (backend, cards, extra); records are folded
    in seed order, so the result does not depend on where the games ran.
    `reserve` = (card ids, seat): only that seat acquires those cards (dunec/study/reserve.py).
    `factory` = "module:function" that builds the seats' policies (policy_factory);
    `epic` plays the Epic game.
    Ctrl-C, SIGTERM or a lost worker process stops early: the games finished so far
    are counted ("interrupted": true, and "stop": "SIGINT", "SIGTERM" or what became
    of the worker)."""
    from dunec.study.pool import play_many

    setup = {"n_players": n_players, "policy_names": list(policy_names), "difficulty": difficulty,
             "churn": churn, "balance": balance, "reserve": reserve, "sets": tuple(sets or ()),
             "factory": factory, "epic": epic}
    records, stop = play_many(play_record, content, source, range(seed, seed + games), setup, workers=workers,
                              progress=progress, cluster=cluster, address=address)
    out = summarise(records, n_players, difficulty, churn, content if balance else None)
    if epic:
        out["epic"] = True
    out["interrupted"] = stop is not None
    if stop is not None:
        out["stop"] = stop
    if keep_records:
        out["records"] = records
    return out


def summarise(records, n_players: int, difficulty: str, churn: str, balance_content=None) -> dict:
    """Fold game records (in seed order) into the statistics `simulate` prints."""
    from dunec.engine.runs.balance import CardStats

    cards = CardStats(balance_content) if balance_content is not None else None
    wins: list[float] = []
    by_policy: dict[str, float] = {}
    vp = rounds = ranked = 0
    for r in records:
        for s in r["seats"]:
            if len(wins) <= s["seat"]:
                wins += [0.0] * (s["seat"] + 1 - len(wins))
            wins[s["seat"]] += s["win"]
            if s["win"]:
                by_policy[s["policy"]] = by_policy.get(s["policy"], 0.0) + s["win"]
            vp += s["vp"]
        if cards is not None:
            cards.add(r)
        ranked += len(r["seats"])
        rounds += r["rounds"]
    done = len(records)
    mode = {1: "solo", 2: "duo"}.get(n_players, "standard")  # as rivals.new_game sets it
    seats = max(ranked // done, n_players) if done else n_players
    out = {"games": done, "mode": mode, "people": n_players, "seats": seats, "wins_by_seat": wins[:seats],
           "wins_by_policy": by_policy, "average_vp": vp / ranked if ranked else 0.0,
           "average_rounds": rounds / done if done else 0.0}
    if mode == "solo":
        out["difficulty"] = difficulty
    if mode != "standard":
        out["churn"] = churn
    if cards is not None:
        out["balance"] = cards.report()
    return out


def render_standings(content, st: GameState) -> str:
    lines = [f"Final standings after {st.round} rounds (ties broken by spice, Solari, water, garrison):"]
    for s in st.standings:
        leader = content.defs[s["leader"]]["name"] + (" (rival)" if s.get("rival") else "")
        lines.append(f"  {s['rank']}. P{s['seat'] + 1} {leader:36} {s['vp']:>2} VP   spice {s['spice']:>2}  "
                     f"Solari {s['solari']:>2}  water {s['water']:>2}  garrison {s['garrison']:>2}")
    for p in st.players:
        if p.rival and st.mode == "duo":
            lines.append(f"  (P{p.seat + 1} House Hagal blocks spaces and fights, and scores nothing)")
    return "\n".join(lines)


def verdict(content, st: GameState, seat: int) -> str:
    """The end of a game for one person: won, tied for first, or lost to whom."""
    def who(s) -> str:
        return f"P{s['seat'] + 1} ({content.defs[s['leader']]['name']}" + (", rival)" if s.get("rival") else ")")

    mine = next((s for s in st.standings if s["seat"] == seat), None)
    if mine is None:
        return "The game has no standings."
    first = [s for s in st.standings if s["rank"] == 1]
    if mine["rank"] == 1 and len(first) == 1:
        return f"You won with {mine['vp']} VP."
    if mine["rank"] == 1:
        return "You tied for first with " + " and ".join(who(s) for s in first if s is not mine) + \
            f", {mine['vp']} VP each."
    return f"You lost: {who(first[0])} wins with {first[0]['vp']} VP (you: {mine['vp']} VP, rank {mine['rank']})."
