"""The command line: play, simulate, list, show, build."""
from __future__ import annotations

import json
import subprocess
import sys

from dunec.cli import main


def test_play_prints_rounds_and_standings(capsys):
    assert main(["play", "--players", "3", "--seed", "5", "--policy", "greedy,random,random"]) == 0
    out = capsys.readouterr().out
    assert "== Round 1:" in out and "Final standings" in out
    assert out.count("VP   spice") == 3


def test_play_backends_print_the_same_game(capsys):
    main(["play", "--players", "2", "--seed", "9", "--backend", "interpreted"])
    a = capsys.readouterr().out
    main(["play", "--players", "2", "--seed", "9", "--backend", "compiled"])
    assert capsys.readouterr().out == a


def test_play_json_is_the_state(capsys):
    assert main(["play", "--players", "2", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Two people and the House Hagal rival, which is not ranked.
    assert data["finished"] and data["mode"] == "duo" and len(data["players"]) == 3
    assert [p["rival"] for p in data["players"]] == [False, False, True] and len(data["standings"]) == 2


def test_bad_policy_is_a_usage_error(capsys):
    assert main(["play", "--policy", "clever"]) == 2
    assert "unknown policy" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--policy", "random,greedy"]) == 2


def test_simulate_json(capsys):
    assert main(["simulate", "--games", "6", "--players", "3", "--seed", "4", "--json",
                 "--policy", "greedy,random,random"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 6 and abs(sum(s["wins_by_seat"]) - 6) < 1e-9
    assert set(s["wins_by_policy"]) <= {"greedy", "random"}
    assert s["games_per_second"] > 0 and 1 <= s["average_rounds"] <= 10


def test_simulate_text(capsys):
    assert main(["simulate", "--games", "3", "--backend", "interpreted"]) == 0
    out = capsys.readouterr().out
    assert "wins by seat" in out and "games/second" in out and "interpreted" in out


def test_list_json_fields(capsys):
    assert main(["list", "--set", "base", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_kind = {}
    for r in rows:
        assert {"id", "name", "set", "kind", "copies"} <= set(r)
        by_kind[r["kind"]] = by_kind.get(r["kind"], 0) + r["copies"]
        if r["kind"] in ("card", "starter", "reserve"):
            assert {"cost", "icons", "factions"} <= set(r)
    assert by_kind["conflict"] == 18
    assert by_kind["space"] == 22
    assert by_kind["reserve"] == 24
    # the starting deck is the core set's, which base and Uprising share
    assert main(["list", "--set", "core", "--json"]) == 0
    starting = next(r for r in json.loads(capsys.readouterr().out) if r["id"] == "starting")
    assert starting["size"] == 10


def test_list_filters_by_kind(capsys):
    assert main(["list", "--kind", "leader"]) == 0
    out = capsys.readouterr().out
    assert "leader" in out and "conflict" not in out.split("\n")[0]


def test_show_prints_rules_text(capsys):
    assert main(["show", "duncan_idaho"]) == 0
    out = capsys.readouterr().out
    assert "Duncan Idaho" in out and "Agent: pay 1 water -> +1 troop, draw 1 card" in out
    assert main(["show", "dunkan_idaho"]) == 2
    assert "did you mean `duncan_idaho`" in capsys.readouterr().err


def test_show_set(capsys):
    assert main(["show", "--set", "base"]) == 0
    out = capsys.readouterr().out
    assert "Battle for Arrakeen" in out and "Sietch Tabr" in out


def test_build_check_passes(capsys):
    assert main(["build", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_no_command_is_usage(capsys):
    assert main([]) == 2


def test_python_dash_m_runs():
    r = subprocess.run([sys.executable, "-m", "dunec", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and "dunec" in r.stdout


def _options(parser):
    for action in parser._actions:
        if action.option_strings and action.dest != "help":
            yield action


def test_every_option_of_every_command_has_help_and_shows_its_default():
    import argparse

    from dunec.cli import _parser
    ap = _parser()
    assert set(ap.commands) == {"check", "fmt", "build", "play", "simulate", "list", "show", "explain", "lsp",
                                "gallery", "test"}
    for name, p in [("dunec", ap), *ap.commands.items()]:
        text = p.format_help()
        for a in [*_options(p), *(x for x in p._actions if not x.option_strings and x.dest != "cmd")]:
            assert a.help and a.help.strip(), f"{name} {a.option_strings or a.dest} has no help line"
            if a.default not in (None, False, [], argparse.SUPPRESS):
                assert f"(default: {a.default})" in " ".join(text.split()), f"{name} {a.option_strings}: default not shown"


def test_list_kind_unknown_is_a_usage_error_naming_the_kinds(capsys):
    assert main(["list", "--kind", "foo"]) == 2
    err = capsys.readouterr().err
    # a set's derived kinds join the core ones, so the kinds are known once the content is
    assert "unknown kind `foo`" in err and "leader" in err and "conflict" in err


def test_a_set_that_is_not_compiled_is_named_accurately(capsys):
    # the CHOAM module plays since branch choam: its set is compiled, its contracts shown
    assert main(["show", "--set", "choam"]) == 0
    assert "Harvest 3+" in capsys.readouterr().out
    assert main(["list", "--set", "nope"]) == 2
    err = capsys.readouterr().err
    assert "no set `nope` among the compiled sets: base, choam, core, immortality, ix, uprising" in err


def test_e0403_help_names_a_real_command(capsys):
    from dunec.check.messages import explain
    text = explain("E0403")
    assert "check --with" not in text and "`dunec show --with FILE`" in text
    ap_show = __import__("dunec.cli", fromlist=["_parser"])._parser().commands["show"]
    assert any("--with" in a.option_strings for a in ap_show._actions)


def _interrupt_after(monkeypatch, k):
    from dunec.engine.runs import runner
    real, calls = runner.play_game, []

    def play(*a, **kw):
        if len(calls) == k:
            raise KeyboardInterrupt
        calls.append(1)
        return real(*a, **kw)
    monkeypatch.setattr(runner, "play_game", play)


def test_simulate_ctrl_c_keeps_and_prints_the_partial_results(capsys, monkeypatch):
    _interrupt_after(monkeypatch, 3)
    assert main(["simulate", "--games", "50", "--players", "3", "--json"]) == 130
    cap = capsys.readouterr()
    s = json.loads(cap.out)
    assert s["interrupted"] and s["games"] == 3 and abs(sum(s["wins_by_seat"]) - 3) < 1e-9
    assert "interrupted after 3 of 50 games" in cap.err
    monkeypatch.undo()
    _interrupt_after(monkeypatch, 2)
    assert main(["simulate", "--games", "50", "--seed", "7"]) == 130
    out = capsys.readouterr().out
    assert "2 games, 4 players, seeds 7..8" in out and "(interrupted)" in out and "wins by seat" in out


def test_simulate_balance_prints_the_figure_it_sorts_by(capsys):
    assert main(["simulate", "--games", "4", "--balance"]) == 0
    out = capsys.readouterr().out
    assert "sorted by score" in out and "score  win rate  owned in  card" in out
    rows = [line.split() for line in out.split("strongest when owned:")[1].split("weakest")[0].splitlines()
            if line.strip() and line.split()[0][0].isdigit()]
    scores = [float(r[0]) for r in rows]
    assert scores and scores == sorted(scores, reverse=True)


def test_simulate_json_counts_people_and_seats(capsys):
    assert main(["simulate", "--games", "2", "--players", "2", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert (s["mode"], s["people"], s["seats"]) == ("duo", 2, 2) and not s["interrupted"]
