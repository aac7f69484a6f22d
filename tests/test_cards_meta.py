"""Every definition in the compiled content has a scenario test.

A definition counts as covered when its id appears as a string literal (e.g.
"dr_yueh") inside some test function of a tests/test_cards_*.py file: in its
body or in its decorators (so `pytest.mark.parametrize` tables count). Literals
at module level or in helper functions do not count: a test has to use the id.
Deck lists (kind `deck`) are data, not playable definitions, and are excluded.
"""
from __future__ import annotations

import ast
from pathlib import Path

from dunec.content import load

TESTS = Path(__file__).resolve().parent
SELF = Path(__file__).name


def card_test_files() -> list[Path]:
    return sorted(p for p in TESTS.glob("test_cards_*.py") if p.name != SELF)


def ids_in_tests(source: str) -> set[str]:
    """String literals that stand inside a test function (body or decorators)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    found.add(sub.value)
    return found


def covered() -> dict[str, set[str]]:
    return {p.name: ids_in_tests(p.read_text(encoding="utf-8")) for p in card_test_files()}


def test_every_definition_has_a_scenario_test():
    defs = load("compiled").defs
    wanted = sorted(i for i, m in defs.items() if m["kind"] != "deck")
    seen = set().union(*covered().values())
    missing = [f"{i} ({defs[i]['kind']})" for i in wanted if i not in seen]
    assert not missing, "definitions without a scenario test in tests/test_cards_*.py: " + ", ".join(missing)


def test_the_files_by_kind_exist():
    names = {p.name for p in card_test_files()}
    for kind in ("imperium", "intrigue", "conflicts", "board", "starting", "leaders"):
        assert f"test_cards_{kind}.py" in names


def test_the_scan_sees_only_test_functions():
    src = (
        'IDS = ["module_level"]\n'
        'def helper():\n    return "in_helper"\n'
        '@mark("in_decorator")\n'
        'def test_x():\n    assert "in_body"\n'
        'class TestC:\n    def test_m(self):\n        return "in_method"\n'
    )
    assert ids_in_tests(src) == {"in_decorator", "in_body", "in_method"}
