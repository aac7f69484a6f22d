"""A person at the table: the terminal policy.

Shows what a player sees on the table (dunec/engine/views/tableview.py), numbers the
legal options (an agent option with its space's cost and gain), and asks again
on bad input.
At any prompt `save [FILE]` writes the game (seed, setup and every decision so
far) so that `dunec play --resume FILE` continues it exactly; `quit` stops.
"""
from __future__ import annotations

from typing import Callable

from dunec.engine.loop.actions import labels as action_labels
from dunec.engine.views.info import info
from dunec.engine.records.saves import save_game
from dunec.engine.views.tableview import option_details, render_view
from dunec.terminal import printable

DEFAULT_SAVE = "dunec-save.json"
QUESTIONS = {
    "turn": "Your turn: play a card and send an agent, play intrigue, or reveal.",
    "plot": "Play a plot intrigue card, or end your turn?",
    "deploy": "How many troops do you deploy to the Conflict?",
    "retreat": "How many troops do you retreat?",
    "buy": "Buy a card from what you can afford, play a plot intrigue card, or end your turn?",
    "combat": "Combat: play a combat intrigue card, or pass?",
    "order": "Resolve the board space or the card's agent box first?",
    "graft": "Graft: which card of your hand do you play with it (the agent may use either card's icon)?",
    "pay": "Pay this cost?",
    "choose": "Choose:",
    "trash": "Trash a card?",
    "discard": "Discard a card:",
    "trash_intrigue": "Trash which of your Intrigue cards?",
    "sort_draw": "The top cards of your deck: draw which one?",
    "sort_trash": "Trash which of the others (the rest are discarded)?",
    "influence": "Gain influence with which faction?",
    "secret": "Choose a faction in secret (only you will see it):",
    "defend": "Deploy a troop from your supply to defend your location?",
    "win": "You won the conflict. Play this card?",
    "lose_troops": "You lost troops at the end of the conflict. Play this card?",
    # a set's pieces on board locations (rules/pieces.py)
    "place_piece": "Place it on which free location?",
    "relocate": "None left in your supply: recall which of yours first (for no effect)?",
    "recall_piece": "Recall which of yours (the cost)?",
    "infiltrate": "Infiltrate: recall which of yours linked to that space?",
    "gather": "Gather Intelligence: recall one of yours linked to this space to draw a card?",
    "flip": "Flip which of your face-up conflict cards face down (the cost)?",
}


# Said for a grafted agent turn: the space's effect and two agent boxes to order.
GRAFT_ORDER = "Graft: which resolves next, the board space or a grafted card's agent box?"
# Said only when the game has a tile market: a base game's buy menu sells no tiles.
BUY_WITH_TILES = "Buy a card (or a tile) from what you can afford, play a plot intrigue card, or end your turn?"


class QuitGame(Exception):
    """The person stopped the game (quit, or the input ended). `saved` is the file
    a `save` wrote at this very decision, if any: the quit loses nothing then."""

    def __init__(self, why: str, saved: str | None = None):
        super().__init__(why)
        self.saved = saved


HELP = ("Type the number of an option. Also: `info N` (or `? N`) shows what option N's card, space or "
        "intrigue card does; `info NAME` a card by name; `view` shows the table and options again; "
        "`save [FILE]` saves the game; `quit` stops.")


class HumanPolicy:
    name = "human"
    follows_replay = False

    def __init__(self, setup: dict, read: Callable[[str], str] = None, write: Callable[[str], None] = None,
                 rules: Callable[[str], str] = None, says: Callable[[str, str], str | None] = None):
        self.setup = setup
        self.read = read or _read_line
        self.write = write or (lambda s: print(s, flush=True))
        self.rules = rules  # definition id -> its rules text (dunec/show.py); None: `info` is unavailable
        self.says = says  # (definition id, box) -> that box's words, for the table and the options
        self._seen_table = False
        self._saved = None  # (decisions recorded, file) of the last save

    def choose(self, engine, player, kind: str, actions: list[tuple], hints) -> int:
        labels = [f"{label} ({detail})" if detail else label for label, detail in
                  zip(action_labels(engine.state, engine.content, actions),
                      option_details(engine, player, actions, self.says))]
        # The table at every turn, and at the first prompt of a sitting (a resumed game).
        if kind == "turn" or not self._seen_table:
            self.write(render_view(engine, player, self.says))
            self._seen_table = True
        self._ask(kind, labels, engine)
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
                here = len(engine.state.decisions)
                raise QuitGame("quit", self._saved[1] if self._saved and self._saved[0] == here else None)
            if word == "save":
                self._save(engine, rest or DEFAULT_SAVE)
            elif word in ("info", "?") and rest:
                self.write(info(engine, player, actions, rest, self.rules))
            elif word in ("help", "?", "info"):
                self.write(HELP)
            elif word == "view":
                self.write(render_view(engine, player, self.says))
                self._ask(kind, labels, engine)
            else:
                self.write(f"Please type a number from 1 to {len(labels)} (or `help`).")

    def _ask(self, kind: str, labels: list[str], engine) -> None:
        question = QUESTIONS.get(kind, f"Decide ({kind}):")
        if kind == "buy" and engine.content.markets():
            question = BUY_WITH_TILES
        if kind == "order" and any(p.grafted for p in engine.state.players):
            question = GRAFT_ORDER
        self.write(question)
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
        self._saved = (len(engine.state.decisions), str(where))
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
