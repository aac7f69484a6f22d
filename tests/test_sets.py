"""A set declares its own vocabulary: a brand-new set checks with no Python change,
the bundled sets declare theirs, `--sets` chooses the sets of a check, ids may
repeat across sets, and every set folder ships."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from dunec.check import tables as T
from dunec.cli import main
from dunec.frontend import bundled_sets, compile_paths, compile_sources
from dunec.ir.describe import ops as describe
from dunec.ir.ops import Op
from dunec.paths import cards_dir
from dunec.engine.rules import costs as rules_costs, resources as rules_resources

ROOT = Path(__file__).resolve().parent.parent

SMUGGLERS_SET = '''\
set smugglers "Smugglers of Arrakis" {
  requires base
  kinds card intrigue tech
  counter contraband "Contraband"
  unit smuggler "Smuggler" { strength 1; supply 4 }
  track smuggling_route "Smuggling route" {
    steps 3
    step 1 { solari 2 }
    step 2 { contraband 1 }
    step 3 { vp 1; each opponent { solari 1 } }
  }
  market black_market "Black market" { currency contraband; sells tech; stacks 2 }
}
'''
SMUGGLERS_CARDS = '''\
card smuggler_captain "Smuggler Captain" {
  cost 3; icons spice_trade
  agent { smuggler 2; advance smuggling_route 1 }
  reveal { if contraband >= 2 { swords 2 } else { persuasion 1 } }
}
intrigue dump_the_cargo "Dump the Cargo" {
  plot { pay contraband 2 -> solari 5; cash_out smuggling_route }
}
'''


@pytest.fixture
def smugglers(tmp_path) -> Path:
    folder = tmp_path / "cards" / "smugglers"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(SMUGGLERS_SET, encoding="utf-8")
    (folder / "cards.dune").write_text(SMUGGLERS_CARDS, encoding="utf-8")
    return folder


def test_a_new_set_checks_with_no_python_change(smugglers, capsys, monkeypatch):
    monkeypatch.chdir(smugglers.parent)
    assert main(["check", "smugglers"]) == 0
    assert capsys.readouterr().out.strip() == "ok: 2 definitions in 2 files"


def test_a_new_sets_names_lower_to_ir(smugglers):
    model, diags = compile_paths([smugglers], root=smugglers.parent)
    assert not diags.items, diags.render()
    captain, cargo = model.defs["smuggler_captain"], model.defs["dump_the_cargo"]
    assert (captain.set, cargo.set) == ("smugglers", "smugglers")
    assert captain.boxes["agent"] == (Op("gain", ("smuggler", 2)), Op("advance", ("smuggling_route", 1)))
    cond = captain.boxes["reveal"][0].args[0]
    assert cond == ("cmp", ("contraband",), ">=", 2)
    pay = cargo.boxes["plot"][0]
    assert pay.args[0] == (("res", "contraband", 2),)
    assert cargo.boxes["plot"][1] == Op("cash_out", ("smuggling_route",))
    assert describe(captain.boxes["agent"]) == "+2 smugglers, advance on the smuggling route"  # the declared title, in the plural


def test_a_sets_declarations_are_in_the_model(smugglers):
    model, _ = compile_paths([smugglers], root=smugglers.parent)
    decl = model.sets["smugglers"]
    assert (decl.title, [r for r, _ in decl.requires], decl.kinds) == \
        ("Smugglers of Arrakis", ["base"], ("card", "intrigue", "tech"))
    names = decl.names
    assert names["contraband"].kind == "counter"
    assert names["smuggler"].numbers == {"strength": 1, "supply": 4}
    route = names["smuggling_route"]
    assert route.numbers == {"steps": 3}
    assert route.steps[1] == (Op("gain", ("solari", 2)),)
    assert route.steps[2] == (Op("gain", ("contraband", 1)),)
    assert route.steps[3][1].kind == "each_opponent"
    assert names["black_market"].currency == "contraband"


def test_a_new_sets_names_are_refused_in_the_base_set(smugglers):
    card = 'card greedy "Greedy" {\n  set base\n  cost 1; icons city\n  agent { smuggler 1; advance smuggling_route 1 }\n}\n'
    (smugglers.parent / "base_card.dune").write_text(card, encoding="utf-8")
    _, diags = compile_paths([smugglers.parent], root=smugglers.parent)
    got = [(d.code, d.message) for d in diags.sorted()]
    assert got == [
        ("E0302", "`smuggler` belongs to smugglers, but this definition is in set `base`"),
        ("E0302", "`smuggling_route` belongs to smugglers, but this definition is in set `base`"),
    ]


def test_suggestions_offer_only_the_names_a_definitions_set_may_use(smugglers):
    (smugglers / "cards.dune").write_text(
        'card lost "Lost" {\n  cost 1; icons city\n  agent { advance nowhere 1; lose contrabnd 1 }\n}\n'
        'card lost_in_base "Lost in Base" {\n  set base\n  cost 1; icons city\n  agent { lose spcie 1 }\n}\n',
        encoding="utf-8")
    _, diags = compile_paths([smugglers], root=smugglers.parent)
    assert [(d.message, d.help) for d in diags.sorted()] == [
        ("unknown track `nowhere`", "expected one of `smuggling_route`"),  # not Rise of Ix's `shipping`
        ("unknown thing to lose `contrabnd`", "did you mean `contraband`?"),
        ("unknown thing to lose `spcie`", "did you mean `spice`?"),
    ]


def test_a_set_that_requires_a_set_left_out_of_sets(smugglers):
    _, diags = compile_paths([smugglers], root=smugglers.parent, sets=("smugglers",))
    assert [(d.code, d.message, d.span.line) for d in diags.items] == [
        ("E0404", "set `smugglers` requires `base`, which is not among the checked sets", 2)]
    assert diags.items[0].help == "check it with the set it needs: `--sets base,smugglers`, " \
                                  "or add `cards/base/set.dune`"


def test_a_set_of_the_files_left_out_of_sets(smugglers):
    _, diags = compile_paths([smugglers], root=smugglers.parent, sets=("base",))
    assert [(d.code, d.message, d.help) for d in diags.items] == [
        ("E0407", "set `smugglers` is not among the checked sets",
         "add it: `--sets base,smugglers`, or leave this file out")]


def test_sets_names_an_unknown_set(smugglers):
    _, diags = compile_paths([smugglers], root=smugglers.parent, sets=("base", "smugglers", "smugglerz"))
    assert [(d.code, d.message, d.help) for d in diags.items] == [
        ("E0402", "unknown set `smugglerz`", "did you mean `smugglers`?")]


def test_check_sets_on_the_bundled_cards(capsys):
    assert main(["check", "--sets", "base,ix"]) == 0
    assert capsys.readouterr().out.startswith("ok: ")
    assert main(["check", "--sets", "ix"]) == 1
    assert "E0404" in capsys.readouterr().err


@pytest.mark.parametrize("spec, message", [
    ("base,nosuch", "no set folder `nosuch` among the bundled sets: base, choam, core, immortality, ix, promo, uprising"),
    ("Base", "--sets takes set ids separated by commas, such as `base,ix`; `Base` is not one"),
    (",", "--sets takes set ids separated by commas, such as `base,ix`"),
])
def test_check_sets_usage_errors(capsys, spec, message):
    assert main(["check", "--sets", spec]) == 2
    assert capsys.readouterr().err.strip() == f"dunec: {message}"


def test_the_default_sets_are_what_the_files_need():
    # A lone file of set `ix` cards brings base (which ix requires) from the bundled cards.
    src = 'intrigue quiet_deal "Quiet Deal" {\n  set promo\n  plot { spice 2 }\n}\n'
    model, diags = compile_sources([("new.dune", src)])
    assert not diags.items
    assert model.defs["quiet_deal"].boxes["plot"] == (Op("gain", ("spice", 2)),)


# ---------------------------------------------------------------------- ids across sets
TWO_DESERT_POWERS = '''\
card desert_power "Desert Power" {
  set promo
  cost 2; icons city
  reveal { persuasion 1 }
}
conflict desert_power "Desert Power" {
  set base
  level 2
  first { vp 1 }
}
deck favourites "Favourites" {
  set base
  size 1
  card promo.desert_power 1
}
'''


def test_an_id_may_repeat_across_sets_and_a_reference_qualifies_it():
    model, diags = compile_sources([("two.dune", TWO_DESERT_POWERS)])
    assert not diags.items, diags.render()
    assert model.defs["promo.desert_power"].kind == "card"
    assert model.defs["base.desert_power"].kind == "conflict"
    assert model.defs["favourites"].fields["cards"] == [("promo.desert_power", 1)]


def test_an_unqualified_reference_to_a_repeated_id_says_how_to_qualify_it():
    src = TWO_DESERT_POWERS.replace("card promo.desert_power 1", "card desert_power 1")
    _, diags = compile_sources([("two.dune", src)])
    (d,) = diags.items
    assert (d.code, d.span.line, d.span.col) == ("E0405", 14, 8)
    assert d.label == "defined in `base` and `promo`"
    assert d.help == "qualify it: `base.desert_power` or `promo.desert_power`"


def test_a_repeated_id_in_sets_checked_apart_is_no_clash():
    promo, base = TWO_DESERT_POWERS.split("conflict desert_power")
    model, diags = compile_sources([("promo.dune", promo)])
    assert not diags.items and model.defs["desert_power"].kind == "card"
    base = "conflict desert_power" + base[:base.index("deck favourites")]
    model, diags = compile_sources([("base.dune", base)])
    assert not diags.items, diags.render()
    assert model.defs["desert_power"].kind == "conflict"


def test_a_qualified_reference_to_a_unique_id_is_its_plain_id():
    src = TWO_DESERT_POWERS.replace("conflict desert_power", "conflict desert_storm")
    model, diags = compile_sources([("two.dune", src)])
    assert not diags.items, diags.render()
    assert model.defs["favourites"].fields["cards"] == [("desert_power", 1)]


def test_a_qualified_reference_to_the_wrong_set_is_unknown():
    src = TWO_DESERT_POWERS.replace("card promo.desert_power 1", "card uprising.desert_power 1")
    _, diags = compile_sources([("two.dune", src)])
    assert [(d.code, d.message) for d in diags.items] == [("E0203", "unknown card `uprising.desert_power`")]


def test_the_same_id_twice_in_one_set_is_still_an_error():
    src = TWO_DESERT_POWERS.replace("conflict desert_power", "card desert_power").replace(
        "  set base\n  level 2\n  first { vp 1 }", "  set promo\n  cost 1; icons city\n  reveal { swords 1 }")
    _, diags = compile_sources([("two.dune", src)])
    assert [d.code for d in diags.items] == ["E0102"]


def test_a_space_of_a_set_replaces_a_space_of_a_set_it_requires():
    src = ('space secrets "Secrets" {\n  set base\n  icon landsraad\n  effect { intrigue 1 }\n}\n'
           'space smuggling "Smuggling" {\n  set promo\n  icon spice_trade\n  replaces base.secrets\n'
           '  effect { solari 1 }\n}\n')
    model, diags = compile_sources([("board.dune", src)])
    assert not diags.items, diags.render()
    assert model.defs["smuggling"].fields["replaces"] == ("secrets",)


# ---------------------------------------------------------------------- the bundled sets
def test_every_bundled_set_folder_declares_its_set_once():
    for folder in sorted(p for p in cards_dir().iterdir() if p.is_dir() and not p.name.startswith("_")):
        decls = [line for f in folder.glob("*.dune") for line in f.read_text(encoding="utf-8").splitlines()
                 if line.startswith("set ")]
        assert len(decls) == 1 and decls[0].startswith(f"set {folder.name} "), (folder.name, decls)
    assert set(bundled_sets()) == {"core", "base", "ix", "immortality", "uprising", "promo", "choam"}


def test_the_core_set_declares_the_resources_and_troops_every_game_shares():
    sets = bundled_sets()
    assert {n: d.kind for n, d in sets["core"].names.items()} == {
        "solari": "counter", "spice": "counter", "water": "counter", "troops": "unit",
        "arrakeen": "location", "imperial_basin": "location"}  # the places both boards have
    # each board's own place: a location is data, declared by the set whose board has it
    assert {n: d.kind for n, d in sets["base"].names.items()} == {"carthag": "location"}
    assert sets["uprising"].names["spice_refinery"].kind == "location"
    assert [r for r, _ in sets["base"].requires] == ["core"]
    assert [r for r, _ in sets["uprising"].requires] == ["core"]
    assert [s for s, d in sets.items() if d.default] == ["base"]  # the game played when no sets are named
    assert sets["core"].names["troops"].numbers == {"strength": 2, "supply": 12}
    assert sets["core"].requires == []


def test_rise_of_ix_declares_its_names():
    ix = bundled_sets()["ix"]
    assert [r for r, _ in ix.requires] == ["base"]
    assert ix.names["dreadnought"].numbers == {"strength": 3, "supply": 2}
    assert ix.names["shipping"].numbers == {"steps": 3}
    assert set(ix.names["shipping"].steps) == {1, 2, 3}
    assert ix.names["tech_tiles"].currency == "spice"
    assert ix.names["negotiators"].kind == "counter"


def test_the_core_tables_hold_no_set_names():
    declared = {n for s in bundled_sets().values() for n in s.names}
    assert not declared & set(T.VERBS), declared & set(T.VERBS)
    assert not declared & set(T.CONDITIONS)
    assert not declared & set(T.GAINABLE + T.LOSABLE + T.PAYABLE)
    assert not hasattr(T, "SETS")


def test_a_played_expansions_names_serve_a_set_that_requires_it():
    """Rise of Ix plays: a fan set built on it may use its dreadnoughts."""
    src = ('set fan "Fan" {\n  requires ix\n  kinds card\n}\n'
           'card ixian_probe "Ixian Probe" {\n  set fan\n  cost 3; icons city\n  agent { dreadnought 1 }\n}\n')
    _, diags = compile_sources([("fan.dune", src)])
    assert not diags.items


def test_a_kind_no_set_of_the_definition_lists_is_refused():
    src = ('set tiny "Tiny" {\n  requires base\n  kinds card\n}\n'
           'leader tiny_leader "Tiny Leader" {\n  set promo\n  signet { draw 1 }\n}\n'
           'conflict tiny_conflict "Tiny Conflict" {\n  set promo\n  level 1\n  first { vp 1 }\n}\n')
    _, diags = compile_sources([("tiny.dune", src)])
    # promo lists leaders and conflicts itself; base lists every kind.
    assert not diags.items
    src = src.replace("set promo\n  level 1", "set tiny\n  level 1")
    _, diags = compile_sources([("tiny.dune", src)])
    assert not diags.items  # tiny requires base, which lists conflicts
    src = src.replace("requires base\n", "")
    _, diags = compile_sources([("tiny.dune", src)])
    assert [(d.code, d.message) for d in diags.items] == [
        ("E0302", "`conflict` belongs to base or immortality or ix or promo or uprising, "
                  "but this definition is in set `tiny`")]


# ---------------------------------------------------------------------- packaging
def test_every_set_folder_ships_in_the_package():
    """The package data globs cover every card file of every set folder, so a new
    set folder ships in wheel and editable installs with no line added."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["dunec.cards"] == "cards"
    globs = config["package-data"]["dunec.cards"]
    files = [p.relative_to(ROOT / "cards").as_posix() for p in (ROOT / "cards").rglob("*.dune")]
    assert {p.split("/")[0] for p in files} >= {"base", "ix"}
    unshipped = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert not unshipped, unshipped
    # No set folder is its own package: package-data of dunec.cards covers them all.
    assert not [p for p in config["packages"] if p.startswith("dunec.cards.")]


