"""Rise of Ix as card files: every definition checks, shows and reads as printed;
the counts match the community inventory; a game of the set is refused until the
engine plays it (docs/decisions.md, "Rise of Ix content")."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from dunec.cli import main
from dunec.fmt import format_source
from dunec.check.diagnostics import Diagnostics
from dunec.frontend import compile_paths, compile_sources
from dunec.paths import cards_dir
from dunec.show import show_definition, titles_of

IX = cards_dir() / "ix"
REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"


@pytest.fixture(scope="module")
def model():
    m, diags = compile_paths([cards_dir()], root=cards_dir())
    assert not diags.items, diags.render()
    return m


def ix_defs(model):
    return {k: d for k, d in model.defs.items() if d.set == "ix"}


# ---------------------------------------------------------------------- checks and shows
def test_every_ix_file_checks_clean_by_itself(capsys):
    assert main(["check", str(IX)]) == 0
    # 85, the Epic game's list and the Ix board's post (an Uprising game's, rules 003)
    assert "ok: 87 definitions in 9 files" in capsys.readouterr().out


def test_every_ix_definition_shows_and_show_is_stable_through_a_reformat(model):
    """parse -> show, and parse -> fmt -> parse -> show, give the same text."""
    shown = {k: show_definition(d) for k, d in ix_defs(model).items()}
    assert len(shown) == 87  # the 85 of the rulebook's components, the Epic game's deck list, the Ix board's post
    assert all(text.splitlines()[0].startswith(d.name) for text, d in zip(shown.values(), ix_defs(model).values()))
    sources = [(f"{s}/{p.name}", p.read_text(encoding="utf-8"))  # base and the core it requires
               for s in ("base", "core") for p in sorted((cards_dir() / s).glob("*.dune"))]
    for path in sorted(IX.glob("*.dune")):
        text = path.read_text(encoding="utf-8")
        formatted = format_source(str(path), text, Diagnostics())
        assert formatted is not None
        sources.append((f"ix/{path.name}", formatted))
    again, diags = compile_sources(sources)
    assert not diags.errors, diags.render()
    assert {k: show_definition(d) for k, d in again.defs.items() if d.set == "ix"} == shown


def test_show_set_ix_prints_every_definition(capsys):
    assert main(["show", "--set", "ix"]) == 0
    out = capsys.readouterr().out
    assert out.count("[tech tile, ix]") == 18 and out.count("[leader, ix]") == 6


def test_list_and_gallery_work_on_ix(capsys, tmp_path):
    assert main(["list", "--sets", "base,ix", "--set", "ix", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    copies = Counter()
    for r in rows:
        copies[r["kind"]] += r["copies"]
    assert copies == {"card": 35, "intrigue": 17, "conflict": 4, "leader": 6, "tech": 18, "space": 4, "starter": 1, "hagal": 9,
                      "deck": 1,  # the Epic game's list
                      "post": 1}  # the Ix board's post, for spies in an Uprising game (rules 003)
    assert main(["gallery", "--sets", "ix", str(tmp_path / "g")]) == 0
    assert "Flagship" in (tmp_path / "g" / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------------- games of ix
@pytest.mark.parametrize("argv, shown", [
    (["play", "--players", "4", "--sets", "base,ix", "--seed", "1"], ("acquires the tile", "cashes out the shipping")),
    (["play", "--solo", "--difficulty", "expert", "--sets", "base,ix", "--seed", "3"], ("acquires the tile",)),
    (["play", "--players", "2", "--sets", "base,ix", "--seed", "2"], ("moves up to step",)),
])
def test_a_game_of_ix_plays_with_a_readable_log(capsys, argv, shown):
    """Issue 9's "done when": the logs show tiles bought and the freighter at work."""
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Final standings" in out and "Traceback" not in out
    for words in shown:
        assert words in out, words


def test_simulate_plays_ix(capsys):
    assert main(["simulate", "--games", "2", "--sets", "base,ix", "--json"]) == 0


