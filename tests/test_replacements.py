"""One mechanism replaces cards: `replace KIND OLD with NEW [N]`, in a set or a
deck list, for starting cards and House Hagal cards (docs/language.md "Replacing
cards"; engine/rules/replacements.py; the checks are tests/diagnostics/067, 081
and 083). The piles it builds are the ones the three earlier mechanisms built,
order included, so every seeded game stays what it was."""
from __future__ import annotations

from pathlib import Path

import pytest

from dunec.cli import main
from dunec.content import load
from dunec.engine.loop.setup import starting_cards
from dunec.engine.rivals.deck import cards_for
from dunec.engine.rules import replacements as R
from dunec.engine.runs.runner import for_sets, play_game
from dunec.frontend import compile_paths

ROOT = Path(__file__).resolve().parents[1]

START = ["convincing_argument"] * 2 + ["dagger"] * 2 + ["diplomacy"] + ["dune_the_desert_planet"] * 2 + \
    ["reconnaissance", "seek_allies", "signet_ring"]


# ---------------------------------------------------------------------- the pile rows
def test_a_row_replaced_whole_keeps_its_place():
    rows = [("a", 2), ("b", 2), ("c", 1)]
    assert R.replace(rows, [("b", "x", None)]) == [("a", 2), ("x", 2), ("c", 1)]
    assert R.replace(rows, [("b", "x", 2)]) == [("a", 2), ("x", 2), ("c", 1)]


def test_copies_taken_from_a_row_that_keeps_some_join_the_end():
    rows = [("a", 2), ("b", 3), ("c", 1)]
    assert R.replace(rows, [("b", "x", 1), ("b", "y", 1)]) == [("a", 2), ("b", 1), ("c", 1), ("x", 1), ("y", 1)]
    # the three rows together take the whole row: the last keeps its place
    assert R.replace(rows, [("b", "x", 1), ("b", "y", 1), ("b", "z", 1)]) == \
        [("a", 2), ("z", 1), ("c", 1), ("x", 1), ("y", 1)]


def test_a_replacement_whose_new_card_cannot_be_dealt_there_replaces_nothing():
    rows = [("a", 2), ("b", 3)]
    assert R.replace(rows, [("b", "x", None)], may=lambda card: card != "x") == rows


def test_a_replacement_takes_what_there_is_and_holds_says_whether_it_is_all():
    rows = [("a", 2), ("b", 1)]
    assert R.replace(rows, [("b", "x", 3)]) == [("a", 2), ("x", 1)]
    assert R.replace(rows, [("q", "x", None)]) == rows
    assert R.holds(rows, [("a", "x", 1), ("a", "y", 1)]) and not R.holds(rows, [("a", "x", 2), ("a", "y", 1)])
    assert R.holds(rows, [("q", "x", None)])  # an uncounted row takes whatever is there
    assert R.dealt([("a", 2), ("b", 1)]) == ["a", "a", "b"]


# ---------------------------------------------------------------------- the bundled sets
@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_the_starting_decks_are_those_of_the_three_earlier_mechanisms(backend):
    """Immortality's Experimentation in Dune's row; the Epic list's Control the Spice
    after the deck (one Dune out), or in the discard pile once both Dunes are gone."""
    c = load(backend)
    experimentation = [("experimentation" if x == "dune_the_desert_planet" else x) for x in START]
    epic = [x for i, x in enumerate(START) if i != START.index("dune_the_desert_planet")] + ["control_the_spice"]
    assert starting_cards(c.select(("base",))) == (START, [])
    assert starting_cards(c.select(("base", "ix")), epic=True) == (epic, [])
    assert starting_cards(c.select(("base", "immortality"))) == (experimentation, [])
    assert starting_cards(c.select(("base", "ix", "immortality")), epic=True) == (experimentation,
                                                                                 ["control_the_spice"])


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_immortalitys_carthag_cards_replace_the_base_ones_in_the_solo_deck_only(backend):
    c = load(backend)
    base, imm = c.select(("base",)), c.select(("base", "immortality"))
    carthag = [f"hagal_carthag_{n}" for n in (1, 2, 3)]
    assert cards_for(base, "solo").count("hagal_carthag") == 3
    solo = cards_for(imm, "solo")
    assert "hagal_carthag" not in solo and all(solo.count(x) == 1 for x in carthag)
    # beside the Carthag cards, Immortality's own Research Station card joins
    assert set(solo) ^ set(cards_for(base, "solo")) == {*carthag, "hagal_carthag", "hagal_research_station"}
    assert solo == sorted(solo)  # id order: the order the deck is shuffled from
    duo = cards_for(imm, "duo")
    assert duo == cards_for(base, "duo") and not set(carthag) & set(duo)


