"""Structured actions: a decision's options as plain values.

An action is a tuple: its kind, then the ids and amounts it names, e.g.
`("place", "dr_yueh", "arrakeen")`, `("buy", "stilgar", 5)`, `("deploy", 2)`,
`("influence", "fremen", 1)`, `("ally", "emperor", 1)` (a seat), `("buy", market,
tile)` (a tile of a set's market), `("use", tile)` (a tile's ability). Policies,
rivals and tests read these fields; nobody parses display text. Text comes
only from `label`, made when something is shown (the terminal, a test's
record of what was asked), never while a game merely runs.

An action names ids and amounts only, never words: a card's own choice is
`("option", definition, i, faction)` (option i of that definition's `choose`),
a yes/no question is `YES`/`NO`, an opponent to pick `("opponent", seat)`. The
card's words for them (its rules description) travel with the decision
(`pending["words"]`: the question, or the options' texts by number) and are
read by `label` only. Every action has a fixed number in the game-wide action
space (dunec/engine/loop/action_space.py).
"""
from __future__ import annotations

from dunec.ir.describe import NAMES
from dunec.ir.lexicon import units

YES = ("yes",)  # a yes/no question: its words are the decision's, never the option's
NO = ("no",)
REVEAL = ("reveal",)
PASS_TURN = ("pass_turn",)
PASS = ("pass",)  # a combat intrigue round
END_TURN = ("end_turn",)
STOP_BUYING = ("stop_buying",)
TRASH_NOTHING = ("trash_nothing",)
ACQUIRE_NOTHING = ("acquire_nothing",)
SPACE_FIRST = ("first", "space")
CARD_FIRST = ("first", "card")
GRAFT = "graft"  # ("graft", card): the card grafted to the one the placement named (rules/graft.py)
GRAFT_ROW = "graft_row"  # ("graft_row", card): a card of the Imperium Row, grafted without acquiring it
GRAFT_FIRST = "graft_first"  # ("graft_first", card): that grafted card's agent box resolves next
ASIDE = "aside"  # the last field of ("buy", card, price, ASIDE): a card set aside for the buyer

# Kinds whose action names a definition id in field 1 (field 2 for `place` too).
_CARD_FIELD = {"play", "once", "use", "buy", "trash", "discard", "acquire", "retrieve", "draw_top", "trash_top",
               "set_aside", "block", "move", "recall", "lose_intrigue", "swap", "keep", "graft", "graft_row", "graft_first",
               "flip"}


def player_name(defs, p) -> str:
    """How the log and the options name a seat."""
    if p.rival:
        if not p.leader:
            return f"P{p.seat + 1} (House Hagal)"
        return f"P{p.seat + 1} (rival {defs[p.leader]['name']})"
    return f"P{p.seat + 1} ({defs[p.leader]['name']})"