def test_a_set_using_constructs_the_engine_does_not_play_is_refused_at_each(tmp_path, capsys):
    folder = tmp_path / "bazaar"
    folder.mkdir()
    (folder / "set.dune").write_text('set bazaar "Bazaar" {\n  requires base\n  kinds tech\n'
                                     '  market stalls "Stalls" { free; sells tech; stacks 1 }\n}\n', encoding="utf-8")
    assert main(["play", "--with", str(folder), "--sets", "base,bazaar", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "bazaar/set.dune:4:" in err and "error[E0309]: `free` is not played by the engine yet" in err

def test_content_loaded_whole_plays_the_stand_alone_game_and_select_brings_ix_in():
    from dunec.api import Game
    from dunec.content import load

    content = load("compiled")
    # Loaded whole, before any selection, the content plays the base game: an
    # expansion's definitions wait in `held` (harnesses and card tests rely on it).
    assert not any(m["set"] == "ix" for m in content.defs.values()) and "flagship" in content.held
    both = content.select(("base", "ix"))
    assert {m["set"] for m in both.defs.values()} == {"core", "base", "ix"}  # core comes with base
    assert "rally_troops" not in both.defs and "dreadnought_space" in both.defs  # the CHOAM overlay
    assert not any(m["set"] == "ix" for m in content.select(("base",)).defs.values())
    g = Game(players=4, seed=1, sets=("base", "ix"))
    assert len(g.state.markets["tech_tiles"]) == 3


def test_a_box_that_asks_is_a_program_and_a_plain_one_compiles():
    """Ixian Engineer's agent box asks which tile to buy: it is a program run from
    interpreter frames (a game paused in it is plain data), not a compiled function."""
    import generated.registry as reg

    assert ("ixian_engineer", "agent") in reg.PROGRAMS
    assert not any(key == ("ixian_engineer", "agent") for key in reg.EFFECTS)
    assert ("minimic_film", "reveal") in reg.EFFECTS  # a plain gain compiles as usual


# ---------------------------------------------------------------------- counts against the reference
INVENTORY = REFERENCE / "card_inventory.json"
# Our kind -> the inventory's section.
SECTIONS = {"card": "imperium", "intrigue": "intrigue", "tech": "tech", "leader": "leader", "starter": "starter",
            "conflict": "conflict"}
# Deliberate deviations, each in docs/decisions.md ("Rise of Ix content"): the
# inventory files Economic Supremacy under "All" but the Rise of Ix rulebook lists
# it among the set's four conflict cards.
DEVIATIONS = {"conflict": ("Economic Supremacy",)}


@pytest.mark.skipif(not INVENTORY.is_file(), reason=f"no card inventory at {INVENTORY}")
@pytest.mark.parametrize("kind", sorted(SECTIONS))
def test_counts_per_kind_match_the_inventory(model, kind):
    rows = json.loads(INVENTORY.read_text(encoding="utf-8"))[SECTIONS[kind]]
    theirs = [r for r in rows if r.get("source") == "Rise of Ix"]
    assert set(DEVIATIONS.get(kind, ())) <= {r["name"] for r in theirs}
    ours = [d for d in ix_defs(model).values() if d.kind == kind]
    want = sum(int(r.get("count") or r.get("count_per_player") or 1) for r in theirs)
    assert sum(d.copies for d in ours) == want
    assert len({d.name.lower() for d in ours}) == len({r["name"].lower() for r in theirs})


@pytest.mark.skipif(not (REFERENCE / "board_spaces_all_versions.json").is_file(), reason="no board reference")
def test_the_overlay_adds_and_replaces_the_reference_boards_spaces(model):
    spaces = json.loads((REFERENCE / "board_spaces_all_versions.json").read_text(encoding="utf-8"))
    # A space with an Ix version of its own is on the Ix board; an empty Ix version
    # is no space of Ix (Assembly Hall and Gather Support have only Uprising's).
    added = {s["name"] for s in spaces if s["variants"].get("ix")}
    # A base space with an empty Ix version is one the overlay covers.
    covered = {s["name"] for s in spaces if "ix" in s["variants"] and not s["variants"]["ix"] and s["variants"].get("base")}
    ours = [d for d in ix_defs(model).values() if d.kind == "space"]
    assert {d.name.lower() for d in ours} == {n.lower() for n in added}
    replaced = {model.defs[r].name.lower() for d in ours for r in d.fields.get("replaces", ())}
    assert replaced == {n.lower() for n in covered}


# ---------------------------------------------------------------------- printed text, spot checks
PRINTED = {
    # Agent: "Acquire Tech"; Reveal: with three or more tech tiles, trash this card -> 1 VP.
    "ixian_engineer": ["Agent: acquire one of the Tech tiles",
                       "Reveal: if your Tech tiles >= 3: pay trash this card -> +1 Victory Point"],
    "freighter_fleet": ["Reveal (Unload): 1 move on the Shipping track (each: one step up, or back to the bottom",
                        "Unload: the Reveal box also runs when this card is discarded or trashed."],
    "full_scale_assault": ["When acquired: +1 Dreadnought", "Agent: +2 troops",
                           "for each Dreadnought of yours in the Conflict: +3 swords"],
    "truthsayer": ["Agent: pay discard 1 card -> draw 1 card", "Reveal: +1 Persuasion, +1 sword"],
    "satellite_ban": ["Agent: pay discard 1 card -> +1 spice, +1 water", "retreat up to 2 troops"],
    "sayyadina": ["Agent: pay 3 water -> +1 Victory Point", "Reveal: if another Fremen card in play: +3 Persuasion"],
    "expedite": ["Plot: pay 1 spice -> 1 move on the Shipping track"],
    "war_chest": ["Combat: pay 2 Solari -> +4 swords", "Endgame: if Solari >= 10: +1 Victory Point"],
    "cannon_turrets": ["Combat: +2 swords; each opponent: retreat 1 Dreadnought from the Conflict"],
    "flagship": ["Cost: 8 spice", "When acquired: +1 Victory Point",
                 "Once per round (flip the tile), on your turn: pay 4 Solari -> +3 troops"],
    "windtraps": ["Cost: 2 spice", "When acquired: +1 water", "When you win a Conflict: +1 water"],
    "spy_satellites": ["On your turn: pay 3 spice, trash this card -> +1 Victory Point",
                       "Endgame: for each Faction where you have less than 2 Influence: +1 Victory Point"],
    "prince_rhombur_vernius": ["Passive: your Dreadnoughts have strength 4"],
    "viscount_hundro_moritani": ["At game start: look at the top 2 Intrigue cards: keep 1",
                                 "Signet ring: pay 1 spice -> 1 move on the Shipping track"],
    "tech_negotiation": ["Effect: +1 Persuasion; choose one: acquire one of the Tech tiles for 1 less | +1 Negotiator"],
    "interstellar_shipping": ["Requires: Spacing Guild Influence >= 2", "Effect: 2 moves on the Shipping track"],
    "dreadnought_space": ["Replaces: Rally Troops"],
}


@pytest.mark.parametrize("ident", sorted(PRINTED))
def test_rules_text_says_what_the_card_prints(model, ident):
    text = show_definition(model.defs[ident], titles_of(model))
    for phrase in PRINTED[ident]:
        assert phrase in text, f"{phrase!r} not in:\n{text}"


def test_ix_tech_tiles_with_the_house_hagal_mark():
    """HAGAL.md 3.8: twelve tiles a solo rival may buy, six it may not."""
    m, _ = compile_paths([cards_dir()], root=cards_dir())
    marked = {d.id for d in m.defs.values() if d.kind == "tech" and d.fields.get("rival")}
    assert len(marked) == 12
    assert not marked & {"spaceport", "artillery", "holoprojectors", "restricted_ordnance", "disposal_facility",
                         "minimic_film"}