def test_a_new_set_builds_and_plays_on_both_back_ends_with_no_python_change(smugglers, tmp_path, capsys):
    from dunec.content import load
    from dunec.engine.runs.runner import play_game
    from dunec.engine.checks import invariants
    from dunec.engine.loop.turns import strength

    (smugglers / "cards.dune").write_text(SMUGGLERS_CARDS.replace("cost 3;", "cost 3; copies 8;"), encoding="utf-8")
    assert main(["show", "smuggler_captain", "--with", str(smugglers), "--sets", "base,smugglers"]) == 0
    assert main(["build", "--cards", str(smugglers.parent), "--out", str(tmp_path / "gen")]) == 0
    assert any("step 1" in p.read_text() for p in (tmp_path / "gen").glob("*.py"))
    seen = {"unit": 0}

    def check(e):
        invariants.check(e)
        for p in e.players:
            u = p.units["smuggler"]["conflict"]
            if u and e.state.turn_kind == "combat":
                assert strength(p) == 2 * p.conflict + u + p.swords  # strength 1 each
                seen["unit"] += 1
    digests = set()
    for backend in ("interpreted", "compiled"):
        content = load(backend, extra=[smugglers])
        for seed in range(1, 4):
            st = play_game(content, 4, seed, ["random"] * 4, sets=["base", "smugglers"], check=check)
            assert all(set(p.counters) == {"contraband"} and set(p.units) == {"smuggler"} for p in st.players)
            digests.add((seed, st.digest()))
            if seed == 1:
                assert any("advances to step" in line for line in st.log)
    assert len(digests) == 3  # both back-ends agree seed by seed
    assert seen["unit"] > 0


