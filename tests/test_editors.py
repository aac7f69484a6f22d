"""The editor files: valid JSON, regexes in the subset Oniguruma (TextMate) and
Python's `re` share, and every word the language gives meaning to highlighted.

A small TextMate tokenizer (first match on the line wins, the earlier rule on a
tie) runs the grammar over real lines, so the test sees what an editor shows."""
import json
import re
from pathlib import Path

import pytest

from dunec.check import schema, tables
from dunec.check.model import KINDS
from dunec.check.vocab import DECLARATIONS, OPEN_DECLARATIONS
from dunec.frontend import card_files
from dunec.paths import cards_dir, grammar_file

EDITORS = Path(__file__).resolve().parent.parent / "editors"
GRAMMAR = EDITORS / "dune.tmLanguage.json"
VSCODE = EDITORS / "vscode"
# Oniguruma-only syntax Python's re would read differently or refuse.
ONIGURUMA_ONLY = re.compile(r"\\[hHAzGK]|\(\?<?[~>]|\\p\{|\[\[:|\(\?i\)|\\x\{")


def _load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _rules(grammar: dict) -> list[dict]:
    """The top-level rules in order, `include`s resolved and nested `patterns` flattened."""
    def expand(rule):
        if "include" in rule:
            return expand(grammar["repository"][rule["include"].lstrip("#")])
        if "patterns" in rule and "match" not in rule:
            return [r for sub in rule["patterns"] for r in expand(sub)]
        return [rule]
    return [r for rule in grammar["patterns"] for r in expand(rule)]


def tokens(line: str) -> list[tuple[str, str]]:
    """(text, scope) of each scoped piece of `line`, as a TextMate editor finds them."""
    rules = [(re.compile(r["match"]), r) for r in _rules(_load(GRAMMAR))]
    out, pos = [], 0
    while pos < len(line):
        best = None
        for rx, rule in rules:
            m = rx.search(line, pos)
            if m and m.end() > m.start() and (best is None or m.start() < best[0].start()):
                best = (m, rule)
        if best is None:
            break
        m, rule = best
        if "name" in rule:
            out.append((m.group(), rule["name"]))
        for group, cap in rule.get("captures", {}).items():
            if m.group(int(group)) is not None:
                out.append((m.group(int(group)), cap["name"]))
        pos = m.end()
    return out


def scope_of(word: str, line: str) -> str | None:
    return next((s for t, s in tokens(line) if t == word), None)


def test_json_files_are_valid_and_the_extension_uses_the_grammar():
    grammar = _load(GRAMMAR)
    assert grammar["scopeName"] == "source.dune" and grammar["fileTypes"] == ["dune"]
    package = _load(VSCODE / "package.json")
    lang = package["contributes"]["languages"][0]
    assert lang["extensions"] == [".dune"] and (VSCODE / lang["configuration"]).is_file()
    contributed = package["contributes"]["grammars"][0]
    assert contributed["language"] == lang["id"] and contributed["scopeName"] == grammar["scopeName"]
    # the extension ships its own copy of the one grammar (a package holds only its folder)
    assert (VSCODE / contributed["path"]).read_text(encoding="utf-8") == GRAMMAR.read_text(encoding="utf-8")
    config = _load(VSCODE / "language-configuration.json")
    assert config["comments"]["lineComment"] == "#"
    assert ["{", "}"] in config["brackets"] and ["(", ")"] in config["brackets"]
    for key in ("increaseIndentPattern", "decreaseIndentPattern"):
        re.compile(config["indentationRules"][key])


