"""Value hints for a pending decision: one number per option, the engine's rough
guess of what the option is worth to the player deciding.

A hint is a function of the state and the decision alone (its kind, its options
and the small `hint` datum the asking rule left on it), so a decision read back
from a save or a clone has the same hints as the original. They are computed only
when a policy asks for them (the greedy player, a rival)."""
from __future__ import annotations

from dunec.engine.rules import battle_icons as rules_battle_icons, cards as rules_cards, flags as rules_flags, \
    market as rules_market, pieces as rules_pieces, summons as rules_summons, units as rules_units
from dunec.engine.effects.interpreter import CMP, choose_alternatives
from dunec.engine.loop.turns import space_costs, vp_to_end
from dunec.engine.rules.resources import MAX_INFLUENCE
from dunec.ir import value
from dunec.ir.ops import Op, walk
from dunec.ir.value import WORTH


def of(e, p, kind: str, options, datum=None):
    """The hints of one decision, or None when the decision has none."""
    fn = _BY_KIND.get(kind)
    return fn(e, p, options, datum) if fn is not None else None


# ---------------------------------------------------------------------- turns
def _turn(e, p, options, datum):
    leader = e.defs[p.leader]
    judged: dict = {}
    any_place = any(a[0] == "place" for a in options)
    out = []
    for a in options:
        k = a[0]
        if k in ("play", "use"):
            out.append(box_now(e, p, a[1], "plot"))
        elif k == "once":
            out.append(leader["values"].get("once", 0.0) - 3.0)
        elif k == "token":  # like a once-per-game ability: kept for a better moment
            out.append(e.content.declared("token")[a[1]].get("worth", 0.0) - 3.0)
        elif k == "place":
            out.append(_place(e, p, a[1], a[2], judged))
        elif k == "reveal":
            # Reveal when nothing else is worth it; with agents left, placing them is better.
            out.append(-1.0 if any_place else 100.0)
        else:
            out.append(0.0)
    return out


def _place(e, p, card: str, space: str, judged: dict) -> float:
    h = judged.get(space)
    if h is None:
        sp = e.defs[space]
        h = judged[space] = space_hint(e, p, sp, space_costs(e, p, sp))
    cm = e.defs[card]
    if p.pieces and rules_pieces.spy_needed(e, p, card, space):  # Infiltrate costs a piece: the least worth
        h -= min((location_worth(e, loc) for _piece, loc in rules_pieces.linked_to(e, p, space)), default=0.0)
    # Playing a card as an agent gives up its reveal box: count that against it.
    return h + (box_now(e, p, card, "agent") - 0.7 * cm["values"].get("reveal", 0.0))


def space_hint(e, p, sp: dict, costs) -> float:
    v = box_now(e, p, sp["id"], "space") - sum(WORTH.get(c[1], 1.0) * c[2] for c in costs if c[0] == "res")
    if sp.get("faction"):
        v += 2.6 if p.influence[sp["faction"]] in (1, 3) else 1.6
    if sp.get("maker"):
        v += 1.4 * e.state.maker_spice.get(sp["id"], 0)
    if sp.get("combat"):
        v += 0.8 * min(2, p.garrison)
    return v


def _plot(e, p, options, datum):
    return [box_now(e, p, a[1], "plot") - 1.0 if a[0] in ("play", "use") else
            e.content.declared("token")[a[1]].get("worth", 0.0) - 3.0 if a[0] == "token" else 0.0 for a in options]


def _buy(e, p, options, datum):
    out = []
    for a in options:
        if a[0] == "buy" and a[1] in e.content.markets():
            out.append(tile_hint(e, p, a[1], a[2], datum))
        elif a[0] == "buy":
            c = a[1]
            out.append(rules_cards.cost_of(e, p, c) + 0.5 + sum(e.defs[c]["values"].values()) * 0.2)
        elif a[0] in ("play", "use"):
            out.append(box_now(e, p, a[1], "plot") - 1.0)
        elif a[0] == "token":
            out.append(e.content.declared("token")[a[1]].get("worth", 0.0) - 3.0)
        else:
            out.append(0.0)
    return out


