"""Benchmark: a cold `dunec check FILE`, as an editor runs it on save: a new
process each time, by default (names resolved against the bundled cards) and
with `--alone`. Prints the median wall and CPU time of N runs, and the same
for a bare `python -c pass`, so what is dunec's own is plain; asserts nothing.

    python3 bench/bench_cold_check.py [--runs 15] [FILE]

Bytecode is written and used (PYTHONDONTWRITEBYTECODE is dropped for the runs),
as after `pip install`; a first, unmeasured run writes it, and the parses of the
bundled cards that dunec keeps in its cache folder (dunec/parsecache.py). That
folder is the bench's own (DUNEC_CACHE_DIR, a new temporary one): the user's is
shared by every dunec on the machine, and one from another checkout (another code
stamp) rewriting it between runs would time a first run, not the editor loop.
Wall time counts whatever else the machine runs; CPU time (user + system) of the
process much less.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "cards" / "base" / "imperium.dune"


def _run(argv: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(argv: list[str], runs: int, env: dict) -> tuple[float, float]:
    _run(argv, env)  # writes the bytecode; not counted
    times = [_run(argv, env) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE, help="the card file to check")
    ap.add_argument("--runs", type=int, default=15, help="processes to time (the median is printed)")
    args = ap.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="dunec-bench-cache-") as cache:
        env["DUNEC_CACHE_DIR"] = cache
        check = measure([sys.executable, "-m", "dunec", "check", str(args.file)], args.runs, env)
        alone = measure([sys.executable, "-m", "dunec", "check", "--alone", str(args.file)], args.runs, env)
        bare = measure([sys.executable, "-c", "pass"], args.runs, env)
    print(f"cold `dunec check {args.file.name}`, median of {args.runs} processes:")
    for label, (wall, cpu) in (("dunec check:", check), ("dunec check --alone:", alone), ("python -c pass:", bare)):
        print(f"  {label:21s}{wall * 1000:6.1f} ms wall  {cpu * 1000:6.1f} ms CPU")
    print(f"  dunec's own share:   {(check[0] - bare[0]) * 1000:6.1f} ms wall  {(check[1] - bare[1]) * 1000:6.1f} ms CPU"
          f"  (--alone: {(alone[0] - bare[0]) * 1000:.1f} ms wall)")
    return {"check": check, "alone": alone, "bare": bare}


if __name__ == "__main__":
    main()
