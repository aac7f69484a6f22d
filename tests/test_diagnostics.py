"""Diagnostics, driven by data files.

Every file in tests/diagnostics/ is compiled on its own. A line that should get a
diagnostic carries the expectation in a comment: the code, a colon and the column
of the caret, then the message.

    agent { swords 2 }  # error[E0301]:11 `swords` cannot be used in an agent box

A second diagnostic on the same line goes on a comment line of its own below,
marked `^` (the line of the expectation just above):

    reveal { spcie 2; influence gild 1 }  # error[E0201]:12 unknown effect `spcie`
    # ^ error[E0203]:31 unknown faction `gild`

An error that no line can carry (the file ends too early) is written anywhere,
with where it is reported:

    # error[E0003] @ eof:2 unexpected end of file       (the last line with content)
    # error[E0003] @ line 12:5 unexpected end of file

The message is the whole message; one that ends in ` …` is a prefix of it, for
messages too long to repeat. The test asserts that the diagnostics reported are
exactly those expected, by line, column, code and message: nothing missing,
nothing extra. The rest of this module checks the registry of codes, a few
rendered diagnostics in full, the JSON output, what no data file can hold (NUL
bytes, undecodable files, deep nesting), and that every code is covered and
documented.
"""
from __future__ import annotations

import ast as pyast  # Python's, for the call sites; the card AST is not involved
import json
import os
import re
import string
from dataclasses import dataclass
from pathlib import Path

import pytest

from dunec.check import messages as M
from dunec.check.diagnostics import Diagnostics, render_one
from dunec.check.messages import MESSAGES
from dunec.cli import main
from dunec.frontend import compile_paths, compile_sources

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "diagnostics"
FILES = sorted(DATA.glob("*.dune"))
ERRORS_MD = ROOT / "docs" / "errors.md"

# Codes no data file can hold, each tested by a function in this module.
COVERED_HERE = {"E0004": "test_undecodable_file_is_E0004", "E0407": "test_a_set_left_out_of_sets_is_E0407",
                "E0309": "test_a_construct_the_engine_does_not_play_is_E0309_at_its_place",
                "E0466": "test_a_mixed_card_taking_the_mentat_is_E0466_at_its_place"}
NOT_TESTABLE = {"E0700"}  # internal compiler error: no input should ever produce it

_EXPECT = re.compile(r"^(\^\s+)?(?:error|warning)\[([EW]\d{4})\](?:\s*@\s*(eof|line\s+(\d+)))?:(\d+)\s+(\S.*?)\s*$")
PREFIX = " …"


@dataclass(frozen=True)
class Expect:
    line: int
    col: int
    code: str
    message: str  # ending in PREFIX: a prefix of the message

    def fits(self, line: int, col: int, code: str, message: str) -> bool:
        if (self.line, self.col, self.code) != (line, col, code):
            return False
        if self.message.endswith(PREFIX):
            return message.startswith(self.message[:-len(PREFIX)])
        return message == self.message

    def __str__(self) -> str:
        return f"{self.line}:{self.col} {self.code} {self.message}"


def _comment(line: str) -> str:
    """The comment part of a source line (a `#` outside a double-quoted string; on a
    line whose string is never closed, the last `#`)."""
    in_str = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_str and c == "\\":
            i += 2
            continue
        if c == '"':
            in_str = not in_str
        elif c == "#" and not in_str:
            return line[i + 1:]
        i += 1
    return line[line.rfind("#") + 1:] if in_str and "#" in line else ""


def expectations(text: str) -> list[Expect]:
    """The diagnostics a data file expects, in file order."""
    eof = max(1, text.rstrip().count("\n") + 1)
    want: list[Expect] = []
    for n, line in enumerate(text.split("\n"), start=1):
        comment = _comment(line).strip()
        if "error[" not in comment and "warning[" not in comment:
            continue
        m = _EXPECT.match(comment)
        assert m, f"line {n}: an expectation is `error[CODE]:COLUMN message`, not {comment!r}"
        again, code, where, at, col, message = m.groups()
        if again:
            assert want, f"line {n}: `^` repeats the line of an expectation above, and there is none"
            n = want[-1].line
        elif where == "eof":
            n = eof
        elif where is not None:
            n = int(at)
        want.append(Expect(n, int(col), code, message))
    return want


def unmatched(want: list[Expect], got: list[tuple]) -> tuple[list[Expect], list[tuple]]:
    """(expectations no diagnostic fits, diagnostics no expectation fits), each
    diagnostic a (line, column, code, message); exact messages are matched first."""
    rest = list(got)
    missing = []
    for e in sorted(want, key=lambda e: e.message.endswith(PREFIX)):
        hit = next((g for g in rest if e.fits(*g)), None)
        if hit is None:
            missing.append(e)
        else:
            rest.remove(hit)
    return missing, rest


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _compile(path: str, text: str) -> Diagnostics:
    return compile_sources([(path, text)])[1]


# ---------------------------------------------------------------------- data files
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_data_file(path: Path):
    text = path.read_text(encoding="utf-8")
    diags = _compile(_rel(path), text)
    got = [(d.span.line, d.span.col, d.code, d.message) if d.span else (0, 0, d.code, d.message)
           for d in diags.items]
    missing, extra = unmatched(expectations(text), got)
    if missing or extra:
        lines = [f"{path.name}:"]
        lines += [f"  missing    {e}" for e in sorted(missing, key=lambda e: (e.line, e.col))]
        lines += [f"  unexpected {ln}:{col} {code} {msg}" for ln, col, code, msg in sorted(extra)]
        lines += ["", diags.render()]
        pytest.fail("\n".join(lines))


