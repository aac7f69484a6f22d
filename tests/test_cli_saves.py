"""Save files and `play --resume`: a bad save is refused with what is wrong and
where (exit 1), never exit 70; a save carries its `--with` cards; game options
given with --resume are a usage error."""
from __future__ import annotations

import builtins
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.cli import main
from dunec.engine.runs.runner import play_game
from dunec.engine.records.saves import card_record, save_game

ROOT = Path(__file__).resolve().parent.parent
COURIER = '''card spice_courier "Spice Courier" {
  set base
  copies 2; cost 2; icons spice_trade
  agent { spice 1 }
  reveal { persuasion 2 }
}
'''


@pytest.fixture(scope="module")
def good(compiled):
    """A valid save of a whole two-player game of random policies."""
    decisions = play_game(compiled, 2, 4, ["random", "random"], quiet=True).decisions
    return {"format": "dunec save", "version": 2, "seed": 4, "people": 2, "difficulty": "novice",
            "churn": "reveal", "policies": ["random", "random"], "backend": "compiled", "cards": card_record(None), "with": [],
            "decisions": decisions}


def _feed(monkeypatch, lines):
    """Typed answers for a human seat; then the input ends."""
    answers = list(lines)

    def fake_input(prompt=""):
        if not answers:
            raise EOFError
        return answers.pop(0)
    monkeypatch.setattr(builtins, "input", fake_input)


def _resume(tmp_path, capsys, data, *extra) -> tuple[int, str]:
    f = tmp_path / "save.json"
    f.write_text(data if isinstance(data, str) else json.dumps(data))
    code = main(["play", "--resume", str(f), "--json", *extra])
    return code, capsys.readouterr().err


def test_a_valid_save_replays_the_whole_game(tmp_path, capsys, good, compiled):
    code, err = _resume(tmp_path, capsys, good)
    assert code == 0, err


@pytest.mark.parametrize("change, message", [
    ({"decisions": [999]}, "decisions[0]: 999 is not a legal choice (options 0–"),
    ({"decisions": [-1]}, "decisions[0]: expected an option number (0 or more), got -1"),
    ({"decisions": [True]}, "decisions[0]: expected an option number (0 or more), got true"),
    ({"decisions": 3}, "decisions: expected a list of option numbers, got 3"),
    ({"seed": "7"}, "seed: expected an integer, got \"7\""),
    ({"seed": None}, "seed: expected an integer, got null"),
    ({"seed": 1.5}, "seed: expected an integer, got 1.5"),
    ({"people": 7}, "people: expected one of 1, 2, 3, 4, got 7"),
    ({"people": "2"}, "people: expected one of 1, 2, 3, 4, got \"2\""),
    ({"policies": ["random"]}, "policies: 1 policies for 2 people"),
    ({"policies": ["random", "clever"]}, "policies[1]: expected one of random, greedy, human or search[:N], got \"clever\""),
    ({"policies": "random"}, "policies: expected a list of policies"),
    ({"backend": "gpu"}, "backend: expected one of compiled, interpreted, got \"gpu\""),
    ({"difficulty": "easy"}, "difficulty: expected one of novice, veteran, expert"),
    ({"churn": "often"}, "churn: expected one of reveal, rival, off"),
    ({"cards": 5}, "cards: expected {\"path\": folder or null"),
    ({"cards": {"path": None, "sha256": "0" * 64}}, "cards.sha256: the bundled cards (was dunec updated?) changed"),
    ({"cards": {"path": "/nowhere/cards", "sha256": "0" * 64}}, "cards.path: the cards folder /nowhere/cards is missing"),
    ({"with": [{"path": "x.dune"}]}, "with[0]: expected {\"path\": ..., \"text\": ...}"),
    ({"with": [{"path": "x.dune", "text": "card {"}]}, "error"),
    ({"version": 99}, "version: save format 99 is not one this dunec reads (it reads version 2)"),
    ({"junk": 1}, "unknown key `junk`"),
])
def test_a_bad_save_says_what_and_where(tmp_path, capsys, good, change, message):
    code, err = _resume(tmp_path, capsys, {**good, **change})
    assert code == 1 and message in err, err
    assert "internal error" not in err and "Traceback" not in err


def test_missing_keys_wrong_formats_and_old_saves(tmp_path, capsys, good):
    for key in ("seed", "people", "decisions", "cards", "with"):
        code, err = _resume(tmp_path, capsys, {k: v for k, v in good.items() if k != key})
        assert code == 1 and f"missing key `{key}`" in err
    code, err = _resume(tmp_path, capsys, {"dunec_save": 1, "seed": 1, "decisions": []})
    assert code == 1 and "older dunec (save format 1)" in err
    for text in ("[1, 2]", "{}", "nul", "1" * 5000):
        code, err = _resume(tmp_path, capsys, text)
        assert code == 1 and "not a dunec save file" in err, err


