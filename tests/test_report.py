"""`dunec simulate --report DIR` and `--compare FILE`: the files exist and parse,
names are escaped, the numbers match the games, and a deliberately strong card
shows up as a difference whose interval excludes zero."""
from __future__ import annotations

import csv
import json
from html.parser import HTMLParser

import pytest

from dunec.cli import main
from dunec.study import report
from dunec.study.stats import paired, wilson

STRONG = '''card vp_printer "VP <b>Printer</b> & Co" {
  set base
  copies 6; cost 1; icons city
  reveal { vp 3; persuasion 2 }
}
'''


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def _rows(path):
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _page(path) -> Tags:
    t = Tags()
    t.feed(path.read_text(encoding="utf-8"))
    return t


def test_report_writes_tables_that_match_the_games(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["simulate", "--games", "12", "--players", "3", "--report", str(out), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert {p.name for p in out.iterdir()} == {"report.html", "cards.csv", "seats.csv", "vp.csv", "rounds.csv"}
    seats = _rows(out / "seats.csv")
    assert list(seats[0]) == report.COLUMNS["seats"] and [r["seat"] for r in seats] == ["P1", "P2", "P3"]
    assert [float(r["wins"]) for r in seats] == pytest.approx(stats["wins_by_seat"])
    assert all(float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"]) for r in seats)
    assert sum(int(r["count"]) for r in _rows(out / "rounds.csv")) == 12
    assert sum(int(r["count"]) for r in _rows(out / "vp.csv")) == 36
    cards = _rows(out / "cards.csv")
    assert list(cards[0]) == report.COLUMNS["cards"] and len(cards) == len(stats["balance"]["cards"])
    page = _page(out / "report.html")
    assert page.tags.count("table") == 4 and "First-player advantage" in "".join(page.text)


def test_report_is_the_same_for_any_number_of_workers(tmp_path, capsys):
    for w in ("1", "2"):
        assert main(["simulate", "--games", "10", "--report", str(tmp_path / w), "--workers", w]) == 0
    capsys.readouterr()
    for name in ("report.html", "cards.csv", "seats.csv"):
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()


def test_report_has_a_figure_per_section(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install 'dunec[report]')")
    assert main(["simulate", "--games", "8", "--report", str(tmp_path)]) == 0
    page = _page(tmp_path / "report.html")
    assert page.tags.count("figure") == 4 and page.tags.count("svg") == 4
    assert "pip install 'dunec[report]'" not in "".join(page.text)


def test_compare_shows_a_strong_card_and_escapes_its_name(tmp_path, capsys):
    card = tmp_path / "strong.dune"
    card.write_text(STRONG)
    out = tmp_path / "rep"
    assert main(["simulate", "--games", "30", "--policy", "greedy", "--workers", "2", "--compare", str(card),
                 "--report", str(out), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["compare"]
    win, vp = rows
    assert win["metric"] == "win_rate" and win["seat"] == "P1" and win["games"] == 30
    assert win["ci_low"] > 0.2 and vp["ci_low"] > 1.0, rows
    assert _rows(out / "compare.csv")[0]["difference"] == str(win["difference"])
    text = (out / "report.html").read_text()
    # The author's card has a table of its own (from the games with the file), escaped;
    # the bundled cards' table is the bundled cards alone.
    assert "<b>Printer</b>" not in text and "VP &lt;b&gt;Printer&lt;/b&gt; &amp; Co" in text
    mine = _rows(out / "authored.csv")
    assert [(r["from"], r["id"]) for r in mine] == [("strong.dune", "vp_printer")] and int(mine[0]["owned_in"]) > 0
    assert "vp_printer" not in {r["id"] for r in _rows(out / "cards.csv")}
    assert text.index("The author&#x27;s cards") < text.index("per bundled Imperium card")


def test_compare_text_and_the_other_seat(tmp_path, capsys):
    card = tmp_path / "strong.dune"
    card.write_text(STRONG)
    assert main(["simulate", "--games", "6", "--players", "3", "--compare", str(card), "--compare-seat", "3"]) == 0
    out = capsys.readouterr().out
    assert "P3 win_rate" in out and "P3 average_vp" in out and "over 6 games" in out
    assert main(["simulate", "--games", "2", "--players", "3", "--compare", str(card), "--compare-seat", "4"]) == 2
    assert "between 1 and 3" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--compare", str(tmp_path / "none.dune")]) == 2


def test_a_card_name_is_escaped_in_the_report(tmp_path, capsys):
    card = tmp_path / "strong.dune"
    card.write_text(STRONG)
    assert main(["simulate", "--games", "4", "--with", str(card), "--report", str(tmp_path / "r")]) == 0
    text = (tmp_path / "r" / "report.html").read_text()
    assert "<b>Printer</b>" not in text and "VP &lt;b&gt;Printer&lt;/b&gt; &amp; Co" in text
    # A --with card is the author's too: shown apart from the bundled cards.
    assert [r["id"] for r in _rows(tmp_path / "r" / "authored.csv")] == ["vp_printer"]
    assert "vp_printer" not in {r["id"] for r in _rows(tmp_path / "r" / "cards.csv")}


def test_card_labels_are_readable_and_the_figure_grows_with_its_rows():
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install 'dunec[report]')")
    from dunec.study import plots

    plots.figures({"seats": [], "vp": [], "rounds": [], "cards": []})  # the Agg back-end
    for n in (5, 74):
        rows = [{"name": f"card {i}", "win_rate_when_owned": 0.3, "ci_low": 0.2, "ci_high": 0.4,
                 "base_win_rate": 0.25, "owned_in": 10} for i in range(n)]
        fig = plots.card_figure(rows)
        ax = fig.axes[0]
        labels = ax.get_yticklabels()
        assert len(labels) == n and min(t.get_fontsize() for t in labels) >= 9
        # Each row has half a label's height (9 pt = 0.125 in) to spare: labels never overlap.
        assert fig.get_figheight() / n >= 1.5 * 9 / 72


def test_the_comparison_puts_win_rate_and_vp_on_axes_of_their_own():
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install 'dunec[report]')")
    from dunec.study import plots

    plots.figures({"seats": [], "vp": [], "rounds": [], "cards": []})
    rows = [{"metric": "win_rate", "seat": "P1", "difference": 0.1, "ci_low": 0.05, "ci_high": 0.15},
            {"metric": "average_vp", "seat": "P1", "difference": 3.0, "ci_low": 2.0, "ci_high": 4.0}]
    fig = plots.compare_figure(rows)
    win, vp = fig.axes
    assert win.get_xlim()[1] < 1 < vp.get_xlim()[1] and "win share" in win.get_xlabel() and "VP" in vp.get_xlabel()


def test_an_unwritable_report_folder_is_a_clear_message(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["simulate", "--games", "2", "--report", str(blocker / "sub")]) == 1
    assert "cannot write the report" in capsys.readouterr().err


def test_wilson_and_paired_intervals():
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28  # the textbook 0.2775
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    d = paired([1.0, 1.0, 1.0])
    assert d["mean"] == d["low"] == d["high"] == 1.0
    d = paired([0.0, 2.0])
    assert d["mean"] == 1.0 and d["low"] < 0 < 2 < d["high"]


def test_without_matplotlib_the_page_keeps_its_tables_and_says_how_to_get_plots(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(report, "have_plots", lambda: False)
    assert main(["simulate", "--games", "3", "--report", str(tmp_path)]) == 0
    page = _page(tmp_path / "report.html")
    assert page.tags.count("figure") == 0 and page.tags.count("table") == 4
    assert "pip install 'dunec[report]'" in "".join(page.text)