def test_every_diagnostic_has_a_label_and_a_help():
    for path in FILES:
        for d in _compile(_rel(path), path.read_text(encoding="utf-8")).items:
            assert d.label and d.help, f"{path.name}:{d.span.line}: {d.code} {d.message!r} lacks a label or help"


def test_there_are_many_data_files():
    assert len(FILES) >= 30


def test_every_data_file_is_named_nnn_topic():
    for p in FILES:
        assert re.fullmatch(r"\d{3}_[a-z0-9_]+\.dune", p.name), p.name


def test_every_code_is_covered():
    covered = set(COVERED_HERE)
    for p in FILES:
        covered |= {e.code for e in expectations(p.read_text(encoding="utf-8"))}
    uncovered = sorted(set(MESSAGES) - NOT_TESTABLE - covered)
    assert not uncovered, f"codes no data file or test exercises: {uncovered}"
    unknown = sorted(covered - set(MESSAGES))
    assert not unknown, f"expectations name codes that do not exist: {unknown}"
    for code, test in COVERED_HERE.items():
        assert callable(globals().get(test)), f"{code}: {test} is missing"


def test_expectation_parser():
    text = ('card a "x # not a comment" {  # error[E0101]:1 unknown definition kind `card`\n'
            "  # ^ error[E0203]:9 unknown icon …\n"
            "}\n# error[E0003] @ eof:2 unexpected end of file\n"
            "# error[E0001] @ line 7:3 unexpected `}`\n\n")
    assert expectations(text) == [
        Expect(1, 1, "E0101", "unknown definition kind `card`"), Expect(1, 9, "E0203", "unknown icon …"),
        Expect(5, 2, "E0003", "unexpected end of file"), Expect(7, 3, "E0001", "unexpected `}`")]
    assert expectations('card a "# error[E0101]:1 x" {}\n') == []
    for bad in ("x  # error[E0101] unknown kind", "x  # error[E0101]:1", "# ^ error[E0101]:1 first"):
        with pytest.raises(AssertionError, match="expectation|`\\^`"):
            expectations(bad)


def test_expectations_pin_column_and_message():
    want = [Expect(2, 5, "E0201", "unknown effect `drw`"), Expect(3, 5, "E0203", "unknown icon …")]
    exact = [(2, 5, "E0201", "unknown effect `drw`"), (3, 5, "E0203", "unknown icon `citty`")]
    assert unmatched(want, exact) == ([], [])
    for wrong in ((2, 6, "E0201", "unknown effect `drw`"), (2, 5, "E0201", "unknown effect `drww`"),
                  (2, 5, "E0202", "unknown effect `drw`"), (1, 5, "E0201", "unknown effect `drw`")):
        assert unmatched(want, [wrong, exact[1]]) == ([want[0]], [wrong])
    assert unmatched(want, [exact[0], (3, 5, "E0203", "unknown faction `x`")])[0] == [want[1]]
    assert unmatched(want, exact + exact[:1]) == ([], [exact[0]])


# ---------------------------------------------------------------------- the registry
# Every entry and variant by its name in dunec.check.messages.
ENTRIES = {name: v for name, v in vars(M).items() if isinstance(v, M.Code)}
# Calls whose code is a parameter: Diagnostics.error checks them when they run, and
# the data files run them (043 and 048 for `_number`).
DYNAMIC = {("dunec/check/resolve.py", "code")}


def _error_calls():
    """(file, line, call) of every `.error(...)` call in the package."""
    for path in sorted((ROOT / "dunec").rglob("*.py")):
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, pyast.Call) and isinstance(node.func, pyast.Attribute) \
                    and node.func.attr == "error" and node.args:
                yield _rel(path), node.lineno, node


def _entries_named(node) -> list[str]:
    """The registry names a code argument may evaluate to (both arms of an `if`)."""
    if isinstance(node, pyast.IfExp):
        return _entries_named(node.body) + _entries_named(node.orelse)
    return [node.id] if isinstance(node, pyast.Name) else [pyast.unparse(node)]


def test_every_call_site_names_a_registry_entry_with_fitting_arguments():
    used = set()
    for path, line, call in _error_calls():
        kws = {k.arg for k in call.keywords}
        for name in _entries_named(call.args[0]):
            if name not in ENTRIES:
                assert (path, name) in DYNAMIC, f"{path}:{line}: `{name}` is not a registry entry"
                continue
            entry = ENTRIES[name]
            used.add(name)
            assert kws - {"label", "help", "notes"} == entry.fields, \
                f"{path}:{line}: {name} takes {sorted(entry.fields)}, the call gives {sorted(kws)}"
            for part in ("label", "help"):
                fixed = getattr(entry, part) is not None
                assert (part in kws) != fixed, \
                    f"{path}:{line}: {name}'s {part} is {'fixed by the registry' if fixed else 'up to the call'}"
    used |= {"NUMBER_OUT_OF_RANGE", "UNPAYABLE_COST"}  # through DYNAMIC
    used |= {"NOT_PLAYED_YET"}  # rendered by a game's selection (ir/meta.py refusals), not a check
    used |= {"MIX_TAKES_MENTAT"}  # rendered by a game's selection too (ir/meta.py _without_mentat)
    unused = sorted(name for name, e in ENTRIES.items() if name not in used)
    assert unused == ["BAD_FIELD_VALUE", "INTERNAL_ERROR"], f"entries no call raises: {unused}"
    assert all(e.of is not None for name, e in ENTRIES.items() if e.code == "E0106" and name != "BAD_FIELD_VALUE")


