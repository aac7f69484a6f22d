"""Cards: drawing, trashing, discarding, acquiring, and the card-moving effects.

Mixed into the Engine; effect code reaches them through the effect context."""
from __future__ import annotations

from typing import Optional

from dunec.engine.actions import ACQUIRE_NOTHING, TRASH_NOTHING
from dunec.engine.context import Ctx
from dunec.engine.state import Player
from dunec.engine.steps import step


class CardRules:
    """Decks, hands, the Imperium Row, the reserve and intrigue cards."""

    def draw(self, p: Player, n: int) -> None:
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    return
                p.deck, p.discard = p.discard, []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())

    def draw_intrigue(self) -> Optional[str]:
        st = self.state
        if not st.intrigue_deck:
            if not st.intrigue_discard:
                return None
            st.intrigue_deck, st.intrigue_discard = st.intrigue_discard, []
            self.rng.shuffle(st.intrigue_deck)
        return st.intrigue_deck.pop()

    def shuffle_discard(self, p: Player) -> None:
        p.deck.extend(p.discard)
        p.discard = []
        self.rng.shuffle(p.deck)

    def trash(self, ctx: Ctx, what: str, zone: str, optional: bool = True) -> None:
        """Trash this card, or a card of the player's choice from the zone(s).
        A card's `on trash` box runs whenever it is trashed."""
        p = ctx.player
        if what == "this":
            for pile in (p.played, p.revealed):
                if ctx.card in pile:
                    pile.remove(ctx.card)
                    self._trashed(p, ctx.card)
                    return
            return
        options = self.trash_options(p, zone)
        if not options:
            return
        # Trashing with the card icon is optional (FAQ); as a cost it is not.
        actions = [("trash", c, z) for z, c in options] + ([TRASH_NOTHING] if optional else [])
        self.ask(p, "trash", actions, "trash_chosen", seat=p.seat)

    def trash_chosen(self, p: Player, action) -> None:
        if action[0] != "trash":
            return
        c, z = action[1], action[2]
        if z == "play":
            (p.played if c in p.played else p.revealed).remove(c)
        else:
            getattr(p, z).remove(c)
        self._trashed(p, c)

    def trash_options(self, p: Player, zone: str = "") -> list:
        zones = (zone,) if zone else ("hand", "discard", "play")
        options: list[tuple[str, str]] = []
        for z in zones:
            piles = (p.played, p.revealed) if z == "play" else (getattr(p, z),)
            seen = set()
            for pile in piles:
                for c in pile:
                    if c not in seen:
                        seen.add(c)
                        options.append((z, c))
        return options

    def _trashed(self, p: Player, card: str) -> None:
        p.trashed.append(card)
        self.log(f"  {self.pname(p)} trashes {self.cname(card)}")
        self.run_box(card, "trash", Ctx(self, p, card=card, box="trash"))

    def trash_hint(self, card: str) -> float:
        h = self._trash_hints.get(card)
        if h is None:
            h = self._trash_hints[card] = _trash_value(self.defs[card])
        return h

    def discard(self, p: Player, n: int) -> None:
        self.discard_next(p, min(n, len(p.hand)))

    def discard_next(self, p: Player, left: int) -> None:
        """One of the `left` discards still owed; each card's `on discard` box runs
        before the next is chosen."""
        if left > 0:
            self.ask(p, "discard", [("discard", c) for c in p.hand], "discarded", seat=p.seat, left=left - 1)

    def discarded(self, p: Player, i: int, left: int) -> None:
        c = p.hand.pop(i)
        p.discard.append(c)
        self.later("discard_more", seat=p.seat, left=left)
        self.run_box(c, "discard", Ctx(self, p, card=c, box="discard"))

    def cost_of(self, p: Player, card: str) -> int:
        """The printed persuasion cost (what "a card costing N or less" reads)."""
        return self.defs[card].get("cost", 0)

    def price_of(self, p: Player, card: str, aside: bool = False) -> int:
        """What buying the card costs this player now: discounts applied, and 1 less
        for the copy set aside for them (Helena's Manipulate)."""
        cost = self.defs[card].get("cost", 0) - p.discounts.get(card, 0) - (1 if aside else 0)
        return max(0, cost)

    def acquire_effect(self, p: Player, max_cost: int, to_top: bool) -> None:
        row = [c for c in self.state.imperium_row if self.cost_of(p, c) <= max_cost]
        if not row:
            return
        self.ask(p, "acquire", [("acquire", c) for c in row] + [ACQUIRE_NOTHING], "acquired", seat=p.seat,
                 to_top=to_top)

    def take_from_row(self, p: Player, card: str, to_top: bool = False) -> None:
        st = self.state
        st.imperium_row.remove(card)
        if st.imperium_deck:
            st.imperium_row.append(st.imperium_deck.pop())
        self.receive_card(p, card, to_top)

    def receive_card(self, p: Player, card: str, to_top: bool = False) -> None:
        if not to_top and p.acquire_to_top:
            self.yes_no(p, "top", f"put {self.cname(card)} on top of your deck", 1.0, "received", seat=p.seat,
                        card=card)
            return
        self.received(p, card, to_top)

    def received(self, p: Player, card: str, to_top: bool) -> None:
        (p.deck if to_top else p.discard).append(card)
        self.log(f"  {self.pname(p)} acquires {self.cname(card)}")
        self.run_box(card, "acquire", Ctx(self, p, card=card, box="acquire"))

    def retrieve(self, p: Player, faction: str) -> None:
        cards = [c for c in dict.fromkeys(p.discard) if faction in self.defs[c].get("factions", ())]
        if not cards:
            return
        self.ask(p, "retrieve", [("retrieve", c) for c in cards], "retrieved", seat=p.seat)

    def draw_or_trash_top(self, p: Player) -> None:
        if not p.deck:
            if not p.discard:
                return
            self.shuffle_discard(p)
        card = p.deck[-1]
        self.ask(p, "top", [("draw_top", card), ("trash_top", card)], "top_chosen", seat=p.seat)

    def manipulate(self, p: Player) -> None:
        row = list(dict.fromkeys(self.state.imperium_row))
        if not row:
            return
        self.ask(p, "manipulate", [("set_aside", c) for c in row], "set_aside", seat=p.seat)

    def manipulated_lapse(self, p: Player) -> None:
        """A card removed with Manipulate and not acquired on this reveal turn stays
        removed: it goes to the Imperium trash, never back to the Row."""
        for c in p.manipulated:
            self.state.imperium_trash.append(c)
            self.log(f"  {self.cname(c)}, removed from the Imperium Row, is not acquired and leaves the game")
        p.manipulated = []

    def block_space(self, p: Player) -> None:
        st = self.state
        free = [m["id"] for m in self.content.of_kind("space") if m["id"] not in st.occupied
                and m["id"] not in st.blocked]
        if not free:
            return
        self.ask(p, "block", [("block", s) for s in free], "blocked_space", seat=p.seat)

    def harvest(self, p: Player, space) -> None:
        """Take a maker space's spice: what the space gives and its bonus spice
        (a House Hagal card's harvest; the bonus leaves the space either way)."""
        sp = self.defs.get(space) if space else None
        if sp is None or not sp.get("maker"):
            return
        bonus = self.state.maker_spice.get(space, 0)
        self.state.maker_spice[space] = 0
        self.gain(p, "spice", sp.get("harvest", 0) + bonus)

    def double_harvest(self, p: Player, space) -> None:
        sp = self.defs.get(space) if space else None
        if sp is not None and sp.get("harvest"):
            p.spice += sp["harvest"]

    def gain_reserve_card(self, p: Player, card: str) -> None:
        if self.state.reserve.get(card, 0) > 0:
            self.state.reserve[card] -= 1
            self.receive_card(p, card)

    def steal_intrigue(self, giver: Player, taker: Player, n: int) -> None:
        for _ in range(min(n, len(giver.intrigue))):
            card = giver.intrigue.pop(self.rng.below(len(giver.intrigue)))
            taker.intrigue.append(card)
            self.log(f"  {self.pname(giver)} gives an intrigue card to {self.pname(taker)}")


