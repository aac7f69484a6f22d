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
    for name in ("authored", "cards"):
        fig = card_figure([r for r in tables.get(name, ()) if r["owned_in"]])
        if fig is not None:
            out[name] = _svg(fig)
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
        out["compare"] = _svg(compare_figure(tables["compare"]))
    return out


# Card labels are read at LABEL_PT points (9 pt: 12 px at the SVG's 96 px an inch in a
# browser); each row gets ROW_IN inches, so the figure grows with the rows.
LABEL_PT = 9
ROW_IN = 0.22


def card_figure(rows: list[dict]):
    """Each card's win rate when owned with its interval, against the base rate."""
    if not rows:
        return None
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 1.2 + ROW_IN * len(rows)))
    y = list(range(len(rows)))[::-1]
    rate = [r["win_rate_when_owned"] for r in rows]
    ax.errorbar(rate, y, xerr=[[p - r["ci_low"] for p, r in zip(rate, rows)],
                               [r["ci_high"] - p for p, r in zip(rate, rows)]], fmt="o", ms=4)
    ax.axvline(rows[0]["base_win_rate"], color="grey", ls="--", label="base rate")
    ax.set_yticks(y, [r["name"] for r in rows], fontsize=LABEL_PT)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("win rate when owned (95% Wilson)", fontsize=LABEL_PT + 1)
    ax.tick_params(axis="x", labelsize=LABEL_PT)
    ax.legend(loc="lower right", fontsize=LABEL_PT)
    return fig


COMPARED = {"win_rate": ("win rate", "with minus without (win share)"),
            "average_vp": ("average VP", "with minus without (VP)")}


def compare_figure(rows: list[dict]):
    """One panel per measure, each on its own axis: a win rate moves in shares of a
    game, VP in points, and one scale would flatten the first."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(rows), 1, figsize=(6, 1.6 * len(rows) + 0.4), squeeze=False)
    for ax, r in zip(axes[:, 0], rows):
        title, xlabel = COMPARED.get(r["metric"], (r["metric"], "with minus without"))
        ax.errorbar([r["difference"]], [0], fmt="o", ms=6,
                    xerr=[[r["difference"] - r["ci_low"]], [r["ci_high"] - r["difference"]]])
        ax.axvline(0, color="grey", ls="--")
        ax.set_yticks([0], [f"{title}, {r['seat']}"], fontsize=LABEL_PT)
        ax.set_xlabel(xlabel + " (95%)", fontsize=LABEL_PT)
        ax.tick_params(axis="x", labelsize=LABEL_PT)
        low, high = min(r["ci_low"], 0.0), max(r["ci_high"], 0.0)
        pad = (high - low) * 0.15 or 0.1
        ax.set_xlim(low - pad, high + pad)
    fig.tight_layout()
    return fig