def test_variants_share_their_code_title_and_explanation():
    for name, e in ENTRIES.items():
        if e.of is not None:
            assert e.of is M.MESSAGES[e.code], name
            assert (e.title, e.explain) == (e.of.title, e.of.explain), name
            assert (e.label, e.help) != (e.of.label, e.of.help), f"{name} says nothing its entry does not"
    assert M.MESSAGES["E0106"] is M.BAD_FIELD_VALUE and M.FIELD_NEEDS_BLOCK.code == "E0106"


def test_registry_entries_are_named_once_and_have_plain_placeholders():
    assert len([e for e in ENTRIES.values() if e.of is None]) == len(M.MESSAGES)
    for name, e in ENTRIES.items():
        assert re.fullmatch(r"[A-Z][A-Z0-9_]+", name) and re.fullmatch(r"[EW]\d{4}", e.code)
        for part, template in e.templates().items():
            for _, field, spec, conv in string.Formatter().parse(template):
                if field is not None:
                    assert field.isidentifier() and not spec and not conv, f"{e.code} {part}: {{{field}}}"
        assert not re.search(r"[{}]", e.synopsis().replace("{ ... }", "")), e.code


def test_a_misfit_call_is_refused():
    d = Diagnostics()
    with pytest.raises(TypeError, match="E0201: got arguments"):
        d.error(M.UNKNOWN_EFFECT, None, label="x", help="y")  # `verb` missing
    with pytest.raises(TypeError, match="E0201: got arguments"):
        d.error(M.UNKNOWN_EFFECT, None, label="x", help="y", verb="a", verbb="b")  # unknown
    with pytest.raises(TypeError, match="fixed by the registry"):
        d.error(M.DUPLICATE_ID, None, id="a", label="again")
    with pytest.raises(TypeError, match="not fixed by the registry"):
        d.error(M.UNKNOWN_KIND, None, kind="crad")  # no help
    with pytest.raises(TypeError, match="not 'E0201'"):
        d.error("E0201", None, verb="a", label="x", help="y")
    assert not d.items
    d.error(M.WRONG_KIND_OF_DEFINITION, None, name="a", what="board space", kind="intrigue card")
    (item,) = d.items
    assert (item.message, item.label, item.help) == \
        ("`a` is not a board space", "this is an intrigue card", "name a board space here")


def test_a_misspelled_code_fails_at_import():
    with pytest.raises(ImportError, match="UNKNOWN_EFECT"):
        exec("from dunec.check.messages import UNKNOWN_EFECT", {})


