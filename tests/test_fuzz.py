"""No input ever produces a traceback.

Random text, random bytes, random token soup and random mutations of the bundled
card files go through the whole front end (parse, check, deck checks, rendering,
JSON); every diagnostic must carry a registered code and a span inside its file.
The command line must answer 0 or 1 for any file content, never 70 (a bug).
"""
from __future__ import annotations

import json
import unicodedata
import xml.etree.ElementTree as ET
import os
import re
import string
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dunec.check.messages import MESSAGES
from dunec.cli import main
from dunec.frontend import compile_sources
from dunec.picture import card_svg
from dunec.syntax.lines import Lines, normalize

ROOT = Path(__file__).resolve().parent.parent
CARD_FILES = sorted((ROOT / "cards").rglob("*.dune"))
CARDS = [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in CARD_FILES]

# DUNEC_FUZZ_EXAMPLES=5000 runs a long hunt; the default keeps the suite fast.
_N = int(os.environ.get("DUNEC_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=_N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=max(1, _N // 5), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Words of the language and near misses: enough to get past the parser into the checker.
VOCAB = [
    "card", "intrigue", "conflict", "space", "leader", "hagal", "deck", "reserve", "starter", "crad",
    "set", "base", "uprising", "ix", "promo", "cost", "copies", "icons", "factions", "level", "icon",
    "faction", "location", "requires", "size", "swords", "gain", "spaces", "mode", "passive", "signet",
    "agent", "reveal", "plot", "combat", "endgame", "effect", "control", "first", "second", "third",
    "on", "acquire", "trash", "win", "game_start", "once", "this", "from", "hand", "any", "all",
    "solari", "spice", "water", "persuasion", "troops", "vp", "draw", "influence", "deploy", "retreat",
    "discard", "gain_card", "steal", "recall", "mentat", "opponent", "space_cost", "ignore_block",
    "spy", "tech", "fremen", "guild", "emperor", "bene_gesserit", "city", "landsraad", "arrakeen",
    "bond", "alliance", "seat", "units", "cards_in_play", "copies", "most_copies", "foldspace",
    "if", "else", "not", "and", "or", "for", "each", "choose", "pay", "->", "-", ",", ";", "{", "}",
    "(", ")", ">=", "<", "==", "0", "1", "2", "7", "13", "-1", "99999999999999999999999999999999",
    '"Title"', '"unterminated', "\n", "\n", "\n", "# comment\n", "@", "\x00", "\ufeff", "\u00a0", "é",
]


# `{kind}`, `{verb}`, ...: a placeholder left in a message means a title was not filled.
_PLACEHOLDERS = {"{%s}" % f for m in MESSAGES.values() for _, f, _, _ in string.Formatter().parse(m.title) if f}


def assert_sane(sources: list[tuple[str, str]]) -> None:
    """Compile, then check every diagnostic's code and span, and both renderings."""
    _, diags = compile_sources(sources)
    texts = dict(sources)
    for d in diags.items:
        assert d.code in MESSAGES, d.code
        assert d.code != "E0700", d.message
        assert d.message and not any(p in d.message for p in _PLACEHOLDERS if d.code not in ("E0001",)), \
            d.message
        s = d.span
        assert s is not None, d
        assert s.file in texts, s.file
        last = len(Lines(normalize(texts[s.file])))  # \r, \r\n and \n each end a line
        assert 1 <= s.line <= last and 1 <= s.end_line <= last, (d.code, s, last)
        assert s.col >= 1 and (s.end_line, s.end_col) >= (s.line, s.col), (d.code, s)
    out = diags.render(limit=None)
    # Every diagnostic is shown, headed by its code, and the summary counts them all.
    heads = [line for line in out.splitlines() if line.startswith(("error[", "warning["))]
    assert [h.split("]")[0].split("[")[1] for h in heads] == [d.code for d in diags.sorted()]
    assert out.endswith(" found") if diags.items else out == ""
    assert "Traceback" not in out
    assert len(json.loads(diags.to_json())) == len(diags.items)


# ---------------------------------------------------------------------- (a) random input
@FUZZ
@given(st.text(max_size=400))
def test_random_text_never_raises(text):
    assert_sane([("fuzz.dune", text)])


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data):
    assert_sane([("fuzz.dune", data.decode("utf-8", errors="replace"))])


@FUZZ
@given(st.lists(st.sampled_from(VOCAB), max_size=80), st.sampled_from(["fuzz.dune", "cards/base/fuzz.dune"]))
def test_token_soup_never_raises(words, path):
    assert_sane([(path, " ".join(words))])


# ---------------------------------------------------------------------- (b) mutated card files
_TOKENS = re.compile(r"\s+|[a-z_][a-z0-9_]*|-?[0-9]+|\"[^\"\n]*\"|->|>=|<=|.", re.S)

_OPS = st.tuples(
    st.sampled_from(["delete", "duplicate", "swap", "delete_char", "insert"]),
    st.floats(min_value=0, max_value=1, allow_nan=False, exclude_max=True),
    st.floats(min_value=0, max_value=1, allow_nan=False, exclude_max=True),
    st.sampled_from(VOCAB + ["set base\n", "}", "{", "\n"]),
)


def mutate(text: str, ops) -> str:
    toks = _TOKENS.findall(text)
    for op, a, b, word in ops:
        if not toks:
            toks = [word]
            continue
        i, j = int(a * len(toks)), int(b * len(toks))
        if op == "delete":
            del toks[i]
        elif op == "duplicate":
            toks.insert(i, toks[j])
        elif op == "swap":
            toks[i], toks[j] = toks[j], toks[i]
        elif op == "delete_char":
            t = toks[i]
            k = int(b * len(t))
            toks[i] = t[:k] + t[k + 1:]
        else:
            toks.insert(i, word)
    return "".join(toks)


def test_mutation_helper_changes_text():
    path, text = CARDS[0]
    assert mutate(text, [("delete", 0.5, 0.0, "")]) != text
    assert mutate(text, []) == text


@FUZZ
@given(st.sampled_from(range(len(CARDS))), st.lists(_OPS, min_size=1, max_size=5))
def test_mutated_card_files_give_diagnostics_not_tracebacks(index, ops):
    path, text = CARDS[index]
    assert_sane([(path, mutate(text, ops))])


@FEW
@given(st.sampled_from(range(len(CARDS))), st.lists(_OPS, min_size=1, max_size=3))
def test_mutated_file_among_the_others(index, ops):
    sources = list(CARDS)
    path, text = sources[index]
    sources[index] = (path, mutate(text, ops))
    assert_sane(sources)


def test_bundled_cards_are_sane_and_clean():
    _, diags = compile_sources(CARDS)
    assert not diags.items, diags.render()


# ---------------------------------------------------------------------- (c) the command line
@FEW
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300).map(lambda t: t.encode("utf-8")),
                 st.lists(st.sampled_from(VOCAB), max_size=60).map(lambda w: " ".join(w).encode("utf-8"))))