def test_a_huge_seed_is_a_seed(tmp_path, capsys, good):
    code, err = _resume(tmp_path, capsys, {**good, "seed": 10 ** 40, "decisions": []})
    assert code == 0, err


def test_decisions_past_the_end_of_the_game_are_refused(tmp_path, capsys, good):
    n = len(good["decisions"])
    code, err = _resume(tmp_path, capsys, {**good, "decisions": good["decisions"] + [0, 1, 0]})
    assert code == 1 and f"decisions[{n}]: the game ended after {n} decisions; 3 more are recorded" in err


def test_game_options_with_resume_are_a_usage_error(tmp_path, capsys, good):
    code, err = _resume(tmp_path, capsys, good, "--seed", "3", "--with", "x.dune")
    assert code == 2 and "drop --seed, --with" in err
    code, err = _resume(tmp_path, capsys, good, "--backend", "compiled")  # even the default value
    assert code == 2 and "drop --backend" in err


def _sitting(monkeypatch, capsys, args, lines) -> str:
    _feed(monkeypatch, lines)
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def test_with_cards_are_recorded_so_a_resume_is_the_same_game(tmp_path, capsys, monkeypatch):
    card = tmp_path / "mine" / "courier.dune"
    card.parent.mkdir()
    card.write_text(COURIER)
    save = tmp_path / "g.json"
    args = ["--players", "2", "--seed", "6", "--policy", "human,greedy", "--with", str(card)]
    _sitting(monkeypatch, capsys, args, ["1"] * 8 + [f"save {save}"])
    recorded = json.loads(save.read_text())["with"]
    assert recorded == [{"path": card.as_posix(), "text": COURIER}]
    card.write_text(COURIER.replace("spice 1", "spice 3"))  # the file changes after the save...
    resumed = _sitting(monkeypatch, capsys, ["--resume", str(save), "--json"], ["1"] * 3000)
    card.write_text(COURIER)
    straight = _sitting(monkeypatch, capsys, args + ["--json"], ["1"] * 3000)
    # ... and the resumed game is still the one that was saved.
    assert json.loads(resumed.splitlines()[-1][resumed.splitlines()[-1].index("{"):]) == \
        json.loads(straight.splitlines()[-1][straight.splitlines()[-1].index("{"):])


def test_a_changed_cards_folder_is_refused(tmp_path, capsys, monkeypatch):
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    save = tmp_path / "g.json"
    _sitting(monkeypatch, capsys, ["--players", "3", "--policy", "human", "--cards", str(cards)],
             ["1", "1", f"save {save}"])
    assert json.loads(save.read_text())["cards"]["path"] == str(cards.resolve())
    board = cards / "base" / "board.dune"
    board.write_text(board.read_text() + "\n")
    _feed(monkeypatch, [])
    assert main(["play", "--resume", str(save)]) == 1
    assert f"cards.sha256: the cards folder {cards.resolve()} changed since the game was saved" in \
        capsys.readouterr().err


# ---------------------------------------------------------------------- fuzz
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)
KEYS = ["format", "version", "seed", "people", "difficulty", "churn", "policies", "backend", "cards", "with", "decisions"]


@st.composite
def mutated(draw, good):
    data = json.loads(json.dumps(good))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["replace", "drop", "junk", "decision", "nested"]))
        key = draw(st.sampled_from(KEYS))
        if how == "replace":
            data[key] = draw(JSON)
        elif how == "drop":
            data.pop(key, None)
        elif how == "junk":
            data[draw(st.text(min_size=1, max_size=6))] = draw(JSON)
        elif how == "decision" and isinstance(data.get("decisions"), list):
            ds = data["decisions"]
            i = draw(st.integers(0, max(len(ds), 1)))
            ds[i:i + 1] = [draw(st.integers(-3, 40) | JSON)] if draw(st.booleans()) else []
        elif how == "nested" and isinstance(data.get("cards"), dict):
            # Not a path to a real folder ("/", ".."): fingerprinting it would read the disk.
            value = draw(JSON.filter(lambda v: not isinstance(v, str) or v.isalnum()))
            data["cards"][draw(st.sampled_from(["path", "sha256", "x"]))] = value
    return data


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzzed_saves_never_crash(tmp_path_factory, capsys, monkeypatch, good, data):
    base = dict(good, policies=data.draw(st.sampled_from([["random", "random"], ["human", "greedy"]])))
    save = data.draw(mutated(base))
    _feed(monkeypatch, [])
    code, err = _resume(tmp_path_factory.mktemp("fuzz"), capsys, save)
    assert code in (0, 1, 2), err
    assert "internal error" not in err and "Traceback" not in err


def test_an_unreadable_with_file_gets_the_checkers_diagnostic(tmp_path, capsys):
    bad = tmp_path / "bad.dune"
    bad.write_bytes(b"\xff\xfe")
    assert main(["play", "--with", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "error[E0004]" in err and "not UTF-8" in err