def label(state, content, action: tuple) -> str:
    """The words for one action, for display. A card's words for a question or
    its options are the pending decision's (`words`), when it has them."""
    k = action[0]
    defs = content.defs
    if k in _TEXT:
        return _TEXT[k]
    if k == "place" and action[1] not in defs:  # a unit placed on a location after combat
        return f"place {units(action[1], 1)} on {NAMES.get(action[2], action[2])}"
    if k == "token":  # a set's once-a-game token
        return f"spend {content.declared('token').get(action[1], {}).get('title', action[1])}"
    if k in ("place_piece", "recall_piece"):  # a set's piece on a board location (rules/pieces.py)
        title = content.declared("piece").get(action[1], {}).get("title", action[1])
        where = defs[action[2]]["name"]
        return f"place a {title} on {where}" if k == "place_piece" else f"recall your {title} from {where}"
    if k == "buy" and action[1] not in defs:  # an entry of a market
        return f"buy {defs[action[2]]['name']} ({defs[action[2]]['cost']})"
    name = defs[action[1]]["name"] if k in _CARD_FIELD or k == "place" else ""
    if k == "play":
        return f"play {name}"
    if k == "once":
        return f"use {name}'s once-per-game ability"
    if k == "use":
        return f"use {name}"
    if k == "place":
        if defs[action[1]].get("graft"):  # never alone: the card to graft is asked next
            return f"{name} (Graft: with one more card) -> {defs[action[2]]['name']}"
        return f"{name} -> {defs[action[2]]['name']}"
    if k == "buy":
        return f"buy {name} ({action[2]})" + (", set aside for you" if len(action) > 3 else "")
    if k == "trash":
        return f"trash {name} from {action[2]}"
    if k in ("discard", "acquire", "block", "draw_top", "trash_top"):
        return f"{_VERB[k]} {name}"
    if k == "retrieve":
        return f"take {name} into your hand"
    if k == "set_aside":
        return f"set aside {name}"
    if k == "move":
        return f"move the agent from {name}"
    if k == "recall":
        return f"recall the agent at {name}"
    if k == "lose_intrigue":
        return name
    if k == "swap":
        return f"put {name} on the bottom of the Intrigue deck"
    if k == "keep":
        return f"keep {name}"
    if k == "graft":
        return f"graft {name} to it"
    if k == "graft_row":
        return f"graft {name} from the Imperium Row to it (trashed at the end of the turn)"
    if k == "graft_first":
        return f"{name}'s agent box next"
    if k == "flip":  # a face-up tagged conflict card (rules/battle_icons.py)
        return f"flip {name} face down"
    if k in ("advance", "cash_out"):
        track = content.declared("track").get(action[1], {}).get("title", action[1]).lower()
        return f"advance on the {track}" if k == "advance" else \
            f"recall to the bottom of the {track}, collecting its rewards"
    if k == "cell":  # ("cell", track, cell): a move on a graph track
        track = content.declared("track").get(action[1], {}).get("title", action[1])
        m = content.declared("track").get(action[1], {}).get("cells", {}).get(action[2], {})
        return f"advance on the {track} to {action[2]}" + (f" (column {m['column']})" if m else "")
    if k == "first":
        return f"{action[1]} first"
    if k in ("deploy", "retreat"):
        return f"{k} {units(action[2], action[1])}" if len(action) > 2 else f"{k} {action[1]}"
    if k == "option":
        words = _words(state)
        return words[action[2]] if isinstance(words, list) and action[2] < len(words) else f"option {action[2] + 1}"
    if k == "yes":
        words = _words(state)
        return words if isinstance(words, str) else "yes"
    if k == "opponent":
        words = _words(state)
        who = player_name(defs, state.players[action[1]])
        return f"{who}: {words}" if isinstance(words, str) else who
    if k == "influence":
        return f"+{action[2]} Influence with {NAMES[action[1]]}"
    if k == "lose_influence":
        return f"lose {action[2]} Influence with {NAMES[action[1]]}"
    if k == "secret":
        return f"choose {NAMES[action[1]]} in secret"
    if k == "ally":
        return f"give the {NAMES[action[1]]} alliance to {player_name(defs, state.players[action[2]])}"
    raise ValueError(f"unknown action {action!r}")


def _words(state):
    """The card's own words of the pending decision (a question, or a list of
    option texts), or None."""
    d = getattr(state, "pending", None)
    return d.get("words") if d else None


_TEXT = {"no": "no", "reveal": "reveal", "pass_turn": "pass this turn", "pass": "pass", "end_turn": "end turn",
         "stop_buying": "stop buying", "trash_nothing": "trash nothing", "acquire_nothing": "acquire nothing",
         "swap_done": "keep the rest", "discard_nothing": "discard nothing"}
_VERB = {"discard": "discard", "acquire": "acquire", "block": "block", "draw_top": "draw", "trash_top": "trash"}


def labels(state, content, actions) -> list[str]:
    return [label(state, content, a) for a in actions]


def idents(action: tuple) -> list[str]:
    """The definitions an action names (what `info N` shows)."""
    k = action[0]
    if k == "place":
        return [action[1], action[2]]
    if k == "buy" and len(action) == 3 and isinstance(action[2], str):  # a market's tile
        return [action[2]]
    if k in ("place_piece", "recall_piece"):
        return [action[2]]
    if k in _CARD_FIELD:
        return [action[1]]
    return []


def faction(action: tuple):
    """The one faction an action gives influence with, if it is that."""
    if action[0] == "influence":
        return action[1]
    if action[0] == "option":
        return action[3]
    return None