def test_every_pattern_is_in_the_common_regex_subset():
    def regexes(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("match", "begin", "end"):
                    yield v
                else:
                    yield from regexes(v)
        elif isinstance(node, list):
            for v in node:
                yield from regexes(v)
    found = list(regexes(_load(GRAMMAR)))
    assert len(found) >= 10
    for rx in found:
        assert not ONIGURUMA_ONLY.search(rx), rx
        re.compile(rx)


def _grammar_keywords() -> set[str]:
    """The words the grammar itself reserves: quoted literals and keyword terminals."""
    text = re.sub(r"//[^\n]*", "", grammar_file().read_text(encoding="utf-8"))
    return set(re.findall(r'"([a-z]+)"', text))


def test_every_grammar_keyword_is_a_keyword():
    words = _grammar_keywords()
    assert {"if", "else", "each", "choose", "pay", "not"} <= words
    for w in sorted(words):
        assert scope_of(w, f"  {w} x") == "keyword.control.dune", w


# A set's own definition and the declarations inside it read like definitions too.
@pytest.mark.parametrize("kind", sorted(set(KINDS) | {"set", *DECLARATIONS, *OPEN_DECLARATIONS}))
def test_every_definition_kind_and_its_id(kind):
    assert tokens(f'{kind} some_id "Some Title" {{') == [
        (kind, "storage.type.definition.dune"), ("some_id", "entity.name.type.id.dune"),
        ('"Some Title"', "string.quoted.double.dune"), ("{", "punctuation.section.block.dune")]


def test_every_effect_condition_and_count_is_a_function():
    """Each where it is written: a verb opening a statement, a condition or count in
    an `if` (a quantity that is also a field's word, `strength`, opens no statement)."""
    for w in sorted(tables.VERBS):
        assert scope_of(w, f"  if x {{ {w} 1 }}") == "support.function.effect.dune", w
    for w in sorted(set(tables.CONDITIONS) | set(tables.COUNTS)):
        assert scope_of(w, f"  if {w} >= 1 {{ x 1 }}") == "support.function.effect.dune", w


def test_every_table_name_is_highlighted():
    bundled_sets = tuple(d.name for d in cards_dir().iterdir() if (d / "set.dune").is_file())
    assert "base" in bundled_sets
    names = set(tables.FACTIONS + tables.ICONS + tables.ZONES + bundled_sets
                + tables.GAINABLE + tables.LOSABLE + tables.PAYABLE)
    for w in sorted(names):
        assert scope_of(w, f"  x {w} 1") in ("support.constant.name.dune", "support.function.effect.dune"), w
    for w in sorted(tables.ALL_BOXES):
        assert tokens(f"  on {w} {{")[:2] == [("on", "keyword.other.on.dune"), (w, "entity.name.section.box.dune")]


def test_every_field_at_the_start_of_a_statement():
    fields = {f for s in schema.SCHEMAS.values() for f in s if " " not in f}
    for f in sorted(fields):
        assert scope_of(f, f"  {f} 1") in ("variable.other.property.field.dune", "support.function.effect.dune",
                                           "keyword.control.dune"), f


def test_numbers_comments_strings_and_operators():
    assert tokens('  pay spice 2 -> solari -1; x, y # note "q" 3') == [
        ("pay", "keyword.control.dune"), ("spice", "support.function.effect.dune"),
        ("2", "constant.numeric.integer.dune"), ("->", "keyword.operator.dune"),
        ("solari", "support.function.effect.dune"), ("-1", "constant.numeric.integer.dune"),
        (";", "punctuation.separator.dune"), (",", "punctuation.separator.dune"),
        ('# note "q" 3', "comment.line.number-sign.dune")]
    assert ('"a # b \\" c"', "string.quoted.double.dune") in tokens('card a "a # b \\" c" {')
    assert ("-", "punctuation.definition.list.begin.dune") in tokens("    - spice 2")
    assert (">=", "keyword.operator.dune") in tokens("  if influence fremen >= 2 { x }")
    assert ("x2", "constant.numeric.integer.dune") not in tokens("  draw x2")


def test_the_bundled_cards_tokenize_with_every_comment_and_title_whole():
    for path in card_files([cards_dir()]):
        for line in path.read_text(encoding="utf-8").splitlines():
            found = tokens(line)
            if "#" in line and '"' not in line:
                assert found and found[-1] == (line[line.index("#"):], "comment.line.number-sign.dune"), line
            header = re.match(r'(\w+) (\w+) ("(?:[^"\\]|\\.)*")', line)
            if header:
                assert found[:3] == [(header[1], "storage.type.definition.dune"),
                                     (header[2], "entity.name.type.id.dune"),
                                     (header[3], "string.quoted.double.dune")], line


def test_a_card_test_block_and_its_steps_are_highlighted():
    assert tokens('test chani_acquire "Chani" {')[0] == ("test", "storage.type.definition.dune")
    for step in ("card", "given", "answer", "play", "expect"):
        assert scope_of(step, f"  {step} x") == scope_of("cost", "  cost 2"), step


def test_every_declaration_field_at_the_start_of_a_statement():
    """A set's declarations' own fields (a counter's `limit` and `worth`, a set's
    `module`, a market's `slots` ...) are highlighted as the definitions' fields are."""
    from dunec.check import vocab

    words = set(vocab.SET_FIELDS + vocab.MIX_FIELDS + vocab.MARKET_WORDS + vocab.TRACK_FIELDS + vocab.CELL_FIELDS
                + vocab.COUNTER_FIELDS) | set(vocab.UNIT_FIELDS) | set(vocab.MARKET_FIELDS)
    for f in sorted(words):
        assert scope_of(f, f"  {f} 1") in ("variable.other.property.field.dune", "support.function.effect.dune",
                                           "keyword.control.dune", "keyword.other.on.dune",
                                           "storage.type.definition.dune"), (f, scope_of(f, f"  {f} 1"))
