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
    assert "dunec.engine.loop.game" in graph and "dunec.codegen.emit" in graph
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
                 "FOUR_BONUS", "FACTIONS", "STARTING_DECK"):
        homes = [p.relative_to(PKG.parent).as_posix() for p in PKG.rglob("*.py")
                 if re.search(rf"^{name}\s*[:=]", p.read_text(encoding="utf-8"), re.M)]
        assert len(homes) == 1, f"{name} is defined in {homes}"


CARDS = Path(__file__).resolve().parent.parent / "cards"
# The sets the rules documents name, and every set folder under cards/ (a new one too).
SET_NAMES = {"base", "ix", "immortality", "uprising"} | {p.parent.name for p in CARDS.glob("*/set.dune")}


def _named_after_a_set(path: Path) -> bool:
    words = path.relative_to(PKG).with_suffix("").parts
    return any(w in SET_NAMES for part in words for w in part.split("_"))


def test_no_module_is_named_after_a_set():
    """A module is named for its mechanism (a set's content is data): a file such as
    rules_ix_cards.py would gather one set's rules apart from the mechanisms they serve."""
    named = [p.relative_to(PKG.parent).as_posix() for p in PKG.rglob("*.py") if _named_after_a_set(p)]
    assert named == []


def test_the_set_name_check_sees_one():
    assert _named_after_a_set(PKG / "engine" / "rules_ix_cards.py")
    assert _named_after_a_set(PKG / "engine" / "immortality" / "tracks.py")
    assert not _named_after_a_set(PKG / "engine" / "rules" / "market.py")


# The engine's subpackages by role; each module's role is its folder.
ENGINE_ROLES = {"loop", "effects", "rules", "rivals", "players", "views", "checks", "records", "runs"}


def test_the_engine_is_laid_out_by_role():
    engine = PKG / "engine"
    assert sorted(p.name for p in engine.glob("*.py")) == ["__init__.py"], "an engine module outside a role folder"
    folders = {p.name for p in engine.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == ENGINE_ROLES
    for role in ENGINE_ROLES:
        init = engine / role / "__init__.py"
        assert init.exists() and ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), \
            f"engine/{role}/__init__.py says what the role holds"
        assert len(list((engine / role).glob("*.py"))) > 1


def test_every_engine_package_ships():
    """pyproject lists packages one by one: a role folder missing there is missing
    from the wheel (.ci/wheel-smoke plays a game from one)."""
    text = (PKG.parent / "pyproject.toml").read_text(encoding="utf-8")
    for role in ENGINE_ROLES:
        assert f'"dunec.engine.{role}"' in text, role


def test_the_adapters_speak_of_no_set():
    """The learning-agent adapters play any selection of sets: their guides name none."""
    for name in ("pettingzoo_env.py", "openspiel_game.py"):
        doc = ast.get_docstring(ast.parse((PKG / "ai" / name).read_text(encoding="utf-8")))
        words = set(re.findall(r"[a-z]+", doc.lower()))
        assert not words & SET_NAMES - {"base"}, name
        assert "rise of ix" not in doc.lower() and "immortality" not in doc.lower(), name