def test_a_game_of_a_set_without_what_it_requires_is_refused(smugglers):
    from dunec.content import load
    from dunec.engine.runs.runner import play_game
    from dunec.ir.meta import SetsError

    with pytest.raises(SetsError, match="requires base"):
        play_game(load("interpreted", extra=[smugglers]), 4, 1, ["random"] * 4, sets=["smugglers"])


def test_a_base_game_holds_no_declared_names():
    from dunec.content import load
    from dunec.engine.runs.runner import play_game

    st = play_game(load("compiled"), 4, 1, ["random"] * 4, quiet=True)
    assert all(not (p.counters or p.units or p.tracks) for p in st.players)


@pytest.mark.parametrize("backend", ["interpreted", "compiled"])
def test_advance_pays_every_step_stops_at_the_top_and_cash_out_collects_every_step_down(smugglers, backend):
    from dunec.content import load
    from dunec.engine.effects.context import Ctx
    from dunec.engine.loop.game import Engine
    from dunec.engine.runs.runner import for_sets, new_state

    content = for_sets(load(backend, extra=[smugglers]), ["base", "smugglers"])
    st = new_state(content, 4, 1, ["random"] * 4)
    e = Engine(content, st, [None] * 4)
    p, other = st.players[0], st.players[1]
    solari, other_solari, vp0 = p.solari, other.solari, p.vp
    ctx = Ctx(e, p)
    ctx.advance("smuggling_route", 1)
    e.drive()
    assert (p.tracks["smuggling_route"], p.solari) == (1, solari + 2)  # step 1: solari 2
    ctx.advance("smuggling_route", 5)  # not past the top (3): steps 2 and 3 each pay (issue 21)
    e.drive()
    assert (p.tracks["smuggling_route"], p.vp, other.solari, p.counters["contraband"]) == \
        (3, vp0 + 1, other_solari + 1, 1)
    vp = p.vp
    ctx.advance("smuggling_route", 1)  # at the top: no move, no reward
    e.drive()
    assert (p.tracks["smuggling_route"], p.vp) == (3, vp)
    ctx.cash_out("smuggling_route")  # steps 3, 2 and 1, then the bottom
    e.drive()
    assert p.tracks["smuggling_route"] == 0
    assert (p.vp, p.counters["contraband"], p.solari, other.solari) == \
        (vp + 1, 2, solari + 4, other_solari + 2)
    ctx.cash_out("smuggling_route")  # from the bottom: nothing
    e.drive()
    assert (p.vp, p.solari) == (vp + 1, solari + 4)