def tile_hint(e, p, market: str, tile: str, datum) -> float:
    """A tile is worth about its printed cost in the market's currency plus a share
    of what its boxes estimate; buying it costs what is paid in the currency (the
    rebate counter is worth nothing else). `datum`: (discount, currency)."""
    discount, currency = datum or (0, "")
    terms = e.content.declared("market")[market]
    money = currency or terms["currency"]
    cost = e.defs[tile].get("cost", 0)  # a free market's entry (a contract) has none
    price = max(0, cost - discount)
    paid = max(0, price - rules_market.held(p, terms.get("rebate") or ""))
    worth = WORTH.get(terms["currency"], 1.0) * cost + 0.5 + 0.2 * sum(e.defs[tile]["values"].values())
    return worth - WORTH.get(money, 1.0) * paid


# ---------------------------------------------------------------------- purchases as the market stands
def buy_now(e, p, market: str, discount: int = 0, currency: str = "") -> float:
    """A `buy` as the market stands: the best tile the player can afford (its hint
    in the purchase's own decision), nothing when it can afford none (the purchase
    asks nothing then), never less than passing."""
    datum = (discount, currency)
    return max([tile_hint(e, p, market, t, datum) for _, t, _ in
                rules_market.offers(e, p, market, discount, currency or None)] + [0.0])


def _now(e, p):
    """The ops whose value hints.py reads from the state (value.estimate's `now`):
    a purchase as the market stands, a summoned unit as its declaration says, a
    counter the set rates (`limit`, `worth`) as the player holds it, and an `if` on
    such a counter taken the way it goes now (Maker Hooks: a sandworm or spice)."""
    summoned = summoned_worths(e)
    rated = _rated(e)

    def now(op: Op):
        k = op.kind
        if k == "buy":
            return buy_now(e, p, *op.args)
        if k == "gain" and op.args[0] in summoned:
            return summoned_gain(e, p, op.args[0], op.args[1], summoned[op.args[0]])
        if k == "gain" and op.args[0] in rated:
            return counter_worth(p, op.args[0], op.args[1], rated[op.args[0]])
        if k == "clear":
            return clear_worth(e, op.args[0])
        if k == "if" and _rated_test(op, rated):
            _cmp, (counter,), how, n = op.args[0]
            taken = op.body if CMP[how](p.counters.get(counter, 0), n) else (op.alts[0] if op.alts else ())
            return value.estimate(taken, now)
        return None
    return now


def _rated_test(op: Op, rated: dict) -> bool:
    """An `if` whose condition compares one rated counter with a number."""
    c = op.args[0]
    return c[0] == "cmp" and len(c[1]) == 1 and c[1][0] in rated


def _sensitive(content) -> tuple:
    """What makes an op's value depend on the state (`_now`): the summoned kinds,
    the flags that protect, the rated counters."""
    summoned = {k for k, flags in content.unit_flags().items() if rules_summons.SUMMONED in flags}
    protecting = {f for f, d in content.declared("flag").items() if d.get("protects")}
    rated = {c: d for c, d in content.declared("counter").items() if "limit" in d or "worth" in d}
    return summoned, protecting, rated


def _depends_on_now(content, o: Op) -> bool:
    """Whether an op's value hint reads the state: a purchase (as the market stands),
    or what `_sensitive` names."""
    summoned, protecting, rated = _sensitive(content)
    for x in walk((o,)):
        k = x.kind
        if k == "buy" or k == "clear" and x.args[0] in protecting or \
                k == "gain" and (x.args[0] in summoned or x.args[0] in rated) or k == "if" and _rated_test(x, rated):
            return True
    return False


def _rated(e) -> dict:
    """counter -> its declaration, for the counters that declare a `limit` or a `worth`."""
    return {c: d for c, d in e.content.declared("counter").items() if "limit" in d or "worth" in d}


