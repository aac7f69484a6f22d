"""Agents on the board, the Mentat, the Swordmaster, the High Council, control and leader abilities.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.views.narration import change_words, tally
from dunec.engine.rules import pieces as rules_pieces, units as rules_units
from dunec.engine.players import seats
from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.ir.describe import NAMES


def agents_of(e, seat: int) -> list[str]:
    """The spaces where a player has an agent, sorted."""
    st = e.state
    return sorted([s for s, who in st.occupied.items() if who == seat] +
                  [s for s, who in st.infiltrators if who == seat])


def place_agent(e, space: str, seat: int) -> None:
    st = e.state
    if space in st.occupied:
        st.infiltrators.append([space, seat])  # an infiltrating agent shares the space
    else:
        st.occupied[space] = seat


def remove_agent(e, space: str, seat: int) -> None:
    st = e.state
    if [space, seat] in st.infiltrators:
        st.infiltrators.remove([space, seat])
    elif st.occupied.get(space) == seat:
        del st.occupied[space]
        others = [x for x in st.infiltrators if x[0] == space]
        if others:
            st.infiltrators.remove(others[0])
            st.occupied[space] = others[0][1]


def recall_one(e, p: Player, but=None) -> None:
    """One of the player's agents (not the one on `but`) goes back to them: a decision."""
    mine = [s for s in agents_of(e, p.seat) if s != but]
    if not mine:
        return
    e.ask(p, "recall", [("recall", s) for s in mine], "recalled", seat=p.seat)


def icons_hold(e, p: Player, card: str) -> bool:
    """Whether a card's agent icons hold now: a card's `requires` (Long Reach: another
    Bene Gesserit card in play) gates them; a card without one always has them."""
    req = e.content.effect(card, "requires")
    return req is None or bool(req(e.context(p, card=card)))


def recall_from(e, p: Player, space) -> None:
    """`recall agent here`: the player's agent on this box's space goes back to them
    (the space is free again), nothing asked; nothing when none is there."""
    if space is None or space not in agents_of(e, p.seat):
        return
    remove_agent(e, space, p.seat)
    p.agents_left += 1
    if not e.quiet:
        e.log(f"  {e.pname(p)} recalls the agent from {e.defs[space]['name']}")


def take_mentat(e, p: Player, box: str) -> None:
    st = e.state
    if box in ("first", "second", "third"):
        # A conflict reward: the Mentat is the winner's for the next round.
        st.mentat_next_round = p.seat
        return
    if st.mentat_on_board:
        st.mentat_on_board = False
        p.has_mentat = True
        p.agents_left += 1
        if not e.quiet:
            e.log(f"  {e.pname(p)} takes the Mentat")


def gain_swordmaster(e, p: Player, announce: bool = True) -> None:
    """A third agent, at once (players by the Swordmaster space, solo rivals when
    the conflict cards on their third agents run out)."""
    if not p.swordmaster:
        p.swordmaster = True
        p.agents += 1
        p.agents_left += 1
        if announce:
            if not e.quiet:
                e.log(f"  {e.pname(p)} gains the Swordmaster")


def take_seat(e, p: Player) -> None:
    if not p.seat_on_council:
        p.seat_on_council = True
        if not e.quiet:
            e.log(f"  {e.pname(p)} takes a High Council seat")
        leader_trigger(e, p, "high_council")


def take_control(e, p: Player, location: str) -> None:
    if e.state.control.get(location) != p.seat:
        e.state.control[location] = p.seat
        if not e.quiet:
            e.log(f"  {e.pname(p)} takes control of {rules_units.location_title(e, location)}")


def control_bonus(e, space: str) -> None:
    """Whoever controls the space's location takes its control bonus when any
    agent goes there; the log says what it gained, as it happens on another's turn."""
    loc = e.defs[space].get("location")
    seat = rules_units.controller(e, loc) if loc is not None else None
    if seat is None or not e.has_box(space, "control"):
        return
    holder = e.players[seat]
    if not e.quiet:
        e.later("control_bonus_said", seat=seat, loc=loc, before=tally(holder),
                   influence=dict(holder.influence))
    e.run_box(space, "control", e.context(holder, space=space, box="control"))


def use_signet(e, p: Player, ctx) -> None:
    if p.leader not in e.defs:
        # The two-player House Hagal rival has no leader: a card's signet ring icon does
        # nothing for it (a deck used in both modes: Uprising's).
        return
    if not e.quiet:
        # `logged`: the log's length, so that a ring whose effect has its own log line
        # (a card trashed or acquired) is not said to have no effect
        e.later("signet_said", seat=p.seat, before=dict(tally(p), logged=len(e.state.log)),
                influence=dict(p.influence))
    e.run_box(p.leader, "signet", e.context(p, card=ctx.card, space=ctx.space, box="signet"))


