"""The editor loop: `dunec check` loads no engine and no lark, the parser tables
are built once (by `dunec build`) and kept fresh, and the cold-check benchmark runs."""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dunec.build import build
from dunec.frontend import compile_sources
from dunec.paths import grammar_file
from dunec.syntax import lalr

ROOT = Path(__file__).resolve().parent.parent
CARD = 'card probe "Probe" {\n  cost 1\n  reveal { persuasion 1 }\n}\n'


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"]])
def test_editor_commands_import_no_engine_and_no_lark(tmp_path, command):
    card = tmp_path / "probe.dune"
    card.write_text(CARD, encoding="utf-8")
    code = (f"import json, sys\nfrom dunec.cli import main\nrc = main({command!r} + [sys.argv[1]])\n"
            "print(json.dumps([rc, sorted(m for m in sys.modules if m.startswith(('dunec', 'lark', 'jinja2')))]))")
    out = subprocess.run([sys.executable, "-c", code, str(card)], capture_output=True, text=True, check=True).stdout
    rc, loaded = json.loads(out.splitlines()[-1])
    assert rc in (0, 1)  # the verdict on the file is not the point; what was loaded is
    assert "dunec.syntax.parser" in loaded and "dunec.check.resolve" in loaded  # it did check
    assert [m for m in loaded if m.startswith(("dunec.engine", "dunec.codegen", "lark", "jinja2"))] == []


def test_written_tables_match_the_grammar():
    assert lalr.stale() == []
    assert lalr.runtime().__name__ == "dunec.syntax.lalr_tables"
    assert lalr.runtime().__file__ == str(lalr.TABLES)


def test_edited_grammar_is_stale_and_still_parses(tmp_path, monkeypatch):
    grammar = tmp_path / "dune.lark"
    grammar.write_text(grammar_file().read_text(encoding="utf-8") + "\n// an edit\n", encoding="utf-8")
    monkeypatch.setattr(lalr, "grammar_file", lambda: grammar)
    written = lalr.runtime()
    monkeypatch.setitem(sys.modules, "dunec.syntax.lalr_tables", written)  # put back after the test
    assert lalr.stale() == [lalr.TABLES_NAME]
    module = lalr.runtime.__wrapped__()  # built in memory from the edited grammar
    assert module is not written and module.GRAMMAR_KEY != written.GRAMMAR_KEY
    tree = module.Lark_StandAlone().parse(CARD)
    assert tree.data == "start" and tree.children[0].data == "definition"
    assert tree.children[0].meta.line == 1 and tree.children[0].meta.end_line == 4  # positions kept


def test_build_writes_and_checks_the_tables(tmp_path, monkeypatch):
    monkeypatch.setattr(lalr, "TABLES", tmp_path / "lalr_tables.py")
    r = build(check=True)
    assert not r.ok and r.stale == [lalr.TABLES_NAME]
    assert lalr.write() == [lalr.TABLES_NAME]
    assert lalr.stale() == [] and lalr.write() == []
    text = lalr.TABLES.read_text(encoding="utf-8")
    assert "import regex" not in text and "GRAMMAR_KEY = " in text.splitlines()[1]
    assert "import logging" not in text and "logger = _Silent()" in text  # lark's logger, silent and free
    assert build(check=True).ok


def test_keywords_are_reserved_everywhere():
    """The basic lexer (lalr.OPTIONS) reads `each` as the keyword even where only a
    name could follow: a keyword is never a name, so a card cannot use one as an id."""
    _, diags = compile_sources([("x.dune", 'card each "E" {\n  cost 1\n}\n')])
    assert [d.code for d in diags.errors] == ["E0001"]


