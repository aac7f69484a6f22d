"""Costs and conditions: what a player can pay, paying it, and reading the state
for `if`, `requires` and `for each`.

Mixed into the Engine."""
from __future__ import annotations

from dunec.engine.context import Ctx
from dunec.engine.state import FACTIONS, Player
from dunec.engine.steps import step


class CostRules:
    """Paying costs and evaluating quantities and flags."""

    def can_pay(self, p: Player, costs, card=None) -> bool:
        for c in costs:
            if c[0] == "res":
                have = p.conflict if c[1] == "deployed" else (p.vp_ledger.get("cards", 0) if c[1] == "vp"
                                                               else p.counters[c[1]] if c[1] in p.counters
                                                               else getattr(p, c[1]))
                if have < c[2]:
                    return False
            elif c[0] == "influence":
                if c[1] == "any":
                    if not any(v >= c[2] for v in p.influence.values()):
                        return False
                elif p.influence[c[1]] < c[2]:
                    return False
            elif c[0] == "trash_this":
                if card is None or (card not in p.played and card not in p.revealed):
                    return False
            elif c[0] == "trash_card":
                if not (p.hand or p.discard or p.played or p.revealed):
                    return False
            elif c[0] == "hand":
                if len(p.hand) < c[1]:
                    return False
        return True

    def pay(self, p: Player, costs, card=None) -> None:
        """Pay the costs in order (tail position: a cost may ask, e.g. which
        intrigue card to lose or which card to trash)."""
        costs = list(costs)
        if all(c[0] == "res" and c[1] != "intrigue" for c in costs):
            for c in costs:
                self.lose(p, c[1], c[2])
            return
        for c in reversed(costs[1:]):
            self.later("pay_one", seat=p.seat, cost=c, card=card)
        self.pay_one(p, costs[0], card)

    def pay_one(self, p: Player, c, card=None) -> None:
        if c[0] == "res":
            self.lose(p, c[1], c[2])
        elif c[0] == "influence":
            self.lose_influence(p, c[1], c[2]) if c[1] == "any" else self.change_influence(p, c[1], -c[2])
        elif c[0] == "trash_this":
            self.trash(Ctx(self, p, card=card), "this", "")
        elif c[0] == "trash_card":
            self.trash(Ctx(self, p, card=card), "card", "", optional=False)

    def offer_pay(self, ctx: Ctx, costs, label: str, hint: float, body: list) -> None:
        """`pay? COSTS: BODY`: offered when the player can pay (always taken when
        the box is forced); paying runs the body (interpreter ops at `body`)."""
        p = ctx.player
        if not self.can_pay(p, costs, ctx.card):
            return
        if ctx.forced:
            self.later("ops", ref=body, pc=0, ctx=ctx.data())
            self.pay(p, costs, ctx.card)
            return
        self.yes_no(p, "pay", label, hint, "offer_paid", ctx=ctx.data(), costs=costs, body=body)

    # ------------------------------------------------------------------ conditions
    def quantity(self, ctx: Ctx, q: tuple) -> int:
        p = ctx.player
        k = q[0]
        if k == "influence":
            return p.influence[q[1]]
        if k == "units":
            return p.conflict
        if k == "garrison":
            return p.garrison
        if k == "players":
            return self.state.n_players
        if k == "intrigue":
            return len(p.intrigue)
        if k == "alliances":
            return sum(1 for s in self.state.alliances.values() if s == p.seat)
        if k == "factions_at":
            return sum(1 for v in p.influence.values() if v >= q[1])
        if k == "copies":
            return self.copies(p, q[1])
        if k == "cards_in_play":
            return sum(1 for c in p.played + p.revealed if q[1] in self.defs[c].get("factions", ()))
        if k in ("solari", "spice", "water"):
            return getattr(p, k)
        if k in p.counters:
            return p.counters[k]
        if k == "opponents_with_more":
            return sum(1 for o in self.opponents(p) if o.influence[q[1]] > p.influence[q[1]])
        if k == "opponent_units":
            return max((o.conflict for o in self.opponents(p)), default=0)
        if k == "deployed_this_turn":
            return p.deployed_turn
        if k == "factions_behind":
            return sum(1 for f in FACTIONS if any(o.influence[f] > p.influence[f] for o in self.opponents(p)))
        raise KeyError(k)

    def copies(self, p: Player, card: str) -> int:
        return sum(z.count(card) for z in (p.deck, p.hand, p.discard, p.played, p.revealed))

    def flag(self, ctx: Ctx, c: tuple) -> bool:
        p = ctx.player
        k = c[0]
        if k == "bond":
            n = sum(1 for x in p.played + p.revealed if c[1] in self.defs[x].get("factions", ()))
            mine = ctx.card is not None and c[1] in self.defs[ctx.card].get("factions", ()) and \
                (ctx.card in p.played or ctx.card in p.revealed)
            return n - (1 if mine else 0) >= 1
        if k == "alliance":
            if c[1] == "any":
                return p.seat in self.state.alliances.values()
            return self.state.alliances[c[1]] == p.seat
        if k == "seat":
            return p.seat_on_council
        if k == "swordmaster":
            return p.swordmaster
        if k == "revealing":
            return self.state.turn_kind == "reveal"
        if k == "mentat_available":
            return self.state.mentat_on_board
        if k == "secret":
            return bool(p.secret)
        if k == "most_copies":
            mine = self.copies(p, c[1])
            return all(mine > self.copies(o, c[1]) for o in self.opponents(p))
        raise KeyError(k)


@step
def pay_one(e, f):
    e.pay_one(e.players[f["seat"]], f["cost"], f["card"])


@step
def offer_paid(e, f):
    if f["answer"] == 0:
        ctx = Ctx.of(e, f["ctx"])
        e.later("ops", ref=f["body"], pc=0, ctx=f["ctx"])
        e.pay(ctx.player, f["costs"], ctx.card)
