"""Issue 21, "Acceptance test": a brand-new set, written into a temp folder with no
Python change, goes through every command an author uses and plays on both
back-ends.

The set, "Pilgrims of the Deep Desert", has a branching (graph) track with a
first-to-reach bonus on a cell, a card row bought with a declared counter with one
fixed entry (`slots`, `keeps`, `at reveal`), a declared agent icon with the space
that takes it, a derived kind sold by that row, and a flag a card clears; its
cards use each (advance on the track, gain the counter, clear the flag, `if flag`).

The test runs `dunec check`, `dunec show`, `dunec list --with`, `dunec build
--cards DIR --out DIR2` and `dunec simulate --with --sets` on both back-ends, then
plays seeded games through the step API on both back-ends: the interpreted one
from the folder (`load("interpreted", extra=[folder])`) and the compiled one
imported from the folder `dunec build` wrote (its registry, as `load("compiled")`
reads generated/). The invariants are checked after every decision, the
back-ends must agree game by game, and each mechanism must show in the logs.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

from dunec.api import Game
from dunec.cli import main
from dunec.content import load
from dunec.engine.checks import invariants
from dunec.engine.loop.rng import Rng
from dunec.ir.meta import Content
from dunec.ir.ops import program_of
from dunec.paths import cards_dir

PILGRIMS = '''\
# Pilgrims of the Deep Desert: a brand-new set, written as data only.
set oasis "Pilgrims of the Deep Desert" {
  requires base
  kinds card space
  counter relic "Relic"
  kind relic_card "Relic card" { like card }
  icon oasis "Oasis"
  flag sandstorm "Sandstorm" { protects arrakeen carthag }
  track pilgrimage "Pilgrimage" {
    start camp
    cell camp { column 0; next dunes rocks }
    cell dunes { column 1; next shrine; gives { relic 1 } }
    cell rocks { column 1; next shrine; gives { spice 1 } }
    cell shrine { column 2; gives { vp 1 } }
    first shrine { solari 3 }
    at_end { relic 1 }
  }
  market relic_row "Relic row" {
    currency relic
    sells relic_card
    slots 2
    keeps old_map
    at reveal
  }
  replace starter reconnaissance with pilgrim_staff
}
space hidden_oasis "Hidden Oasis" {
  set oasis
  icon oasis
  effect { relic 1; advance pilgrimage 1 }
}
card pilgrim_staff "Pilgrim Staff" {
  set oasis
  cost 1; icons oasis spice_trade
  agent { advance pilgrimage 1 }
  reveal {
    persuasion 1
    if flag sandstorm { relic 1 }
  }
}
card storm_caller "Storm Caller" {
  set oasis
  cost 2; copies 2; icons oasis city
  agent { clear sandstorm }
  reveal { if protected { swords 2 } else { persuasion 1 } }
}
relic_card old_map "Old Map" {
  set oasis
  cost 1; icons oasis
  on acquire { advance pilgrimage 1 }
  reveal { persuasion 1 }
}
relic_card sun_dial "Sun Dial" {
  set oasis
  cost 2; icons oasis city
  agent { draw 1 }
  reveal { persuasion 2 }
}
relic_card glass_knife "Glass Knife" {
  set oasis
  cost 2; icons oasis
  reveal { swords 2 }
}
relic_card prayer_beads "Prayer Beads" {
  set oasis
  cost 3; icons oasis landsraad
  agent { relic 1 }
  reveal { persuasion 2; clear sandstorm }
}
'''
SETS = ("base", "oasis")
SEEDS = range(6)
ROW_CARDS = ("Sun Dial", "Glass Knife", "Prayer Beads")


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict:
    """The set alone (`--with`) and a whole card folder of base and the set (`build --cards`)."""
    root = tmp_path_factory.mktemp("new_set")
    oasis = root / "cards" / "oasis"
    oasis.mkdir(parents=True)
    (oasis / "set.dune").write_text(PILGRIMS, encoding="utf-8")
    full = root / "full"
    shutil.copytree(cards_dir() / "base", full / "base", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(cards_dir() / "core", full / "core", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(oasis, full / "oasis")
    return {"oasis": oasis, "full": full, "built": root / "built"}


def _built_content(folder: Path) -> Content:
    """The compiled back-end from a folder `dunec build --out` wrote: its registry,
    read as `load("compiled")` reads the package's generated/."""
    name = f"dunec_built_{abs(hash(str(folder)))}"
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    registry = importlib.import_module(f"{name}.registry")
    return Content(dict(registry.DEFS), dict(registry.EFFECTS), "compiled", dict(registry.VOCAB),
                   programs={k: program_of(v) for k, v in registry.PROGRAMS.items()})


@pytest.fixture(scope="module")
def contents(folders) -> dict:
    assert main(["build", "--cards", str(folders["full"]), "--out", str(folders["built"])]) == 0
    return {"interpreted": load("interpreted", extra=[folders["oasis"]]),
            "compiled": _built_content(folders["built"])}