# ---------------------------------------------------------------------- a set of one's own
CLONES = '''\
set clones "Clones" {
  requires base
  kinds hagal
  replace starter diplomacy with cloned_diplomacy
  replace hagal hagal_foldspace with clone_foldspace 1
  replace hagal hagal_foldspace with duo_foldspace 2
}
starter cloned_diplomacy "Cloned Diplomacy" {
  icons landsraad
  reveal { persuasion 1 }
}
hagal clone_foldspace "Clone Foldspace" {
  mode solo
  spaces foldspace_space
  gain { troops 2 }
}
hagal duo_foldspace "Duo Foldspace" {
  mode duo
  spaces foldspace_space
  gain { troops 1; solari 1 }
}
'''


@pytest.fixture
def clones(tmp_path) -> Path:
    folder = tmp_path / "cards" / "clones"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(CLONES, encoding="utf-8")
    return folder


def test_a_set_replaces_its_own_way_and_the_back_ends_agree(clones):
    model, diags = compile_paths([clones], root=clones.parent, with_bundled=True)
    assert not diags.items, diags.render()
    digests = set()
    for backend in ("interpreted", "compiled"):
        content = for_sets(load(backend, extra=[clones]), ["base", "clones"])
        deck, discard = starting_cards(content)
        assert deck == [("cloned_diplomacy" if x == "diplomacy" else x) for x in START] and discard == []
        solo, duo = cards_for(content, "solo"), cards_for(content, "duo")
        # each new card only in its own mode, in place of the copies its row counts (the
        # rows add up per mode: 1 of the 2 copies in the solo deck, both in the two-player one)
        assert (solo.count("hagal_foldspace"), solo.count("clone_foldspace"), "duo_foldspace" in solo) == (1, 1, False)
        assert (duo.count("hagal_foldspace"), duo.count("duo_foldspace"), "clone_foldspace" in duo) == (0, 2, False)
        st = play_game(content, 1, 5, ["random"], quiet=True)  # a solo game with two rivals
        digests.add(st.digest())
    assert len(digests) == 1


def test_show_says_what_a_card_comes_in_place_of(capsys):
    assert main(["show", "hagal_carthag_3", "experimentation", "control_the_spice"]) == 0
    out = capsys.readouterr().out
    assert "In place of: 1 x Carthag (set `immortality`)" in out
    assert "In place of: every copy of Dune, the Desert Planet (set `immortality`)" in out
    assert "In place of: 1 x Dune, the Desert Planet (deck `epic`)" in out


def test_completion_offers_the_names_of_each_place_of_the_form():
    from dunec.check.diagnostics import Diagnostics
    from dunec.check.vocab import Vocabulary
    from dunec.frontend import bundled_sets
    from dunec.lsp.complete import candidates

    vocab = Vocabulary(bundled_sets(), Diagnostics())
    defs = compile_paths([ROOT / "cards" / "base", ROOT / "cards" / "core"])[0].defs
    names = lambda before: {n for n, _ in candidates(before, vocab, defs)}  # noqa: E731
    for head in ('set remix "Remix" {\n  requires base\n', 'deck extra "Extra" {\n  size 1\n'):
        assert names(head + "  replace ") == {"starter", "hagal"}
        assert "dune_the_desert_planet" in names(head + "  replace starter ")
        assert "hagal_carthag" in names(head + "  replace hagal ") and "dagger" not in names(head + "  replace hagal ")
        assert names(head + "  replace hagal hagal_carthag ") == {"with"}
        assert "dagger" in names(head + "  replace starter dune_the_desert_planet with ")
        assert "dagger" not in names(head + "  replace hagal hagal_carthag with ")


def test_an_old_replaces_field_says_what_to_write_now():
    from dunec.frontend import compile_sources

    old = ('hagal my_carthag "My Carthag" {\n  set base\n  spaces carthag\n  replaces hagal_carthag\n'
           '  gain { troops 1 }\n}\n'
           'deck my_list "My list" {\n  set base\n  size 1\n  card dagger 1\n  replaces dune_the_desert_planet 1\n}\n')
    helps = [(d.code, d.help) for d in compile_sources([("old.dune", old)])[1].items if d.code == "E0104"]
    assert helps == [
        ("E0104", "a set replaces House Hagal cards: write `replace hagal OLD with my_carthag [N]` in its `set`"),
        ("E0104", "write `replace starter OLD with NEW N`: the row brings the NEW cards in itself")]
