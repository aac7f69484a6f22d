"""The package's shape: no import circle, and generated code that reaches the
engine only through the effect context (so every guard applies to both
back-ends alike)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "dunec"
GENERATED = Path(__file__).resolve().parent.parent / "generated"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PKG.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set) -> set:
    """Every dunec module a file imports, at the top or inside a function."""
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for n in names:
            while n and n not in modules:
                n = n.rpartition(".")[0]
            if n and n != me:
                out.add(n)
    return out


def _graph() -> dict:
    files = {_module_name(p): p for p in PKG.rglob("*.py") if "generated" not in p.parts}
    modules = set(files)
    return {m: {d for d in _imports(p, modules) if d in modules and not m.startswith(d + ".")}
            for m, p in files.items()}


def _cycle(graph: dict):
    state: dict = {}
    stack: list = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if d.startswith(m + "."):
                continue  # a package importing its own submodule
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_circle():
    graph = _graph()
    assert "dunec.engine.game" in graph and "dunec.codegen.emit" in graph
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_circle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_generated_code_calls_only_the_effect_context():
    """`cN.engine.` in generated code would skip the context's guards (the
    two-player rival's refusals) that the interpreter passes through."""
    files = sorted(GENERATED.glob("*.py"))
    assert files
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"\.engine\b", text), f"{f.name} reaches the engine past the effect context"
        assert not re.search(r"^\s*(from|import)\s+dunec\.engine", text, re.M), f"{f.name} imports the engine"


def test_the_factions_have_one_home():
    homes = [p.relative_to(PKG.parent).as_posix() for p in PKG.rglob("*.py")
             if re.search(r"^FACTIONS\s*=", p.read_text(encoding="utf-8"), re.M)]
    assert homes == ["dunec/check/tables.py"]
    named = [p.name for p in PKG.rglob("*.py")
             if re.search(r'"bene_gesserit":\s*"Bene Gesserit"', p.read_text(encoding="utf-8"))]
    assert named == ["lexicon.py"]  # the factions' display names: dunec/ir/lexicon.py NAMES


def test_each_rule_constant_has_one_home():
    """A game constant defined twice can drift apart (the top of an influence track
    once was: the rule and the hints each had their own 6)."""
    for name in ("TROOPS_PER_PLAYER", "MAX_INFLUENCE", "HAND_SIZE", "VP_TO_END", "COMBAT_GARRISON_LIMIT",
                 "FOUR_BONUS", "FACTIONS"):
        homes = [p.relative_to(PKG.parent).as_posix() for p in PKG.rglob("*.py")
                 if re.search(rf"^{name}\s*[:=]", p.read_text(encoding="utf-8"), re.M)]
        assert len(homes) == 1, f"{name} is defined in {homes}"