def counter_worth(p, counter: str, n: int, declared: dict) -> float:
    """A gain of N of a counter: its declared worth each (1 by default), and nothing
    beyond its `limit` (the gain is not taken there: rules/holding.py)."""
    limit = declared.get("limit")
    if limit is not None:
        n = max(0, min(n, limit - p.counters.get(counter, 0)))
    return declared.get("worth", 1.0) * n


# Clearing a flag that protects a location (the Shield Wall) lets summoned units into
# that location's Conflicts: this round's, if it is one (a share of a unit's worth),
# and later ones (a little).
CLEAR_LATER, CLEAR_NOW_SHARE = 0.5, 0.5


def clear_worth(e, flag: str) -> float | None:
    """The value hint of `clear FLAG` as the game stands; None (the static hint) for
    a flag that protects nothing. Nothing once it is down."""
    if not e.content.declared("flag").get(flag, {}).get("protects"):
        return None
    if not rules_flags.up(e, flag):
        return 0.0
    if flag not in rules_flags.protecting(e):
        return CLEAR_LATER
    best = max((_summoned_worth(e, k) for k in rules_summons.summoned_kinds(e)), default=0.0)
    return CLEAR_LATER + CLEAR_NOW_SHARE * best


# A summoned unit fights as troops deployed (strength 2 each) do; the first that doubles
# the rewards of its player's Conflict is worth about one reward more (a second
# doubles nothing more).
DOUBLING_WORTH = 2.0


def summoned_gain(e, p, kind: str, n: int, each: float) -> float:
    """N units of a summoned kind for this player (`each`: summoned_worths's): the
    doubling counted once, and not at all when a unit already doubles the player's
    rewards."""
    if n <= 0 or each == 0.0:
        return 0.0
    if rules_summons.flagged(e, kind, rules_summons.DOUBLES):
        return (each - DOUBLING_WORTH) * n + (0.0 if rules_summons.doubles_rewards(e, p) else DOUBLING_WORTH)
    return each * n


def summoned_worths(e) -> dict:
    """kind -> the value hint of one unit of each summoned kind (rules/summons.py):
    its strength in troops deployed, more if it doubles rewards; nothing while the
    Conflict is protected or none is fought (it would not come)."""
    kinds = rules_summons.summoned_kinds(e)
    if not kinds:
        return {}
    if e.state.conflict is None or rules_summons.conflict_protected(e):
        return {k: 0.0 for k in kinds}
    return {k: _summoned_worth(e, k) for k in kinds}


def _summoned_worth(e, kind: str) -> float:
    """One unit of a summoned kind in an open Conflict: its strength in troops
    deployed, more if it doubles rewards."""
    strength = e.content.declared("unit")[kind].get("strength", 0)
    return strength / 2 * WORTH["deployed"] + (DOUBLING_WORTH if rules_summons.flagged(e, kind, rules_summons.DOUBLES)
                                               else 0.0)


_DYNAMIC: dict = {}  # (ident, box) -> (programs, the top-level ops of the box whose value reads the state)


def _dynamic(content, ident: str, box: str) -> tuple:
    """The top-level ops of a box whose value hint reads the state (`_depends_on_now`).
    Such an op asks, or sits in a box that does (a `choose` of a sandworm or spice),
    so it is an op of the box's program on both back-ends, never inside a generated
    stretch (the stretches' values are static)."""
    key = (ident, box)
    hit = _DYNAMIC.get(key)
    if hit is not None and hit[0] is content.programs:
        return hit[1]
    ops = tuple(o for o in content.programs.get(key, ()) if type(o) is Op and _depends_on_now(content, o))
    _DYNAMIC[key] = (content.programs, ops)
    return ops


def box_now(e, p, ident: str, box: str) -> float:
    """A box's value hint as the game stands: its purchases as the market stands (the
    static hint counts a purchase the player cannot make: "a tile for 1 less" with no
    spice), and what else `_now` reads (a sandworm, Maker Hooks, the Shield Wall)."""
    return e.defs[ident]["values"].get(box, 0.0) + _change_now(e, p, ident, box)