def test_a_declared_unit_respects_its_supply_and_a_counter_pays(smugglers):
    from dunec.content import load
    from dunec.engine.effects.context import Ctx
    from dunec.engine.loop.game import Engine
    from dunec.engine.runs.runner import for_sets, new_state

    content = for_sets(load("interpreted", extra=[smugglers]), ["base", "smugglers"])
    st = new_state(content, 4, 1, ["random"] * 4)
    e = Engine(content, st, [None] * 4)
    p = st.players[0]
    Ctx(e, p).gain("smuggler", 6)
    assert p.units["smuggler"] == {"strength": 1, "supply": 0, "garrison": 4, "conflict": 0}
    rules_resources.send_troops(e, p, 1)  # troops alone: a unit kind is deployed by its own choice
    e.drive()
    assert p.units["smuggler"]["conflict"] == 0
    from dunec.engine.rules import deploy as rules_deploy
    rules_deploy.deploy_units(e, p, 3)  # up to 3 units: the kinds first, then troops
    assert e.state.pending["options"][-1] == ("deploy", 3, "smuggler")
    e.answer(3)
    assert p.units["smuggler"]["conflict"] == 3 and e.state.pending is None  # none left for troops
    Ctx(e, p).gain("contraband", 3)
    assert rules_costs.can_pay(e, p, (("res", "contraband", 3),)) and not rules_costs.can_pay(e, p, (("res", "contraband", 4),))
    rules_costs.pay(e, p, (("res", "contraband", 2),))
    e.drive()
    assert p.counters["contraband"] == 1


