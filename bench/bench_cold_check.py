"""Benchmark: a cold `dunec check FILE`, as an editor runs it on save: a new
process each time, by default (names resolved against the bundled cards) and
with `--alone`. Prints the median wall and CPU time of N runs, and the same
for a bare `python -c pass`, so what is dunec's own is plain; asserts nothing.

    python3 bench/bench_cold_check.py [--runs 15] [--here] [FILE]

Two installs are timed. "a clean install": a new virtual environment with
nothing but dunec, installed from this checkout as a user's `pip install`
makes it (a wheel; lark and jinja2 from the package index), run through its
`dunec` command: what a user's editor starts. "this interpreter": `python -m
dunec` in the interpreter running the bench, with whatever its site-packages
load at every start (an editable install's finder, and here a sandbox's
certificate hook that imports ~20 ms of modules before any program runs).
`--here` times only the second (no install; no package index needed).

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

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT / "cards" / "base" / "imperium.dune"


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


def clean_install(into: Path) -> tuple[list[str], list[str]]:
    """A new virtual environment at `into` (no pip, no site-packages of this
    interpreter) with this checkout installed as `pip install` installs it:
    (its `dunec` command, its python)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(into)], check=True)
    scripts = into / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--disable-pip-version-check", "--no-warn-script-location", str(ROOT)],
                   check=True, stdout=subprocess.DEVNULL)
    return [str(scripts / "dunec")], [str(python)]


def time_install(label: str, dunec: list[str], python: list[str], file: Path, runs: int, env: dict) -> dict:
    check = measure(dunec + ["check", str(file)], runs, env)
    alone = measure(dunec + ["check", "--alone", str(file)], runs, env)
    bare = measure(python + ["-c", "pass"], runs, env)
    print(f"{label}: cold `dunec check {file.name}`, median of {runs} processes:")
    for name, (wall, cpu) in (("dunec check:", check), ("dunec check --alone:", alone), ("python -c pass:", bare)):
        print(f"  {name:21s}{wall * 1000:6.1f} ms wall  {cpu * 1000:6.1f} ms CPU")
    print(f"  dunec's own share:   {(check[0] - bare[0]) * 1000:6.1f} ms wall  {(check[1] - bare[1]) * 1000:6.1f} ms CPU"
          f"  (--alone: {(alone[0] - bare[0]) * 1000:.1f} ms wall)")
    return {"check": check, "alone": alone, "bare": bare}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE, help="the card file to check")
    ap.add_argument("--runs", type=int, default=15, help="processes to time (the median is printed)")
    ap.add_argument("--here", action="store_true", help="time only this interpreter (no clean install)")
    args = ap.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    results = {}
    with tempfile.TemporaryDirectory(prefix="dunec-bench-") as tmp:
        env["DUNEC_CACHE_DIR"] = str(Path(tmp) / "cache")
        if not args.here:
            dunec, python = clean_install(Path(tmp) / "venv")
            results["clean"] = time_install("a clean install", dunec, python, args.file, args.runs, env)
        here = [sys.executable]
        results["here"] = time_install("this interpreter", here + ["-m", "dunec"], here, args.file, args.runs, env)
    return results


if __name__ == "__main__":
    main()
