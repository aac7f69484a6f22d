"""The engine: rule primitives every effect goes through, decisions, and the
round loop. Phase details live in turns.py and combat.py."""
from __future__ import annotations

from collections import deque
from typing import Optional

from dunec.engine import rivals
from dunec.engine.context import Ctx
from dunec.engine.rng import Rng
from dunec.engine.state import FACTIONS, GameState, Player

FOUR_BONUS = {"emperor": ("troops", 2), "guild": ("solari", 3), "bene_gesserit": ("intrigue", 1),
              "fremen": ("water", 1)}
MAX_INFLUENCE = 6
VP_TO_END = 10
MAX_ROUNDS = 10


class PolicyError(Exception):
    """A policy answered with something that is not one of the options."""


class Engine:
    def __init__(self, content, state: GameState, policies, replay=()):
        self.content = content
        self.defs = content.defs
        self.state = state
        self.policies = policies
        self.rng = Rng(state=state.rng_state)
        self.replay = deque(replay)
        self.quiet = False
        self.turn_space: Optional[str] = None  # the space the current agent was sent to
        self.turn_kind = ""  # "agent" | "reveal" | "combat" | ...
        self.after_turn = None  # optional hook called after every decision (invariant checks)
        self.echo = None  # optional: print each log line as it happens (a person is playing)
        self._trash_hints: dict = {}

    # ------------------------------------------------------------------ bookkeeping
    @property
    def players(self) -> list[Player]:
        return self.state.players

    def log(self, msg: str) -> None:
        if not self.quiet:
            self.state.log.append(msg)
            if self.echo is not None and not self.replay:
                self.echo(msg)

    def pname(self, p: Player) -> str:
        if p.rival:
            return rivals.name(self, p)
        return f"P{p.seat + 1} ({self.defs[p.leader]['name']})"

    def cname(self, ident: str) -> str:
        return self.defs[ident]["name"]

    def sync(self) -> None:
        self.state.rng_state = self.rng.state

    def order(self) -> list[Player]:
        if self.state.mode == "duo":
            return rivals.order(self)  # the rival acts right after the first player
        n = self.state.n_players
        return [self.players[(self.state.first_player + i) % n] for i in range(n)]

    def opponents(self, p: Player) -> list[Player]:
        n = self.state.n_players
        return [self.players[(p.seat + i) % n] for i in range(1, n)]

    # ------------------------------------------------------------------ decisions
    def decide(self, p: Player, kind: str, labels, hints=None) -> int:
        """Ask p's policy to pick one of the labelled options; record the answer."""
        n = len(labels)
        if n == 0:
            raise PolicyError(f"no options for {kind}")
        if n == 1:
            return 0
        if p.rival:  # rivals decide by fixed rules: no policy, nothing recorded
            return rivals.choose(self, p, kind, list(labels), list(hints) if hints else None)
        if self.replay:
            i = self.replay.popleft()
            policy = self.policies[p.seat]
            if getattr(policy, "follows_replay", False):
                # Keep a seeded policy's own RNG in step, so a resumed game goes on
                # exactly as the uninterrupted one would have.
                self.sync()
                policy.choose(self, p, kind, list(labels), list(hints) if hints else None)
        else:
            self.sync()
            i = self.policies[p.seat].choose(self, p, kind, list(labels), list(hints) if hints else None)
        if not isinstance(i, int) or not 0 <= i < n:
            raise PolicyError(f"{kind}: {i!r} is not one of {n} options")
        self.state.decisions.append(i)
        if self.after_turn is not None:
            self.after_turn(self)
        return i

    def choose_options(self, ctx, n: int, labels, hints, costs) -> list[int]:
        """Pick n different options; an option that starts with a cost is offered
        only when the player can pay it."""
        p = ctx.player
        ok = [i for i in range(len(labels)) if costs[i] is None or self.can_pay(p, costs[i], ctx.card)]
        picked: list[int] = []
        for _ in range(min(n, len(ok))):
            idx = [i for i in ok if i not in picked]
            j = self.decide(p, "choose", [labels[i] for i in idx], [hints[i] for i in idx] if hints else None)
            picked.append(idx[j])
        return picked

    def yes_no(self, p: Player, kind: str, label: str, hint: float = 0.0) -> bool:
        return self.decide(p, kind, [label, "no"], [hint, 0.0]) == 0

    def pick_opponent(self, p: Player, label: str) -> Optional[Player]:
        opps = self.opponents(p)
        if not opps:
            return None
        i = self.decide(p, "opponent", [f"{self.pname(o)}: {label}" for o in opps],
                        [float(o.vp) for o in opps])
        return opps[i]

    # ------------------------------------------------------------------ resources
    def gain(self, p: Player, res: str, n: int) -> None:
        if p.rival and res != "troops" and rivals.duo_rival(self, p):
            return  # the two-player rival never gains resources, cards or VP
        if res == "troops":
            k = min(n, p.supply)
            p.supply -= k
            p.garrison += k
            p.recruited += k
        elif res == "vp":
            self.add_vp(p, "cards", n)
        elif res == "intrigue":
            for _ in range(n):
                card = self.draw_intrigue()
                if card is None:
                    break
                p.intrigue.append(card)
        elif res == "draw":
            self.draw(p, n)
        else:
            setattr(p, res, getattr(p, res) + n)

    def lose(self, p: Player, res: str, n: int, ctx=None) -> None:
        if res in ("solari", "spice", "water"):
            setattr(p, res, max(0, getattr(p, res) - n))
        elif res == "vp":
            self.add_vp(p, "cards", -min(n, max(0, p.vp_ledger.get("cards", 0))))
        elif res == "garrison":
            k = min(n, p.garrison)
            p.garrison -= k
            p.supply += k
        elif res == "deployed":
            k = min(n, p.conflict)
            p.conflict -= k
            p.supply += k
        elif res == "intrigue":
            for _ in range(min(n, len(p.intrigue))):
                i = self.decide(p, "lose_intrigue", [self.cname(c) for c in p.intrigue])
                self.state.intrigue_discard.append(p.intrigue.pop(i))

    def add_vp(self, p: Player, source: str, n: int) -> None:
        if n and not (p.rival and rivals.duo_rival(self, p)):
            p.vp += n
            p.vp_ledger[source] = p.vp_ledger.get(source, 0) + n

    # ------------------------------------------------------------------ influence
    def gain_influence(self, p: Player, faction: str, n: int, ctx=None) -> None:
        if faction == "all":
            for f in FACTIONS:
                self.change_influence(p, f, n)
            return
        if faction == "space":
            sp = self.defs.get(ctx.space) if ctx is not None and ctx.space else None
            faction = sp.get("faction") if sp else None
            if faction is None:
                return
        if faction in ("any", "behind"):
            pool = FACTIONS if faction == "any" else tuple(
                f for f in FACTIONS if any(o.influence[f] > p.influence[f] for o in self.opponents(p)))
            if not pool:
                return
            labels = [f"+{n} Influence with {f}" for f in pool]
            hints = [2.0 + (1.5 if p.influence[f] in (1, 3) else 0) - 0.1 * i
                     - (2.5 if p.influence[f] >= MAX_INFLUENCE else 0) for i, f in enumerate(pool)]
            faction = pool[self.decide(p, "influence", labels, hints)]
        self.change_influence(p, faction, n)

    def lose_influence(self, p: Player, faction: str, n: int) -> None:
        if faction == "any":
            have = [f for f in FACTIONS if p.influence[f] >= 1]
            if not have:
                return
            faction = have[self.decide(p, "lose_influence", [f"lose {n} Influence with {f}" for f in have],
                                       [-float(p.influence[f]) for f in have])]
        self.change_influence(p, faction, -n)

    def change_influence(self, p: Player, f: str, delta: int) -> None:
        before = p.influence[f]
        after = max(0, min(MAX_INFLUENCE, before + delta))
        if after == before:
            return
        p.influence[f] = after
        if not self.quiet:
            self.log(f"  {self.pname(p)} {f} influence {before} -> {after}")
        if before < 2 <= after:
            self.add_vp(p, "influence", 1)
        elif after < 2 <= before:
            self.add_vp(p, "influence", -1)
        if before < 4 <= after and f not in p.four_bonus and not p.rival:
            # Rivals never take the 4-influence bonus (FAQ).
            # Decided: the 4-influence bonus is taken once per player and faction.
            p.four_bonus.append(f)
            res, k = FOUR_BONUS[f]
            self.gain(p, res, k)
        self.settle_alliance(f, p)

    def settle_alliance(self, f: str, mover: Player) -> None:
        """Alliance token: first to 4 takes it; it passes to whoever rises higher;
        a holder who falls is replaced by the highest player at 4+ (FAQ)."""
        holder = self.state.alliances[f]
        h = self.players[holder] if holder is not None else None
        best = max((q.influence[f] for q in self.players), default=0)
        if h is not None and h.influence[f] >= 4 and h.influence[f] >= best:
            return
        candidates = [q for q in self.players if q.influence[f] >= 4 and q.influence[f] == best]
        new = None
        if mover in candidates:
            new = mover
        elif len(candidates) == 1 or (candidates and h is None):
            new = sorted(candidates, key=lambda q: (q.seat - (holder or 0)) % self.state.n_players)[0]
        elif candidates:
            # The falling holder chooses among the players tied for the highest (FAQ).
            new = candidates[self.decide(h, "alliance", [f"give the {f} alliance to {self.pname(q)}"
                                                          for q in candidates], [-q.vp for q in candidates])]
        if new is h:
            return
        if h is not None:
            self.add_vp(h, "alliance", -1)
            self.log(f"  {self.pname(h)} loses the {f} alliance")
        self.state.alliances[f] = new.seat if new is not None else None
        if new is not None:
            self.add_vp(new, "alliance", 1)
            self.log(f"  {self.pname(new)} takes the {f} alliance")

    # ------------------------------------------------------------------ units
    def deploy(self, p: Player, n: int, source: str, recruited_before: int = 0) -> None:
        if source == "supply":
            k = min(n, p.supply)
            p.supply -= k
            p.conflict += k
            return
        if n == -2:  # the troops this box recruited
            most = min(p.recruited - recruited_before, p.garrison)
        else:
            most = p.garrison if n < 0 else min(n, p.garrison)
        if most <= 0:
            return
        k = self.decide(p, "deploy", [f"deploy {i}" for i in range(most + 1)],
                        [float(i) for i in range(most + 1)])
        p.garrison -= k
        p.conflict += k

    def retreat(self, p: Player, n: int) -> None:
        most = p.conflict if n < 0 else min(n, p.conflict)
        if most <= 0:
            return
        k = self.decide(p, "retreat", [f"retreat {i}" for i in range(most + 1)],
                        [-float(i) for i in range(most + 1)])
        p.conflict -= k
        p.garrison += k

    # ------------------------------------------------------------------ cards
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
        labels = [f"trash {self.cname(c)} from {z}" for z, c in options] + (["trash nothing"] if optional else [])
        hints = [self._trash_hint(c) for _, c in options] + ([0.0] if optional else [])
        i = self.decide(p, "trash", labels, hints)
        if i == len(options):
            return
        z, c = options[i]
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
        fn = self.content.effect(card, "trash")
        if fn is not None:
            fn(Ctx(self, p, card=card, box="trash"))

    def _trash_hint(self, card: str) -> float:
        h = self._trash_hints.get(card)
        if h is None:
            h = self._trash_hints[card] = _trash_value(self.defs[card])
        return h

    def discard(self, p: Player, n: int) -> None:
        for _ in range(min(n, len(p.hand))):
            i = self.decide(p, "discard", [f"discard {self.cname(c)}" for c in p.hand],
                            [-self.defs[c].get("cost", 0) for c in p.hand])
            c = p.hand.pop(i)
            p.discard.append(c)
            fn = self.content.effect(c, "discard")
            if fn is not None:
                fn(Ctx(self, p, card=c, box="discard"))

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
        labels = [f"acquire {self.cname(c)}" for c in row] + ["acquire nothing"]
        hints = [self.defs[c].get("cost", 0) + 1.0 for c in row] + [0.0]
        i = self.decide(p, "acquire", labels, hints)
        if i < len(row):
            self.take_from_row(p, row[i], to_top)

    def take_from_row(self, p: Player, card: str, to_top: bool = False) -> None:
        st = self.state
        st.imperium_row.remove(card)
        if st.imperium_deck:
            st.imperium_row.append(st.imperium_deck.pop())
        self.receive_card(p, card, to_top)

    def receive_card(self, p: Player, card: str, to_top: bool = False) -> None:
        if not to_top and p.acquire_to_top:
            to_top = self.yes_no(p, "top", f"put {self.cname(card)} on top of your deck", 1.0)
        (p.deck if to_top else p.discard).append(card)
        self.log(f"  {self.pname(p)} acquires {self.cname(card)}")
        fn = self.content.effect(card, "acquire")
        if fn is not None:
            fn(Ctx(self, p, card=card, box="acquire"))

    def retrieve(self, p: Player, faction: str) -> None:
        cards = [c for c in dict.fromkeys(p.discard) if faction in self.defs[c].get("factions", ())]
        if not cards:
            return
        i = self.decide(p, "retrieve", [f"take {self.cname(c)} into your hand" for c in cards],
                        [self.defs[c].get("cost", 0) for c in cards])
        p.discard.remove(cards[i])
        p.hand.append(cards[i])

    def draw_or_trash_top(self, p: Player) -> None:
        if not p.deck:
            if not p.discard:
                return
            self.shuffle_discard(p)
        card = p.deck[-1]
        if self.decide(p, "top", [f"draw {self.cname(card)}", f"trash {self.cname(card)}"],
                       [1.0, self._trash_hint(card) - 8.0]) == 0:
            p.hand.append(p.deck.pop())
        else:
            p.deck.pop()
            self._trashed(p, card)

    def manipulate(self, p: Player) -> None:
        row = list(dict.fromkeys(self.state.imperium_row))
        if not row:
            return
        i = self.decide(p, "manipulate", [f"set aside {self.cname(c)}" for c in row],
                        [self.defs[c].get("cost", 0) for c in row])
        self.state.imperium_row.remove(row[i])
        if self.state.imperium_deck:
            self.state.imperium_row.append(self.state.imperium_deck.pop())
        p.manipulated.append(row[i])
        self.log(f"  {self.pname(p)} sets aside {self.cname(row[i])}")

    def block_space(self, p: Player) -> None:
        st = self.state
        free = [m["id"] for m in self.content.of_kind("space") if m["id"] not in st.occupied
                and m["id"] not in st.blocked]
        if not free:
            return
        i = self.decide(p, "block", [f"block {self.cname(s)}" for s in free],
                        [self.defs[s]["values"].get("space", 0.0) for s in free])
        st.blocked[free[i]] = p.seat
        self.log(f"  {self.pname(p)} blocks {self.cname(free[i])} for opponents this round")

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

    # ------------------------------------------------------------------ agents and seats
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
        i = self.decide(p, "recall", [f"recall the agent at {self.cname(s)}" for s in mine])
        self.remove_agent(mine[i], p.seat)
        p.agents_left += 1

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

    def gain_swordmaster(self, p: Player) -> None:
        if not p.swordmaster:
            p.swordmaster = True
            p.agents += 1
            p.agents_left += 1
            self.log(f"  {self.pname(p)} gains the Swordmaster")

    def take_seat(self, p: Player) -> None:
        if not p.seat_on_council:
            p.seat_on_council = True
            self.log(f"  {self.pname(p)} takes a High Council seat")
            self.leader_trigger(p, "high_council")

    def take_control(self, p: Player, location: str) -> None:
        if self.state.control.get(location) != p.seat:
            self.state.control[location] = p.seat
            self.log(f"  {self.pname(p)} takes control of {location}")

    def use_signet(self, p: Player, ctx: Ctx) -> None:
        fn = self.content.effect(p.leader, "signet")
        if fn is not None:
            fn(Ctx(self, p, card=ctx.card, space=ctx.space, box="signet"))

    def leader_trigger(self, p: Player, box: str, space=None) -> None:
        if p.rival:
            return  # a rival uses its leader's signet ring only, never the other abilities
        fn = self.content.effect(p.leader, box)
        if fn is not None:
            fn(Ctx(self, p, space=space, box=box))

    # ------------------------------------------------------------------ costs
    def can_pay(self, p: Player, costs, card=None) -> bool:
        for c in costs:
            if c[0] == "res":
                have = p.conflict if c[1] == "deployed" else (p.vp_ledger.get("cards", 0) if c[1] == "vp"
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
        for c in costs:
            if c[0] == "res":
                self.lose(p, c[1], c[2])
            elif c[0] == "influence":
                self.lose_influence(p, c[1], c[2]) if c[1] == "any" else self.change_influence(p, c[1], -c[2])
            elif c[0] == "trash_this":
                self.trash(Ctx(self, p, card=card), "this", "")
            elif c[0] == "trash_card":
                self.trash(Ctx(self, p, card=card), "card", "", optional=False)

    def offer_pay(self, ctx: Ctx, costs, label: str, hint: float) -> bool:
        p = ctx.player
        if not self.can_pay(p, costs, ctx.card):
            return False
        if not ctx.forced and not self.yes_no(p, "pay", label, hint):
            return False
        self.pay(p, costs, ctx.card)
        return True

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
        if k == "opponents_with_more":
            return sum(1 for o in self.opponents(p) if o.influence[q[1]] > p.influence[q[1]])
        if k == "opponent_units":
            return max((o.conflict for o in self.opponents(p)), default=0)
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
            return self.turn_kind == "reveal"
        if k == "mentat_available":
            return self.state.mentat_on_board
        if k == "most_copies":
            mine = self.copies(p, c[1])
            return all(mine > self.copies(o, c[1]) for o in self.opponents(p))
        raise KeyError(k)

    # ------------------------------------------------------------------ the game
    def log_summary(self) -> None:
        if self.quiet:
            return
        for p in self.order():
            inf = " ".join(f"{f[:3]}{p.influence[f]}" for f in FACTIONS)
            self.log(f"  end of round {self.state.round}: {self.pname(p)} {p.vp} VP | {p.solari} Solari "
                     f"{p.spice} spice {p.water} water | garrison {p.garrison} | influence {inf} | "
                     f"{len(p.intrigue)} intrigue")

    def play(self) -> GameState:
        from dunec.engine import combat, turns

        st = self.state
        if st.phase == "setup":
            rivals.game_start(self)
            for p in self.players:
                self.leader_trigger(p, "game_start")
            st.phase = "rounds"
        while not st.finished:
            st.round += 1
            turns.round_start(self)
            turns.player_turns(self)
            combat.resolve(self)
            turns.makers(self)
            self.log_summary()
            if not turns.recall(self):
                break
        turns.endgame(self)
        self.sync()
        return st


def _trash_value(meta: dict) -> float:
    """Trash the weakest card first: starting cards that only give persuasion."""
    base = meta.get("cost", 0) + sum(meta.get("values", {}).values())
    return 10.0 - base
