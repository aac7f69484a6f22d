"""What both adapters share: the fixed action bound and the seats of the people.

A decision's options become action ids 0..N-1 in the order `Game.legal_actions()`
gives them. Libraries need a fixed number of distinct actions: MAX_ACTIONS.
Over 280 seeded games (random and greedy players, 1-4 people) the largest
decision had 58 options (an agent turn: hand cards times open spaces); the bound
is four times that, rounded up to a power of two. A decision with more options
is refused by name (ActionBoundError), never truncated.
"""
from __future__ import annotations

MAX_ACTIONS = 256
# The longest game seen in such seeded games had under 300 decisions; a game is at most
# ten conflicts long, so this bound is generous.
MAX_GAME_LENGTH = 3000


class ActionBoundError(ValueError):
    """A decision with more options than MAX_ACTIONS: the adapters cannot name them."""


def checked_options(game) -> list:
    """The pending decision's options, refused when they exceed the bound."""
    options = game.legal_actions()
    if len(options) > MAX_ACTIONS:
        d = game.decision()
        raise ActionBoundError(f"the `{d['kind']}` decision of seat {d['seat']} has {len(options)} options, "
                               f"more than the adapters' bound of {MAX_ACTIONS} (dunec.ai.table.MAX_ACTIONS)")
    return options


def people(game) -> list:
    """The seats of the people (not House Hagal rivals), in seat order: the
    library's player i is seat people(game)[i]."""
    return [p.seat for p in game.state.players if not p.rival]