def _bench():
    path = ROOT / "bench" / "bench_cold_check.py"
    spec = importlib.util.spec_from_file_location("bench_cold_check", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_cold_check_benchmark_runs(capsys):
    result = _bench().main(["--runs", "1", "--here"])
    out = capsys.readouterr().out
    assert "this interpreter: cold `dunec check imperium.dune`" in out and "a clean install" not in out
    assert "dunec check:" in out and "dunec check --alone:" in out and "python -c pass:" in out
    assert "dunec's own share:" in out and set(result) == {"here"} and set(result["here"]) == {"check", "alone", "bare"}
    assert all(t > 0 for pair in result["here"].values() for t in pair)


def test_the_clean_install_the_benchmark_times_checks_a_checkout_file(tmp_path):
    """The bench's clean install is a user's: a virtual environment with dunec
    from a wheel of this checkout. Its `dunec check` of this checkout's
    imperium.dune resolves against the installed copy of the bundled cards, which
    the checked file stands in for (no id defined twice)."""
    try:
        dunec, python = _bench().clean_install(tmp_path / "venv")
    except subprocess.CalledProcessError as e:  # no package index to take lark from
        pytest.skip(f"could not install dunec into a new environment: {e}")
    env = {**os.environ, "DUNEC_CACHE_DIR": str(tmp_path / "cache")}
    r = subprocess.run(dunec + ["check", str(ROOT / "cards" / "base" / "imperium.dune")],
                       capture_output=True, text=True, env=env, cwd=tmp_path)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", "ok: 43 definitions in 1 file\n")
    where = subprocess.run(python + ["-c", "from dunec.paths import cards_dir; print(cards_dir())"],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout.strip()
    assert Path(where).resolve() != (ROOT / "cards").resolve() and (Path(where) / "base" / "imperium.dune").is_file()


def test_a_check_loads_none_of_the_heavy_standard_modules(tmp_path):
    """typing, json, importlib.resources (tempfile, zipfile...), difflib and
    dataclasses cost ~30 ms of a cold check between them and a check of a file
    with no mistake needs none, once the cache folder holds the parser's tables
    and the bundled cards. Counted from what the interpreter had already loaded
    at start-up (a site-packages hook may load some of them first)."""
    card = tmp_path / "cards" / "base" / "imperium.dune"  # stands in for the bundled one
    card.parent.mkdir(parents=True)
    card.write_text((ROOT / "cards" / "base" / "imperium.dune").read_text(encoding="utf-8"), encoding="utf-8")
    heavy = ("typing", "json", "importlib.resources", "difflib", "dataclasses", "tempfile", "argparse")
    code = ("import sys\nbefore = set(sys.modules)\nfrom dunec.cli import main\nrc = main(['check', sys.argv[1]])\n"
            f"print(rc, sorted(m for m in {heavy!r} if m in sys.modules and m not in before))")
    env = {**os.environ, "DUNEC_CACHE_DIR": str(tmp_path / "cache")}
    for run in ("fills the cache", "the editor loop"):
        out = subprocess.run([sys.executable, "-c", code, str(card)], capture_output=True, text=True, check=True,
                             env=env).stdout
    assert out.splitlines()[-1] == "0 []"


def test_only_the_command_run_gets_a_parser_and_help_is_unchanged(capsys):
    from dunec.cli import COMMANDS, _parser, main

    full = _parser()
    assert set(full.commands) == set(COMMANDS)
    for name in COMMANDS:
        one = _parser(name)
        assert list(one.commands) == [name]
        assert one.commands[name].format_help() == full.commands[name].format_help()
    # the top-level help, which lists every command, comes from the full parser
    assert main([]) == 2 and capsys.readouterr().out == full.format_help()
    assert main(["chek"]) == 2 and "invalid choice: 'chek'" in capsys.readouterr().err
    for argv in (["check", "--bogus"], ["check", "--format", "xml"], ["fmt"], ["play", "--players", "9"]):
        assert main(argv) == 2
        mine = capsys.readouterr().err
        with pytest.raises(SystemExit):
            full.parse_args(argv)
        assert mine == capsys.readouterr().err  # the same words as with every parser built


def test_a_file_that_parses_needs_no_lark_tables(tmp_path):
    """A check of a file that parses never loads lalr_tables.py, not even on a first
    run with an empty cache folder (the descent parser needs no tables); one with
    a syntax error does (lark reports it)."""
    good, bad = tmp_path / "good.dune", tmp_path / "bad.dune"
    good.write_text(CARD, encoding="utf-8")
    bad.write_text(CARD.replace("}\n", "", 1), encoding="utf-8")
    env = {**os.environ, "DUNEC_CACHE_DIR": str(tmp_path / "cache")}
    code = ("import json, sys\nfrom dunec.cli import main\nrc = main(['check', '--alone', sys.argv[1]])\n"
            "print(json.dumps([rc, 'dunec.syntax.lalr_tables' in sys.modules]))")

    def run(path):
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env, check=True)
        return json.loads(out.stdout.splitlines()[-1])

    assert run(good)[1] is False
    assert run(bad) == [1, True]


QUICK = [["check"], ["check", "a.dune"], ["check", "a.dune", "b/"], ["check", "--alone", "a.dune"],
         ["check", "--format", "json", "a.dune"], ["check", "--format=json", "--alone", "a.dune"],
         ["check", "--sets", "base,ix"], ["check", "--sets=base", "--format", "text", "--alone", "x", "y"],
         ["check", "--sets="]]
LEFT_TO_ARGPARSE = [["check", "--alone", "--alone", "a"], ["check", "--al", "a"], ["check", "-h"],
                    ["check", "--format", "xml", "a"], ["check", "--format"], ["check", "--sets", "--alone"],
                    ["check", "a", "--alone"], ["check", "--", "a"], ["check", "-"], ["check", "--alone=1"],
                    ["check", "--bogus"], ["fmt", "a.dune"], ["--version"], []]


@pytest.mark.parametrize("argv", QUICK + LEFT_TO_ARGPARSE)
def test_a_plain_check_is_read_as_argparse_reads_it(argv):
    """`check`'s command line without argparse: the same arguments and typed
    options where it reads one, and argparse (so its errors and help) for the rest."""
    from dunec.cli import COMMANDS, _given, _parser, _plain_check

    mine = _plain_check(argv)
    assert (mine is not None) == (argv in QUICK)
    if mine is None:
        return
    ap = _parser(argv[0])
    assert vars(mine) == {**vars(ap.parse_args(argv)), "given": _given(argv, ap)}


def test_check_imports_no_argparse(tmp_path):
    card = tmp_path / "probe.dune"
    card.write_text(CARD, encoding="utf-8")
    code = ("import json, sys\nfrom dunec.cli import main\nrc = main(['check', '--alone', sys.argv[1]])\n"
            "print(json.dumps(sorted(m for m in ('argparse', 'gettext') if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, str(card)], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == []


def test_the_command_line_leaves_its_objects_to_the_end_of_the_process(monkeypatch, capsys):
    """main() run as the process's command (argv None) freezes what it made, so no
    collection walks it before the process ends; main(ARGV), as tests and other
    programs call it, leaves the collector alone."""
    import gc

    from dunec import cli

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    assert cli.main(["explain", "E0201"]) == 0 and frozen == []
    monkeypatch.setattr(sys, "argv", ["dunec", "explain", "E0201"])
    assert cli.main() == 0 and frozen == [True]
    monkeypatch.setattr(sys, "argv", ["dunec", "check", "--bogus"])
    assert cli.main() == 2 and frozen == [True, True]  # a usage error too
    assert "E0201" in capsys.readouterr().out
