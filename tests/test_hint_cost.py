"""The "did you mean" and "expected one of" hints cost the same whatever length of
name was written: difflib is never given more than HINT_CHARS characters (an unknown
1 MB name in a condition took over 10 s to check, and the language server checks on
every keystroke). Counted, not timed."""
from __future__ import annotations

import difflib

import pytest

from dunec.check.diagnostics import HINT_CHARS, did_you_mean, one_of
from dunec.frontend import compile_sources
from dunec.lsp.analysis import bundled_sources

LONG = "x" * 1_000_000


@pytest.fixture
def lengths(monkeypatch) -> list[int]:
    """The length of every sequence handed to difflib while the test runs."""
    seen: list[int] = []

    class Counting(difflib.SequenceMatcher):
        def set_seq1(self, a):
            seen.append(len(a))
            super().set_seq1(a)

        def set_seq2(self, b):
            seen.append(len(b))
            super().set_seq2(b)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counting)
    return seen


def _card(body: str, extra: str = "") -> str:
    return f'card hint_probe "Hint Probe" {{\n  set base; cost 1\n  reveal {{ {body} }}\n}}\n{extra}'


@pytest.mark.parametrize("body", [f"if {LONG} {{ persuasion 1 }}", f"{LONG} 1", f"discount {LONG} 1",
                                  f"if {LONG} or in_conflict {{ swords 1 }}"],
                         ids=["condition", "effect", "card", "second condition"])
def test_a_long_unknown_name_gives_difflib_at_most_hint_chars(lengths, body):
    _, diags = _bundled(_card(body))
    assert any(d.message.startswith("unknown ") for d in diags.errors)
    assert max(lengths, default=0) <= HINT_CHARS


def _bundled(text: str):
    """The diagnostics of `text` checked with the bundled cards, as `dunec check` does."""
    return compile_sources([("probe.dune", text)], context=list(bundled_sources()))


def test_a_long_candidate_is_not_compared(lengths):
    # a card whose id is 1 MB long, and a misspelt reference to another card
    text = _card("discount arakis_recruiter 1", f'card {LONG} "Long" {{\n  set base; cost 1\n}}\n')
    _, diags = _bundled(text)
    assert any("did you mean `arrakis_recruiter`?" in (d.help or "") for d in diags.sorted())
    assert max(lengths) <= HINT_CHARS


def test_the_hints_still_rank_and_suggest(lengths):
    assert did_you_mean("persuasin", ["persuasion", "swords"]).word == "persuasion"
    assert did_you_mean("persuasin" + "n" * HINT_CHARS, ["persuasion"]) == ""
    names = [f"name_{i:02}" for i in range(20)] + ["in_conflict"]
    assert one_of(names, near="in_conflikt").startswith("expected one of `in_conflict`")
    # a long word is ranked by its first HINT_CHARS characters
    assert one_of(names, near="in_conflict" + LONG).startswith("expected one of `in_conflict`")
    assert max(lengths) <= HINT_CHARS


def test_one_helper_calls_difflib():
    """Every site reaches difflib through the bounded helpers of diagnostics.py."""
    import pathlib
    import dunec
    root = pathlib.Path(dunec.__file__).parent
    users = {p.relative_to(root).as_posix() for p in root.rglob("*.py") if "difflib" in p.read_text("utf-8")}
    # fmt uses difflib only for `--diff` (unified_diff of the file, not a name)
    assert users == {"check/diagnostics.py", "fmt.py"}
    assert "SequenceMatcher" not in (root / "fmt.py").read_text("utf-8")
