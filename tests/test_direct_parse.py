"""The AST built during the parse, in lark's reductions (dunec/syntax/direct.py)
or by recursive descent (dunec/syntax/descent.py), is the AST of lark's tree
transformed afterwards, spans and all, for every bundled card, every diagnostics
data file, deep nesting, generated and broken cards; and the syntax errors are
the same (the descent refuses exactly what lark refuses, and leaves it to lark)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.check.diagnostics import Diagnostics
from dunec.syntax import descent, direct, parser
from dunec.syntax.lines import normalize

from test_fmt import card_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "cards").rglob("*.dune")) + sorted((ROOT / "tests" / "diagnostics").glob("*.dune"))


def _both(text: str, path: str = "x.dune"):
    """(direct AST or the error, tree AST or the error) of one text; the descent
    gives the same AST, or refuses the text exactly when lark errs."""
    fast, tree = _lark_both(text, path)
    try:
        mine = descent.parse(normalize(text), parser._ToAst(path))
    except descent.Unparsed:
        mine = "unparsed"
    except direct.TooDeep:
        mine = "too deep"
    if isinstance(tree, tuple):
        assert mine == "unparsed"
    elif mine != "too deep":
        assert mine == tree
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


def test_the_descent_mirrors_this_grammar_and_its_keywords():
    """descent.py is written for one grammar: GRAMMAR_CRC is that grammar's, and its
    reserved words are the grammar's quoted words. After an edit to the grammar
    this fails until descent.py follows it (and then GRAMMAR_CRC is updated)."""
    import re
    import zlib

    from dunec.paths import grammar_file

    grammar = grammar_file().read_bytes()
    assert zlib.crc32(grammar.replace(b"\r\n", b"\n")) == descent.GRAMMAR_CRC and descent.mirrors_grammar()
    words = set(re.findall(r'"([a-z]+)"', grammar.decode("utf-8")))
    assert words == set(descent.KEYWORDS)


def test_an_edited_grammar_is_parsed_by_lark_alone(monkeypatch, tmp_path):
    """A grammar the descent was not written for: every file goes to lark, with the
    same AST for a file that parses and the same error for one that does not."""
    from dunec.syntax import lalr

    text = (ROOT / "cards" / "base" / "imperium.dune").read_text(encoding="utf-8")
    before = _parse_source(text)
    broken_text = text.replace("cost 2", "cost {", 1)
    broken_before = _parse_source(broken_text)
    edited = tmp_path / "dune.lark"
    edited.write_text(lalr.grammar_file().read_text(encoding="utf-8") + "\n// an edit\n", encoding="utf-8")
    monkeypatch.setattr(descent, "grammar_file", lambda: edited)
    monkeypatch.setattr(descent, "parse", None)  # never called
    descent.mirrors_grammar.cache_clear()
    try:
        assert not descent.mirrors_grammar()
        assert _parse_source(text) == before and before[0]
        assert _parse_source(broken_text) == broken_before and broken_before[0] is None and broken_before[1]
    finally:
        descent.mirrors_grammar.cache_clear()