@pytest.mark.parametrize("code", sorted(M.MESSAGES))
def test_explain_prints_no_placeholders(code, capsys):
    assert main(["explain", code]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\{\w*\}|\{\{|\}\}", out), out
    assert main(["explain"]) == 0
    assert not re.search(r"\{\w*\}|\{\{|\}\}", capsys.readouterr().out)


# ---------------------------------------------------------------------- rendering
README_CARD = """\
card duncan_idaho "Duncan Idaho" {
  cost 4; icons city
  agent { pay water 1 -> troops 1, draw 1 }
  reveal { swords 2; water 1 }
}
card dr_yueh "Dr. Yueh" { cost 1
  reveal { persuasion 1; spcie 2 }
}
"""


def test_render_unknown_effect_with_suggestion():
    # A file under cards/base/ takes its set from the folder.
    diags = _compile("cards/base/imperium.dune", README_CARD)
    assert diags.render() == """\
error[E0201]: unknown effect `spcie`
 --> cards/base/imperium.dune:7:26
  |
7 |   reveal { persuasion 1; spcie 2 }
  |                          ^^^^^ not an effect
  = help: did you mean `spice`?

1 error found"""


def test_render_pads_the_gutter_for_long_line_numbers():
    text = "\n" * 11 + "card a { set base; cost 1; icons citty }\n"
    diags = _compile("t.dune", text)
    assert render_one(diags.items[0], diags.sources) == """\
error[E0203]: unknown icon `citty`
  --> t.dune:12:34
   |
12 | card a { set base; cost 1; icons citty }
   |                                  ^^^^^ not an icon
   = help: did you mean `city`?
"""


def test_render_duplicate_id_points_at_both():
    text = "card a { set base; cost 1 }\nintrigue a { set base; plot { draw 1 } }\n"
    out = _compile("t.dune", text).render()
    assert "error[E0102]: `a` is defined twice\n --> t.dune:2:10\n" in out
    assert "2 | intrigue a { set base; plot { draw 1 } }\n  |          ^ defined again here\n" in out
    assert "= note: first defined here (at t.dune:1:6)" in out


def test_render_unexpected_eof_names_the_open_brace():
    # The indentation does not tell (the last `}` is indented as deep as its block's).
    text = 'card a "A" {\n  set base; cost 1\n  reveal { draw 1\n    }\n\n'
    diags = _compile("t.dune", text)
    assert [d.code for d in diags.items] == ["E0003"]
    out = diags.render()
    assert " --> t.dune:4:6\n" in out
    assert "4 |     }\n  |      ^ expected" in out
    assert "= note: this `{` is never closed (at t.dune:1:12)" in out
    assert "= help: every `{` needs a matching `}`" in out


@pytest.mark.parametrize("text, start, parts", [
    ('card a "A" {\n  set base; cost 1\n  reveal { draw 1\n}\n\n',
     "error[E0005]: block not closed\n --> t.dune:3:10\n",
     ["3 |   reveal { draw 1\n  |          ^ this block is not closed\n",
      "= note: the indentation drops here: the block ends before this line (at t.dune:4:1)",
      "= help: add the `}` that closes it before line 4, where the indentation drops"]),
    ("card a { set base; cost 1\n  agent { swords 2 }\n}\n",
     "error[E0301]: `swords` cannot be used in an agent box\n --> t.dune:2:11\n",
     ["  |           ^^^^^^ not allowed here\n", "= help: swords count on a Reveal turn or in combat"]),
], ids=["unclosed_block_at_the_open_brace_and_the_drop", "wrong_box_has_help"])
def test_render(text, start, parts):
    out = _compile("t.dune", text).render()
    assert out.startswith(start)
    for part in parts:
        assert part in out


def test_render_control_characters_keep_the_caret_aligned():
    text = "card a {\r\n  set base;\tcost 1; reveal { drw 1 }\r\n}\r\n"
    out = _compile("t.dune", text).render()
    assert "2 |   set base; cost 1; reveal { drw 1 }\n  |                              ^^^ not an effect" in out


def test_render_summary_counts_errors():
    text = "card a { set base; cost 1; icons citty spice_trad }\n"
    assert _compile("t.dune", text).render().endswith("\n2 errors found")


# ---------------------------------------------------------------------- JSON output
def test_json_output_fields(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.dune").write_text("card a { set base; cost 1\n  reveal { spcie 2 }\n}\n", encoding="utf-8")
    assert main(["check", "bad.dune", "--format", "json"]) == 1
    items = json.loads(capsys.readouterr().out)
    assert len(items) == 1
    d = items[0]
    assert d["code"] == "E0201"
    assert d["severity"] == "error"
    assert d["file"] == "bad.dune"
    assert (d["line"], d["column"], d["end_line"], d["end_column"]) == (2, 12, 2, 17)
    assert d["message"] == "unknown effect `spcie`"
    assert d["label"] == "not an effect"
    assert d["help"] == "did you mean `spice`?"
    assert d["notes"] == []


def test_json_output_notes_have_positions(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dup.dune").write_text("card a { set base; cost 1 }\ncard a { set base; cost 2 }\n",
                                       encoding="utf-8")
    assert main(["check", "dup.dune", "--format", "json"]) == 1
    (d,) = json.loads(capsys.readouterr().out)
    assert d["code"] == "E0102" and d["line"] == 2
    assert d["notes"] == [{"message": "first defined here", "file": "dup.dune", "line": 1, "column": 6}]


def test_json_output_is_an_empty_list_when_clean(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.dune").write_text("card a { set base; cost 1; reveal { draw 1 } }\n", encoding="utf-8")
    assert main(["check", "ok.dune", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


# ---------------------------------------------------------------------- what data files cannot hold
def test_undecodable_file_is_E0004(tmp_path):
    p = tmp_path / "latin1.dune"
    p.write_bytes(b'card a "Caf\xe9" {\n  set base; cost 1\n}\n')
    _, diags = compile_paths([p], root=tmp_path)
    (d,) = diags.items
    assert d.code == "E0004"
    assert d.message == "cannot read `latin1.dune`"
    assert (d.span.file, d.span.line, d.span.col) == ("latin1.dune", 1, 12)
    assert "not UTF-8" in d.label and d.help
    assert "error[E0004]" in diags.render()


def test_a_set_left_out_of_sets_is_E0407():
    """Only a check with `sets` can leave a set out, which no data file can say."""
    src = 'intrigue quiet_deal "Quiet Deal" {\n  set promo\n  plot { spice 2 }\n}\n'
    (d,) = compile_sources([("promo.dune", src)], sets=("base",)).__getitem__(1).items
    assert (d.code, d.span.line, d.span.col) == ("E0407", 1, 1)
    assert d.message == "set `promo` is not among the checked sets"
    assert (d.label, d.help) == ("of set `promo`", "add it: `--sets base,promo`, or leave this file out")


def test_a_construct_the_engine_does_not_play_is_E0309_at_its_place():
    """A game, not a check, refuses it: no data file can say so (tests/test_open_tables.py
    has the rest)."""
    from dunec.content import from_model
    from dunec.ir.meta import SetsError

    src = ('set scouts "Scouts" {\n  requires base\n  kinds card space\n'
           '  market stalls "Stalls" { free; sells tech; stacks 1 }\n}\n'
           'space lookout "Lookout" {\n  set scouts\n  icon city\n  effect { spice 1 }\n}\n')
    model, diags = compile_sources([("scouts.dune", src)])
    assert not diags.items  # valid language
    with pytest.raises(SetsError) as e:
        from_model(model).select(("base", "scouts"))
    assert "scouts.dune:4:" in str(e.value) and "error[E0309]: `free` is not played by the engine yet" in str(e.value)


def test_a_mixed_card_taking_the_mentat_is_E0466_at_its_place():
    """A game whose board has no Mentat space refuses what a mix brings that takes the
    Mentat (tests/test_mixes.py has Uprising's); the card checks clean, as it plays in
    its own game."""
    from dunec.content import from_model
    from dunec.ir.meta import SetsError

    src = ('set duel_game "Duel Game" {\n  requires core\n  kinds intrigue space\n'
           '  mix old_war { kinds intrigue }\n}\n'
           'set old_war "Old War" {\n  requires core\n  kinds intrigue space\n}\n'
           'space duel_hall "Duel Hall" {\n  set duel_game\n  icon landsraad\n  effect { solari 1 }\n}\n'
           'intrigue hire_mentat "Hire Mentat" {\n  set old_war\n  plot { pay spice 1 -> mentat }\n}\n')
    model, diags = compile_sources([("duel.dune", src)])
    assert not diags.items  # valid language
    content = from_model(model)
    with pytest.raises(SetsError) as e:
        content.select(("duel_game", "old_war"))
    assert ("duel.dune:15:1: error[E0466]: intrigue `hire_mentat` of set `old_war` takes the Mentat, "
            "but a game of `duel_game` has no Mentat") in str(e.value)
    assert "add `remove intrigue hire_mentat` to `mix old_war`" in str(e.value)
    assert "hire_mentat" in content.select(("duel_game", "old_war"), playing=False).defs  # listed, shown


def test_undecodable_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "a.dune").write_bytes(b"\xff\xfe")
    (tmp_path / "b.dune").write_text("card b { set base; cost 1\n  reveal { drw 1 }\n}\n", encoding="utf-8")
    _, diags = compile_paths([tmp_path], root=tmp_path)
    assert sorted(d.code for d in diags.items) == ["E0004", "E0201"]


def test_nul_byte_is_E0002_at_its_position():
    text = "card a {\n  set base; cost 1\x00\n}\n"
    (d,) = _compile("t.dune", text).items
    assert d.code == "E0002" and (d.span.line, d.span.col) == (2, 19)
    assert d.label == "NUL byte"


def test_byte_order_mark_is_ignored():
    diags = _compile("t.dune", "\ufeffcard a { set base; cost 1; reveal { draw 1 } }\n")
    assert not diags.items


def test_crlf_line_endings_keep_line_numbers():
    text = "card a {\r\n  set base\r\n  cost 1\r\n  reveal { drw 1 }\r\n}\r\n"
    (d,) = _compile("t.dune", text).items
    assert (d.code, d.span.line, d.span.col) == ("E0201", 4, 12)


@pytest.mark.parametrize("inner", ["if seat { ", "opponent { ", "choose { - draw 1 - ", "pay spice 1 -> { "])
def test_deep_nesting_is_a_diagnostic(inner):
    n = 300
    text = "card a { set base; cost 1; reveal { " + inner * n + "draw 1 " + "}" * n + " } }"
    (d,) = _compile("t.dune", text).items
    assert d.code == "E0001" and "nested" in d.label


def test_deep_negation_is_a_diagnostic():
    text = "card a { set base; cost 1; reveal { if " + "not " * 3000 + "seat { draw 1 } } }"
    (d,) = _compile("t.dune", text).items
    assert d.code == "E0001" and "nested" in d.label


def test_moderate_nesting_is_fine():
    n = 20
    text = "card a { set base; cost 1; reveal { " + "if seat { " * n + "draw 1 " + "}" * n + " } }"
    assert not _compile("t.dune", text).items


def test_huge_number_is_a_range_error():
    (d,) = _compile("t.dune", "card a { set base; cost 1; reveal { draw " + "9" * 5000 + " } }").items
    assert (d.code, d.label) == ("E0310", "this number is above 99")
    assert d.message == "number out of range: an amount is from 1 to 99"
    (d,) = _compile("t.dune", "card a { set base; cost 1; reveal { draw -" + "9" * 5000 + " } }").items
    assert (d.code, d.label) == ("E0310", "this number is below 1")


def test_a_number_out_of_range_says_which_number_and_why():
    (d,) = _compile("t.dune", "card a { set base; cost 1; reveal { if factions_at -5 >= 3 { draw 1 } } }").items
    assert (d.code, d.label) == ("E0310", "`-5` is below 1")
    assert d.message == "number out of range: an influence level is from 1 to 6"
    assert d.help == "influence runs from 0 to 6; 0 counts every faction"


def test_every_number_of_the_language_has_a_range():
    """Fields, effect verbs, conditions, counts and costs each name a range, and every
    range lies well inside what the parser reads (it reads longer literals as 10**30)."""
    from dunec.check import schema as S
    from dunec.check import tables as T
    for kind, fields in S.SCHEMAS.items():
        for key, spec in fields.items():
            # an "int" field's number, or a box's one number (`on lose_troops 3 { ... }`,
            # `on reach emperor 2 { ... }`)
            assert (spec.number in S.RANGES) == (spec.kind in ("int", "cards", "counts")
                                                 or key in ("on lose_troops", "on reach")), (kind, key)
    quantities = {n for n, c in T.CONDITIONS.items() if c.quantity}
    assert set(S.NUMBER_OF_QUANTITY) == quantities
    with_numbers = {n for table in (T.CONDITIONS, T.COUNTS) for n, forms in table.items()
                    for f in getattr(forms, "forms", forms) if "<int>" in f}
    assert set(S.NUMBER_OF_ARGUMENT) == with_numbers
    assert all("<int>" in " ".join(T.VERBS[v].forms) for v in S.NUMBER_OF_VERB)
    assert set(S.NUMBER_OF_COST) <= set(T.PAYABLE) | {"influence"}
    named = set(S.NUMBER_OF_QUANTITY.values()) | set(S.NUMBER_OF_ARGUMENT.values()) | \
        set(S.NUMBER_OF_VERB.values()) | set(S.NUMBER_OF_COST.values()) | {"amount", "cost", "choices"}
    assert named <= set(S.RANGES)
    for r in S.RANGES.values():
        assert -10 ** 30 < r.lo <= r.hi < 10 ** 30 and r.what and r.why


def test_empty_and_comment_only_files_only_warn():
    for text in ("", "\n\n", "# nothing here\n", "  \t\n# a\n;\n"):
        model, diags = compile_sources([("t.dune", text)])
        assert [d.code for d in diags.items] == ["W0001"] and not diags.errors and not model.defs


def test_an_empty_file_is_a_warning_and_exit_0(tmp_path, capsys):
    (tmp_path / "empty.dune").write_text("")
    assert main(["check", "--alone", str(tmp_path / "empty.dune")]) == 0
    out, err = capsys.readouterr()
    assert "warning[W0001]" in err and "defines nothing" in err and "1 warning found" in err
    assert out.startswith("ok: 0 definitions")


def test_one_mistake_reported_twice_at_one_span_is_one_diagnostic():
    from dunec.syntax.ast import Span
    d = Diagnostics()
    at = Span("t.dune", 3, 5, 3, 9)
    first = d.error(M.UNKNOWN_EFFECT, at, verb="drw", help="did you mean `draw`?")
    assert d.error(M.UNKNOWN_EFFECT, at, verb="drw", help="did you mean `draw`?") is first
    d.error(M.UNKNOWN_EFFECT, Span("t.dune", 4, 5, 4, 9), verb="drw", help="x")
    d.error(M.UNEXPECTED_EOF, at, label="l", help="h")
    assert [x.code for x in d.items] == ["E0201", "E0201", "E0003"]


def test_unknown_set_skips_the_set_check():
    diags = _compile("t.dune", "card a { set bsae; cost 1; agent { sandworm 1 } }")
    assert [(d.code, d.help) for d in diags.items] == [("E0402", "did you mean `base`?")]


def test_deck_size_is_not_checked_when_a_row_is_bad():
    text = "card a { set base; cost 1 }\ndeck d { set base; size 5\n card a\n card a 2 }\n"
    assert [d.code for d in _compile("t.dune", text).items] == ["E0106"]


# ---------------------------------------------------------------------- control characters
@pytest.mark.parametrize("ch", ["\x1b", "\x07", "\x0b", "\x0c", "\x7f", "\x85", "\x9b", "\ufffe"])
def test_control_character_in_a_title_is_E0002(ch):
    text = f'card a "A{ch}[31m" {{\n  set base; cost 1\n  reveal {{ drw 1 }}\n}}\n'
    diags = _compile("t.dune", text)
    assert [(d.code, d.span.line) for d in diags.items] == [("E0002", 1), ("E0201", 3)]  # the rest is checked
    d = diags.items[0]
    assert (d.span.col, d.label) == (10, "control character")
    assert d.message == f"unexpected character `U+{ord(ch):04X}`" and "delete" in d.help
    out = diags.render()
    assert ch not in out
    assert '1 | card a "A?[31m" {\n  |          ^ control character' in out


def test_control_character_outside_strings_is_E0002():
    (d,) = _compile("t.dune", "card a {\x1b set base; cost 1; reveal { draw 1 } }\n").items
    assert (d.code, d.span.col, d.help) == ("E0002", 9, "card files are plain UTF-8 text: delete the control character")


def test_each_line_reports_its_first_control_character():
    text = 'card a "\x01\x02" {\n  set base; cost 1\n  reveal { draw 1 } # \x03\n}\n'
    assert [(d.code, d.span.line, d.span.col) for d in _compile("t.dune", text).items] == \
        [("E0002", 1, 9), ("E0002", 3, 23)]


def test_tab_is_whitespace_between_tokens_and_in_comments():
    text = "card a\t\"A\" {\n\tset base;\tcost 1  # a\tcomment\n\treveal { draw\t1 }\n}\n"
    assert not _compile("t.dune", text).items


def test_tab_in_a_title_is_E0002():
    (d,) = _compile("t.dune", 'card a "A\tB" { set base; cost 1; reveal { draw 1 } }\n').items
    assert (d.code, d.span.col, d.label) == ("E0002", 10, "tab in a string")
    assert "plain space" in d.help


# ---------------------------------------------------------------------- large inputs
def test_many_diagnostics_index_each_file_once(monkeypatch):
    import dunec.check.diagnostics as D
    built = []

    class Counting(D.Lines):
        def __init__(self, text):
            built.append(1)
            super().__init__(text)

    text = "card a { set base; cost 1; reveal {\n" + "  drw 1\n" * 2000 + "} }\n"
    diags = _compile("t.dune", text)
    assert len(diags.items) == 2000
    monkeypatch.setattr(D, "Lines", Counting)
    out = diags.render(limit=None)
    assert len(built) == 1 and out.count("error[E0201]") == 2000


def test_printed_diagnostics_are_capped_with_a_count_of_the_rest():
    from dunec.check.diagnostics import MAX_SHOWN
    text = "card a { set base; cost 1; reveal {\n" + "  drw 1\n" * 2000 + "} }\n"
    out = _compile("t.dune", text).render()
    assert out.count("error[E0201]") == MAX_SHOWN
    assert f"… and {2000 - MAX_SHOWN:,} more errors not shown" in out
    assert out.endswith("\n2,000 errors found")
    assert "--> t.dune:51:3" in out and "--> t.dune:52:3" not in out  # the first ones, in file order
    assert "more" not in _compile("t.dune", text.replace("drw", "draw", 1990)).render()


def test_json_keeps_every_diagnostic(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "many.dune").write_text("card a { set base; cost 1; reveal {\n" + "  drw 1\n" * 300 + "} }\n",
                                        encoding="utf-8")
    assert main(["check", "many.dune", "--format", "json"]) == 1
    assert len(json.loads(capsys.readouterr().out)) == 300


def test_long_lines_are_echoed_as_a_window_around_the_caret():
    from dunec.check.diagnostics import WINDOW
    text = "card a { set base; cost 1; reveal { " + "draw 1; " * 300 + "drw 1; " + "draw 1; " * 300 + "} }\n"
    (d,) = _compile("t.dune", text).items
    out = render_one(d, {"t.dune": text})
    src, caret = out.splitlines()[3:5]
    assert src.startswith("1 | …") and src.endswith("…") and len(src) == len("1 | ") + WINDOW + 2
    assert caret.endswith("^^^ not an effect")
    at = caret.index("^")
    assert src[at:at + 3] == "drw"


def test_a_long_line_with_the_caret_at_its_end_shows_the_end():
    text = "card a { set base; cost 1; reveal { " + "draw 1; " * 100 + "drw 1 } }"
    (d,) = _compile("t.dune", text).items
    src, caret = render_one(d, {"t.dune": text}).splitlines()[3:5]
    assert src.endswith("drw 1 } }") and not src.endswith("…")
    at = caret.index("^")
    assert src[at:at + 3] == "drw"


def test_a_fifo_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.dune"
    os.mkfifo(fifo)
    _, diags = compile_paths([fifo], root=tmp_path)  # would block forever if it were opened to read
    (d,) = diags.items
    assert (d.code, d.label) == ("E0004", "not a regular file (a folder, device or pipe)")


def test_a_device_is_refused(capsys):
    assert main(["check", "/dev/zero"]) == 1
    err = capsys.readouterr().err
    assert "error[E0004]: cannot read `/dev/zero`" in err and "not a regular file" in err


def test_a_too_large_file_is_refused(tmp_path, monkeypatch):
    import dunec.frontend as F
    monkeypatch.setattr(F, "MAX_FILE_BYTES", 1000)
    ok, big = tmp_path / "ok.dune", tmp_path / "big.dune"
    ok.write_text("#" * 999 + "\n", encoding="utf-8")
    big.write_text("#" * 1000 + "\n", encoding="utf-8")
    _, diags = compile_paths([ok, big], root=tmp_path)
    (d,) = diags.errors  # ok.dune is only comments: a W0001 besides
    assert (d.code, d.span.file) == ("E0004", "big.dune")
    assert d.label == "larger than 1,000 bytes, the most a card file may hold"


def test_the_file_size_limit_is_16_mib(tmp_path):
    from dunec.frontend import MAX_FILE_BYTES
    assert MAX_FILE_BYTES == 16 * 1024 * 1024
    big = tmp_path / "big.dune"
    with big.open("wb") as f:  # sparse: no 16 MiB written to disk
        f.truncate(MAX_FILE_BYTES + 1)
    (d,) = compile_paths([big], root=tmp_path)[1].items
    assert (d.code, d.label) == ("E0004", "larger than 16 MiB, the most a card file may hold")


def test_undecodable_byte_after_cr_only_lines_has_the_right_line(tmp_path):
    p = tmp_path / "cr.dune"
    p.write_bytes(b'# a\rcard a "Caf\xe9" {}\r')
    (d,) = compile_paths([p], root=tmp_path)[1].items
    assert (d.code, d.span.line, d.span.col) == ("E0004", 2, 12)


# ---------------------------------------------------------------------- the error index
def _sections() -> dict[str, str]:
    text = ERRORS_MD.read_text(encoding="utf-8")
    parts = re.split(r"^## ([EW]\d{4})\b.*$", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def test_errors_md_has_a_section_per_code():
    sections = _sections()
    missing = sorted((set(MESSAGES) | set(M.RETIRED)) - set(sections))
    assert not missing, f"docs/errors.md has no section for {missing}"
    unknown = sorted(set(sections) - set(MESSAGES) - set(M.RETIRED))
    assert not unknown, f"docs/errors.md documents codes that do not exist: {unknown}"


def test_a_retired_code_stays_documented_and_explained_and_is_never_raised(capsys):
    """A retired code keeps its section (saying what took its place) and its
    `dunec explain`; no registry entry, so no check, raises it again."""
    assert M.RETIRED and not set(M.RETIRED) & set(MESSAGES)
    sections = _sections()
    for code, instead in M.RETIRED.items():
        assert re.search(r"^\*\*Retired\.\*\*", sections[code], flags=re.M), f"{code}: the section says it is retired"
        assert main(["explain", code]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"{code}: retired") and instead.split()[0] in out
    assert main(["explain"]) == 0
    listed = capsys.readouterr().out
    assert all(f"{code}  (retired)" in listed for code in M.RETIRED)


def test_errors_md_sections_are_in_code_order_with_examples():
    text = ERRORS_MD.read_text(encoding="utf-8")
    order = re.findall(r"^## ([EW]\d{4})\b", text, flags=re.M)
    assert order == sorted(order) == sorted(set(MESSAGES) | set(M.RETIRED))
    for code, body in _sections().items():
        if code in NOT_TESTABLE or code in M.RETIRED:
            continue
        assert "```" in body, f"{code} has no example"
        assert "Fix" in body or "fix" in body, f"{code} does not say how to fix it"


def test_errors_md_gives_each_message_as_explain_prints_it():
    for code, body in _sections().items():
        if code in M.RETIRED:
            continue
        m = re.search(r"^\*\*Message:\*\* (?:`` (.+?) ``|`([^`]+)`)", body, flags=re.M)
        assert m, f"{code} has no **Message:** line"
        assert (m.group(1) or m.group(2)) == MESSAGES[code].synopsis(), code


def _examples(body: str) -> list[str]:
    return re.findall(r"```dune\n(.*?)```", body, flags=re.S)


@pytest.mark.parametrize("code", sorted(set(MESSAGES) - NOT_TESTABLE - set(COVERED_HERE)))
def test_errors_md_examples_are_true(code):
    """The bad example of each section gives its code; the fixed one is clean."""
    blocks = _examples(_sections()[code])
    assert len(blocks) == 2, f"{code}: expected a bad and a fixed ```dune example"
    bad, fixed = blocks
    got = [d.code for d in _compile("docs/errors.md", bad).items]
    assert code in got, f"{code}: the bad example gives {got}"
    clean = _compile("docs/errors.md", fixed)
    assert not clean.items, f"{code}: the fixed example is not clean:\n{clean.render()}"


# ---------------------------------------------------------------------- check FILE beside the bundled cards
_NEW_SPACE = 'space my_fold "My Fold" {\n  set base\n  icon guild\n  effect { gain_card foldspace }\n}\n'


def test_check_file_resolves_names_against_the_bundled_cards(tmp_path, capsys):
    f = tmp_path / "new.dune"
    f.write_text(_NEW_SPACE)
    assert main(["check", str(f)]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "ok: 1 definition in 1 file" and not err
    assert main(["check", "--alone", str(f)]) == 1
    assert "unknown reserve card `foldspace`" in capsys.readouterr().err


def test_a_bundled_file_named_is_not_also_context(capsys):
    assert main(["check", str(ROOT / "cards" / "base" / "imperium.dune")]) == 0
    assert "defined twice" not in capsys.readouterr().err


def test_context_diagnostics_are_not_reported_but_a_clash_is_at_the_users_file(tmp_path, capsys):
    f = tmp_path / "again.dune"
    clash = 'reserve the_spice_must_flow "The Spice Must Flow" {\n  set base\n  cost 9\n  reveal { spice 1 }\n}\n'
    f.write_text(clash + _NEW_SPACE)
    assert main(["check", "--format", "json", str(f)]) == 1
    got = json.loads(capsys.readouterr().out)
    assert [(d["code"], Path(d["file"]).name, d["line"]) for d in got] == [("E0102", "again.dune", 1)]


def test_a_file_that_checks_by_itself_is_not_checked_again_with_the_bundled_cards(monkeypatch):
    import dunec.frontend as F
    seen = []
    real = F.compile_sources
    monkeypatch.setattr(F, "compile_sources", lambda *a, **k: seen.append(bool(a[3])) or real(*a, **k))
    F.compile_paths([DATA / "060_clean_file.dune"], with_bundled=True)
    assert seen == [False]
    F.compile_paths([DATA / "033_card_references.dune"], with_bundled=True)
    assert seen == [False, False, True]


def test_a_whole_set_is_checked_alone_and_as_a_whole(tmp_path, capsys):
    src = (DATA / "052_set_cannot_set_up_a_game.dune").read_text(encoding="utf-8")
    f = tmp_path / "whole.dune"
    f.write_text(src)
    assert main(["check", "--format", "json", str(f)]) == 1
    codes = [d["code"] for d in json.loads(capsys.readouterr().out)]
    assert codes == [e.code for e in expectations(src)] and "E0403" in codes


# ---------------------------------------------------------------------- long candidate lists
def test_a_long_candidate_list_ranks_by_likeness_before_the_cut():
    from dunec.check.diagnostics import one_of
    names = [f"a{i:02}" for i in range(20)] + ["zebra_stripes"]
    assert one_of(names, near="zebra").startswith("expected one of `zebra_stripes`, ")
    assert one_of(names, near="zebra").endswith("and 9 more")
    assert one_of(names).startswith("expected one of `a00`, `a01`")  # no word: plain order
    assert one_of(["b", "a"], near="b") == "expected one of `a`, `b`"  # short: all, in order


def test_an_unknown_condition_offers_the_most_alike_first():
    src = 'card x "X" {\n  set base\n  cost 2\n  reveal { if zzzzztrash_it { persuasion 1 } }\n}\n'
    (d,) = _compile("t.dune", src).items
    # (`trashed_cost`, then Graft's `grafted_with`, share the most letters with `trash_it` in that order.)
    assert d.code == "E0304" and d.help.startswith("expected one of `trashed_cost`, `grafted_with`, `persuasion`, ")


# ---------------------------------------------------------------------- a new set folder
def test_a_file_in_a_new_set_folder_is_told_to_declare_the_set():
    src = 'card x "X" {\n  cost 2\n  reveal { persuasion 1 }\n}\n'
    (d,) = _compile("cards/spice_lords/new.dune", src).items
    assert (d.code, d.message) == ("E0103", "Imperium card `x` is missing the field `set`")
    assert d.help == ('declare the set in `cards/spice_lords/set.dune` (`set spice_lords "Title" '
                      '{ requires base }`), or add `set base` to the definition')
    decl = 'set spice_lords "Spice Lords" { requires base }\n'
    assert not compile_sources([("cards/spice_lords/set.dune", decl), ("cards/spice_lords/new.dune", src)])[1].items
    (d,) = _compile("elsewhere/new.dune", src).items
    assert d.help == "add `set base` (or keep the file under cards/<set>/)"


# ---------------------------------------------------------------------- helps the data files cannot pin
def _helps(name: str) -> list[str]:
    p = DATA / name
    return [d.help for d in _compile(_rel(p), p.read_text(encoding="utf-8")).sorted()]


def test_else_on_the_next_line_is_told_to_join_the_lines():
    assert _helps("017_syntax_else_on_the_next_line.dune") == [
        "`else` must follow the `}` of its `if` on the same line: join them as `} else {`"]
    src = 'card x "X" {\n  set base\n  cost 2\n  reveal { persuasion 1; else 2 }\n}\n'
    (d,) = _compile("t.dune", src).items
    assert d.help == "`else` follows the `}` of an `if` block: `if CONDITION { ... } else { ... }`"


def test_a_missing_semicolon_is_named():
    assert _helps("049_missing_semicolon.dune") == [
        "separate two effects on one line with `;`: `solari 2; draw 1`",
        "separate two effects on one line with `;`: `swords 2; persuasion`"]
    src = 'card x "X" {\n  set base\n  cost 2\n  reveal { persuasion two }\n}\n'
    (d,) = _compile("t.dune", src).items
    assert d.code == "E0202" and "`;`" not in d.help  # no verb among the arguments: the forms


def test_an_empty_candidate_list_says_nothing_is_defined():
    from dunec.check.diagnostics import one_of
    assert one_of([]) == "none is defined in the files checked; define one, or check with the files that do"
    assert one_of(["b", "a"]) == "expected one of `a`, `b`"
