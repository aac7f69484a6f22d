"""The IR: resolved, checked effect operations.

An Op is plain immutable data. Every name in it has been resolved against the
tables, so the interpreter and the code generator never see user spelling.

    Op(kind, args, body, alts)
      gain        (resource, n)
      lose        (losable, n)
      influence   (faction | "any" | "space" | "all", n)
      lose_influence (faction | "any", n)
      deploy      (n | -1 for any, "garrison" | "supply")
      retreat     (n | -1 for any,)
      trash       ("this" | "card", zone | "")
      discard     (n,)
      acquire     (max_cost, to_top)
      gain_card   (card_id,)
      steal_intrigue (n,)
      shuffle_discard, recall, mentat, swordmaster, high_council, signet  ()
      control     (location,)
      pay         (costs,) body          costs: tuple of Cost tuples
      choose      (n,) alts              pick n different alternatives
      if          (cond,) body alts=(else_body,)
      foreach     (quantity,) body
      each_opponent () body
      opponent    () body                an opponent of the actor's choice
      retrieve    (faction,)          a card of that faction from discard to hand
      draw_or_trash_top, acquire_to_top, manipulate, infiltrate, pass_turn,
      block_space, double_harvest ()
      harvest     ()                  a maker space's spice and its bonus (House Hagal)
      bonus_spice ()                  a maker space's bonus spice only (House Hagal)
      discount    (card, n)           the card costs n less this turn
      extra_icon  (icon,)             the card played this turn has this icon too
      space_cost  (icon, resource, delta)   rule modifier
      ignore_block (icon,)                  rule modifier
      see_top_card ()                       rule modifier

Conditions are nested tuples:
    ("and", c1, c2, ...) ("or", ...) ("not", c)
    ("cmp", quantity, op, n)      quantity: ("influence", f) ("units",) ...
    ("bond", f) ("alliance", f|"any") ("seat",) ("swordmaster",) ("revealing",)
    ("most_copies", card)
Costs: ("res", name, n) | ("influence", f|"any", n) | ("trash_this",)
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing itself costs ~5 ms of a cold `dunec check`
if TYPE_CHECKING:
    from typing import Any

from dunec.ir.verbs import asks as verbs_asks
from dunec.record import Frozen


class Op(Frozen):
    """kind: str; args: tuple; body: tuple of Op; alts: tuple of tuples of Op."""
    __slots__ = FIELDS = ("kind", "args", "body", "alts")

    def __init__(self, kind: str, args: tuple = (), body: tuple = (), alts: tuple = ()) -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "args", args)
        set_(self, "body", body)
        set_(self, "alts", alts)


Ops = tuple[Op, ...]

MODIFIERS = ("space_cost", "ignore_block", "see_top_card",
             # Rise of Ix's (not read by the engine until it plays the set)
             "win_ties", "acquire_on_top", "track_extra", "unit_strength", "extra_gain", "snoop")


def walk(ops: Ops):
    """Every op, depth first."""
    for op in ops:
        yield op
        yield from walk(op.body)
        for alt in op.alts:
            yield from walk(alt)


def turn_start(plot: Ops) -> bool:
    """A plot box that lets the turn be passed is played "at the start of your turn"
    (Bindu Suspension): not after the agent action, nor with the purchases."""
    return any(o.kind == "pass_turn" for o in walk(plot))


def to_data(x: Any) -> Any:
    """IR to JSON-able data (for `--emit ir` and golden files)."""
    if isinstance(x, Op):
        d: dict = {"op": x.kind}
        if x.args:
            d["args"] = to_data(x.args)
        if x.body:
            d["body"] = to_data(x.body)
        if x.alts:
            d["alts"] = [to_data(a) for a in x.alts]
        return d
    if isinstance(x, tuple):
        return [to_data(i) for i in x]
    return x


_LOSABLE_AS_COST = ("solari", "spice", "water", "garrison", "deployed")


def requirement(alt: Ops):
    """What a player must have to pick this alternative of a `choose`: the costs
    of a leading `pay`, the full amount of a leading loss, the cards of a leading
    discard. None when anyone can pick it. Both back-ends offer the same options."""
    if not alt:
        return None
    op = alt[0]
    if op.kind == "pay":
        return op.args[0]
    if op.kind == "lose" and op.args[0] in _LOSABLE_AS_COST:
        return (("res", op.args[0], op.args[1]),)
    if op.kind == "discard":
        return (("hand", op.args[0]),)
    return None


# Influence targets that are not one faction: the player or the rule picks later.
_NOT_ONE_FACTION = frozenset(("any", "space", "all", "behind", "secret"))


def option_faction(alt: Ops):
    """The faction an alternative of a `choose` is nothing but influence with, or
    None. A House Hagal rival picks such options by its own track positions, so
    both back-ends pass it alongside the option's words."""
    if len(alt) == 1 and alt[0].kind == "influence" and alt[0].args[0] not in _NOT_ONE_FACTION:
        return alt[0].args[0]
    return None


_ASKS: dict = {}  # id(op) -> (op, answer); holding the op keeps its id unique


def op_asks(op: Op) -> bool:
    """verbs.asks for one op, remembered: the engine asks it of every op it runs
    from frames."""
    hit = _ASKS.get(id(op))
    if hit is not None and hit[0] is op:
        return hit[1]
    answer = verbs_asks((op,))
    _ASKS[id(op)] = (op, answer)
    return answer


def asks(ops: Ops) -> bool:
    """Whether running these ops may ask a decision (or run a box that may): the
    verb table's `asks`, through every body and alternative."""
    return any(op_asks(op) for op in ops)


def to_tuples(ops: Ops) -> tuple:
    """Ops as nested plain tuples (kind, args, body, alts): how generated code
    carries a box that runs from frames, as data and never as code."""
    return tuple((op.kind, op.args, to_tuples(op.body), tuple(to_tuples(a) for a in op.alts)) for op in ops)


def from_tuples(data) -> Ops:
    return tuple(Op(k, args, from_tuples(body), tuple(from_tuples(a) for a in alts)) for k, args, body, alts in data)


def segments(ops: Ops) -> list:
    """A box that may ask, split at its top level: ("run", ops) for each stretch of
    ops that ask nothing (straight-line code on the compiled back-end) and
    ("op", op) for each op that may ask (run from frames)."""
    out: list = []
    for op in ops:
        if op_asks(op):
            out.append(("op", op))
        elif out and out[-1][0] == "run":
            out[-1] = ("run", out[-1][1] + (op,))
        else:
            out.append(("run", (op,)))
    return out


def program_of(items) -> tuple:
    """A generated PROGRAMS entry as the engine runs it: compiled runs stay
    functions, ops carried as data become Ops."""
    return tuple(item if callable(item) else from_tuples((item,))[0] for item in items)
