"""Costs and conditions: what a player can pay, paying it, and reading the state
for `if`, `requires` and `for each`.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.loop.state import FACTIONS, Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import (
    agents as rules_agents,
    battle_icons as rules_battle_icons,
    cards as rules_cards,
    flags as rules_flags,
    graft as rules_graft,
    intrigue as rules_intrigue,
    pieces as rules_pieces,
    resources as rules_resources,
    tiles as rules_tiles,
    tracks as rules_tracks,
    units as rules_units,
)
from dunec.engine.players import seats


def can_pay(e, p: Player, costs, card=None) -> bool:
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
        elif c[0] == "influence_different":  # 1 with each of N different factions
            if sum(1 for v in p.influence.values() if v >= 1) < c[1]:
                return False
        elif c[0] == "trash_this":
            if card is None or (card not in p.played and card not in p.revealed and card not in p.tiles):
                return False
        elif c[0] == "trash_card":
            if len(c) > 1:  # a card from a zone (of a faction: not the paying card itself)
                if not rules_cards.trash_options(e, p, c[1], c[2], but=card):
                    return False
            elif not (p.hand or p.discard or p.played or p.revealed):
                return False
        elif c[0] == "trash_intrigue":
            if len(p.intrigue) < c[1]:
                return False
        elif c[0] == "trash_other_grafted":
            if not rules_graft.other_in_play(p, card):
                return False
        elif c[0] == "recall":  # `pay recall spies 1`: pieces on the board (rules/pieces.py)
            if not rules_pieces.can_recall(p, c[1], c[2]):
                return False
        elif c[0] == "flip":  # `pay flip battle crysknife`: a face-up tagged card (rules/battle_icons.py)
            if not rules_battle_icons.can_flip(e, p, c[1], c[2]):
                return False
        elif c[0] in ("hand", "discard"):
            if len(p.hand) < c[1]:
                return False
    return True


def remembers(costs) -> bool:
    """Whether paying these costs discards cards the gains may read (`discarded FACTION`)."""
    return any(c[0] == "discard" for c in costs)


def pay(e, p: Player, costs, card=None, remember: bool = False) -> None:
    """Pay the costs in order (tail position: a cost may ask, e.g. which
    intrigue card to lose or which card to trash). `remember`: the cards a
    discard cost discards go to the gains' frame, pushed `remembers` before
    (rules_cards.remember_discard)."""
    costs = list(costs)
    for c in costs:
        if c[0] != "res" or c[1] == "intrigue":
            break
    else:  # resources only, none asking: paid at once
        for c in costs:
            rules_resources.lose(e, p, c[1], c[2])
        return
    for c in reversed(costs[1:]):
        if remember and c[0] == "discard":
            e.later("pay_one", seat=p.seat, cost=c, card=card, remember=True)
        else:
            e.later("pay_one", seat=p.seat, cost=c, card=card)
    pay_cost(e, p, costs[0], card, remember)


def pay_cost(e, p: Player, c, card=None, remember: bool = False) -> None:
    if c[0] == "res":
        rules_resources.lose(e, p, c[1], c[2])
    elif c[0] == "influence":
        if c[1] == "any":
            rules_resources.lose_influence(e, p, c[1], c[2])
        else:
            rules_resources.change_influence(e, p, c[1], -c[2])
    elif c[0] == "influence_different":  # the factions are the player's choice
        rules_resources.lose_influence_different(e, p, c[1])
    elif c[0] == "trash_this":
        rules_cards.trash(e, e.context(p, card=card), "this", "")
    elif c[0] == "trash_card":
        rules_cards.trash(e, e.context(p, card=card), "card", *(c[1:] or ("",)), optional=False)
    elif c[0] == "trash_intrigue":  # the cards are the player's choice
        rules_intrigue.trash_intrigue(e, p, c[1])
    elif c[0] == "trash_other_grafted":
        rules_graft.trash_other(e, p, card)
    elif c[0] == "recall":  # the pieces are the player's choice
        rules_pieces.recall(e, p, c[1], c[2])
    elif c[0] == "flip":  # the card is the player's choice
        rules_battle_icons.flip(e, p, c[1], c[2])
    elif c[0] == "discard":  # "discard a card ->": the cards are the player's choice
        rules_cards.discard(e, p, c[1], remember)


def offer_pay(e, ctx, costs, label: str, hint: float, body: list) -> None:
    """`pay? COSTS: BODY`: offered when the player can pay (always taken when
    the box is forced); paying runs the body (interpreter ops at `body`)."""
    p = ctx.player
    if not can_pay(e, p, costs, ctx.card):
        return
    if ctx.forced:
        if remembers(costs):  # the gains read the cards discarded (`discarded FACTION`)
            e.later("ops", ref=body, pc=0, ctx=ctx.data(), remembers=True)
            pay(e, p, costs, ctx.card, True)
            return
        e.later("ops", ref=body, pc=0, ctx=ctx.data())
        pay(e, p, costs, ctx.card)
        return
    e.yes_no(p, "pay", label, hint, "offer_paid", body[0], ctx=ctx.data(), costs=costs, body=body)


def offer_may(e, ctx, label: str, hint: float, body: list) -> None:
    """`may { BODY }`: the player may play the body or not (played when the box is forced)."""
    if ctx.forced:
        e.later("ops", ref=body, pc=0, ctx=ctx.data())
        return
    e.yes_no(ctx.player, "pay", label, hint, "may_answered", ctx=ctx.data(), body=body)


@step
def may_answered(e, f):
    if f["answer"] == 0:
        e.later("ops", ref=f["body"], pc=0, ctx=f["ctx"])

# ------------------------------------------------------------------ conditions


def quantity(e, ctx, q: tuple) -> int:
    p = ctx.player
    k = q[0]
    if k == "influence":
        return p.influence[q[1]]
    if k == "units":
        return p.conflict
    if k == "garrison":
        return p.garrison
    if k == "players":
        return e.state.n_players
    if k == "intrigue":
        return len(p.intrigue)
    if k == "alliances":
        return sum(1 for s in e.state.alliances.values() if s == p.seat)
    if k == "factions_at":
        return sum(1 for v in p.influence.values() if v >= q[1])
    if k == "copies":
        return seats.copies_held(p, copies(e, p, q[1]))
    if k == "cards_in_play":
        return sum(1 for c in p.played + p.revealed if q[1] in e.defs[c].get("factions", ()))
    if k == "cards_revealed":
        return sum(1 for c in p.revealed if q[1] in e.defs[c].get("factions", ()))
    if k in ("solari", "spice", "water"):
        return getattr(p, k)
    if k in p.counters:
        return p.counters[k]
    if k in p.pieces:  # a set's pieces: those on the board (rules/pieces.py)
        return len(p.pieces[k]["on"])
    if k == "opponents_with_more":
        return sum(1 for o in e.opponents(p) if o.influence[q[1]] > p.influence[q[1]])
    if k == "opponent_units":
        return max((o.conflict for o in e.opponents(p)), default=0)
    if k == "swordmasters":
        return sum(1 for o in e.players if o.swordmaster)
    if k == "contracts_done":
        return len(p.contracts_done)
    if k == "units_ahead":
        return p.conflict - max((o.conflict for o in e.opponents(p)), default=0)
    if k == "tiles":
        return rules_tiles.owned(e, p, q[1])
    if k == "deployed_this_turn":
        return rules_units.deployed(p, q[1]) if len(q) > 1 else p.deployed_turn
    if k == "agents_at":
        return rules_agents.agents_at(e, p, q[1:])
    if k == "card_icons":
        return card_icons(e, ctx.card)
    if k == "other_grafted":
        return rules_graft.other_icons(e, ctx)
    if k == "in_conflict":
        return rules_units.in_conflict(p, q[1]) if len(q) > 1 else rules_units.all_in_conflict(p)
    if k == "in_play":
        return rules_units.in_play(e, p, q[1])
    if k == "persuasion":
        return p.persuasion
    if k == "strength":
        return rules_units.strength(p, e)
    if k == "trashed_cost":  # in `trash card { ... }`: the context's card is the one trashed
        return rules_cards.cost_of(e, p, ctx.card) if ctx.card in e.defs else 0
    if k == "sword_cards":
        return sword_cards(e, p)
    if k == "other_sword_cards":
        return sword_cards(e, p, but=ctx.card)
    if k == "factions_below":
        return factions_below(e, p, q[1])
    if k == "reached":
        return rules_tracks.reached(e, p, q[1])
    if k == "factions_behind":
        return sum(1 for f in FACTIONS if any(o.influence[f] > p.influence[f] for o in e.opponents(p)))
    raise KeyError(k)


def copies(e, p: Player, card: str) -> int:
    card = e.content.aliases.get(card, card)  # a mixed-in card naming its own game's card (ir/meta.py)
    return sum(z.count(card) for z in (p.deck, p.hand, p.discard, p.played, p.revealed, p.aside[:1]))


def card_icons(e, card) -> int:
    """`card_icons`: the agent icons of the card a box is about (a set-aside card's
    bonus is fixed by them)."""
    return len(e.defs[card].get("icons", ())) if card in e.defs else 0


def sword_cards(e, p: Player, but=None) -> int:
    """Your cards in play this turn whose reveal box gives swords (`but`: not that one)."""
    cards = p.revealed if e.state.turn_kind == "reveal" else p.revealed + p.played
    n = sum(1 for c in cards if e.defs[c].get("reveal_swords"))
    if but is not None and but in cards and e.defs[but].get("reveal_swords"):
        n -= 1
    return n


def rival_alliance_at(e, p: Player, n: int) -> bool:
    """`rival_alliance_at N`: the player has N or more influence with a faction whose
    Alliance an opponent holds (Shadow Alliance)."""
    held = e.state.alliances
    return any(held[f] is not None and held[f] != p.seat and p.influence[f] >= n for f in FACTIONS)


def factions_below(e, p: Player, n: int) -> int:
    return sum(1 for f in FACTIONS if p.influence[f] < n)


def flag(e, ctx, c: tuple) -> bool:
    p = ctx.player
    k = c[0]
    if k == "bond":
        n = sum(1 for x in p.played + p.revealed if c[1] in e.defs[x].get("factions", ()))
        mine = ctx.card is not None and c[1] in e.defs[ctx.card].get("factions", ()) and \
            (ctx.card in p.played or ctx.card in p.revealed)
        return n - (1 if mine else 0) >= 1
    if k == "alliance":
        if c[1] == "any":
            return p.seat in e.state.alliances.values()
        return e.state.alliances[c[1]] == p.seat
    if k == "seat":
        return p.seat_on_council
    if k == "swordmaster":
        return p.swordmaster
    if k == "revealing":
        return e.state.turn_kind == "reveal"
    if k == "mentat_available":
        return e.state.mentat_on_board
    if k == "secret":
        return bool(p.secret)
    if k == "opponent_combat_intrigue":
        return any(s != p.seat for s in e.state.combat_intrigue)
    if k == "gained_this_turn":  # read when the box resolves: gains so far this turn
        return p.gained.get(c[1], 0) > 0
    if k == "agent_at":
        return rules_agents.agent_at(e, p, c[1])
    if k == "enemy_agent_here":
        return rules_agents.enemy_agent_here(e, p, ctx.space)
    if k == "grafted":
        return rules_graft.grafted(e, ctx)
    if k == "faction_space":
        sp = e.defs.get(ctx.space) if ctx.space else None
        return bool(sp and sp.get("faction"))
    if k == "acquired":  # the card whose acquisition runs this body (rules_watchers)
        return ctx.acquired == c[1]
    if k == "discarded":  # among the cards the discard of this body discarded
        return any(c[1] in e.defs[card].get("factions", ()) for card in ctx.discarded)
    if k == "maker_space":
        sp = e.defs.get(ctx.space) if ctx.space else None
        return bool(sp and sp.get("maker"))
    if k == "grafted_with":
        return rules_graft.grafted_with(e, ctx, c[1:])
    if k == "reached":
        return rules_tracks.reached(e, p, c[1]) >= c[2]
    if k == "placed":  # in `PIECE N { ... }`: the context's card is the location placed on
        return rules_pieces.placed_near(e, ctx.card, c[1])
    if k == "flag":
        return rules_flags.up(e, c[1])
    if k == "recalled":
        return rules_pieces.recalled(p, c[1])
    if k == "spying":
        return rules_pieces.spying_maker(e, p)
    if k == "protected":
        return rules_flags.protected(e)
    if k == "rival_alliance_at":
        return rival_alliance_at(e, p, c[1])
    if k == "sent_to":
        return ctx.space == c[1]
    if k == "most_copies":
        mine = copies(e, p, c[1])
        return all(mine > copies(e, o, c[1]) for o in e.opponents(p))
    raise KeyError(k)


# ------------------------------------------------------------------ a space cheaper with a card


def card_discounts(e, card: str) -> tuple:
    """The (space, counter, amount) discounts a card's agent box gives the space it
    sends the agent to (`cheaper_space`), read from its IR when it is placed."""
    return e.defs[card].get("space_discounts", ()) if card in e.defs else ()


def discounted(costs: tuple, space: str, discounts) -> tuple:
    """A space's costs less a card's discounts for that space."""
    if not discounts:
        return costs
    out = []
    for c in costs:
        n = c[2] if c[0] == "res" else None
        if n is not None:
            n -= sum(d[2] for d in discounts if d[0] == space and d[1] == c[1])
            if n > 0:
                out.append((c[0], c[1], n))
        else:
            out.append(c)
    return tuple(out)


@step
def pay_one(e, f):
    pay_cost(e, e.players[f["seat"]], f["cost"], f["card"], f.get("remember", False))


@step
def offer_paid(e, f):
    if f["answer"] == 0:
        ctx = e.context_of(f["ctx"])
        if remembers(f["costs"]):  # the gains read the cards discarded (`discarded FACTION`)
            e.later("ops", ref=f["body"], pc=0, ctx=f["ctx"], remembers=True)
            pay(e, ctx.player, f["costs"], ctx.card, True)
            return
        e.later("ops", ref=f["body"], pc=0, ctx=f["ctx"])
        pay(e, ctx.player, f["costs"], ctx.card)
