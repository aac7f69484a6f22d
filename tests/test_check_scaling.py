"""Checking grows linearly with the number of cards.

Counted, never timed: the number of lines of dunec's own code that run (a line
tracer that follows dunec frames only) to check a set, at three sizes. Each card
beyond the first costs about the same; a step that walks every card for each
card (a quadratic) makes the later cards dearer and fails the test. The wall-clock
view of the same is bench/bench_check_scaling.py.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from dunec.frontend import compile_sources

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_check_scaling", ROOT / "bench" / "bench_check_scaling.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

DUNEC = str(ROOT / "dunec")


def lines_run(work) -> tuple[object, int]:
    """(what work() returns, lines of dunec code run for it)."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        count += event == "line"
        return local

    old = sys.gettrace()
    sys.settrace(lambda frame, event, arg: local if frame.f_code.co_filename.startswith(DUNEC) else None)
    try:
        return work(), count
    finally:
        sys.settrace(old)


def checked(sources) -> tuple[int, int]:
    """(definitions checked, lines run to check them) of a clean set."""
    (model, diags), count = lines_run(lambda: compile_sources(sources))
    assert not diags.errors, diags.render()
    return len(model.defs), count


def test_each_card_costs_the_same_to_check():
    (n1, c1), (n2, c2), (n3, c3) = (checked(bench.card_set(n)) for n in (150, 300, 600))
    early = (c2 - c1) / (n2 - n1)
    late = (c3 - c2) / (n3 - n2)
    assert n3 >= 600 and early > 0
    assert late < 1.15 * early, f"lines per card: {early:.0f} from {n1} to {n2} cards, {late:.0f} to {n3}"


def test_the_benchmark_runs(capsys):
    bench.main(["--sizes", "60,120"])
    out = capsys.readouterr().out
    assert out.count("s per 1k") == 2 and "ratio 1.00" in out


def _bad_references(n: int) -> list[tuple[str, str]]:
    text = "\n".join(f"card c{i} {{ set base; cost 1; reveal {{ discount cx{i} 1 }} }}\n"
                     f"deck d{i} {{ set base; size 1; card cy{i} 1 }}" for i in range(n))
    return [("t.dune", text)]


def test_unknown_ids_get_a_bounded_number_of_suggestions(monkeypatch):
    """Each suggestion compares an unknown id with every id: a file of mass errors
    must not make that quadratic, so only the first MAX_ID_SUGGESTIONS get one."""
    import dunec.check.resolve as R
    calls = []
    real = R.did_you_mean
    monkeypatch.setattr(R, "did_you_mean", lambda word, cands: calls.append(word) or real(word, cands))
    diags = compile_sources(_bad_references(300))[1]
    assert len(diags.items) == 600 and len(calls) == R.MAX_ID_SUGGESTIONS
    helps = [d.help for d in diags.sorted()]
    assert helps[0] == "did you mean `c0`?" and helps[-1] == "define it, or check the spelling"
    assert sum(h.startswith("did you mean") for h in helps) == R.MAX_ID_SUGGESTIONS


def test_each_bad_reference_costs_the_same_to_report():
    (n1, c1), (n2, c2), (n3, c3) = (_lines_with_errors(n) for n in (100, 200, 400))
    early, late = (c2 - c1) / (n2 - n1), (c3 - c2) / (n3 - n2)
    assert late < 1.15 * early, f"lines per card: {early:.0f}, then {late:.0f}"


def _lines_with_errors(n: int) -> tuple[int, int]:
    """(cards, lines run to check them and render every diagnostic as text and JSON)."""
    def work():
        _, diags = compile_sources(_bad_references(n))
        return len(diags.items), diags.render(limit=None), diags.to_json()

    (items, _, _), count = lines_run(work)
    assert items == 2 * n
    return n, count
