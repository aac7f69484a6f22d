"""What one seat may see of a game: `observation(state, seat)`.

The table is public (the board, the Imperium Row, influence, resources, cards
in play, discard piles, VP). Hidden from the seat: the other players' hands,
intrigue cards and secret faction choices (only how many), the order of every
deck, its own included, and the RNG state that would tell the next draws. A
deck's contents stay visible, sorted: a player can count what is left, never
what comes next. The face-down conflict, Imperium, intrigue and House Hagal
decks are likewise sorted, and so is a slot market's deck (its slots are face
up). A market's stacks show their face-up tops; the tiles under them are face
down (each a HIDDEN, so the height of a stack is known). The cards in a player's
supply (an objective, the conflicts won: rules/battle_icons.py) are public, face
down ones too (they were face up when they flipped).
"""
from __future__ import annotations

from dunec.engine.loop.actions import player_name
from dunec.engine.loop.state import GameState

HIDDEN = "?"  # stands for a card or a choice the seat cannot see


def observation(state: GameState, seat: int) -> GameState:
    """A copy of the state with everything `seat` may not know hidden."""
    view = state.copy()
    view.rng_state = 0
    for deck in ("conflict_deck", "imperium_deck", "intrigue_deck", "hagal_deck"):
        setattr(view, deck, sorted(getattr(view, deck)))
    view.markets = face_down(state.markets)
    view.market_decks = hidden_decks(state.market_decks)
    view.stack = []  # the steps still to run name hidden cards (a hand to discard from)
    view.pending = seen_decision(state.pending, seat)
    for p in view.players:
        p.deck = sorted(p.deck)
        if p.seat != seat:
            p.hand = [HIDDEN] * len(p.hand)
            p.intrigue = [HIDDEN] * len(p.intrigue)
            p.secret = [HIDDEN] * len(p.secret)
            if p.aside:  # a card set aside from the hand stays as secret as the hand
                p.aside = [HIDDEN] + p.aside[1:]
    return view


def face_down(markets: dict) -> dict:
    """Each stack as a seat sees it: the tiles under the top hidden."""
    return {m: [[HIDDEN] * (len(s) - 1) + s[-1:] for s in stacks] for m, stacks in markets.items()}


def hidden_decks(decks: dict) -> dict:
    """A slot market's deck as a seat sees it: like the Imperium deck, what is left
    (sorted), never what comes next."""
    return {m: sorted(d) for m, d in decks.items()}


def seen_decision(pending, seat: int):
    """The pending decision as `seat` sees it: whole when it is theirs, else only
    whose it is and of what kind (its options can name another hand's cards)."""
    if pending is None or pending["seat"] == seat:
        return pending
    return {"seat": pending["seat"], "kind": pending["kind"], "options": [HIDDEN], "hint": None}


_DECKS = frozenset(("conflict_deck", "imperium_deck", "intrigue_deck", "hagal_deck"))
_SECRET = frozenset(("hand", "intrigue", "secret"))
_WHOLE = frozenset(("to_json", "digest", "log_digest", "copy"))


class PlayerView:
    """A player as `seat` sees them, read lazily (no copy): the same values
    `observation` gives."""
    __slots__ = ("_p", "_other")

    def __init__(self, p, seat: int):
        self._p = p
        self._other = p.seat != seat

    def __getattr__(self, name):
        value = getattr(self._p, name)
        if name == "deck":
            return sorted(value)
        if self._other and name in _SECRET:
            return [HIDDEN] * len(value)
        return value


class StateView:
    """The game state as `seat` sees it, read lazily: what a policy gets by
    default. Whole-state methods (to_json, digest, copy) work on the observation."""
    __slots__ = ("_state", "_seat")

    def __init__(self, state: GameState, seat: int):
        self._state = state
        self._seat = seat

    def __getattr__(self, name):
        if name == "players":
            return [PlayerView(p, self._seat) for p in self._state.players]
        if name in _DECKS:
            return sorted(getattr(self._state, name))
        if name == "rng_state":
            return 0
        if name == "markets":
            return face_down(self._state.markets)
        if name == "market_decks":
            return hidden_decks(self._state.market_decks)
        if name == "stack":
            return []
        if name == "pending":
            return seen_decision(self._state.pending, self._seat)
        if name in _WHOLE:
            return getattr(observation(self._state, self._seat), name)
        return getattr(self._state, name)


class SeatView:
    """What a policy is handed in place of the engine: the content, the seat's view
    of the state, and the read-only helpers policies use. A policy whose class sets
    `sees_everything = True` gets the engine itself (a cheating baseline)."""
    __slots__ = ("content", "defs", "state", "seat")

    def __init__(self, engine, seat: int):
        self.content = engine.content
        self.defs = engine.defs
        self.state = StateView(engine.state, seat)
        self.seat = seat

    def opponents(self, p) -> list:
        players = self.state.players
        n = self.state.n_players  # as Engine.opponents counts them
        return [players[(p.seat + i) % n] for i in range(1, n)]

    def pname(self, p) -> str:
        return player_name(self.defs, p)