def test_cli_check_never_reports_an_internal_error(data):
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "fuzz.dune"
        p.write_bytes(data)
        assert main(["check", str(p)]) in (0, 1)
        assert main(["check", str(p), "--format", "json"]) in (0, 1)


# ---------------------------------------------------------------------- (d) line endings
# No empty line: a bare \r, an empty line and a \n would read as one \r\n, rightly.
_FILLER = ["# a comment", "   ", '# a "quoted" comment {', ";", "\t# tabbed"]
_EOLS = ["\n", "\r\n", "\r"]


@FUZZ
@given(st.lists(st.sampled_from(_FILLER), max_size=6), st.lists(st.sampled_from(_FILLER), max_size=6),
       st.integers(0, 8), st.data())
def test_every_line_ending_reads_alike(before, inside, indent, data):
    """\\n, \\r\\n and a bare \\r all end a line, mixed in any way: the typo is found,
    on the line and column an editor shows, and echoed without the line ending."""
    lines = before + ['card a "A" {', "  set base; cost 1"] + inside + [" " * indent + "reveal { drw 1 }", "}"]
    ends = data.draw(st.lists(st.sampled_from(_EOLS), min_size=len(lines), max_size=len(lines)))
    text = "".join(line + end for line, end in zip(lines, ends))
    _, diags = compile_sources([("t.dune", text)])
    (d,) = diags.items
    line = len(before) + len(inside) + 3
    assert (d.code, d.span.line, d.span.col) == ("E0201", line, indent + 10)
    assert f"{line} | {' ' * indent}reveal {{ drw 1 }}\n" in diags.render()
    assert "\r" not in diags.render()


@FEW
@given(st.lists(st.sampled_from(_FILLER + [""]), min_size=1, max_size=6), st.sampled_from(_EOLS))
def test_a_file_of_comments_is_empty_whatever_its_line_endings(lines, eol):
    model, diags = compile_sources([("t.dune", eol.join(lines + ["card a { set base; cost 1; reveal { draw 1 } }"]))])
    assert not diags.items and list(model.defs) == ["a"]


# ---------------------------------------------------------------------- (e) titles reach terminals and SVG
@FUZZ
@given(st.text(st.characters(blacklist_characters='"\\\n\r'), max_size=30))
def test_a_title_the_checker_accepts_is_printable_and_draws_as_valid_svg(title):
    """A control character in a title is refused (E0002); any other title prints as
    plain text and is valid XML in the card picture (`show --svg`)."""
    model, diags = compile_sources([("t.dune", f'card a "{title}" {{ set base; cost 1; reveal {{ draw 1 }} }}')])
    bad = [c for c in title if unicodedata.category(c) in ("Cc", "Cs") and c != " " or c in "\ufffe\uffff"]
    if bad or "\t" in title:
        assert [d.code for d in diags.items][:1] == ["E0002"]
        assert not any(c in diags.render() for c in bad)
        return
    assert not diags.items, diags.render()
    ET.fromstring(card_svg(model.defs["a"]))
