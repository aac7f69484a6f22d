"""A person at the table: the terminal policy.

Shows what a player sees (the conflict, the board, their hand, resources,
influence, the row), numbers the legal options, and asks again on bad input.
At any prompt `save [FILE]` writes the game (seed, setup and every decision so
far) so that `dunec play --resume FILE` continues it exactly; `quit` stops.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from dunec.engine.state import FACTIONS
from dunec.ir.describe import NAMES

SAVE_VERSION = 1
DEFAULT_SAVE = "dunec-save.json"
FACTION_NAMES = {"emperor": "Emperor", "guild": "Spacing Guild", "bene_gesserit": "Bene Gesserit",
                 "fremen": "Fremen"}
QUESTIONS = {
    "turn": "Your turn: play a card and send an agent, play intrigue, or reveal.",
    "plot": "Play a plot intrigue card, or end your turn?",
    "deploy": "How many troops do you deploy to the Conflict?",
    "retreat": "How many troops do you retreat?",
    "buy": "Buy a card with your Persuasion, play a plot intrigue card, or end your turn?",
    "combat": "Combat: play a combat intrigue card, or pass?",
    "order": "Resolve the board space or the card's agent box first?",
    "pay": "Pay this cost?",
    "choose": "Choose:",
    "trash": "Trash a card?",
    "discard": "Discard a card:",
    "influence": "Gain influence with which faction?",
    "secret": "Choose a faction in secret (only you will see it):",
    "defend": "Deploy a troop from your supply to defend your location?",
    "win": "You won the conflict. Play this card?",
}


class QuitGame(Exception):
    """The person stopped the game (quit, or the input ended)."""


def save_game(path: str | Path, setup: dict, decisions: list) -> Path:
    path = Path(path)
    data = {"dunec_save": SAVE_VERSION, **setup, "decisions": list(decisions)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load_game(path: str | Path) -> dict:
    """Read a save file; ValueError with a readable reason if it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError(f"{path} is not a dunec save file (not JSON)") from None
    if not isinstance(data, dict) or data.get("dunec_save") != SAVE_VERSION:
        raise ValueError(f"{path} is not a dunec save file (version {SAVE_VERSION} expected)")
    if not isinstance(data.get("decisions"), list) or not all(isinstance(i, int) for i in data["decisions"]):
        raise ValueError(f"{path} has no valid decision list")
    return data


class HumanPolicy:
    name = "human"
    follows_replay = False

    def __init__(self, setup: dict, read: Callable[[str], str] = None, write: Callable[[str], None] = None):
        self.setup = setup
        self.read = read or _read_line
        self.write = write or (lambda s: print(s, flush=True))
        self._shown_round = None

    def choose(self, engine, player, kind: str, labels: list[str], hints) -> int:
        if kind == "turn":
            self.write(render_view(engine, player))
        self.write(QUESTIONS.get(kind, f"Decide ({kind}):"))
        for i, label in enumerate(labels, 1):
            self.write(f"  {i:>2}) {label}")
        while True:
            answer = self.read("> ").strip()
            if not answer:
                continue
            word = answer.split()[0].lower()
            if word == "save":
                target = answer.split(maxsplit=1)[1] if " " in answer else DEFAULT_SAVE
                try:
                    where = save_game(target, self.setup, engine.state.decisions)
                    self.write(f"saved to {where}; `dunec play --resume {where}` continues this game")
                except OSError as e:
                    self.write(f"could not save to {target}: {e.strerror or e}")
                continue
            if word in ("quit", "exit"):
                raise QuitGame("quit")
            if word in ("help", "?"):
                self.write("Type the number of an option; `save [FILE]` saves the game; `quit` stops; "
                           "`view` shows the table again.")
                continue
            if word == "view":
                self.write(render_view(engine, player))
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return int(answer) - 1
            self.write(f"Please type a number from 1 to {len(labels)} (or `help`).")


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        raise QuitGame("input ended") from None


def render_view(engine, player) -> str:
    st = engine.state
    d = engine.defs
    lines = []
    conflict = d[st.conflict] if st.conflict else None
    head = f"=== Round {st.round}"
    if conflict:
        head += f" | Conflict: {conflict['name']} (level {'I' * conflict['level']})"
    lines.append(head + f" | first player P{st.first_player + 1} ===")
    board = []
    for sp in engine.content.of_kind("space"):
        seat = st.occupied.get(sp["id"])
        mark = f"P{seat + 1}" if seat is not None else ("blocked" if sp["id"] in st.blocked else "")
        if mark:
            board.append(f"{sp['name']} [{mark}]")
    lines.append("Agents on the board: " + (", ".join(board) or "none"))
    makers = ", ".join(f"{d[s]['name']} {n}" for s, n in sorted(st.maker_spice.items()) if n)
    if makers:
        lines.append("Bonus spice: " + makers)
    if st.control:
        lines.append("Control: " + ", ".join(f"{NAMES.get(loc, loc)} P{seat + 1}"
                                             for loc, seat in sorted(st.control.items())))
    p = player
    lines.append(f"You, {engine.pname(p)}: {p.vp} VP | {p.solari} Solari, {p.spice} spice, "
                 f"{p.water} water | garrison {p.garrison}, in the Conflict {p.conflict} | "
                 f"agents left {p.agents_left}" + (" | High Council seat" if p.seat_on_council else ""))
    inf = []
    for f in FACTIONS:
        tag = " (Alliance)" if st.alliances.get(f) == p.seat else ""
        inf.append(f"{FACTION_NAMES[f]} {p.influence[f]}{tag}")
    lines.append("Influence: " + ", ".join(inf))
    if p.secret:  # only the chooser sees it; opponents' lines never show it
        lines.append("Chosen in secret: " + ", ".join(FACTION_NAMES[f] for f in p.secret))
    lines.append("Hand: " + (", ".join(d[c]["name"] for c in p.hand) or "empty"))
    if p.played:
        lines.append("Played this round: " + ", ".join(d[c]["name"] for c in p.played))
    lines.append("Intrigue: " + (", ".join(d[c]["name"] for c in p.intrigue) or "none"))
    if any(m[0] == "see_top_card" for m in d[p.leader].get("modifiers", ())) and p.deck:
        lines.append("Top of your deck: " + d[p.deck[-1]]["name"])
    lines.append("Imperium Row: " + ", ".join(f"{d[c]['name']} ({d[c].get('cost', 0)})" for c in st.imperium_row))
    for o in engine.opponents(p):
        lines.append(f"  {engine.pname(o)}: {o.vp} VP, {o.solari} Solari, {o.spice} spice, "
                     f"{o.water} water, in the Conflict {o.conflict}, intrigue {len(o.intrigue)}")
    return "\n".join(lines)
