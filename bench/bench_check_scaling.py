"""Benchmark: how checking grows with the number of cards. Prints the time per
1,000 cards at each size and the ratio to the smallest; asserts nothing (the
tests count operations instead, see tests/test_check_scaling.py).

    python3 bench/bench_check_scaling.py [--sizes 1000,5000,25000]

The cards are the bundled base set plus copies of its Imperium cards under new
ids (`dune_tiger_7`), so every construct the real cards use is checked; each
copy adds a deck list of its cards and a card that names each of them, so card
references grow with the cards. Linear growth keeps the time per 1,000 cards flat.
"""
from __future__ import annotations

import argparse
import re
import time

from dunec.frontend import compile_sources
from dunec.paths import cards_dir


def card_set(n: int) -> list[tuple[str, str]]:
    """The base set (with the core set it requires), then copies of its Imperium cards
    until there are n cards or more."""
    base = cards_dir() / "base"
    files = [(f"cards/{s}/{p.name}", p.read_text(encoding="utf-8"))
             for s in ("base", "core") for p in sorted((cards_dir() / s).glob("*.dune"))]
    imperium = (base / "imperium.dune").read_text(encoding="utf-8")
    ids = re.findall(r"^card (\w+)", imperium, flags=re.M)
    # The card tests beside the cards are copied too, and need ids of their own.
    tests = re.findall(r"^test (\w+)", imperium, flags=re.M)
    word = re.compile(r"\b(" + "|".join(ids + tests) + r")\b")
    k = 1
    while len(ids) * k < n:
        copy = word.sub(lambda m: f"{m.group(1)}_{k}", imperium)
        # References from card to card, as many as cards: a deck list and a card that
        # names each (conditions and effects resolve ids differently).
        rows = "\n".join(f"  card {i}_{k} 1" for i in ids)
        names = "\n".join(f"    if copies {i}_{k} >= 1 {{ discount {i}_{k} 1 }}" for i in ids)
        copy += (f"\ndeck deck_{k} {{\n  size {len(ids)}\n{rows}\n}}\n"
                 f"card catalogue_{k} \"Catalogue {k}\" {{\n  cost 1\n  reveal {{\n{names}\n  }}\n}}\n")
        files.append((f"cards/base/more_{k}.dune", copy))
        k += 1
    return files


def check_time(sources: list[tuple[str, str]]) -> tuple[int, float]:
    t0 = time.perf_counter()
    model, diags = compile_sources(sources)
    spent = time.perf_counter() - t0
    if diags.errors:
        raise SystemExit(diags.render())
    return len(model.defs), spent


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,5000,25000", help="numbers of cards, comma-separated")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    check_time(card_set(sizes[0]))  # warm up: the grammar is compiled once
    first = None
    for n in sizes:
        defs, spent = check_time(card_set(n))
        per_k = spent / defs * 1000
        first = first or per_k
        print(f"check {defs:>6} definitions: {spent:7.2f} s, {per_k:6.3f} s per 1k, "
              f"ratio {per_k / first:4.2f} to the smallest")


if __name__ == "__main__":
    main()
