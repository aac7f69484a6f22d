"""What both adapters share: the game-wide action space and the seats of the people.

An action id is a number of the content's action space (dunec/engine/loop/action_space.py):
the same id is the same action at every decision of every game of the same sets
(docs/ai.md has the table of id ranges). The libraries' number of distinct
actions is its size.
"""
from __future__ import annotations

# The longest game seen in seeded games had under 300 decisions; a game is at most
# ten conflicts long, so this bound is generous.
MAX_GAME_LENGTH = 3000


def people(game) -> list:
    """The seats of the people (not House Hagal rivals), in seat order: the
    library's player i is seat people(game)[i]."""
    return [p.seat for p in game.state.players if not p.rival]
