"""What one seat may see of a game: `observation(state, seat)`.

The table is public (the board, the Imperium Row, influence, resources, cards
in play, discard piles, VP). Hidden from the seat: the other players' hands,
intrigue cards and secret faction choices (only how many), the order of every
deck, its own included, and the RNG state that would tell the next draws. A
deck's contents stay visible, sorted: a player can count what is left, never
what comes next. The face-down conflict, Imperium, intrigue and House Hagal
decks are likewise sorted.
"""
from __future__ import annotations

from dunec.engine.state import GameState

HIDDEN = "?"  # stands for a card or a choice the seat cannot see


def observation(state: GameState, seat: int) -> GameState:
    """A copy of the state with everything `seat` may not know hidden."""
    view = state.copy()
    view.rng_state = 0
    for deck in ("conflict_deck", "imperium_deck", "intrigue_deck", "hagal_deck"):
        setattr(view, deck, sorted(getattr(view, deck)))
    for p in view.players:
        p.deck = sorted(p.deck)
        if p.seat != seat:
            p.hand = [HIDDEN] * len(p.hand)
            p.intrigue = [HIDDEN] * len(p.intrigue)
            p.secret = [HIDDEN] * len(p.secret)
    return view