def _change_now(e, p, ident: str, box: str) -> float:
    """What valuing the box's state-dependent ops as the game stands changes in its hint."""
    ops = _dynamic(e.content, ident, box)
    if not ops:
        return 0.0
    now = _now(e, p)
    return sum(value.estimate((o,), now) - value.estimate((o,)) for o in ops)


def _combat(e, p, options, datum):
    return [e.defs[a[1]]["values"].get("combat", 0.0) if a[0] == "play" else 0.5 for a in options]


# ---------------------------------------------------------------------- cards
def _trash(e, p, options, datum):
    return [rules_cards.trash_hint(e, a[1]) if a[0] == "trash" else 0.0 for a in options]


def _discard(e, p, options, datum):
    """The cheapest card goes first, unless one pays as it goes (Unload)."""
    return [rules_cards.unload_value(e.defs[a[1]]) - e.defs[a[1]].get("cost", 0) for a in options]


def _acquire(e, p, options, datum):
    return [e.defs[a[1]].get("cost", 0) + 1.0 if a[0] == "acquire" else 0.0 for a in options]


def _cost(e, p, options, datum):
    return [e.defs[a[1]].get("cost", 0) for a in options]


def _top(e, p, options, datum):
    if options[0][0] == "yes":
        return _yes(e, p, options, datum)
    return [1.0, rules_cards.trash_hint(e, options[1][1]) - 8.0]


def _sort_trash(e, p, options, datum):
    return [rules_cards.trash_hint(e, a[1]) for a in options]


def _block(e, p, options, datum):
    return [e.defs[a[1]]["values"].get("space", 0.0) for a in options]


# ---------------------------------------------------------------------- a set's pieces (rules/pieces.py)
def location_worth(e, loc: str) -> float:
    """What a piece on a board location is worth: a little for itself, more for the
    spaces it links (their value hints), which a via icon, Infiltrate and Gather
    Intelligence reach through it."""
    return 1.0 + 0.05 * sum(e.defs[s]["values"].get("space", 0.0) for s in e.defs[loc].get("links", ()) if s in e.defs)


def _place_piece(e, p, options, datum):
    return [location_worth(e, a[2]) for a in options]


def _recall_piece(e, p, options, datum):
    """A piece recalled (a cost, to Infiltrate, to place it again): the least worth first."""
    return [-location_worth(e, a[2]) for a in options]


def _gather(e, p, options, datum):
    """Gather Intelligence: a card drawn for the piece recalled, or keep it (NO)."""
    return [0.0 if len(a) == 1 else WORTH["draw"] - 0.5 * location_worth(e, a[2]) for a in options]


def _flip(e, p, options, datum):
    """A conflict card flipped face down (a cost): a wild card, which may still pair
    with any other at the Endgame, is kept first (rules/battle_icons.py)."""
    sets = rules_battle_icons.tag_sets(e.content)
    return [-2.0 if any(ts["wild"] and ts["wild"] in e.defs[a[1]].get(i, ()) for i, ts in sets.items()) else -1.0
            for a in options]


# ---------------------------------------------------------------------- choices
def _yes(e, p, options, datum):
    return [datum, 0.0]


def _given(e, p, options, datum):
    """Hints the asking effect computed from the card (a `choose`'s options); an
    option holding a purchase is valued as the market stands."""
    if datum is None:
        return None
    out = list(datum)
    summoned = rules_summons.summoned_kinds(e)
    rated = _rated(e)
    alts = choose_alternatives(e, options) if e.state.markets or e.state.market_slots or summoned or rated \
        else None
    for i, alt in (alts or {}).items():
        if any(x.kind in ("buy", "clear") or (x.kind == "gain" and (x.args[0] in summoned or x.args[0] in rated))
               for x in walk(alt)):
            out[i] = value.estimate(alt, _now(e, p))
    return out


def _opponent(e, p, options, datum):
    return [float(e.players[a[1]].vp) for a in options]


