"""Card balance from simulated games: for each Imperium card, how often players
bought it and how often its owners won, against the table's base rate. A card
far above the base rate across many games is a candidate to look at."""
from __future__ import annotations

ZONES = ("deck", "hand", "discard", "played", "revealed")
PRIOR = 20  # player-games of weight given to the base rate


def owned_cards(st) -> list:
    """[seat, [(card, copies), ...]] for each non-rival player at the end of a game."""
    out = []
    for p in st.players:
        if p.rival:
            continue
        mine = [c for z in ZONES for c in getattr(p, z)]
        out.append([p.seat, sorted((c, mine.count(c)) for c in set(mine))])
    return out


class CardStats:
    def __init__(self, content):
        self.content = content
        self.cards = sorted(m["id"] for m in content.of_kind("card"))
        self.owned = {c: 0.0 for c in self.cards}  # player-games that ended owning a copy
        self.won = {c: 0.0 for c in self.cards}  # ... and won (ties share)
        self.copies = {c: 0 for c in self.cards}  # copies owned at the end, over all games
        self.player_games = 0
        self.wins = 0.0

    def add(self, record) -> None:
        """Count one game record (runner.game_record with balance)."""
        share = {s["seat"]: s["win"] for s in record["seats"]}
        for seat, owned in record["cards"]:
            self.player_games += 1
            self.wins += share.get(seat, 0.0)
            for c, n in owned:
                if c in self.owned:
                    self.owned[c] += 1
                    self.won[c] += share.get(seat, 0.0)
                    self.copies[c] += n

    def report(self) -> dict:
        base = self.wins / self.player_games if self.player_games else 0.0
        rows = []
        for c in self.cards:
            n = self.owned[c]
            rows.append({"id": c, "name": self.content.defs[c]["name"], "owned_in": int(n),
                         "copies_owned": self.copies[c],
                         "win_rate_when_owned": round(self.won[c] / n, 3) if n else None})
            # Shrink toward the base rate so a card owned in few games cannot top the list
            # by chance: (wins + k * base) / (owned + k).
            rows[-1]["score"] = round((self.won[c] + PRIOR * base) / (n + PRIOR), 3)
        rows.sort(key=lambda r: (-r["score"], r["id"]))
        return {"base_win_rate": round(base, 3), "player_games": self.player_games, "cards": rows}


def render(report: dict, top: int = 8) -> str:
    rows = [r for r in report["cards"] if r["win_rate_when_owned"] is not None]  # sorted by score
    head = f"    {'score':>5}  {'win rate':>8}  {'owned in':>8}  card"

    def row(r) -> str:
        return f"    {r['score']:>5.3f}  {r['win_rate_when_owned']:>8.3f}  {r['owned_in']:>8}  {r['name']}"
    lines = [f"card balance over {report['player_games']} player-games "
             f"(base win rate {report['base_win_rate']:.3f})",
             f"  sorted by score: the win rate when owned, shrunk toward the base rate by {PRIOR} player-games",
             "  strongest when owned:", head]
    lines += [row(r) for r in rows[:top]]
    lines += ["  weakest when owned:", head]
    lines += [row(r) for r in rows[-top:]]
    never = [r["name"] for r in report["cards"] if r["win_rate_when_owned"] is None]
    if never:
        lines.append("  never owned at the end: " + ", ".join(never))
    return "\n".join(lines)
