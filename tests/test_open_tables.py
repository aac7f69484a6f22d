"""Issue 21 §1: the declarations any expansion needs, as the checker and the game
setup see them. Open tables (a derived kind, an icon, a tag set), content changes
(`replace starter`, `remove`), Uprising's declarations, and the refusal of a game
per construct the engine does not play (E0309 at its place), never per set id."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from dunec.api import Game
from dunec.cli import main
from dunec.content import load
from dunec.engine.runs.runner import for_sets, play_game
from dunec.frontend import compile_paths, compile_sources
from dunec.ir.meta import SetsError
from dunec.paths import cards_dir

ROOT = Path(__file__).resolve().parent.parent

# A starting card other than Dune, the Desert Planet, which Immortality replaces
# (a starter replaced by two sets is E0414).
REMIX = '''\
set remix "Remix" {
  requires base
  kinds card
  replace starter convincing_argument with desert_blade
  remove starter signet_ring
  remove space mentat_space
  remove card crysknife
  remove reserve the_spice_must_flow
}
card desert_blade "Desert Blade" {
  cost 2; icons city spice_trade
  agent { spice 1 }
  reveal { persuasion 1 }
}
'''

TINKERS = '''\
set tinkers "Tinkers" {
  requires base
  kinds card space
  kind gadget "Gadget" { like card }
  icon workshop "Workshop"
}
gadget clockwork_owl "Clockwork Owl" {
  cost 3; icons workshop
  agent { draw 1 }
}
space tinkers_guild "Tinkers' Guild" {
  icon workshop
  effect { solari 2 }
}
'''


def _folder(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "cards" / name
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(text, encoding="utf-8")
    return folder


# ---------------------------------------------------------------------- content changes
@pytest.fixture
def remix(tmp_path) -> Path:
    return _folder(tmp_path, "remix", REMIX)


def test_a_set_that_replaces_and_removes_content_checks(remix):
    model, diags = compile_paths([remix], root=remix.parent, with_bundled=True)
    assert not diags.items, diags.render()
    decl = model.sets["remix"]
    assert [r.row() for r in decl.replaces] == [("starter", "convincing_argument", "desert_blade", None)]
    assert [(k, i) for k, i, _ in decl.removes] == [("starter", "signet_ring"), ("space", "mentat_space"),
                                                    ("card", "crysknife"), ("reserve", "the_spice_must_flow")]


def test_setup_honours_replace_and_remove_and_the_back_ends_agree(remix):
    from dunec.engine.checks import invariants

    digests = set()
    for backend in ("interpreted", "compiled"):
        content = for_sets(load(backend, extra=[remix]), ["base", "remix"])
        assert "mentat_space" not in content.defs and "crysknife" not in content.defs
        assert "the_spice_must_flow" not in content.defs and "signet_ring" not in content.defs
        for seed in (3, 4):
            # the invariants count every card against the selected content's decks
            st = play_game(content, 4, seed, ["random"] * 4, quiet=True, check=invariants.check)
            digests.add((seed, st.digest()))
            for p in st.players:
                owned = Counter(p.deck + p.hand + p.discard + p.played + p.trashed)
                assert owned["convincing_argument"] == 0 and owned["signet_ring"] == 0
        base = for_sets(load(backend), ["base"])
        assert "mentat_space" in base.defs  # only a game of the set leaves it out
    assert len(digests) == 2  # both back-ends agree seed by seed


def test_the_starting_deck_of_a_game_of_the_set(remix):
    content = for_sets(load("interpreted", extra=[remix]), ["base", "remix"])
    g = Game(players=4, seed=1, sets=("base", "remix"), content=content, backend="interpreted")
    state = g.state
    for p in state.players:
        cards = Counter(p.deck + p.hand)
        assert cards["desert_blade"] == 2 and cards["convincing_argument"] == 0
        assert cards["signet_ring"] == 0 and sum(cards.values()) == 9
    assert "mentat_space" not in [row[0] for row in content.board()]


def test_removing_or_replacing_unknown_content_is_refused(tmp_path):
    folder = _folder(tmp_path, "remix", REMIX.replace("remove card crysknife", "remove card crysknif"))
    _, diags = compile_paths([folder], root=folder.parent, with_bundled=True)
    assert [(d.code, d.message) for d in diags.items] == [
        ("E0413", "set `remix` removes Imperium card `crysknif`, which it does not know")]
    assert diags.items[0].help == "did you mean `crysknife`?"


# ---------------------------------------------------------------------- open tables
@pytest.fixture
def tinkers(tmp_path) -> Path:
    return _folder(tmp_path, "tinkers", TINKERS)


def test_a_derived_kind_is_checked_as_its_core_kind_and_listed_as_itself(tinkers, capsys, monkeypatch):
    model, diags = compile_paths([tinkers], root=tinkers.parent, with_bundled=True)
    assert not diags.items, diags.render()
    owl = model.defs["clockwork_owl"]
    assert (owl.kind, owl.fields["cost"], owl.fields["icons"]) == ("gadget", 3, ("workshop",))
    content = load("interpreted", extra=[tinkers])
    assert content.vocab["tinkers"]["kinds"] == {"gadget": {"title": "Gadget", "like": "card"}}
    assert main(["show", "--with", str(tinkers), "--sets", "base,tinkers", "clockwork_owl"]) == 0
    assert "Gadget" in capsys.readouterr().out
    assert content.select(("base", "tinkers")).defs["clockwork_owl"]["like"] == "card"


def test_a_new_icon_sends_an_agent_to_its_spaces(tinkers):
    content = for_sets(load("interpreted", extra=[tinkers]), ["base", "tinkers"])
    spaces, _ = content.spaces_of(frozenset({"workshop"}))
    assert spaces == ("tinkers_guild",)


def test_a_derived_kind_declared_with_a_core_kinds_name_is_E0406():
    src = 'set t "T" {\n  requires base\n  kind space "Space" { like card }\n}\n'
    (d,) = compile_sources([("t.dune", src)])[1].items
    assert (d.code, d.message) == ("E0406", "`space` is declared twice")


# ---------------------------------------------------------------------- refusal per construct
# A construct the engine does not play yet (the CHOAM contracts' free market): a set
# that uses one checks clean, and a game that selects it is refused at its place.
BAZAAR = ('set bazaar "Bazaar" {\n  requires base\n  kinds card tech\n'
          '  market stalls "Stalls" { free; sells tech; stacks 1 }\n}\n'
          'tech lamp "Lamp" {\n  set bazaar\n  cost 1\n  on acquire { solari 1 }\n}\n')


def test_uprising_checks_clean_and_nothing_of_it_is_refused():
    _, diags = compile_paths([cards_dir() / "uprising"], root=cards_dir(), with_bundled=True)
    assert not diags.items, diags.render()
    assert "uprising" in load("interpreted").select(("uprising",)).sets  # selected to play: no construct refused


def test_a_set_using_an_unplayed_construct_is_refused_at_its_place_whatever_its_id(tmp_path):
    for ident in ("bazaar", "uprising_copy"):
        folder = _folder(tmp_path / ident, ident, BAZAAR.replace("bazaar", ident))
        _, diags = compile_paths([folder], root=folder.parent, with_bundled=True)
        assert not diags.items, diags.render()  # valid language: check is clean
        content = load("interpreted", extra=[folder])
        with pytest.raises(SetsError) as e:
            content.select(("base", ident))
        assert f"error[E0309]: `free` is not played by the engine yet" in str(e.value)
        assert f"{ident}/set.dune:4:" in str(e.value)
        assert content.select(("base", ident), playing=False).sets == ("core", "base", ident)  # list and show


def test_a_set_using_only_what_the_engine_plays_is_not_refused_whatever_its_id(tmp_path):
    """The set id `uprising` itself is not refused: only its constructs are."""
    folder = _folder(tmp_path, "uprising", 'set uprising "Uprising" {\n  requires base\n  kinds card\n'
                     '  unit sandworm "Sandworm" { strength 3; supply 99 }\n}\n')
    model, diags = compile_paths([folder], root=folder.parent)
    assert not diags.items, diags.render()
    from dunec.content import from_model
    bundled = load("interpreted")
    content = from_model(model)
    content.defs = {**bundled.defs, **content.defs}
    content.held = dict(bundled.held)
    content.vocab = {**bundled.vocab, "uprising": content.vocab["uprising"]}
    assert content.select(("base", "uprising")).sets == ("core", "base", "uprising")  # core comes with base


def test_a_card_using_a_tag_set_or_a_post_plays():
    src = ('set arena "Arena" {\n  requires base\n  kinds card post\n'
           '  tags battle "Battle" { knife sword }\n}\n'
           'card duel "Duel" {\n  set arena\n  cost 2; icons city\n  battle knife\n  agent { draw 1 }\n}\n'
           'post gate_post "Gate Post" {\n  set arena\n  links gate\n}\n'
           'space gate "Gate" {\n  set arena\n  icon city\n  effect { spice 1 }\n}\n')
    model, diags = compile_sources([("arena.dune", src)])
    assert not diags.items, diags.render()
    from dunec.content import from_model
    # tag sets (rules/battle_icons.py) and posts (rules/pieces.py) play: nothing is refused
    assert from_model(model).select(("base", "arena")).sets == ("core", "base", "arena")


def test_a_derived_card_kind_is_in_the_action_space(tinkers):
    from dunec.engine.loop.action_space import domains

    content = for_sets(load("interpreted", extra=[tinkers]), ["base", "tinkers"])
    got = domains(content)
    assert "clockwork_owl" in got["deck_card"] and "clockwork_owl" in got["agent_card"]
    assert "tinkers_guild" in got["space"]


def test_simulate_is_refused_at_the_constructs_and_list_is_not(tmp_path, capsys):
    folder = _folder(tmp_path, "bazaar", BAZAAR)
    assert main(["simulate", "--with", str(folder), "--sets", "base,bazaar", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("error[E0309]") == 1 and "Traceback" not in err
    assert main(["list", "--with", str(folder), "--sets", "base,bazaar"]) == 0  # listed as the set is, never refused
    out, err = capsys.readouterr()
    assert "definitions" in out and not err
