"""docs/language.md stays true: every ```dune example checks clean, every
```dune-error example fails (with the codes its `# expect:` line names), and
every verb, condition, count and field of the tables is documented."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dunec.check import tables as T
from dunec.check.schema import SCHEMAS
from dunec.frontend import compile_sources

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
EXPECT = re.compile(r"^#\s*expect:\s*(.+)$", re.M)


def text() -> str:
    return DOC.read_text(encoding="utf-8")


def blocks(lang: str) -> list[tuple[int, str]]:
    """(line number, source) of every fenced block marked `lang`."""
    src = text()
    return [(src.count("\n", 0, m.start()) + 1, m.group(2)) for m in FENCE.finditer(src) if m.group(1) == lang]


def compile_block(source: str):
    _, diags = compile_sources([("docs/example.dune", source)])
    return diags


def code_text() -> str:
    """Everything written as code: inline `spans` and fenced blocks."""
    src = text()
    fenced = "\n".join(m.group(2) for m in FENCE.finditer(src))
    inline = "\n".join(re.findall(r"`([^`\n]+)`", FENCE.sub("", src)))
    return fenced + "\n" + inline


def mentioned(name: str, where: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", where) is not None


def test_the_document_has_examples():
    assert len(blocks("dune")) >= 25
    assert len(blocks("dune-error")) >= 10


@pytest.mark.parametrize("line,source", blocks("dune"), ids=lambda v: f"line{v}" if isinstance(v, int) else "")
def test_dune_examples_check_clean(line, source):
    diags = compile_block(source)
    assert not diags.errors, f"docs/language.md:{line}: example does not check:\n{diags.render()}"


@pytest.mark.parametrize("line,source", blocks("dune-error"),
                         ids=lambda v: f"line{v}" if isinstance(v, int) else "")
def test_dune_error_examples_fail(line, source):
    diags = compile_block(source)
    assert diags.errors, f"docs/language.md:{line}: an error example checks clean"
    got = {d.code for d in diags.errors}
    m = EXPECT.search(source)
    assert m, f"docs/language.md:{line}: an error example should say `# expect: CODE ...`"
    want = set(m.group(1).split())
    assert want <= got, f"docs/language.md:{line}: expected {sorted(want)}, got:\n{diags.render()}"


def test_every_verb_is_documented():
    missing = [v for v in T.VERBS if not mentioned(v, code_text())]
    assert not missing, f"verbs missing from docs/language.md: {missing}"


def test_every_condition_is_documented():
    missing = [c for c in T.CONDITIONS if not mentioned(c, code_text())]
    assert not missing, f"conditions missing from docs/language.md: {missing}"


def test_every_count_is_documented():
    missing = [c for c in T.COUNTS if not mentioned(c, code_text())]
    assert not missing, f"counts missing from docs/language.md: {missing}"


def test_every_field_is_documented():
    missing = [f"{kind}.{field}" for kind, schema in SCHEMAS.items() for field in schema
               if not mentioned(field, code_text())]
    assert not missing, f"fields missing from docs/language.md: {missing}"


def test_every_kind_has_a_section_and_an_example():
    src = text()
    examples = "\n".join(s for _, s in blocks("dune"))
    for kind in SCHEMAS:
        assert f"### `{kind}`" in src or f"`{kind}`" in src, kind
        assert re.search(rf"^{kind} \w+", examples, re.M), f"no example defines a `{kind}`"


def test_every_effect_verb_of_the_engine_sets_has_an_example():
    examples = "\n".join(s for _, s in blocks("dune"))
    playable = list(T.VERBS)  # every core verb is open to every set
    missing = [v for v in playable if not mentioned(v, examples)]
    assert not missing, f"verbs without a ```dune example: {missing}"


def test_every_condition_and_count_has_an_example():
    examples = "\n".join(s for _, s in blocks("dune"))
    missing = [c for c in list(T.CONDITIONS) + list(T.COUNTS) if not mentioned(c, examples)]
    assert not missing, f"conditions/counts without a ```dune example: {missing}"


def test_every_diagnostic_family_is_shown():
    codes = set()
    for _, source in blocks("dune-error"):
        codes |= {d.code for d in compile_block(source).errors}
    for family in ("E00", "E01", "E02", "E03", "E04"):
        assert any(c.startswith(family) for c in codes), family


def _verb_rows() -> dict[str, list[str]]:
    """The rows of the effect tables: verb -> its cells after the first."""
    rows = {}
    src = text()
    section = src[src.index("\n## Effects"):src.index("\n## ", src.index("\n## Effects") + 1)]
    for line in section.splitlines():
        m = re.match(r"^\| `(\w+)` \|(.*)\|\s*$", line)
        if m and m.group(1) in T.VERBS:
            rows[m.group(1)] = [c.strip() for c in m.group(2).split("|")]
    return rows


def _boxes(cell: str) -> set[str]:
    every = set(T.ALL_BOXES) - {"passive"}
    cell = re.sub(r"\s*\(.*?\)", "", cell)
    if cell == "every box":
        return every
    if cell.startswith("every box but "):
        return every - {b.strip() for b in cell[len("every box but "):].split(",")}
    return {b.strip() for b in cell.split(",")}


def test_the_effect_table_matches_the_verb_table():
    rows = _verb_rows()
    assert set(rows) == set(T.VERBS), sorted(set(T.VERBS) ^ set(rows))
    for verb, spec in T.VERBS.items():
        cells = rows[verb]
        forms = {f.replace(" { ... }", "").strip() for f in re.findall(r"`([^`]+)`", cells[0])}
        assert forms == {f"{verb} {f}".strip() for f in spec.forms}, verb
        assert _boxes(cells[1]) == set(spec.boxes) - {"passive"} or \
            (spec.boxes == ("passive",) and cells[1] == "passive"), verb


def test_the_rendered_error_example_is_what_the_checker_prints():
    src = text()
    errors = src[src.index("\n## Errors"):]
    fences = [(m.group(1), m.group(2)) for m in FENCE.finditer(errors)]
    source = next(body for lang, body in fences if lang == "")
    shown = next(body for lang, body in fences if lang == "text")
    _, diags = compile_sources([("cards/base/imperium.dune", source)])
    assert diags.render().strip() == shown.strip()
