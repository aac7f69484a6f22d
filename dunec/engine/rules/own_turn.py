"""What lasts for one player's own turn: whose turn it is, the spaces its agent
went to (read by `influence_visited one`), and another turn right after it
(`extra_turn`).

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.rules import aside


def extra_turn(e, p: Player) -> None:
    p.extra_turn = True


def next_is_extra(e, seat) -> bool:
    """Whether the player who just took a turn takes another right away (spent here)."""
    if seat is None:
        return False
    p = e.players[seat]
    if not p.extra_turn:
        return False
    p.extra_turn = False
    return not p.revealed_turn


def turn_begins(e, p: Player) -> None:
    e.state.turn_seat = p.seat
    p.visited = []
    for q in e.players:  # `gained_this_turn`: what each player gains from now on
        if q.gained:
            q.gained = {}
    if p.aside:  # a card set aside (rules/aside.py): most players have none
        aside.back_in_hand(p)


def turn_ends(e, p: Player) -> None:
    e.state.turn_seat = None
    p.visited = []
    if p.aside:
        aside.first_turn_over(p)
