"""The report's figures as inline SVG (matplotlib, Agg: no display needed).
SVG keeps the report one self-contained file; a fixed hash salt and no date in
the metadata keep the bytes the same from run to run."""
from __future__ import annotations

import io


def _svg(fig) -> str:
    import matplotlib.pyplot as plt

    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype inside HTML


def figures(tables: dict) -> dict:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "dunec"
    import matplotlib.pyplot as plt

    out = {}
    cards = [r for r in tables["cards"] if r["owned_in"]]
    if cards:
        fig, ax = plt.subplots(figsize=(7, max(2.0, 0.18 * len(cards))))
        y = list(range(len(cards)))[::-1]
        rate = [r["win_rate_when_owned"] for r in cards]
        ax.errorbar(rate, y, xerr=[[p - r["ci_low"] for p, r in zip(rate, cards)],
                                   [r["ci_high"] - p for p, r in zip(rate, cards)]], fmt="o", ms=3)
        ax.axvline(cards[0]["base_win_rate"], color="grey", ls="--", label="base rate")
        ax.set_yticks(y, [r["name"] for r in cards], fontsize=6)
        ax.set_xlabel("win rate when owned (95% Wilson)")
        ax.legend(loc="lower right")
        out["cards"] = _svg(fig)
    seats = tables["seats"]
    if seats:
        fig, ax = plt.subplots(figsize=(5, 3))
        x = list(range(len(seats)))
        ax.bar(x, [r["win_rate"] for r in seats],
               yerr=[[r["win_rate"] - r["ci_low"] for r in seats], [r["ci_high"] - r["win_rate"] for r in seats]])
        ax.axhline(seats[0]["even_share"], color="grey", ls="--", label="even share")
        ax.set_xticks(x, [r["seat"] for r in seats])
        ax.set_ylabel("win rate")
        ax.legend()
        out["seats"] = _svg(fig)
    for name, key, label in (("vp", "vp", "final VP"), ("rounds", "rounds", "rounds")):
        rows = tables[name]
        if rows:
            fig, ax = plt.subplots(figsize=(5, 3))
            ax.bar([r[key] for r in rows], [r["count"] for r in rows])
            ax.set_xlabel(label)
            ax.set_ylabel("count")
            out[name] = _svg(fig)
    if "compare" in tables:
        rows = tables["compare"]
        fig, ax = plt.subplots(figsize=(5, 2.5))
        y = list(range(len(rows)))
        ax.errorbar([r["difference"] for r in rows], y, fmt="o",
                    xerr=[[r["difference"] - r["ci_low"] for r in rows], [r["ci_high"] - r["difference"] for r in rows]])
        ax.axvline(0, color="grey", ls="--")
        ax.set_yticks(y, [r["metric"] for r in rows])
        ax.set_xlabel("with minus without (95%)")
        out["compare"] = _svg(fig)
    return out
