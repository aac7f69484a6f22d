"""The balance report of `dunec simulate --report DIR`: tables of numbers (also
written as CSV) and an HTML page that shows them with plots.

Every table is built from the game records alone, in seed order, so the files
are the same for any number of workers. Plots need matplotlib (dunec[report]);
without it the page still has every table and says how to get the plots."""
from __future__ import annotations

import csv
import html
import io
from collections import Counter
from pathlib import Path

from dunec.engine.runs.balance import CardStats
from dunec.study.stats import paired, wilson

TITLE = "dunec balance report"


def card_table(content, records, ids=None) -> list[dict]:
    """One row per Imperium card (or per card of `ids`): its win rate when owned
    against the table's base rate, best first."""
    cs = CardStats(content)
    for r in records:
        cs.add(r)
    base = cs.wins / cs.player_games if cs.player_games else 0.0
    rows = []
    for c in (cs.cards if ids is None else [c for c in cs.cards if c in ids]):
        n, won = cs.owned[c], cs.won[c]
        low, high = wilson(won, n)
        rows.append({"id": c, "name": content.defs[c]["name"], "owned_in": int(n), "wins_when_owned": round(won, 3),
                     "win_rate_when_owned": round(won / n, 4) if n else "", "ci_low": round(low, 4),
                     "ci_high": round(high, 4), "base_win_rate": round(base, 4),
                     "difference": round(won / n - base, 4) if n else ""})
    rows.sort(key=lambda r: (-(r["difference"] if r["owned_in"] else -2.0), r["id"]))
    return rows


def new_cards(content, plain) -> list[str]:
    """The Imperium cards of `content` that `plain` (the same sets without the
    author's files) lacks: the author's own cards."""
    return sorted(m["id"] for m in content.of_kind("card") if m["id"] not in plain.defs)


def authored_table(groups) -> list[dict]:
    """The author's cards, apart from the bundled ones: for each (file, content,
    records, card ids), those cards' rows over the games they were played in."""
    return [{"from": source, **row} for source, content, records, ids in groups
            for row in card_table(content, records, set(ids))]


def seat_table(records) -> list[dict]:
    wins: Counter = Counter()
    played: Counter = Counter()
    for r in records:
        for s in r["seats"]:
            wins[s["seat"]] += s["win"]
            played[s["seat"]] += 1
    fair = 1.0 / len(played) if played else 0.0
    rows = []
    for seat in sorted(played):
        low, high = wilson(wins[seat], played[seat])
        rows.append({"seat": f"P{seat + 1}", "games": played[seat], "wins": round(wins[seat], 3),
                     "win_rate": round(wins[seat] / played[seat], 4), "ci_low": round(low, 4),
                     "ci_high": round(high, 4), "even_share": round(fair, 4)})
    return rows


def first_player_advantage(seats: list[dict]) -> dict:
    """P1's win rate above an even share of the table, with P1's Wilson interval shifted alike."""
    if not seats:
        return {"advantage": 0.0, "ci_low": 0.0, "ci_high": 0.0}
    p1 = seats[0]
    return {"advantage": round(p1["win_rate"] - p1["even_share"], 4),
            "ci_low": round(p1["ci_low"] - p1["even_share"], 4), "ci_high": round(p1["ci_high"] - p1["even_share"], 4)}


def distribution(values, key: str) -> list[dict]:
    counts = Counter(values)
    return [{key: v, "count": counts[v]} for v in sorted(counts)]


def vp_table(records) -> list[dict]:
    return distribution([s["vp"] for r in records for s in r["seats"]], "vp")


def rounds_table(records) -> list[dict]:
    return distribution([r["rounds"] for r in records], "rounds")


def compare_table(without, with_, seat: int) -> list[dict]:
    """The same seeds without and with an author's file: the seat's win share and VP,
    their per-seed differences and the interval of the mean difference."""
    if [r["seed"] for r in without] != [r["seed"] for r in with_]:
        raise ValueError("a comparison pairs the same seeds")

    def of(r, k):
        return next((s[k] for s in r["seats"] if s["seat"] == seat), 0.0)
    rows = []
    for metric, k in (("win_rate", "win"), ("average_vp", "vp")):
        a = [of(r, k) for r in without]
        b = [of(r, k) for r in with_]
        d = paired([y - x for x, y in zip(a, b)])
        n = len(a) or 1
        rows.append({"metric": metric, "seat": f"P{seat + 1}", "games": d["n"], "without": round(sum(a) / n, 4),
                     "with": round(sum(b) / n, 4), "difference": round(d["mean"], 4),
                     "ci_low": round(d["low"], 4), "ci_high": round(d["high"], 4)})
    return rows