def _changed(e, p: Player, before: dict, influence: dict):
    """None when nothing of p changed since `before`; else ': +1 Solari, -1 spice',
    or '' when only influence or pieces on the board moved (each has its own log line)."""
    after = tally(p)
    words = change_words(before, after, e.content)
    if words:
        return ": " + ", ".join(words)
    # influence, pieces placed, cards trashed or acquired have log lines of their own
    logged = "logged" in before and before["logged"] != len(e.state.log)
    return "" if logged or influence != p.influence or before.get("pieces") != after.get("pieces") else None


def opponent_agent(e, p: Player, space: str) -> None:
    """p sent an agent to the space: the other players' `on opponent_agent_at TRAITS`
    boxes whose traits the space has (a maker space, a combat space, one linked to a
    location with a piece of theirs: `spying`) run, in turn order from p."""
    boxed = e.boxed.get("opponent_agent_at")
    if not boxed:
        return
    for q in e.players:  # a loop, not a comprehension (a call of its own): asked on every agent turn
        if q.leader in boxed:
            break
    else:  # no such leader at this table
        return
    sp = e.defs[space]
    for q in reversed(e.opponents(p)):  # pushed last-first: they run in turn order after p
        if q.leader not in boxed or not seats.uses_abilities(q):
            continue
        traits = e.defs[q.leader]["opponent_agent_at"]
        if "maker" in traits and not sp.get("maker") or "combat" in traits and not sp.get("combat") or \
                "spying" in traits and not rules_pieces.linked_to(e, q, space):
            continue
        e.later("leader_trigger", seat=q.seat, box="opponent_agent_at", space=space)


def flip_leader(e, p: Player) -> None:
    """`flip_leader`: a two-sided leader turned over (`side ID` on the front,
    `side_of` on the back). The player's leader is the face up: its boxes and rule
    modifiers from now on; a leader's track follows either face (rules/tracks.py)."""
    m = e.defs.get(p.leader, {})
    other = m.get("side") or m.get("side_of")
    if not other:
        return
    who = "" if e.quiet else e.pname(p)
    p.leader = other
    if not e.quiet:
        e.log(f"  {who} flips the leader: {m['name']} becomes {e.defs[other]['name']}")


def repeat_space(e, p: Player, space) -> None:
    """`repeat_space`: the effect of the space the agent was sent to this turn, again:
    its box only, not the faction's influence, a maker's bonus spice or a control bonus."""
    if space is not None:
        e.run_box(space, "space", e.context(p, space=space, box="space"))


def agent_sent_trigger(e, p: Player, space: str) -> None:
    """The leader's `on agent_at ICON...` box, when the agent's space has one of the icons."""
    icons = e.defs[p.leader].get("agent_at", ())
    if e.defs[space].get("icon") in icons:
        leader_trigger(e, p, "agent_at", space)


def leader_trigger(e, p: Player, box: str, space=None) -> None:
    if not seats.uses_abilities(p):
        return  # a rival uses its leader's signet ring only, never the other abilities
    if e.has_box(p.leader, box):  # most leaders have no box for most triggers: no context made
        e.run_box(p.leader, box, e.context(p, space=space, box=box))


# ---------------------------------------------------------------------- the steps after an answer


@step
def recalled(e, f):
    p = e.players[f["seat"]]
    remove_agent(e, f["chosen"][1], p.seat)
    p.agents_left += 1


@step
def control_bonus_said(e, f):
    """The log says what the control bonus gave, as it happens on another's turn."""
    holder = e.players[f["seat"]]
    loc = f["loc"]
    e.log(f"  {e.pname(holder)} takes the {rules_units.location_title(e, loc)} control bonus"
          f"{_changed(e, holder, f['before'], f['influence']) or ''}")


@step
def signet_said(e, f):
    # Say what the ring did: one that cannot pay (the Baron with no Solari) does nothing.
    p = e.players[f["seat"]]
    said = _changed(e, p, f["before"], f["influence"])
    ring = f"{e.defs[p.leader]['name']}'s signet ring"
    if not e.quiet:
        e.log(f"  {e.pname(p)}: {ring} has no effect" if said is None else f"  {e.pname(p)} uses {ring}{said}")


# ------------------------------------------------------------------ conditions on the agents' spaces


def _my_spaces(e, p: Player) -> list:
    st = e.state
    mine = [s for s, who in st.occupied.items() if who == p.seat] + [s for s, who in st.infiltrators if who == p.seat]
    return [s for s in mine if s in e.defs]


def agent_at(e, p: Player, icon: str) -> bool:
    return any(e.defs[s].get("icon") == icon for s in _my_spaces(e, p))


def agents_at(e, p: Player, icons) -> int:
    """`agents_at ICON...`: your agents on board spaces with any of these icons."""
    return sum(1 for s in _my_spaces(e, p) if e.defs[s].get("icon") in icons)


def enemy_agent_here(e, p: Player, space) -> bool:
    if space is None:
        return False
    st = e.state
    return st.occupied.get(space, p.seat) != p.seat or any(s == space and who != p.seat for s, who in st.infiltrators)
