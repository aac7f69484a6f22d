"""End-to-end: the bundled cards check, build fresh, and play a complete game."""
from dunec.build import build
from dunec.cli import main
from dunec.engine.runs.runner import play_game


def test_bundled_cards_check_clean(model):
    assert len(model.defs) > 90


def test_generated_is_fresh():
    r = build(check=True)
    assert r.ok, f"stale generated files: {r.stale}"


def test_a_seeded_game_finishes_the_same_twice(compiled):
    a = play_game(compiled, 4, 1, ["random"] * 4)
    b = play_game(compiled, 4, 1, ["random"] * 4)
    assert a.finished and a.standings
    assert a.digest() == b.digest()


def test_cli_play_is_byte_identical(capsys):
    assert main(["play", "--players", "4", "--seed", "1"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "--players", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out == first
    assert "Final standings" in first