def card_use(with_, seat: int) -> dict:
    """How much the measured seat had of the compared file's cards in the games
    with it: a difference is only as telling as the cards were in play."""
    rows = [r["watched"] for r in with_ if "watched" in r]
    return {"seat": f"P{seat + 1}", "games": len(rows), "acquired_in": sum(w["acquired"] > 0 for w in rows),
            "copies_acquired": sum(w["acquired"] for w in rows), "played_in": sum(w["played"] > 0 for w in rows),
            "plays": sum(w["played"] for w in rows)}


def write_csv(path: Path, rows: list[dict], columns: list[str]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


COLUMNS = {
    "cards": ["id", "name", "owned_in", "wins_when_owned", "win_rate_when_owned", "ci_low", "ci_high",
              "base_win_rate", "difference"],
    "authored": ["from", "id", "name", "owned_in", "wins_when_owned", "win_rate_when_owned", "ci_low", "ci_high",
                 "base_win_rate", "difference"],
    "seats": ["seat", "games", "wins", "win_rate", "ci_low", "ci_high", "even_share"],
    "vp": ["vp", "count"],
    "rounds": ["rounds", "count"],
    "compare": ["metric", "seat", "games", "without", "with", "difference", "ci_low", "ci_high"],
}


def write_report(out: Path, content, records, summary: str, compare=None, authored=(), use=None) -> list[Path]:
    """Write DIR/report.html and DIR/<table>.csv; returns the files written.
    `authored`: (file, content, records, card ids) of the author's cards, shown
    in a table of their own and left out of the bundled cards' table; `use`:
    card_use of a comparison, said beside its table."""
    out.mkdir(parents=True, exist_ok=True)
    theirs = {c for _, _, _, ids in authored for c in ids}
    bundled = [m["id"] for m in content.of_kind("card") if m["id"] not in theirs]
    tables = {"cards": card_table(content, records, set(bundled)), "seats": seat_table(records),
              "vp": vp_table(records), "rounds": rounds_table(records)}
    if authored:
        tables["authored"] = authored_table(authored)
    if compare is not None:
        tables["compare"] = compare
    written = []
    for name, rows in tables.items():
        write_csv(out / f"{name}.csv", rows, COLUMNS[name])
        written.append(out / f"{name}.csv")
    page = out / "report.html"
    page.write_text(render_html(tables, summary, use), encoding="utf-8")
    return [page, *written]


def have_plots() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def render_html(tables: dict, summary: str, use=None) -> str:
    from dunec.study.plots import figures

    adv = first_player_advantage(tables["seats"])
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{TITLE}</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
             "td:first-child,th:first-child{text-align:left}</style></head><body>",
             f"<h1>{TITLE}</h1>", f"<p>{html.escape(summary)}</p>",
             "<p>Intervals are 95% Wilson score intervals for win rates (a tied win counts as a share) "
             "and 95% normal intervals of the mean per-seed difference for comparisons.</p>"]
    plots = figures(tables) if have_plots() else {}
    if not plots:
        parts.append("<p>Plots need matplotlib: <code>pip install 'dunec[report]'</code>.</p>")
    sections = [("compare", "With and without the author's file (same seeds)"),
                ("authored", "The author's cards: win rate when owned"),
                ("cards", "Win rate when owned, per bundled Imperium card"), ("seats", "Win rate by seat"),
                ("vp", "Final VP distribution"), ("rounds", "Game length (rounds)")]
    for name, heading in sections:
        if name not in tables:
            continue
        parts.append(f"<h2 id=\"{name}\">{html.escape(heading)}</h2>")
        if name == "seats":
            parts.append(f"<p>First-player advantage (P1 above an even share): {adv['advantage']:+.3f} "
                         f"[{adv['ci_low']:+.3f}, {adv['ci_high']:+.3f}]</p>")
        if name == "compare" and use is not None:
            parts.append(f"<p>{html.escape(use_text(use))}</p>")
        if name in plots:
            parts.append(f"<figure>{plots[name]}</figure>")
        parts.append(table_html(tables[name], COLUMNS[name]))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def table_html(rows: list[dict], columns: list[str]) -> str:
    buf = io.StringIO()
    buf.write("<table><thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in columns) + "</tr></thead><tbody>")
    for r in rows:
        buf.write("<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in columns) + "</tr>")
    buf.write("</tbody></table>")
    return buf.getvalue()


def render_compare(rows: list[dict], path, use: dict | None = None) -> str:
    lines = [f"with {path} (same seeds, paired; 95% interval of the mean difference):"]
    for r in rows:
        lines.append(f"  {r['seat']} {r['metric']:<10} {r['without']:.3f} -> {r['with']:.3f}   "
                     f"difference {r['difference']:+.3f} [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}] "
                     f"over {r['games']} games")
    if use is not None:
        lines.append("  " + use_text(use))
    return "\n".join(lines)


def use_text(use: dict) -> str:
    return (f"{use['seat']} acquired the file's cards in {use['acquired_in']} of {use['games']} games "
            f"({use['copies_acquired']} copies) and played them {use['plays']} times, in {use['played_in']} games")
