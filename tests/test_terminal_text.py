"""A file's name reaches the terminal as text: its control characters, bidirectional
controls and line separators are shown as `?` (as a card file's line is under a
diagnostic), never obeyed: `check`, `fmt`, `play --with`, "saved to" (tests/test_human.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dunec.cli import main
from dunec.terminal import printable

NAME = "bad\x1b[2J\u202e\u2028\x07.dune"  # clear the screen, reverse the line, break it, ring
SHOWN = "bad?[2J???.dune"
RAW = ("\x1b", "\u202e", "\u2028", "\x07")


def test_printable():
    assert printable("plain/𝔇ealer.dune") == "plain/𝔇ealer.dune"
    assert printable(NAME) == SHOWN
    assert printable("a\tb\nc\u2066d\x85") == "a b?c?d?"
    assert printable(Path("x\x1b")) == "x?"


def _raw(text: str) -> bool:
    return any(c in text for c in RAW)


def test_check_shows_the_name_of_a_file_with_errors_escaped(tmp_path, capsys):
    f = tmp_path / NAME
    f.write_text('card a "A" {\n  cost x\n}\n', encoding="utf-8")
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{SHOWN}:1:" in err and not _raw(err)


@pytest.mark.parametrize("argv", [["check"], ["fmt"], ["play", "--seed", "1", "--with"], ["show", "--with"]],
                         ids=["check", "fmt", "play --with", "show --with"])
def test_a_missing_file_is_named_escaped(tmp_path, capsys, argv):
    assert main([*argv, str(tmp_path / NAME)]) in (1, 2)
    err = capsys.readouterr().err
    assert SHOWN in err and not _raw(err)


def test_fmt_names_the_file_it_reformats_escaped(tmp_path, capsys):
    f = tmp_path / NAME
    f.write_text('card a "A" {\n    set base;   cost 1\n}\n', encoding="utf-8")
    assert main(["fmt", "--check", str(f)]) == 1
    err = capsys.readouterr().err
    assert "would reformat " in err and SHOWN in err and not _raw(err)
    assert main(["fmt", str(f)]) == 0
    err = capsys.readouterr().err
    assert "reformatted" in err and SHOWN in err and not _raw(err)


def test_a_title_with_a_bidi_control_is_refused_and_shown_escaped(tmp_path, capsys):
    f = tmp_path / "title.dune"
    f.write_text('card a "Spice \u202eredarT" {\n  set base; cost 1\n}\n', encoding="utf-8")
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().err
    assert "error[E0002]: unexpected character `U+202E`" in err
    assert '"Spice ?redarT"' in err and not _raw(err)


@pytest.mark.parametrize("argv", [["play", NAME], ["check", "--" + NAME], [NAME], ["play", "--seed", NAME]],
                         ids=["unrecognized", "unknown option", "unknown command", "bad number"])
def test_a_usage_error_shows_what_was_typed_escaped(capsys, argv):
    """argparse's own errors quote the words typed: those reach the terminal as text too."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and not _raw(err)