@pytest.mark.parametrize("argv", [["list", "--sets", "ix"], ["show", "duncan_idaho", "--sets", "ix"],
                                  ["play", "--sets", "ix"], ["simulate", "--games", "1", "--sets", "ix"]])
def test_sets_missing_what_they_require_are_usage_errors(capsys, argv):
    assert main(argv) == 2
    assert "set `ix` requires base: add it to --sets (e.g. --sets base,ix)" in capsys.readouterr().err


def test_play_with_a_new_set_and_its_cards(smugglers, capsys):
    base = ["play", "--seed", "2", "--with", str(smugglers)]
    assert main(base + ["--sets", "base,smugglers", "--json"]) == 0
    import json
    players = json.loads(capsys.readouterr().out)["players"]
    assert all(set(p["tracks"]) == {"smuggling_route"} for p in players)
    assert main(base + ["--sets", "smugglers"]) == 2
    assert "requires base" in capsys.readouterr().err


def test_the_default_sets_play_the_base_game(capsys):
    assert main(["play", "--seed", "3"]) == 0
    default = capsys.readouterr().out
    assert main(["play", "--seed", "3", "--sets", "base"]) == 0
    assert capsys.readouterr().out == default
    assert main(["list", "--sets", "base,ix", "--json"]) == 0
    import json
    # Rise of Ix's cards are listed (checked and shown), though no game plays them yet.
    assert {r["set"] for r in json.loads(capsys.readouterr().out)} == {"core", "base", "ix"}  # core comes with base


