"""A person at the table: the terminal policy.

Shows what a player sees (the conflict, the board, their hand, resources,
influence, the row), numbers the legal options, and asks again on bad input.
At any prompt `save [FILE]` writes the game (seed, setup and every decision so
far) so that `dunec play --resume FILE` continues it exactly; `quit` stops.
"""
from __future__ import annotations

from typing import Callable

from dunec.engine.actions import labels as action_labels
from dunec.engine.info import info
from dunec.engine.saves import save_game
from dunec.engine.state import FACTIONS
from dunec.ir.describe import NAMES
from dunec.terminal import printable

DEFAULT_SAVE = "dunec-save.json"
QUESTIONS = {
    "turn": "Your turn: play a card and send an agent, play intrigue, or reveal.",
    "plot": "Play a plot intrigue card, or end your turn?",
    "deploy": "How many troops do you deploy to the Conflict?",
    "retreat": "How many troops do you retreat?",
    "buy": "Buy a card (or a tile) from what you can afford, play a plot intrigue card, or end your turn?",
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


HELP = ("Type the number of an option. Also: `info N` (or `? N`) shows what option N's card, space or "
        "intrigue card does; `info NAME` a card by name; `view` shows the table and options again; "
        "`save [FILE]` saves the game; `quit` stops.")


class HumanPolicy:
    name = "human"
    follows_replay = False

    def __init__(self, setup: dict, read: Callable[[str], str] = None, write: Callable[[str], None] = None,
                 rules: Callable[[str], str] = None):
        self.setup = setup
        self.read = read or _read_line
        self.write = write or (lambda s: print(s, flush=True))
        self.rules = rules  # definition id -> its rules text (dunec/show.py); None: `info` is unavailable
        self._seen_table = False

    def choose(self, engine, player, kind: str, actions: list[tuple], hints) -> int:
        labels = action_labels(engine.state, engine.content, actions)
        # The table at every turn, and at the first prompt of a sitting (a resumed game).
        if kind == "turn" or not self._seen_table:
            self.write(render_view(engine, player))
            self._seen_table = True
        self._ask(kind, labels)
        while True:
            answer = self.read("> ").strip()
            if not answer:
                continue
            pick = _option_number(answer, len(labels))
            if pick is not None:
                return pick
            word, _, rest = answer.partition(" ")
            word, rest = word.lower(), rest.strip()
            if word in ("quit", "exit"):
                raise QuitGame("quit")
            if word == "save":
                self._save(engine, rest or DEFAULT_SAVE)
            elif word in ("info", "?") and rest:
                self.write(info(engine, player, actions, rest, self.rules))
            elif word in ("help", "?", "info"):
                self.write(HELP)
            elif word == "view":
                self.write(render_view(engine, player))
                self._ask(kind, labels)
            else:
                self.write(f"Please type a number from 1 to {len(labels)} (or `help`).")

    def _ask(self, kind: str, labels: list[str]) -> None:
        self.write(QUESTIONS.get(kind, f"Decide ({kind}):"))
        for i, label in enumerate(labels, 1):
            self.write(f"  {i:>2}) {label}")

    def _save(self, engine, target: str) -> None:
        try:
            where = save_game(target, self.setup, engine.state.decisions)
        except OSError as e:
            self.write(f"could not save to {printable(target)}: {e.strerror or type(e).__name__}")
            return
        except ValueError:  # a name no file can have (a NUL byte, `.`)
            self.write(f"could not save to {printable(target)}: not a usable file name")
            return
        where = printable(where)  # the name typed at the prompt, control characters and all
        self.write(f"saved to {where}; `dunec play --resume {where}` continues this game")


def _option_number(answer: str, n: int) -> int | None:
    """The 0-based option an answer picks, or None. Only ASCII digits: `²` and
    other Unicode digits are not option numbers."""
    if len(answer) <= 6 and answer.isascii() and answer.isdigit() and 1 <= int(answer) <= n:
        return int(answer) - 1
    return None


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except (EOFError, OSError):  # OSError: no terminal to read from
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
    if st.placed:
        lines.append("Units on the board (their owners control the location): " + ", ".join(
            f"{NAMES.get(loc, loc)} {kind} P{seat + 1}" for loc, (seat, kind) in sorted(st.placed.items())))
    p = player
    for kind, u in p.units.items():
        lines.append(f"Your {kind} units: garrison {u['garrison']}, in the Conflict {u['conflict']}, "
                     f"supply {u['supply']}")
    lines.append(f"You, {engine.pname(p)}: {p.vp} VP | {p.solari} Solari, {p.spice} spice, "
                 f"{p.water} water | garrison {p.garrison}, in the Conflict {p.conflict} | "
                 f"agents left {p.agents_left}" + (" | High Council seat" if p.seat_on_council else ""))
    inf = []
    for f in FACTIONS:
        tag = " (Alliance)" if st.alliances.get(f) == p.seat else ""
        inf.append(f"{NAMES[f]} {p.influence[f]}{tag}")
    lines.append("Influence: " + ", ".join(inf))
    if p.secret:  # only the chooser sees it; opponents' lines never show it
        lines.append("Chosen in secret: " + ", ".join(NAMES[f] for f in p.secret))
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
