"""The effect context: the one API effect code (interpreted or generated) calls.

`player` is who acts (an opponent inside `each opponent { }`), `owner` is who
played the card. Plain resource gains are attribute updates; everything with a
rule attached goes through the engine.
"""
from __future__ import annotations

from dunec.engine.rules import (
    agents as rules_agents,
    aside as rules_aside,
    cards as rules_cards,
    contracts as rules_contracts,
    costs as rules_costs,
    deploy as rules_deploy,
    flags as rules_flags,
    graft as rules_graft,
    intrigue as rules_intrigue,
    market as rules_market,
    own_turn,
    pieces as rules_pieces,
    resources as rules_resources,
    snoopers as rules_snoopers,
    tracks as rules_tracks,
    units as rules_units,
    watchers as rules_watchers,
)

PLAIN = frozenset(("solari", "spice", "water", "persuasion", "swords"))


class Ctx:
    __slots__ = ("engine", "player", "owner", "card", "space", "box", "forced", "recruited_before", "discarded",
                 "acquired")

    def __init__(self, engine, player, card=None, space=None, box="", owner=None, forced=False, before=None,
                 discarded=(), acquired=None):
        # The one constructor, called with positional arguments on the hot paths:
        # Ctx(...) costs fewer instructions than object.__new__ plus slot stores
        # (object.__new__ called from Python is a slow builtin call), keywords more.
        self.engine = engine
        self.player = player
        self.owner = player if owner is None else owner
        self.card = card
        self.space = space
        self.box = box
        self.forced = forced
        # "Deploy any of these troops" counts the troops this box recruits (from now, unless `before` is given).
        self.recruited_before = (player.recruited if player is not None else 0) if before is None else before
        # The cards a discard discarded, read in its body (`discard 1 { if discarded guild { } }`,
        # rules_cards.discard_remembered); written into the body's frame as they are discarded.
        self.discarded = discarded
        # The card whose acquisition runs this body (`this_round acquire { if acquired CARD { } }`,
        # rules_watchers.fire).
        self.acquired = acquired

    def data(self) -> dict:
        """The context as plain data, for a frame on the state's stack."""
        d = {"seat": self.player.seat, "owner": self.owner.seat, "card": self.card, "space": self.space,
             "box": self.box, "forced": self.forced, "before": self.recruited_before}
        if self.discarded:  # only in a discard's body: every other frame as before
            d["discarded"] = list(self.discarded)
        if self.acquired is not None:  # only in a body run by an acquisition
            d["acquired"] = self.acquired
        return d

    def sub(self, player) -> "Ctx":
        return Ctx(self.engine, player, self.card, self.space, self.box, self.owner, self.forced, player.recruited,
                   self.discarded, self.acquired)

    # --- gains and losses
    def gain(self, res: str, n: int) -> None:
        p = self.player
        # A rival may refuse it, a leader may gain more (rules_resources.gain).
        if res in PLAIN and not p.rival and not self.engine.extra_gains and res not in self.engine.watched_gains:
            setattr(p, res, getattr(p, res) + n)
        else:
            rules_resources.gain(self.engine, self.player, res, n)

    def lose(self, res: str, n: int) -> None:
        rules_resources.lose(self.engine, self.player, res, n, self)

    def influence(self, faction: str, n: int) -> None:
        rules_resources.gain_influence(self.engine, self.player, faction, n, self)

    def lose_influence(self, faction: str, n: int) -> None:
        rules_resources.lose_influence(self.engine, self.player, faction, n)

    # --- units
    def deploy(self, n: int, source: str) -> None:
        rules_resources.deploy(self.engine, self.player, n, source, self.recruited_before)

    def secret_factions(self, n: int) -> None:
        rules_resources.choose_secret_factions(self.engine, self.player, n)

    def retreat(self, n: int) -> None:
        rules_resources.retreat(self.engine, self.player, n)

    def deploy_units(self, n: int) -> None:
        rules_deploy.deploy_units(self.engine, self.player, n)

    def retreat_unit(self, kind: str, n: int) -> None:
        rules_units.retreat_unit(self.engine, self.player, kind, n)

    def retreat_for(self, kind: str, n: int, label: str, hint: float, body: list) -> None:
        """`retreat_for [KIND] N { … }`: the body is interpreter ops (a block verb's runs from frames)."""
        rules_units.offer_units_for(self.engine, self, kind, n, "garrison", label, hint, body)

    def may(self, label: str, hint: float, body: list) -> None:
        rules_costs.offer_may(self.engine, self, label, hint, body)

    def return_for(self, kind: str, n: int, label: str, hint: float, body: list) -> None:
        rules_units.offer_units_for(self.engine, self, kind, n, "supply", label, hint, body)

    # --- tracks
    def advance(self, track: str, n: int) -> None:
        rules_tracks.advance(self.engine, self, track, n)

    def clear(self, flag: str) -> None:
        rules_flags.clear(self.engine, self, flag)

    def cash_out(self, track: str) -> None:
        rules_tracks.cash_out(self.engine, self, track)

    def move(self, track: str, n: int) -> None:
        rules_tracks.move(self.engine, self, track, n)

    # --- intrigue swapped and picked, influence by the agents' spaces, turn marks, set-aside cards, Snoopers
    def swap_intrigue(self, n: int) -> None:
        rules_intrigue.swap_intrigue(self.engine, self.player, n)

    def pick_intrigue(self, n: int) -> None:
        rules_intrigue.pick_intrigue(self.engine, self.player, n)

    def influence_visited(self, which: str, n: int) -> None:
        rules_resources.influence_visited(self.engine, self, which, n)

    def cheaper_space(self, space: str, counter: str, n: int) -> None:
        """Nothing left to do when the box runs: the discount was applied to the
        space's cost when the agent was placed (rules_costs.card_discounts)."""

    def extra_turn(self) -> None:
        own_turn.extra_turn(self.engine, self.player)

    def set_aside(self, body: list) -> None:
        rules_aside.set_aside(self.engine, self, body)

    def this_round(self, event: str, body: list) -> None:
        rules_watchers.watch(self.engine, self, event, body)

    def snooper_influence(self, n: int) -> None:
        rules_snoopers.snooper_influence(self.engine, self.player, n)
    # --- markets
    def buy(self, market: str, discount: int, currency: str) -> None:
        rules_market.buy(self.engine, self, market, discount, currency)

    def take(self, market: str, n: int) -> None:
        rules_contracts.take(self.engine, self, market, n)

    def trash_slot(self, market: str, n: int) -> None:
        rules_market.trash_slot(self.engine, market, n)

    # --- cards
    def copy_agent_box(self, what: str) -> None:
        rules_graft.copy_agent_box(self.engine, self)

    def return_at_reveal(self, what: str) -> None:
        rules_graft.return_at_reveal(self.engine, self)

    def trash(self, what: str, zone: str, faction: str = "") -> None:
        if what == "other_grafted":  # Graft: the card played with this one
            rules_graft.trash_other(self.engine, self.owner, self.card)
            return
        rules_cards.trash(self.engine, self, what, zone, faction)

    def trash_intrigue(self, n: int) -> None:
        rules_intrigue.trash_intrigue(self.engine, self.player, n)

    def discard(self, n: int) -> None:
        rules_cards.discard(self.engine, self.player, n)

    def discard_then(self, n: int, body: list) -> None:
        """`discard N { ... }`: the body (interpreter ops) runs after the discards, which it reads."""
        rules_cards.discard_remembered(self.engine, self, n, body)
    def trash_for(self, what: str, zone: str, body: list) -> None:
        """`trash card [from ZONE] { … }`: the body (interpreter ops) runs about the card trashed."""
        rules_cards.trash(self.engine, self, what, zone, body=body)

    def acquire_exact(self, cost: int) -> None:
        rules_cards.acquire_effect(self.engine, self.player, cost, False, exact=True)

    def acquire(self, max_cost: int, to_top: bool) -> None:
        rules_cards.acquire_effect(self.engine, self.player, max_cost, to_top)

    def acquire_with(self, counter: str, to_hand: bool) -> None:
        rules_cards.acquire_with(self.engine, self.player, counter, to_hand)

    def acquire_to_hand(self, max_cost: int) -> None:
        rules_cards.acquire_effect(self.engine, self.player, max_cost, False, to_hand=True)

    def gain_card(self, card: str) -> None:
        card = self.engine.content.aliases.get(card, card)  # a mixed-in card naming its game's (ir/meta.py)
        rules_cards.gain_reserve_card(self.engine, self.player, card)

    def steal_intrigue(self, n: int) -> None:
        rules_cards.steal_intrigue(self.engine, self.player, self.owner, n)

    def shuffle_discard(self) -> None:
        rules_cards.shuffle_discard(self.engine, self.player)

    def return_to_hand(self) -> None:
        rules_cards.return_to_hand(self.engine, self.player, self.card)

    def retrieve(self, faction: str) -> None:
        rules_cards.retrieve(self.engine, self.player, faction)

    def draw_or_trash_top(self) -> None:
        rules_cards.draw_or_trash_top(self.engine, self.player)

    def sort_top(self, n: int) -> None:
        rules_cards.sort_top(self.engine, self.player, n)

    def discount(self, card: str, n: int) -> None:
        card = self.engine.content.aliases.get(card, card)  # a mixed-in card naming its game's (ir/meta.py)
        self.player.discounts[card] = self.player.discounts.get(card, 0) + n

    def new_row(self) -> None:
        rules_cards.new_row(self.engine)

    def acquire_to_top(self) -> None:
        self.player.acquire_to_top = True

    def manipulate(self) -> None:
        rules_cards.manipulate(self.engine, self.player)

    # --- this turn's agent
    def extra_icon(self, icon: str) -> None:
        if icon not in self.player.extra_icons:
            self.player.extra_icons.append(icon)

    def infiltrate(self) -> None:
        self.player.infiltrate = True

    def no_deploy(self) -> None:
        self.player.no_deploy = True

    def reserve(self, market: str, space: str) -> None:
        rules_contracts.reserve(self.engine, self.player, market, space)

    def pass_turn(self) -> None:
        self.player.may_pass = True

    def block_space(self) -> None:
        rules_cards.block_space(self.engine, self.player)

    def combat_space(self) -> None:
        rules_deploy.as_combat_space(self.engine, self.player)

    def deploy_recruits(self) -> None:
        rules_deploy.recruits_deployable(self.engine, self.player)

    def double_harvest(self) -> None:
        rules_resources.double_harvest(self.engine, self.player, self.space)

    def harvest(self) -> None:
        rules_resources.harvest(self.engine, self.player, self.space)

    def bonus_spice(self) -> None:
        rules_resources.harvest(self.engine, self.player, self.space, base=False)

    # --- a set's pieces on board locations (rules/pieces.py)
    def place_piece(self, piece: str, n: int, icons: tuple, *how: str) -> None:
        rules_pieces.place(self.engine, self.player, piece, n, icons, *how, space=self.space)

    def place_piece_for(self, piece: str, n: int, icons: tuple, *how_and_body) -> None:
        """`PIECE N ... { … }`: the body (interpreter ops, the last argument) runs about
        each location a piece goes to."""
        *how, body = how_and_body
        rules_pieces.place(self.engine, self.player, piece, n, icons, *how, space=self.space, body=body,
                           ctx=self.data())

    # --- agents, seats, control
    def recall(self) -> None:
        rules_agents.recall_one(self.engine, self.player)

    def recall_other(self) -> None:
        rules_agents.recall_one(self.engine, self.player, but=self.space)

    def recall_here(self) -> None:
        rules_agents.recall_from(self.engine, self.player, self.space)

    def mentat(self) -> None:
        rules_agents.take_mentat(self.engine, self.player, self.box)

    def swordmaster(self) -> None:
        rules_agents.gain_swordmaster(self.engine, self.player)

    def high_council(self) -> None:
        rules_agents.take_seat(self.engine, self.player)

    def control(self, location: str) -> None:
        rules_agents.take_control(self.engine, self.player, location)

    def signet(self) -> None:
        rules_agents.use_signet(self.engine, self.player, self)

    def flip_leader(self) -> None:
        rules_agents.flip_leader(self.engine, self.player)

    def repeat_space(self) -> None:
        rules_agents.repeat_space(self.engine, self.player, self.space)

    # --- choices (the questions themselves are asked from interpreter frames)
    def pay_now(self, costs, remember: bool = False) -> None:
        rules_costs.pay(self.engine, self.player, costs, self.card, remember)

    def pick_opponent(self, label: str, do: str, about=None, **frame) -> bool:
        """Ask the player to pick an opponent; the step `do` runs with the pick."""
        return self.engine.pick_opponent(self.player, label, do, about, **frame)

    def each_opponent(self) -> list:
        return [self.sub(p) for p in self.engine.opponents(self.player)]

    # --- conditions and counts
    def quantity(self, q: tuple) -> int:
        return rules_costs.quantity(self.engine, self, q)

    def flag(self, c: tuple) -> bool:
        return rules_costs.flag(self.engine, self, c)


def context_of(engine, d: dict) -> Ctx:
    """The context a frame's data (Ctx.data) stands for. A function, not a class
    method: a step that runs a box makes one, and a class method's lookup costs more."""
    # Without "before" the troops are counted now: a box run later counts from when it runs.
    players = engine.state.players
    return Ctx(engine, players[d["seat"]], d["card"], d["space"], d["box"], players[d["owner"]], d["forced"],
               d.get("before"), d.get("discarded", ()), d.get("acquired"))