# ---------------------------------------------------------------------- the commands
def test_check_accepts_the_new_set(folders, capsys):
    assert main(["check", str(folders["oasis"])]) == 0
    assert capsys.readouterr().out.startswith("ok: 7 definitions")


def test_show_words_every_mechanism(folders, capsys):
    assert main(["show", "--with", str(folders["oasis"]), "--sets", ",".join(SETS)]) == 0
    out = capsys.readouterr().out
    for words in ("Old Map  [Relic card, oasis]", "Cost: 1 Relic", "Agent icons: Oasis",
                  "Effect: +1 Relic, advance on the Pilgrimage", "Agent: remove the Sandstorm",
                  "if the Sandstorm is still up: +1 Relic", "When acquired: advance on the Pilgrimage"):
        assert words in out, words


def test_list_lists_the_derived_kind_apart(folders, capsys):
    assert main(["list", "--with", str(folders["oasis"]), "--sets", ",".join(SETS), "--kind", "relic_card",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(r["id"] for r in rows) == ["glass_knife", "old_map", "prayer_beads", "sun_dial"]
    assert {r["kind"] for r in rows} == {"relic_card"}


def test_build_writes_a_package_of_the_set(folders, contents):
    built = folders["built"]
    assert (built / "registry.py").is_file() and any(built.glob("oasis_*.py"))
    vocab = contents["compiled"].vocab["oasis"]
    assert vocab["track"]["pilgrimage"]["firsts"] == ("shrine",)
    assert vocab["market"]["relic_row"]["keeps"] == "old_map" and vocab["flag"]["sandstorm"]["protects"] == (
        "arrakeen", "carthag")


def test_simulate_plays_the_set_on_both_back_ends(folders, capsys):
    got = {}
    for backend in ("interpreted", "compiled"):
        assert main(["simulate", "--with", str(folders["oasis"]), "--sets", ",".join(SETS), "--games", "3",
                     "--backend", backend, "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        got[backend] = {k: v for k, v in report.items() if k not in ("backend", "seconds", "games_per_second")}
    assert got["interpreted"] == got["compiled"] and got["compiled"]["games"] == 3


# ---------------------------------------------------------------------- the games
def _play(content, backend: str, seed: int):
    """One seeded game through the step API, random picks, the invariants after every
    decision; (state, log, the kinds of decisions asked)."""
    g = Game(players=4, seed=seed, sets=SETS, content=content, backend=backend)
    g._engine.quiet = False  # narrate from the first decision on (the digest does not depend on it)
    rng = Rng(seed * 7 + 1)
    kinds = set()
    while not g.is_terminal():
        kinds.add(g.state.pending["kind"])
        actions = g.legal_actions()
        g.apply(actions[rng.below(len(actions))])
        invariants.check(g._engine)
    return g.state, list(g.state.log), kinds


@pytest.fixture(scope="module")
def games(contents) -> dict:
    return {(backend, seed): _play(contents[backend], backend, seed)
            for backend in ("interpreted", "compiled") for seed in SEEDS}


def test_the_back_ends_play_the_same_games(games):
    for seed in SEEDS:
        a, b = games[("interpreted", seed)][0], games[("compiled", seed)][0]
        assert a.digest() == b.digest() and a.log_digest() == b.log_digest(), f"seed {seed}"
        assert a.standings and a.finished


def test_every_mechanism_shows_in_the_logs(games):
    logs = [games[("interpreted", seed)][1] for seed in SEEDS]
    lines = [line for log in logs for line in log]
    kinds = set().union(*(games[("interpreted", seed)][2] for seed in SEEDS))

    def some(text: str) -> bool:
        return any(text in line for line in lines)

    # the branching track: the player chose a link where two leave the start cell
    assert "cell" in kinds
    assert some("advances to cell dunes (column 1) of the Pilgrimage")
    assert some("advances to cell rocks (column 1) of the Pilgrimage")
    # the first-to-reach bonus: once a game, to the first token on the shrine
    firsts = [sum("is the first to reach cell shrine (column 2) of the Pilgrimage" in ln for ln in log) for log in logs]
    assert max(firsts) == 1 and sum(firsts) >= 1
    # the card row: a card of the derived kind bought with relics, the fixed entry played and staying
    assert any(some(f"acquires the card {name} for") for name in ROW_CARDS)
    assert max(sum("plays the card Old Map for" in ln for ln in log) for log in logs) >= 2
    for seed in SEEDS:
        st = games[("interpreted", seed)][0]
        assert "old_map" not in st.market_slots["relic_row"]  # the fixed entry is no slot's
        assert all("old_map" not in p.deck + p.hand + p.discard + p.played for p in st.players)
    # the declared icon: an agent sent to the space that takes it
    assert some("sends an agent to Hidden Oasis")
    # the flag: a card cleared it, for the rest of that game
    for seed, log in zip(SEEDS, logs):
        cleared = sum(ln.endswith("removes the Sandstorm") for ln in log)
        assert cleared <= 1
        assert games[("interpreted", seed)][0].flags["sandstorm"] == (cleared == 0)
    assert some("removes the Sandstorm")