def _trash_value(meta: dict) -> float:
    """Trash the weakest card first: starting cards that only give persuasion."""
    base = meta.get("cost", 0) + sum(meta.get("values", {}).values())
    return 10.0 - base


# ---------------------------------------------------------------------- the steps after an answer
@step
def trash_chosen(e, f):
    e.trash_chosen(e.players[f["seat"]], f["chosen"])


@step
def discarded(e, f):
    e.discarded(e.players[f["seat"]], f["answer"], f["left"])


@step
def discard_more(e, f):
    e.discard_next(e.players[f["seat"]], f["left"])


@step
def acquired(e, f):
    if f["chosen"][0] == "acquire":
        e.take_from_row(e.players[f["seat"]], f["chosen"][1], f["to_top"])


@step
def received(e, f):
    e.received(e.players[f["seat"]], f["card"], f["answer"] == 0)


@step
def retrieved(e, f):
    p, c = e.players[f["seat"]], f["chosen"][1]
    p.discard.remove(c)
    p.hand.append(c)


@step
def top_chosen(e, f):
    p = e.players[f["seat"]]
    if f["answer"] == 0:
        p.hand.append(p.deck.pop())
    else:
        e._trashed(p, p.deck.pop())


@step
def set_aside(e, f):
    p, c = e.players[f["seat"]], f["chosen"][1]
    st = e.state
    st.imperium_row.remove(c)
    if st.imperium_deck:
        st.imperium_row.append(st.imperium_deck.pop())
    p.manipulated.append(c)
    e.log(f"  {e.pname(p)} sets aside {e.cname(c)}")


@step
def blocked_space(e, f):
    p, s = e.players[f["seat"]], f["chosen"][1]
    e.state.blocked[s] = p.seat
    e.log(f"  {e.pname(p)} blocks {e.cname(s)} for opponents this round")
