"""`dunec check` and `dunec explain`: exit codes scripts rely on, and no tracebacks.

Exit codes: 0 clean, 1 the cards have errors, 2 usage error, 70 internal error.
"""
from __future__ import annotations

import json

import pytest

from dunec.check.messages import MESSAGES
from dunec.cli import main

BROKEN = 'card a "A" {\n  set base; cost 1\n  reveal { spcie 2 }\n}\n'


@pytest.fixture
def cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text
    assert "internal error" not in text


# ---------------------------------------------------------------------- check: exit codes
def test_bundled_cards_are_clean(capsys):
    assert main(["check"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("ok: ") and "definitions in" in out
    assert err == ""


def test_bundled_cards_are_clean_as_json(capsys):
    assert main(["check", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_broken_card_file_exits_1_with_diagnostics_on_stderr(cwd, capsys):
    (cwd / "broken.dune").write_text(BROKEN, encoding="utf-8")
    assert main(["check", "broken.dune"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "error[E0201]: unknown effect `spcie`" in err
    assert " --> broken.dune:3:12" in err
    assert "= help: did you mean `spice`?" in err
    assert err.rstrip().endswith("1 error found")
    _no_traceback(err)


def test_clean_file_exits_0(cwd, capsys):
    (cwd / "ok.dune").write_text('card a "A" {\n  set base; cost 1\n  reveal { spice 2 }\n}\n', encoding="utf-8")
    assert main(["check", "ok.dune"]) == 0
    out, err = capsys.readouterr()
    assert out == "ok: 1 definition in 1 file\n" and err == ""


def test_folder_is_searched_for_card_files(cwd, capsys):
    (cwd / "set").mkdir()
    (cwd / "set" / "good.dune").write_text("card a { set base; cost 1 }\n", encoding="utf-8")
    (cwd / "set" / "bad.dune").write_text("card b { set base; cost 1; agent { swords 1 } }\n", encoding="utf-8")
    (cwd / "set" / "notes.txt").write_text("not a card file {", encoding="utf-8")
    assert main(["check", "set"]) == 1
    err = capsys.readouterr().err
    assert "set/bad.dune:1:36" in err and "E0301" in err and "notes.txt" not in err


def test_errors_in_several_files_are_all_reported(cwd, capsys):
    (cwd / "a.dune").write_text("card a { set base; cost 1 ", encoding="utf-8")
    (cwd / "b.dune").write_text("crad b { set base }\n", encoding="utf-8")
    assert main(["check", "a.dune", "b.dune"]) == 1
    err = capsys.readouterr().err
    assert "error[E0003]" in err and "error[E0101]" in err and "2 errors found" in err


@pytest.mark.parametrize("content", [
    b"card a {",                                  # unexpected end of file
    b"card a { set base; cost 1 } }",             # stray brace
    b"\x00\x01\x02",                              # NUL and control bytes
    b"card a \"caf\xe9\" { set base; cost 1 }",   # not UTF-8
    b"card a { set base; cost 1; reveal { " + b"if seat { " * 500 + b"}" * 500 + b" } }",
    b"card a { set base; cost 1; reveal { draw " + b"9" * 6000 + b" } }",
    "card a “A” { set base; cost 1 }".encode("utf-8"),
])
def test_broken_input_exits_1_without_traceback(cwd, capsys, content):
    (cwd / "x.dune").write_bytes(content)
    assert main(["check", "x.dune"]) == 1
    out, err = capsys.readouterr()
    assert "error[E0" in err
    _no_traceback(out + err)
    assert main(["check", "x.dune", "--format", "json"]) == 1
    items = json.loads(capsys.readouterr().out)
    assert items and all(i["code"] in MESSAGES and i["file"] == "x.dune" for i in items)


def test_empty_file_is_clean(cwd, capsys):
    (cwd / "empty.dune").write_text("", encoding="utf-8")
    assert main(["check", "empty.dune"]) == 0
    assert capsys.readouterr().out == "ok: 0 definitions in 1 file\n"


# ---------------------------------------------------------------------- check: usage errors
def test_nonexistent_path_is_a_usage_error(cwd, capsys):
    assert main(["check", "no/such/file.dune"]) == 2
    err = capsys.readouterr().err
    assert "dunec: no such file or folder: no/such/file.dune" in err
    _no_traceback(err)


def test_unknown_option_is_a_usage_error(capsys):
    assert main(["check", "--frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --frobnicate" in err
    _no_traceback(err)


def test_unknown_format_is_a_usage_error(capsys):
    assert main(["check", "--format", "xml"]) == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_unknown_command_is_a_usage_error(capsys):
    assert main(["chekc"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_command_prints_help_and_is_a_usage_error(capsys):
    assert main([]) == 2
    assert "usage: dunec" in capsys.readouterr().out


def test_help_exits_0(capsys):
    assert main(["check", "--help"]) == 0
    assert "--format" in capsys.readouterr().out


# ---------------------------------------------------------------------- explain
def test_explain_prints_the_entry(capsys):
    assert main(["explain", "E0203"]) == 0
    out = capsys.readouterr().out
    m = MESSAGES["E0203"]
    assert out == f"E0203: {m.synopsis()}\n\n{m.explain}\n"
    assert "resolved against its table" in out


def test_explain_is_case_insensitive(capsys):
    assert main(["explain", "e0301"]) == 0
    assert capsys.readouterr().out.startswith("E0301: ")


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_explain_knows_every_code(code, capsys):
    assert main(["explain", code]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{code}: ") and len(out) > 40


def test_explain_without_code_lists_all(capsys):
    assert main(["explain"]) == 0
    out = capsys.readouterr().out
    for code, m in MESSAGES.items():
        assert f"{code}  {m.synopsis()}\n" in out


@pytest.mark.parametrize("code", ["E9999", "X0001", "0203"])
def test_explain_unknown_code_is_a_usage_error(code, capsys):
    assert main(["explain", code]) == 2
    err = capsys.readouterr().err
    assert f"no diagnostic code {code}" in err
    _no_traceback(err)


def test_a_file_that_checks_alone_is_checked_for_ids_the_bundled_cards_define(tmp_path, capsys):
    """It printed `ok` and `play --with` then failed with E0102."""
    f = tmp_path / "dup.dune"
    f.write_text('card duncan_idaho "Duncan" {\n  set base\n  cost 1\n  reveal { spice 1 }\n}\n')
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().err
    assert "error[E0102]: `duncan_idaho` is defined twice" in err and "dup.dune:1:6" in err
    assert "first defined here (at cards/base/imperium.dune" in err
    assert main(["check", str(f), "--alone"]) == 0  # by itself it is fine
    f.write_text('card duncan_idaho "Duncan" {\n  set ix\n  cost 1\n  reveal { spice 1 }\n}\n')
    assert main(["check", str(f)]) == 0  # ids repeat across sets (docs/decisions.md, "Ids across sets")
