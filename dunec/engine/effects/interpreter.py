"""The reference interpreter: walks IR ops against an effect context.

A box that can ask nothing runs straight through (`run`). A box that may ask a
decision or run another box (asks(), from the verb table) is a program run from
frames on the state's stack: the frame names the ops by reference (definition,
box, and the path to a nested body) and the position of the next item, so a game
paused inside an effect is plain data. A program's top level alternates
stretches that ask nothing (generated functions on the compiled back-end,
`box_runner`s here) with the ops that may ask, which both back-ends run here.
"""
from __future__ import annotations

import operator

from dunec.engine.effects.context import Ctx, context_of
from dunec.engine.loop.steps import step
from dunec.ir import describe, value
from dunec.ir.ops import Op, Ops, asks, op_asks as _op_asks, option_faction, requirement  # noqa: F401
from dunec.ir.verbs import CALLS, ROWS
from dunec.engine.rules import costs as rules_costs

CMP = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
       ">": operator.gt, "<": operator.lt}

# ---------------------------------------------------------------------- straight boxes
def run(ops: Ops, ctx) -> None:
    for op in ops:
        HANDLERS[op.kind](op, ctx)


def box_runner(ops: Ops):
    def runner(ctx):
        run(ops, ctx)
    return runner


def cond_runner(cond):
    def runner(ctx):
        return test(cond, ctx)
    return runner


def test(c, ctx) -> bool:
    k = c[0]
    if k == "and":
        return all(test(x, ctx) for x in c[1:])
    if k == "or":
        return any(test(x, ctx) for x in c[1:])
    if k == "not":
        return not test(c[1], ctx)
    if k == "cmp":
        return CMP[c[2]](ctx.quantity(c[1]), c[3])
    return ctx.flag(c)


_WORDS: dict = {}  # (id(op), what) -> (op, words): a card's words and hints never change


def _words(op: Op, what: str, make):
    hit = _WORDS.get((id(op), what))
    if hit is not None and hit[0] is op:
        return hit[1]
    out = make(op)
    _WORDS[(id(op), what)] = (op, out)
    return out


def _labels(op: Op):
    return _words(op, "alts", lambda op: (
        tuple(describe.ops(a) for a in op.alts), tuple(value.estimate(a) for a in op.alts),
        tuple(requirement(a) for a in op.alts), tuple(option_faction(a) for a in op.alts)))


def _gain(op, ctx):
    ctx.gain(op.args[0], op.args[1])


def _if(op, ctx):
    if test(op.args[0], ctx):
        run(op.body, ctx)
    elif op.alts:
        run(op.alts[0], ctx)


def _foreach(op, ctx):
    for _ in range(ctx.quantity(op.args[0])):
        run(op.body, ctx)


def _each_opponent(op, ctx):
    for other in ctx.each_opponent():
        run(op.body, other)


def _call(name):
    def handler(op, ctx):
        getattr(ctx, name)(*op.args)
    return handler


HANDLERS = {"gain": _gain, "if": _if, "foreach": _foreach, "each_opponent": _each_opponent}
for _kind, _method in CALLS.items():  # every other verb: its row's effect-context method
    HANDLERS.setdefault(_kind, _call(_method))


# ---------------------------------------------------------------------- boxes run from frames
def start(e, ident: str, box: str, ctx_data: dict) -> None:
    """Run a box that may ask from frames (the caller is in tail position), for
    the context whose data (Ctx.data) is given."""
    e.push({"do": "ops", "ref": [ident, box], "pc": 0, "ctx": ctx_data})  # push(), inline


def push(e, ref: list, ctx_data: dict, pc: int = 0) -> None:
    e.push({"do": "ops", "ref": ref, "pc": pc, "ctx": ctx_data})


def resolve(content, ref) -> Ops:
    """The ops a frame's reference names: [definition, box, [op index, which]...],
    `which` -1 for the op's body, k for its alternative k."""
    seq = content.programs[(ref[0], ref[1])]
    for i, which in ref[2:]:
        op = seq[i]
        seq = op.body if which < 0 else op.alts[which]
    return seq


@step
def ops(e, f):
    """Run ops from the frame's position; before an op that may ask, leave the
    rest of the sequence on the stack and hand over."""
    ref = f["ref"]
    # A box's own top level (most frames) is looked up here; a nested body by resolve.
    seq = e.content.programs[(ref[0], ref[1])] if len(ref) == 2 else resolve(e.content, ref)
    ctx = context_of(e, f["ctx"])
    pc = f["pc"]
    n = len(seq)
    while pc < n:
        op = seq[pc]
        pc += 1
        if type(op) is not Op:  # a stretch of a program that asks nothing: one call
            op(ctx)
            continue
        if _op_asks(op):
            if op.kind == "if" and "about" not in f:
                # The branch taken runs on in this step, in the frame _if_p would have
                # pushed for it (pushed in turn if the branch stops at an op that asks).
                branch = _branch(op, ctx)
                if branch is None:
                    continue
                if pc < n:
                    f["pc"] = pc
                    e.push(f)
                ref = _body(ref, pc - 1, branch)
                f = {"do": "ops", "ref": ref, "pc": 0, "ctx": ctx.data()}  # push(), not pushed
                seq = op.body if branch < 0 else op.alts[0]
                pc, n = 0, len(seq)
                continue
            if pc < n:
                f["pc"] = pc
                e.push(f)
            outer, e.asking_for = e.asking_for, ref[0]  # a decision it asks is about this box's owner
            try:
                PAUSING.get(op.kind, _paused_call)(e, op, ctx, ref, pc - 1)
            finally:
                e.asking_for = outer
            return
        HANDLERS[op.kind](op, ctx)