def _influence(e, p, options, datum):
    return [2.0 + (1.5 if p.influence[a[1]] in (1, 3) else 0) - 0.1 * i
            - (2.5 if p.influence[a[1]] >= MAX_INFLUENCE else 0) for i, a in enumerate(options)]


def _less_influence(e, p, options, datum):
    return [-float(p.influence[a[1]]) for a in options]


def _alliance(e, p, options, datum):
    return [-e.players[a[2]].vp for a in options]


def _deploy(e, p, options, datum):
    return [float(a[1]) for a in options]


def _retreat(e, p, options, datum):
    return [-float(a[1]) for a in options]


def _place_unit(e, p, options, datum):
    return rules_units.placement_hint(e, p, options)


# The share of a step's reward a freighter left standing is worth: another move must
# come to collect it (less likely in the game's last round).
STANDING, STANDING_LAST_ROUND = 0.6, 0.2


def _move(e, p, options, datum):
    """A freighter move: cashing out is worth every reward up to the step, collected
    now; advancing is worth the option of collecting one more step later. The moves
    still to come in this effect (`datum`) are certain: the best plan over them."""
    if options[0][0] not in ("advance", "cash_out"):
        return None  # an agent moved to another space (turns.py): no hint
    track = options[0][1]
    terms = e.content.declared("track")[track]
    worth = {n: w + _change_now(e, p, track, f"step {n}") for n, w in zip(terms["rewards"], terms["worths"])}
    top, at, left = terms["steps"], p.tracks[track], datum or 0
    last = not e.state.conflict_deck or any(o.vp >= vp_to_end(e.state) - 1 for o in e.players)
    standing = STANDING_LAST_ROUND if last else STANDING

    def collect(step: int) -> float:
        return sum(worth.get(n, 0.0) for n in range(1, step + 1))

    def best(step: int, moves: int) -> float:  # the freighter at `step` with `moves` certain moves
        if moves == 0:
            return standing * collect(step)
        up = best(step + 1, moves - 1) if step < top else float("-inf")
        return max(up, collect(step) + best(0, moves - 1))
    return [best(at + 1, left) if a[0] == "advance" else collect(at) + best(0, left) for a in options]


def _graft(e, p, options, datum):
    """The card grafted to a graft card: its agent box now, less the reveal box it
    gives up (as a placement counts its card: _place)."""
    return [box_now(e, p, a[1], "agent") - (0.7 * e.defs[a[1]]["values"].get("reveal", 0.0) if a[0] == "graft" else 0.0)
            for a in options]  # a card of the Imperium Row (graft_row) costs the hand nothing


# What the cells beyond a choice are worth beside the cell reached now: a later
# research may reach them (fewer moves are left as the game goes on).
BEYOND = 0.5


def _cell(e, p, options, datum):
    """A move on a graph track (`advance`): each cell's reward now, and the best path
    beyond it, discounted."""
    cells = e.content.declared("track")[options[0][1]]["cells"]

    def ahead(c: str, depth: int) -> float:
        m = cells[c]
        if depth == 0 or not m["next"]:
            return m["worth"]
        return m["worth"] + BEYOND * max(ahead(n, depth - 1) for n in m["next"])
    return [ahead(a[2], 3) for a in options]


_BY_KIND = {
    "cell": _cell, "turn": _turn, "graft": _graft, "plot": _plot, "buy": _buy, "combat": _combat,
    "trash": _trash, "discard": _discard, "acquire": _acquire, "retrieve": _cost, "manipulate": _cost,
    "top": _top, "block": _block, "sort_draw": _cost, "sort_trash": _sort_trash,
    "defend": _yes, "pay": _yes, "win": _yes, "lose_troops": _yes, "choose": _given, "opponent": _opponent,
    "influence": _influence, "secret": _less_influence, "lose_influence": _less_influence,
    "alliance": _alliance, "deploy": _deploy, "retreat": _retreat, "place_unit": _place_unit,
    "move": _move, "place_piece": _place_piece, "relocate": _recall_piece, "recall_piece": _recall_piece,
    "infiltrate": _recall_piece, "gather": _gather, "flip": _flip,
}
