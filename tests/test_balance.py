"""Expansion validators: the per-card balance report of `dunec simulate --balance`
flags a card that is too strong."""
from __future__ import annotations

import json

from dunec.cli import main
from dunec.content import load
from dunec.engine.runs.runner import simulate

BROKEN = '''card vp_printer "VP Printer" {
  set base
  copies 4; cost 2; icons city
  reveal { vp 2; persuasion 1 }
}
'''


def test_an_overpowered_card_tops_the_report(tmp_path):
    card = tmp_path / "broken.dune"
    card.write_text(BROKEN)
    content = load("compiled", extra=[card])
    stats = simulate(content, 200, 4, 1, ["greedy"] * 4, balance=True)
    report = stats["balance"]
    assert report["player_games"] == 800 and abs(report["base_win_rate"] - 0.25) < 1e-9
    rows = report["cards"]
    assert {r["id"] for r in rows} == {m["id"] for m in content.of_kind("card")}
    top = rows[0]
    assert top["id"] == "vp_printer", rows[:3]
    assert top["win_rate_when_owned"] > 0.33


def test_balance_in_the_cli(capsys):
    assert main(["simulate", "--games", "5", "--players", "3", "--balance", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["balance"]["player_games"] == 15
    assert main(["simulate", "--games", "3", "--balance"]) == 0
    out = capsys.readouterr().out
    assert "card balance over 12 player-games" in out and "strongest when owned" in out