def _paused_call(e, op, ctx, ref, i):
    HANDLERS[op.kind](op, ctx)


def _body(ref: list, i: int, which: int = -1) -> list:
    return ref + [[i, which]]


def _pay_p(e, op, ctx, ref, i):
    label, hint = _words(op, "pay", lambda op: (describe.op(op), value.estimate(op.body)))
    rules_costs.offer_pay(e, ctx, op.args[0], label, hint, _body(ref, i))


def _choose_p(e, op, ctx, ref, i):
    labels, hints, costs, factions = _labels(op)
    e.choose_options(ctx, op.args[0], labels, hints, costs, factions,
                     then={"do": "choose_run", "ref": ref, "i": i, "ctx": ctx.data()})


@step
def choose_run(e, f):
    """Run the picked options of a `choose`, in the order picked. Choosing a paid
    option means paying for it: only payable options were offered."""
    op = resolve(e.content, f["ref"])[f["i"]]
    picked = f["picked"]
    if len(picked) == 1 and not asks(op.alts[picked[0]]):
        # One option that asks nothing (no cost either): its frame would be popped next
        # and run straight through, so it runs here.
        run(op.alts[picked[0]], context_of(e, f["ctx"]))
        return
    alt_ref = [f["ref"] + [[f["i"], k]] for k in range(len(op.alts))]
    for k in reversed(picked):
        alt = op.alts[k]
        if alt and alt[0].kind == "pay":
            if len(alt) > 1:
                push(e, alt_ref[k], f["ctx"], pc=1)
            if rules_costs.remembers(alt[0].args[0]):  # the gains read the cards discarded
                e.push({"do": "ops", "ref": alt_ref[k] + [[0, -1]], "pc": 0, "ctx": f["ctx"], "remembers": True})
                e.later("pay_costs", ctx=f["ctx"], costs=alt[0].args[0], remember=True)
                continue
            push(e, alt_ref[k] + [[0, -1]], f["ctx"])
            e.later("pay_costs", ctx=f["ctx"], costs=alt[0].args[0])
        else:
            push(e, alt_ref[k], f["ctx"])


@step
def pay_costs(e, f):
    ctx = context_of(e, f["ctx"])
    ctx.pay_now(f["costs"], f.get("remember", False))


def _branch(op: Op, ctx):
    """Which branch of an `if` runs: -1 its body, 0 its `else`, None neither."""
    if test(op.args[0], ctx):
        return -1
    return 0 if op.alts else None


def _if_p(e, op, ctx, ref, i):
    """An `if` in a frame that carries an `about` of its own: its branch runs from a
    frame of its own, which a decision asked in it reads (Engine.about_now) when the
    game is advanced step by step. Elsewhere `ops` runs the branch in place."""
    branch = _branch(op, ctx)
    if branch is not None:
        push(e, _body(ref, i, branch), ctx.data())


def _foreach_p(e, op, ctx, ref, i):
    data = ctx.data()
    for _ in range(ctx.quantity(op.args[0])):
        push(e, _body(ref, i), data)


def _each_opponent_p(e, op, ctx, ref, i):
    for other in reversed(ctx.each_opponent()):
        push(e, _body(ref, i), other.data())


def _opponent_p(e, op, ctx, ref, i):
    ctx.pick_opponent(_words(op, "body", lambda op: describe.ops(op.body)), "opponent_run", ref[0], ref=_body(ref, i),
                      ctx=ctx.data())


@step
def opponent_run(e, f):
    ctx = context_of(e, f["ctx"])
    push(e, f["ref"], ctx.sub(e.players[f["chosen"][1]]).data())


def _units_for_p(e, op, ctx, ref, i):
    """`retreat_for N { … }`, `return_for KIND N { … }`: units out of the Conflict for the body."""
    label, hint = _words(op, "pay", lambda op: (describe.op(op), value.estimate(op.body)))
    getattr(ctx, op.kind)(*op.args, label, hint, _body(ref, i))


def _may_p(e, op, ctx, ref, i):
    """`may { … }`: the player is asked whether to play the body."""
    label, hint = _words(op, "pay", lambda op: (describe.op(op), value.estimate(op.body)))
    ctx.may(label, hint, _body(ref, i))


PAUSING = {"may": _may_p, "pay": _pay_p, "choose": _choose_p, "if": _if_p, "foreach": _foreach_p,
           "each_opponent": _each_opponent_p, "opponent": _opponent_p,
           "retreat_for": _units_for_p, "return_for": _units_for_p}


def _block_call(method: str):
    """A block verb the engine plays (`set_aside { ... }`): its method gets the
    op's args and a reference to its body, to run it when its rule says."""
    def pause(e, op, ctx, ref, i):
        getattr(ctx, method)(*op.args, _body(ref, i))
    return pause


for _row in ROWS:
    if _row.block and _row.runtime and _row.op not in PAUSING:
        PAUSING[_row.op] = _block_call(_row.runtime)


def choose_alternatives(e, options: list):
    """{option index: the ops of its alternative} of the `choose` being asked (its
    frame is on top of the stack), or None when the decision is not one: what a
    rival's rule and a value hint read of a choice's options."""
    frame = e.state.stack[-1] if e.state.stack else {}
    then = frame.get("then") if frame.get("do") == "choose_pick" else None
    if not then or then.get("do") != "choose_run":
        return None
    op = resolve(e.content, then["ref"])[then["i"]]
    return {i: op.alts[a[2]] for i, a in enumerate(options)}
