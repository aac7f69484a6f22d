"""The game's top-level procedure: setup triggers, then rounds of five phases
(round start, player turns, combat, makers, recall), then the endgame.

Each phase is a step on the state's stack (steps.py); a round pushes its phases
in reverse so they pop in play order."""
from __future__ import annotations

from dunec.engine.rivals import play as rivals
from dunec.engine.rules import snoopers as rules_snoopers
from dunec.engine.players import seats
from dunec.engine.loop import turns
from dunec.engine.loop.state import vp_to_end
from dunec.engine.loop.steps import step


def start(e) -> None:
    """Leave the whole game on the stack: the leaders' game-start abilities, then
    the first round."""
    st = e.state
    if st.epic and not e.quiet:  # the standard game's log is as it was
        e.log(f"== The Epic game: to {vp_to_end(st)} VP, {len(st.conflict_deck)} conflicts of levels II and III")
    if not e.quiet:  # the objective each player was dealt (rules/battle_icons.py); none in most games
        for p in e.players:
            for card, _ in p.objectives:
                marker = " (First Player marker)" if e.defs[card].get("first_player") else ""
                e.log(f"== {e.pname(p)} holds the objective {e.cname(card)}{marker}")
    rivals.game_start(e)
    for p in e.players:
        if seats.uses_abilities(p):
            rules_snoopers.snoopers_at_start(e, p)
    e.later("round_begins")
    for p in reversed(e.players):
        e.later("leader_trigger", seat=p.seat, box="game_start")
    st.phase = "rounds"


@step
def round_begins(e, f):
    st = e.state
    if st.finished:
        e.later("endgame")
        return
    st.round += 1
    e.later("round_ends")
    e.later("resolve")  # combat.py
    e.later("player_turns", order=None, i=0)
    turns.round_start(e)


@step
def round_ends(e, f):
    turns.makers(e)
    e.log_summary()
    e.later("round_begins" if turns.recall(e) else "endgame")
