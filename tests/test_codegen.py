"""Code generation: golden output, determinism, validation, safety, freshness."""
from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dunec.build import build
from dunec.codegen import emit
from dunec.frontend import compile_paths, compile_sources

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


def _render(text: str, path: str = "cards/base/sample.dune") -> dict:
    model, diags = compile_sources([(path, text)])
    assert not diags.errors, diags.render()
    return emit.render(model)


def test_golden_module(request):
    files = _render((GOLDEN / "sample.dune").read_text())
    got = files["base_sample.py"]
    golden = GOLDEN / "sample.py.txt"
    if request.config.getoption("--update-goldens"):
        golden.write_text(got)
    assert golden.read_text() == got, "generated code changed; review and run pytest --update-goldens"


def test_every_generated_file_parses_and_compiles():
    files = _render((GOLDEN / "sample.dune").read_text())
    for name, text in files.items():
        compile(ast.parse(text), name, "exec")


def test_generated_files_have_no_card_text_in_comments_or_docstrings():
    files = _render((GOLDEN / "sample.dune").read_text().replace('"Sample Card"', '"Secret Title Text"'))
    for name, text in files.items():
        comments = [ln for ln in text.splitlines() if ln.lstrip().startswith("#")]
        assert all("Secret" not in c for c in comments), name
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.Module)):
                doc = ast.get_docstring(node)
                assert doc is None or "Secret" not in doc, name


HOSTILE = '''card evil "x\\"); import os; os.system(\\"echo pwned\\"); (\\"" {
  set base; cost 1
  reveal { persuasion 1 }
}
'''


def test_no_card_string_can_become_code():
    files = _render(HOSTILE, path="cards/base/evil\n__import__('os').system('x').dune")
    for name, text in files.items():
        tree = ast.parse(text)
        for node in ast.walk(tree):
            assert not isinstance(node, ast.Import), name
            if isinstance(node, ast.ImportFrom):
                assert node.level == 1 and node.module is None, name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "system", name
        assert "pwned" not in "".join(ln for ln in text.splitlines() if not ln.lstrip().startswith(("DEFS", "'", '"'))
                                      and "pwned" in ln and "repr" in ln)


def test_finalize_refuses_raw_values():
    import jinja2

    env = emit._env()
    with pytest.raises(emit.CodegenError):
        env.from_string("{{ x }}").render(x="import os")
    with pytest.raises(emit.CodegenError):
        emit._ident("os.system")
    with pytest.raises(emit.CodegenError):
        emit._ident("class")
    with pytest.raises(emit.CodegenError):
        emit._lit(object())
    # The same environment prints what went through the filters that make code.
    assert env.from_string("{{ x|lit }} {{ y|ident }}").render(x="import os", y="spice") == "'import os' spice"
    with pytest.raises(jinja2.UndefinedError):  # a misspelt name in a template fails, never renders empty
        env.from_string("{{ missing.name | lit }}").render()


def _digest_in_subprocess(seed: str) -> str:
    code = ("import hashlib;from pathlib import Path;from dunec.frontend import compile_paths;"
            "from dunec.codegen.emit import render;from dunec.paths import cards_dir;"
            "m,d=compile_paths([cards_dir()],root=cards_dir().parent);f=render(m);"
            "print(hashlib.sha256(repr(sorted(f.items())).encode()).hexdigest())")
    env = dict(os.environ, PYTHONHASHSEED=seed)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_build_is_deterministic_across_hash_seeds():
    assert _digest_in_subprocess("1") == _digest_in_subprocess("12345") == _digest_in_subprocess("0")


def test_two_builds_are_byte_identical(model):
    a, b = emit.render(model), emit.render(model)
    assert a == b


def test_every_generated_module_names_its_source_and_hash():
    gen = ROOT / "generated"
    for p in sorted(gen.glob("*.py")):
        if p.name in ("__init__.py", "registry.py"):
            continue
        text = p.read_text()
        tree = ast.parse(text)
        consts = {t.targets[0].id: t.value.value for t in tree.body
                  if isinstance(t, ast.Assign) and isinstance(t.value, ast.Constant)}
        src = ROOT / "cards" / consts["SOURCE"]  # relative to the cards folder
        assert src.is_file(), p.name
        assert consts["SOURCE_SHA256"] == hashlib.sha256(src.read_text().encode()).hexdigest(), p.name


def _copy_project(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    out = tmp_path / "generated"
    r = build(cards, out)
    assert r.ok
    return cards, out


def test_build_check_names_stale_files(tmp_path):
    cards, out = _copy_project(tmp_path)
    assert build(cards, out, check=True).ok
    board = cards / "base" / "board.dune"
    board.write_text(board.read_text().replace("effect { solari 2 }", "effect { solari 3 }"))
    r = build(cards, out, check=True)
    assert not r.ok and "base_board.py" in r.stale and "registry.py" in r.stale
    # A generated file edited by hand is still dunec's (its header says so): rebuilt.
    (out / "base_board.py").write_text((out / "base_board.py").read_text() + "# edited by hand\n")
    build(cards, out)
    assert build(cards, out, check=True).ok


def test_a_failed_build_writes_nothing(tmp_path):
    cards, out = _copy_project(tmp_path)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    board = cards / "base" / "board.dune"
    board.write_text(board.read_text().replace("effect { solari 2 }", "effect { solari 2 } }"))
    r = build(cards, out)
    assert not r.ok and r.diagnostics.errors
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_removed_card_file_removes_its_module(tmp_path):
    cards, out = _copy_project(tmp_path)
    (cards / "base" / "hagal.dune").unlink()
    (cards / "immortality" / "hagal.dune").unlink()  # its set replaces a base card with them: they go too,
    imm = cards / "immortality" / "set.dune"  # and so do the set's `replace hagal` rows
    imm.write_text("".join(line for line in imm.read_text().splitlines(keepends=True)
                           if not line.lstrip().startswith("replace hagal")))
    # Without House Hagal cards the set still checks; the generated module goes away.
    r = build(cards, out)
    assert r.ok
    assert not (out / "base_hagal.py").exists() and not (out / "immortality_hagal.py").exists()


def test_a_whole_set_that_cannot_start_a_game_does_not_build(tmp_path):
    cards, out = _copy_project(tmp_path)
    (cards / "base" / "leaders.dune").unlink()
    r = build(cards, out)
    assert not r.ok and [d.code for d in r.diagnostics.errors] == ["E0403"]
    assert "4 leaders" in r.diagnostics.render()
