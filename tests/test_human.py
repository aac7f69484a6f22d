"""A person at the table: the terminal policy, save and resume."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dunec.cli import main
from dunec.engine.players.human import HumanPolicy, QuitGame, _option_number, render_view
from dunec.engine.records.saves import SaveError, card_record, load_game, save_game
from dunec.engine.runs.runner import new_state
from dunec.engine.loop.game import Engine
from dunec.engine.rules import cards as rules_cards
from dunec.cardtest import reveal_conflict


def _engine(compiled):
    st = new_state(compiled, 3, 5, ["human"] * 3)
    e = Engine(compiled, st, [None] * 3)
    st.round = 1
    reveal_conflict(st, "siege_of_arrakeen")
    rules_cards.draw(e, st.players[0], 5)
    return e


def _policy(lines, tmp_path=None):
    out = []
    answers = list(lines)

    def read(prompt):
        if not answers:
            raise QuitGame("input ended")
        return answers.pop(0)
    return HumanPolicy(SETUP, read=read, write=out.append, rules=_rules), out


SETUP = {"seed": 5, "people": 3, "difficulty": "novice", "churn": "reveal", "policies": ["human"] * 3, "backend": "compiled",
         "cards": card_record(None), "with": []}


def _rules(ident):
    from dunec.content import check_cards
    from dunec.show import show_definition
    return show_definition(check_cards().defs[ident])


def test_numbers_pick_options_and_bad_input_is_asked_again(compiled):
    e = _engine(compiled)
    pol, out = _policy(["", "0", "seven", "4", "2"])
    assert pol.choose(e, e.state.players[0], "deploy", [("deploy", 0), ("deploy", 1), ("deploy", 2)], None) == 1
    text = "\n".join(out)
    assert "How many troops do you deploy" in text and "   2) deploy 1" in text
    assert text.count("Please type a number from 1 to 3") == 3


def test_the_turn_prompt_shows_the_table(compiled):
    e = _engine(compiled)
    p = e.state.players[0]
    view = render_view(e, p)
    assert "Conflict: Siege of Arrakeen (level II)" in view
    assert "Hand: " in view and all(e.defs[c]["name"] in view for c in p.hand)
    assert "Influence: Emperor 0" in view and "Imperium Row:" in view
    pol, out = _policy(["help", "view", "1"])
    assert pol.choose(e, p, "turn", [("yes",), ("reveal",)], None) == 0
    assert sum("Imperium Row:" in line for line in out) == 2  # once for the turn, once for `view`


def test_save_at_a_prompt_writes_a_resumable_file(compiled, tmp_path):
    e = _engine(compiled)
    e.state.decisions = [0, 2, 1]
    target = tmp_path / "g.json"
    pol, out = _policy([f"save {target}", "1"])
    assert pol.choose(e, e.state.players[0], "pay", [("yes",), ("no",)], None) == 0
    data = load_game(target)
    assert data["decisions"] == [0, 2, 1] and data["seed"] == 5 and data["policies"] == ["human"] * 3
    assert any("saved to" in line for line in out)


def test_saved_to_shows_a_file_names_control_characters_escaped(compiled, tmp_path):
    e = _engine(compiled)
    target = tmp_path / "g\x1b[2J\u202e.json"
    pol, out = _policy([f"save {target}", "1"])
    assert pol.choose(e, e.state.players[0], "pay", [("yes", "pay"), ("no",)], None) == 0
    assert load_game(target)["seed"] == 5  # saved under the name typed
    [said] = [line for line in out if "saved to" in line]
    assert "\x1b" not in said and "\u202e" not in said and "g?[2J?.json" in said


def test_quit_stops_the_game(compiled):
    e = _engine(compiled)
    pol, _ = _policy(["quit"])
    with pytest.raises(QuitGame):
        pol.choose(e, e.state.players[0], "pay", [("yes",), ("no",)], None)


def test_bad_save_files_are_refused(tmp_path):
    (tmp_path / "x.json").write_text("not json")
    with pytest.raises(SaveError, match="not a dunec save file"):
        load_game(tmp_path / "x.json")
    with pytest.raises(SaveError, match="cannot read"):
        load_game(tmp_path / "missing.json")
    good = save_game(tmp_path / "z.json", SETUP, [1, 2])
    assert load_game(good)["decisions"] == [1, 2]
    data = json.loads(good.read_text())
    data["decisions"] = [0, "a"]
    (tmp_path / "y.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"decisions\[1\]: expected an option number"):
        load_game(tmp_path / "y.json")


def test_resume_of_a_missing_file_is_a_user_error(tmp_path, capsys):
    assert main(["play", "--resume", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def _run(args, text):
    r = subprocess.run([sys.executable, "-m", "dunec", "play", *args], input=text, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return r.stdout


def _final_state(out: str) -> dict:
    last = out.strip().splitlines()[-1]
    return json.loads(last[last.index("{"):])


@pytest.mark.parametrize("args", [["--solo", "--difficulty", "veteran", "--seed", "3", "--policy", "human"],
                                  ["--solo", "--churn", "rival", "--seed", "3", "--policy", "human"],
                                  ["--players", "3", "--seed", "8", "--policy", "human,greedy,random"]])
def test_a_piped_session_plays_saves_resumes_and_finishes(tmp_path, args):
    save = tmp_path / "game.json"
    # First sitting: a few answers (always the first option), then save, then the input ends.
    first = _run(args, "1\n" * 5 + f"save {save}\n")
    assert "saved to" in first and "Game stopped (input ended)" in first
    saved = load_game(save)
    assert len(saved["decisions"]) >= 5
    # Second sitting: resume and answer until the game ends.
    resumed = _run(["--resume", str(save), "--json"], "1\n" * 3000)
    final = _final_state(resumed)
    assert final["finished"] and final["standings"]
    # Exactly the game an uninterrupted sitting with the same answers plays.
    straight = _final_state(_run(args + ["--json"], "1\n" * 3000))
    assert final == straight


def test_a_human_game_streams_its_log_and_ends_with_standings(tmp_path):
    out = _run(["--players", "2", "--seed", "4", "--policy", "human,random"], "1\n" * 3000)
    assert "== Round 1:" in out and "Your turn" in out and "Final standings" in out
    assert out.index("== Round 1:") < out.index("Your turn")


# ---------------------------------------------------------------------- any keystroke
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=st.lists(st.text(max_size=30).filter(lambda s: s.strip().partition(" ")[0].lower() not in ("quit", "exit")),
                     max_size=6))
def test_any_line_typed_at_a_prompt_is_answered_and_the_game_kept(compiled, tmp_path_factory, monkeypatch, lines):
    monkeypatch.chdir(tmp_path_factory.mktemp("typing"))  # `save X` writes here
    e = _engine(compiled)
    actions = [("place", "dr_yueh", "arrakeen"), ("buy", "stilgar", 5), ("reveal",)]
    pol, out = _policy([*lines, "2"])
    assert pol.choose(e, e.state.players[0], "turn", actions, None) in (0, 1, 2)
    # The lines read: up to the first that picks an option (hypothesis found ['1', '0', ...],
    # where the prompt is answered at once and the rest is never read).
    read = []
    for line in lines:
        read.append(line)
        if _option_number(line.strip(), len(actions)) is not None:
            break
    assert len(out) >= len([line for line in read if line.strip()])  # a blank line is asked again silently


def test_unicode_digits_are_not_option_numbers(compiled):
    e = _engine(compiled)
    pol, out = _policy(["²", "٣", "1" * 5000, "3"])
    assert pol.choose(e, e.state.players[0], "pay", [("deploy", 0), ("deploy", 1), ("deploy", 2)], None) == 2
    assert "\n".join(out).count("Please type a number from 1 to 3") == 3


def test_info_shows_what_an_option_names(compiled):
    e = _engine(compiled)
    p = e.state.players[0]
    pol, out = _policy(["info 1", "? 2", "info stilgar", "info 9", "info nothing here", "info", "3"])
    assert pol.choose(e, p, "turn", [("place", "dr_yueh", "arrakeen"), ("buy", "stilgar", 5), ("reveal",)], None) == 2
    text = "\n".join(out)
    assert "Dr. Yueh  [Imperium card, base]" in text and "Arrakeen  [board space, base]" in text
    assert text.count("Stilgar  [Imperium card, base]") == 2  # `? 2` and `info stilgar`
    assert "Siege of Arrakeen  [" not in text  # the current conflict is not in option 1's label
    assert "There is no option 9" in text and "named `nothing here`" in text and "`info N`" in text


def test_view_lists_the_table_and_the_options_again(compiled):
    e = _engine(compiled)
    pol, out = _policy(["view", "1"])
    # The question's words are the decision's (pending["words"]), never the option's.
    e.state.pending = {"seat": 0, "kind": "pay", "options": [("yes",), ("no",)], "hint": 1.0,
                       "words": "pay 2 Solari"}
    assert pol.choose(e, e.state.players[0], "pay", [("yes",), ("no",)], None) == 0
    text = "\n".join(out)
    # The first prompt of a sitting shows the table (a resumed game), and `view` again.
    assert text.count("Imperium Row:") == 2 and text.count("1) pay 2 Solari") == 2


def test_saving_to_an_impossible_name_keeps_the_game(compiled, tmp_path):
    e = _engine(compiled)
    pol, out = _policy(["save .", "save bad\0name", f"save {tmp_path}/no/such/dir/x.json", "1"])
    assert pol.choose(e, e.state.players[0], "pay", [("yes",), ("no",)], None) == 0
    assert "\n".join(out).count("could not save to") == 3


def test_a_solo_game_says_whether_you_won(capsys):
    assert main(["play", "--solo", "--seed", "3", "--policy", "greedy"]) == 0
    # Not a person at the table: no verdict.
    assert "You won" not in capsys.readouterr().out


@pytest.mark.parametrize("seed", [3, 5])
def test_a_solo_human_game_ends_with_the_verdict(seed):
    out = _run(["--solo", "--seed", str(seed), "--policy", "human"], "1\n" * 3000)
    last = out.strip().splitlines()[-1]
    standings = [line for line in out.splitlines() if line.startswith("  1. ")]
    if standings[-1].startswith("  1. P1 "):
        assert last.startswith("You won with ")
    else:
        assert last.startswith("You lost: ") and " wins with " in last


def test_resuming_shows_the_table_at_the_first_prompt(tmp_path):
    save = tmp_path / "g.json"
    _run(["--players", "3", "--seed", "8", "--policy", "human,greedy,random"], "1\n" * 7 + f"save {save}\n")
    out = _run(["--resume", str(save)], "quit\n")
    assert out.index("=== Round") < out.index("\n> ") and "Hand: " in out
