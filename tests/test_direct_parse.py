"""The AST built during the parse (dunec/syntax/direct.py), in lark's reductions
or by the compact driver over the same tables, is the AST of lark's tree
transformed afterwards, spans and all, for every bundled card, every diagnostics
data file, deep nesting, generated and broken cards; and the syntax errors are
the same (the compact driver leaves each one to lark)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.check.diagnostics import Diagnostics
from dunec.syntax import direct, parser
from dunec.syntax.lines import normalize

from test_fmt import card_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "cards").rglob("*.dune")) + sorted((ROOT / "tests" / "diagnostics").glob("*.dune"))


def _both(text: str, path: str = "x.dune"):
    """(direct AST or the error, tree AST or the error) of one text; the compact
    driver gives the same AST, or refuses the text exactly when lark errs."""
    fast, tree = _lark_both(text, path)
    try:
        compact = direct.parse_compact(parser.compact_tables(), normalize(text), parser._ToAst(path))
    except direct.Unparsed:
        compact = "unparsed"
    except direct.TooDeep:
        compact = "too deep"
    if isinstance(tree, tuple):
        assert compact == "unparsed"
    elif compact != "too deep":
        assert compact == tree
    return fast, tree


def _lark_both(text: str, path: str):
    text = normalize(text)
    out = []
    for build in (lambda: direct.parse(parser._parser(), text, parser._ToAst(path)),
                  lambda: parser._tree_to_ast()(path).transform(parser._parser().parse(text))):
        try:
            out.append(build())
        except parser.UnexpectedInput as e:
            out.append((type(e).__name__, getattr(e, "line", None), getattr(e, "column", None),
                        sorted(getattr(e, "expected", None) or ()), str(getattr(e, "token", ""))))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_direct_and_tree_parses_agree_on_every_data_file(path):
    fast, tree = _both(path.read_text(encoding="utf-8"), path.name)
    assert fast == tree


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_file())
def test_direct_and_tree_parses_agree_on_generated_cards(text):
    fast, tree = _both(text)
    assert fast == tree


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_file(), st.integers(0, 400), st.sampled_from(["}", "{", "\n", ",", "->", "- ", "(", "if", "else", "x"]))
def test_direct_and_tree_parses_agree_on_broken_cards(text, at, junk):
    text = text[:at] + junk + text[at:]
    fast, tree = _both(text)
    assert fast == tree


def _parse_source(text):
    d = Diagnostics()
    f = parser.parse_source("x.dune", text, d)
    return (None if f is None else f.definitions), [x.to_json() for x in d.items]


@pytest.mark.parametrize("depth", [5, direct.FALL_BACK_DEPTH, 200, 400, 1000])
def test_deep_nesting_is_reported_as_before(depth, monkeypatch):
    """Past FALL_BACK_DEPTH the tree path parses, and reports what is too deep;
    with FALL_BACK_DEPTH 0 every file takes the tree path, as before."""
    text = 'card deep "D" {\n  reveal { if ' + "not " * depth + "seat { draw 1 } }\n}\n"
    fast = _parse_source(text)
    monkeypatch.setattr(direct, "FALL_BACK_DEPTH", 0)
    assert fast == _parse_source(text)
    if depth >= 400:
        assert fast[0] is None and fast[1]  # too deep, reported