def test_a_sets_holdings_are_in_the_json_the_digest_and_the_observation(smugglers):
    from dunec.content import load
    from dunec.engine.views.observe import observation
    from dunec.engine.runs.runner import play_game
    from dunec.engine.loop.state import GameState

    st = play_game(load("interpreted", extra=[smugglers]), 4, 2, ["random"] * 4, quiet=True,
                   sets=["base", "smugglers"])
    back = GameState.from_json(st.to_json())
    assert [p.units for p in back.players] == [p.units for p in st.players]
    assert back.digest() == st.digest()
    before = st.digest()
    st.players[0].counters["contraband"] += 1
    assert st.digest() != before
    seen = observation(st, 1).players[0]
    assert (seen.counters, seen.units, seen.tracks) == \
        (st.players[0].counters, st.players[0].units, st.players[0].tracks)


def test_a_save_records_its_sets_and_an_older_save_plays_base(tmp_path, capsys):
    import json

    from dunec.content import load
    from dunec.engine.runs.runner import play_game
    from dunec.engine.records.saves import card_record

    decisions = play_game(load("compiled"), 3, 4, ["random"] * 3, quiet=True).decisions
    save = {"format": "dunec save", "version": 2, "seed": 4, "people": 3, "difficulty": "novice",
            "churn": "reveal", "policies": ["random"] * 3, "backend": "compiled", "cards": card_record(None),
            "with": [], "decisions": decisions}
    f = tmp_path / "save.json"
    outs = []
    for sets in (None, ["base"]):
        f.write_text(json.dumps(save if sets is None else {**save, "sets": sets}))
        assert main(["play", "--resume", str(f), "--json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    f.write_text(json.dumps({**save, "sets": ["ix"]}))
    assert main(["play", "--resume", str(f)]) == 1  # the save is wrong, not the command line
    assert f"{f}: sets: [\"ix\"] cannot be played: set `ix` requires base" in capsys.readouterr().err
    f.write_text(json.dumps({**save, "sets": "base"}))
    assert main(["play", "--resume", str(f)]) == 1
    assert "sets: expected a list of set ids" in capsys.readouterr().err


def test_a_declared_unit_that_is_not_conserved_breaks_an_invariant(smugglers):
    from dunec.content import load
    from dunec.engine.checks import invariants
    from dunec.engine.loop.game import Engine
    from dunec.engine.runs.runner import for_sets, new_state

    content = for_sets(load("interpreted", extra=[smugglers]), ["base", "smugglers"])
    st = new_state(content, 4, 1, ["random"] * 4)
    e = Engine(content, st, [None] * 4)
    invariants.check(e)
    st.players[1].units["smuggler"]["garrison"] += 1
    with pytest.raises(invariants.InvariantError, match="smuggler units not conserved"):
        invariants.check(e)
    st.players[1].units["smuggler"]["garrison"] -= 1
    st.players[2].tracks["smuggling_route"] = 4
    with pytest.raises(invariants.InvariantError, match="off the smuggling_route track"):
        invariants.check(e)


def test_the_starting_deck_is_found_by_its_kind_and_role():
    """The checker, the engine's setup and its state check find the starting deck one
    way: a definition of kind `deck` whose role (its id) is the starting deck."""
    from dunec.check.tables import STARTING_DECK, starting_deck
    from dunec.content import load
    model, diags = compile_paths([ROOT / "cards"], root=ROOT)
    assert starting_deck(model.of_kind("deck")).id == STARTING_DECK
    game = load().select(("base",))
    assert sum(n for _, n in starting_deck(game.of_kind("deck"))["cards"]) == 10
    # Another deck list is no starting deck, and neither is a definition of another kind with that id.
    assert starting_deck([{"id": "draft", "kind": "deck"}]) is None
    assert starting_deck(game.of_kind("starter")) is None


def test_a_location_belongs_to_the_set_that_declares_it(tmp_path):
    """A base card that wins control of Uprising's Spice Refinery is told where the
    name belongs (E0302), as any declared name: there is no Python table of places."""
    src = 'conflict spice_raid "Spice Raid" {\n  set base\n  level 1\n  first { control spice_refinery }\n}\n'
    (tmp_path / "raid.dune").write_text(src, encoding="utf-8")
    model, diags = compile_paths([tmp_path / "raid.dune"], root=tmp_path, with_bundled=True)
    assert [d.code for d in diags.items] == ["E0302"], diags.render()


def _bundled_with_required() -> list[str]:
    from dunec.frontend import bundled_sets
    from dunec.content import with_required

    sets = bundled_sets()
    vocab = {k: {"requires": [r for r, _ in v.requires]} for k, v in sets.items()}
    return [",".join(with_required(vocab, [s])) for s in sorted(sets) if s != "core"]


@pytest.mark.parametrize("spec", _bundled_with_required())
def test_each_bundled_set_checks_clean_with_the_sets_it_requires(spec, capsys):
    """A name one set's card borrows from a set it does not require (Uprising's Secure
    Spice Trade once counted the base game's The Spice Must Flow) is unknown there."""
    assert main(["check", "--sets", spec]) == 0, capsys.readouterr().err
