"""`dunec fmt`: idempotent, the same cards after as before, comments kept; over
generated card files in every layout the grammar allows, and over the bundled cards."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.check.diagnostics import Diagnostics
from dunec.cli import main
from dunec.fmt import format_source, shape
from dunec.frontend import card_files
from dunec.paths import cards_dir
from dunec.syntax.parser import parse_source

KEYWORDS = {"if", "else", "requires", "for", "each", "choose", "pay", "and", "or", "not"}
names = st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True).filter(lambda s: s not in KEYWORDS)
args = st.one_of(names, st.integers(-9, 120).map(str), st.sampled_from(['"T"', '"a # b"', '"q\\"x"']),
                 st.sampled_from([">=", "<=", "==", "!=", ">", "<"]))
spaces = st.sampled_from([" ", "  ", "\t", " \t "])
comment = st.sampled_from(["# note", "#", "# a { b } \"c\"", "#x;y"])


@st.composite
def separator(draw):
    """Where the grammar takes `_S`: new lines, `;` and comments, in any mix."""
    parts = draw(st.lists(st.one_of(st.just("\n"), st.just(";"), comment.map(lambda c: c + "\n"),
                                    st.just("\n\n")), min_size=1, max_size=3))
    return draw(st.sampled_from(["", " "])) + " ".join(parts) + draw(st.sampled_from(["", "  "]))


@st.composite
def words(draw, lead):
    return draw(spaces).join([lead] + draw(st.lists(args, max_size=3)))


@st.composite
def cond(draw, depth):
    if depth <= 0 or draw(st.booleans()):
        text = draw(words(draw(names)))
    else:
        kind = draw(st.sampled_from(["and", "or", "not", "paren"]))
        if kind == "not":
            text = "not " + draw(cond(depth - 1))
        elif kind == "paren":
            text = "(" + draw(cond(depth - 1)) + ")"
        else:
            text = f" {kind} ".join(draw(st.lists(cond(depth - 1), min_size=2, max_size=3)))
    return text


@st.composite
def body(draw, depth):
    seqs = draw(st.lists(seq(depth), max_size=3))
    if not seqs:
        return "{" + draw(st.sampled_from(["", " ", "\n", "\n# empty\n"])) + "}"
    inner = ""
    for i, s in enumerate(seqs):
        inner += (draw(separator()) if i else "") + s
    return ("{" + draw(st.sampled_from([" ", "\n", " # open\n"])) + inner
            + draw(st.sampled_from([" ", "\n", ";\n", " # close\n"])) + "}")


@st.composite
def seq(draw, depth):
    return ", ".join(draw(st.lists(stmt(depth), min_size=1, max_size=2)))


@st.composite
def stmt(draw, depth):
    kinds = ["action", "requires"] + (["block", "if", "for", "each", "choose", "pay"] if depth > 0 else [])
    kind = draw(st.sampled_from(kinds))
    d = depth - 1
    if kind == "action":
        return draw(words(draw(names)))
    if kind == "block":
        return draw(words(draw(names))) + " " + draw(body(d))
    if kind == "requires":
        return "requires " + draw(cond(2))
    if kind == "if":
        text = "if " + draw(cond(2)) + " " + draw(body(d))
        other = draw(st.sampled_from(["", "body", "if"]))
        if other == "body":
            text += " else " + draw(body(d))
        elif other == "if":
            text += " else if " + draw(cond(1)) + " " + draw(body(d))
        return text
    if kind == "for":
        return "for each " + draw(words(draw(names))) + " " + draw(body(d))
    if kind == "each":
        return "each " + draw(words(draw(names))) + " " + draw(body(d))
    if kind == "choose":
        options = draw(st.lists(seq(d), min_size=1, max_size=3))
        gap = draw(st.sampled_from([" ", "\n", "\n# option\n"]))
        return ("choose " + " ".join(draw(st.lists(st.integers(1, 3).map(str), max_size=1))) + " {" + gap
                + "".join(f"- {o}{gap}" for o in options) + "}")
    costs = ", ".join(draw(st.lists(words(draw(names)), min_size=1, max_size=2)))
    gain = draw(body(d)) if draw(st.booleans()) else draw(seq(d))
    return f"pay {costs} -> {gain}"


@st.composite
def card_file(draw):
    defs = []
    for _ in range(draw(st.integers(0, 3))):
        title = draw(st.sampled_from(['', ' "A Title"', ' "With # hash"']))
        defs.append(draw(names) + " " + draw(names) + title + " " + draw(body(2)))
    text = draw(st.sampled_from(["", "# header\n\n", "\n;\n"]))
    for i, d in enumerate(defs):
        text += (draw(separator()) if i else "") + d
    return text + draw(st.sampled_from(["", "\n", "\n\n# footer\n"]))


def _comments(text):
    return re.findall(r'#[^\n]*|"(?:[^"\\\n]|\\["\\])*"', text)


def _check_properties(path, text):
    diags = Diagnostics()
    before = parse_source(path, text, diags)
    assert before is not None, diags.render()
    out = format_source(path, text, diags)
    after = parse_source(path, out, Diagnostics())
    assert after is not None, out
    assert shape(after.definitions) == shape(before.definitions)  # the same cards, spans aside
    assert format_source(path, out, Diagnostics()) == out  # idempotent
    assert [c.rstrip() for c in _comments(text) if c.startswith("#")] == \
        [c for c in _comments(out) if c.startswith("#")]  # every comment, in order
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_file())
def test_generated_cards_keep_their_meaning_and_format_once(text):
    _check_properties("gen.dune", text)


@pytest.mark.parametrize("path", card_files([cards_dir()]), ids=lambda p: p.name)
def test_bundled_cards_keep_their_meaning_and_format_once(path):
    text = path.read_text(encoding="utf-8")
    _check_properties(path.name, text)


@pytest.mark.parametrize("path", card_files([cards_dir()]), ids=lambda p: p.name)
def test_bundled_cards_are_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_source(path.name, text, Diagnostics()) == text, "run `dunec fmt cards/`"


def test_layout():
    messy = ('# top\n\n\ncard  x  "X"  { cost 2 ;icons city   # why\n'
             '  agent {troops 1\n ; draw 1 }\n'
             '  reveal { if (a or b) and not (c and d) or ((e)) { swords 1 } else if f { x } }\n'
             '  on trash {\n  }\n\n\n'
             '  choose {\n  - pay spice 2 -> { solari 1 }, draw 1   # one\n  # two\n  - water 1\n  }\n}\n')
    assert format_source("m.dune", messy, Diagnostics()) == (
        '# top\n\ncard x "X" {  # why\n'
        '  cost 2; icons city\n'
        '  agent {\n    troops 1\n    draw 1\n  }\n'
        '  reveal { if (a or b) and not (c and d) or e { swords 1 } else if f { x } }\n'
        '  on trash {}\n\n'
        '  choose {\n    - pay spice 2 -> { solari 1 }, draw 1  # one\n    # two\n    - water 1\n  }\n}\n')


def test_line_endings_and_empty_files():
    assert format_source("a.dune", 'card a "A" {\r\n  cost 1\r\n}\r\n', Diagnostics()) == 'card a "A" {\n  cost 1\n}\n'
    assert format_source("e.dune", "", Diagnostics()) == ""
    assert format_source("c.dune", "\n\n# only a comment\n\n", Diagnostics()) == "# only a comment\n"


# ---------------------------------------------------------------------- the command
MESSY = 'card a "A" {cost 1;  reveal {persuasion 1}}\n'
TIDY = 'card a "A" {\n  cost 1; reveal { persuasion 1 }\n}\n'


def test_fmt_rewrites_in_place_and_check_reports(tmp_path, capsys):
    f = tmp_path / "a.dune"
    f.write_text(MESSY, encoding="utf-8")
    f.chmod(0o640)
    assert main(["fmt", "--check", str(f)]) == 1
    assert f.read_text(encoding="utf-8") == MESSY and "would reformat" in capsys.readouterr().err
    assert main(["fmt", "--diff", str(f)]) == 0
    out = capsys.readouterr().out
    assert "-" + MESSY in out and "+  cost 1; reveal { persuasion 1 }\n" in out
    assert f.read_text(encoding="utf-8") == MESSY
    assert main(["fmt", str(tmp_path)]) == 0
    assert f.read_text(encoding="utf-8") == TIDY and f.stat().st_mode & 0o777 == 0o640
    assert "1 file reformatted" in capsys.readouterr().err
    assert main(["fmt", "--check", str(f)]) == 0
    assert "0 files would be reformatted, 1 file left unchanged" in capsys.readouterr().err
    link = tmp_path / "link.dune"
    link.symlink_to(f)
    f.write_text(MESSY, encoding="utf-8")
    assert main(["fmt", str(link)]) == 0
    assert link.is_symlink() and f.read_text(encoding="utf-8") == TIDY


def test_fmt_bad_input_gets_checks_diagnostics_and_is_untouched(tmp_path, capsys):
    bad = tmp_path / "bad.dune"
    bad.write_bytes(b'card a "A" {\n  cost 1 }}\n')
    good = tmp_path / "good.dune"
    good.write_text(MESSY, encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    from_check = capsys.readouterr().err
    assert main(["fmt", str(bad), str(good)]) == 1
    err = capsys.readouterr().err
    assert from_check.strip() in err and "error[E0001]" in err
    assert bad.read_bytes() == b'card a "A" {\n  cost 1 }}\n'
    assert good.read_text(encoding="utf-8") == TIDY  # the other file is still formatted
    (tmp_path / "latin.dune").write_bytes(b'card a "\xe9" {\n}\n')
    assert main(["fmt", str(tmp_path / "latin.dune")]) == 1 and "E0004" in capsys.readouterr().err
    assert main(["fmt", str(tmp_path / "missing.dune")]) == 2


@pytest.mark.parametrize("text", ['card a "A\x1b[2J" {\n  cost 1\n}\n', 'card a "A" {\n  cost\x07 1\n}\n',
                                  'card a "A" {  # bell\x07\n  cost 1\n}\n', 'card a "A\tB" {\n cost 1\n}\n',
                                  'card a "A" {\n cost 1\n}\n\x00'],
                         ids=["escape in a title", "bell in code", "bell in a comment", "tab in a title", "NUL"])
def test_fmt_leaves_a_file_with_control_characters_untouched(tmp_path, capsys, text):
    # The parser reads a control character (E0002) as a space to check the rest; fmt
    # printed that reading, so the character became a space and the file checked clean.
    f = tmp_path / "ctl.dune"
    f.write_bytes(text.encode("utf-8"))
    assert format_source(str(f), text, Diagnostics()) is None
    for args in (["fmt", str(f)], ["fmt", "--check", str(f)], ["fmt", "--diff", str(f)]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert "error[E0002]" in err and "not formatted: they have errors" in err
        assert f.read_bytes() == text.encode("utf-8")


def test_fmt_usage_and_no_traceback(tmp_path):
    r = subprocess.run([sys.executable, "-m", "dunec", "fmt"], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    (tmp_path / "x.dune").write_bytes(b"card a {\x00}\n")
    r = subprocess.run([sys.executable, "-m", "dunec", "fmt", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 1 and "E0002" in r.stderr and "Traceback" not in r.stderr



def test_the_layout_example_in_the_docs_is_formatted():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    section = doc.split("## Layout: `dunec fmt`", 1)[1]
    example = section.split("```dune\n", 1)[1].split("```", 1)[0]
    assert format_source("doc.dune", example, Diagnostics()) == example
