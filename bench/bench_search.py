"""The search player's study: search against greedy in 4-player games (one
search seat, rotated over the seeds, three greedy), and search in solo games
against House Hagal rivals, for each simulation budget. Prints win rates with
95% intervals; asserts nothing.

    python3 bench/bench_search.py --games 200 --budgets 25,100 [--workers 2]

A 4-player game gives the search seat a win share (1, or split on a tie); the
fair share against three equals is 0.25. Budgets are simulations per move, so
every game is reproducible from its seed.
"""
from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool

from dunec.ai.search import SearchPolicy
from dunec.content import load
from dunec.engine.players.policies import make
from dunec.engine.runs.runner import play_game

_CONTENT = None
FIELDS = ("setting", "budget", "share", "vp", "seconds", "cpu")  # one game's result, in order


def _content():
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load("compiled")
    return _CONTENT


def one_game(job: tuple) -> tuple:
    """(setting, seed, budget, options) -> (setting, budget, the search seat's win share, its VP, wall and
    CPU seconds)."""
    setting, seed, budget, options = job
    options = dict(options)
    if setting == "4p":
        seat = seed % 4
        names = ["greedy"] * 4
        names[seat] = "search"
        people, difficulty = 4, "novice"
    else:
        seat, names, people, difficulty = 0, ["search"], 1, setting.partition(":")[2] or "novice"

    def policies(name, s, k):
        return SearchPolicy(s, k, iterations=budget, **options) if name == "search" else make(name, s, k)

    t, cpu = time.perf_counter(), time.process_time()
    st = play_game(_content(), people, seed, names, quiet=True, make_policy=policies, difficulty=difficulty)
    first = [s["seat"] for s in st.standings if s["rank"] == 1]
    share = 1.0 / len(first) if seat in first else 0.0
    return setting, budget, share, st.players[seat].vp, time.perf_counter() - t, time.process_time() - cpu


def _option(text: str) -> tuple:
    name, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, value


def interval(p: float, n: int) -> float:
    """The half-width of a 95% normal interval for a rate over n games."""
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n) if n else float("nan")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per setting and budget")
    ap.add_argument("--budgets", default="25,100", help="simulations per move, comma-separated")
    ap.add_argument("--settings", default="4p,solo:novice", help="4p and/or solo:DIFFICULTY, comma-separated")
    ap.add_argument("--rounds", type=int, default=1, help="rounds a simulation looks ahead before estimating")
    ap.add_argument("--workers", type=int, default=1, help="processes (each game is independent)")
    ap.add_argument("--seed", type=int, default=1000, help="first seed")
    ap.add_argument("--record", metavar="FILE", help="append each game's result to FILE as a JSON line "
                    "as it finishes, so a stopped study keeps its games")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="another Search option (e.g. rollout=random, c=1.0), repeatable")
    ap.add_argument("--summarise", metavar="FILE", nargs="+",
                    help="print the table of --record files and play nothing (a game recorded twice counts once)")
    args = ap.parse_args(argv)
    if args.summarise:
        return report(recorded(args.summarise))
    budgets = [int(b) for b in args.budgets.split(",")]
    settings = args.settings.split(",")
    options = (("rounds", args.rounds),) + tuple(_option(o) for o in args.option)
    jobs = [(s, args.seed + i, b, options) for s in settings for b in budgets for i in range(args.games)]
    results = []
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        for job, r in zip(jobs, pool.imap(one_game, jobs, chunksize=1) if pool else map(one_game, jobs)):
            results.append(r)
            if args.record:
                with open(args.record, "a") as f:
                    f.write(json.dumps({"seed": job[1], **dict(zip(FIELDS, r))}) + "\n")
    finally:
        if pool:
            pool.close()
    return report(results)


def recorded(paths: list) -> list:
    """The result tuples (FIELDS) of --record files, each (setting, budget, seed)
    once: a study split over processes, or restarted, may record a game twice,
    and with a simulation budget both records are the same game."""
    games: dict = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    games.setdefault((row["setting"], row["budget"], row["seed"]), tuple(row[k] for k in FIELDS))
    return list(games.values())


def report(results: list) -> dict:
    """Print and return {(setting, budget): win rate} over result tuples (FIELDS)."""
    table = {}
    for setting in dict.fromkeys(r[0] for r in results):
        for b in sorted({r[1] for r in results if r[0] == setting}):
            rows = [r for r in results if r[0] == setting and r[1] == b]
            n = len(rows)
            rate = sum(r[2] for r in rows) / n
            vp = sum(r[3] for r in rows) / n
            secs = sum(r[4] for r in rows) / n
            cpu = sum(r[5] for r in rows) / n
            table[(setting, b)] = rate
            against = "3 greedy (fair share 0.25)" if setting == "4p" else f"two {setting.partition(':')[2]} rivals"
            print(f"{setting:14s} search:{b:<4d} vs {against}: win rate {rate:.3f} ± {interval(rate, n):.3f} "
                  f"over {n} games, mean VP {vp:.1f}, {secs:.1f} s a game ({cpu:.1f} s CPU)")
    return table


if __name__ == "__main__":
    main()
