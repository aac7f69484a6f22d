"""Agents on the board, the Mentat, the Swordmaster, the High Council, control and leader abilities.

Mixed into the Engine."""
from __future__ import annotations

from dunec.engine.context import Ctx
from dunec.engine.narration import change_words, tally
from dunec.engine.state import Player
from dunec.engine.steps import step
from dunec.ir.describe import NAMES


class AgentRules:
    """Where agents stand, and the seats and markers a player can take."""

    def agents_of(self, seat: int) -> list[str]:
        """The spaces where a player has an agent, sorted."""
        st = self.state
        return sorted([s for s, who in st.occupied.items() if who == seat] +
                      [s for s, who in st.infiltrators if who == seat])

    def place_agent(self, space: str, seat: int) -> None:
        st = self.state
        if space in st.occupied:
            st.infiltrators.append([space, seat])  # an infiltrating agent shares the space
        else:
            st.occupied[space] = seat

    def remove_agent(self, space: str, seat: int) -> None:
        st = self.state
        if [space, seat] in st.infiltrators:
            st.infiltrators.remove([space, seat])
        elif st.occupied.get(space) == seat:
            del st.occupied[space]
            others = [x for x in st.infiltrators if x[0] == space]
            if others:
                st.infiltrators.remove(others[0])
                st.occupied[space] = others[0][1]

    def recall_one(self, p: Player) -> None:
        mine = self.agents_of(p.seat)
        if not mine:
            return
        self.ask(p, "recall", [("recall", s) for s in mine], "recalled", seat=p.seat)

    def take_mentat(self, p: Player, box: str) -> None:
        st = self.state
        if box in ("first", "second", "third"):
            # A conflict reward: the Mentat is the winner's for the next round.
            st.mentat_next_round = p.seat
            return
        if st.mentat_on_board:
            st.mentat_on_board = False
            p.has_mentat = True
            p.agents_left += 1
            self.log(f"  {self.pname(p)} takes the Mentat")

    def gain_swordmaster(self, p: Player, announce: bool = True) -> None:
        """A third agent, at once (players by the Swordmaster space, solo rivals when
        the conflict cards on their third agents run out)."""
        if not p.swordmaster:
            p.swordmaster = True
            p.agents += 1
            p.agents_left += 1
            if announce:
                self.log(f"  {self.pname(p)} gains the Swordmaster")

    def take_seat(self, p: Player) -> None:
        if not p.seat_on_council:
            p.seat_on_council = True
            self.log(f"  {self.pname(p)} takes a High Council seat")
            self.leader_trigger(p, "high_council")

    def take_control(self, p: Player, location: str) -> None:
        if self.state.control.get(location) != p.seat:
            self.state.control[location] = p.seat
            self.log(f"  {self.pname(p)} takes control of {NAMES.get(location, location)}")

    def control_bonus(self, space: str) -> None:
        """Whoever controls the space's location takes its control bonus when any
        agent goes there; the log says what it gained, as it happens on another's turn."""
        loc = self.defs[space].get("location")
        seat = self.state.control.get(loc) if loc is not None else None
        if seat is None or not self.has_box(space, "control"):
            return
        holder = self.players[seat]
        if not self.quiet:
            self.later("control_bonus_said", seat=seat, loc=loc, before=tally(holder),
                       influence=dict(holder.influence))
        self.run_box(space, "control", Ctx(self, holder, space=space, box="control"))

    def use_signet(self, p: Player, ctx: Ctx) -> None:
        if not self.quiet:
            self.later("signet_said", seat=p.seat, before=tally(p), influence=dict(p.influence))
        self.run_box(p.leader, "signet", Ctx(self, p, card=ctx.card, space=ctx.space, box="signet"))

    def _changed(self, p: Player, before: dict, influence: dict):
        """None when nothing of p changed since `before`; else ': +1 Solari, -1 spice',
        or '' when only influence moved (which has its own log line)."""
        words = change_words(before, tally(p))
        if words:
            return ": " + ", ".join(words)
        return "" if influence != p.influence else None

    def leader_trigger(self, p: Player, box: str, space=None) -> None:
        if p.rival:
            return  # a rival uses its leader's signet ring only, never the other abilities
        self.run_box(p.leader, box, Ctx(self, p, space=space, box=box))


# ---------------------------------------------------------------------- the steps after an answer
@step
def recalled(e, f):
    p = e.players[f["seat"]]
    e.remove_agent(f["chosen"][1], p.seat)
    p.agents_left += 1


@step
def control_bonus_said(e, f):
    """The log says what the control bonus gave, as it happens on another's turn."""
    holder = e.players[f["seat"]]
    loc = f["loc"]
    e.log(f"  {e.pname(holder)} takes the {NAMES.get(loc, loc)} control bonus"
          f"{e._changed(holder, f['before'], f['influence']) or ''}")


@step
def signet_said(e, f):
    # Say what the ring did: one that cannot pay (the Baron with no Solari) does nothing.
    p = e.players[f["seat"]]
    said = e._changed(p, f["before"], f["influence"])
    ring = f"{e.defs[p.leader]['name']}'s signet ring"
    e.log(f"  {e.pname(p)}: {ring} has no effect" if said is None else f"  {e.pname(p)} uses {ring}{said}")
