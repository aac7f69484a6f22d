"""The reference interpreter: walks IR ops against an effect context.

It is deliberately plain (one handler per op kind); the compiled back-end must
agree with it on every game.
"""
from __future__ import annotations

import operator

from dunec.ir import describe, value
from dunec.ir.ops import Op, Ops, option_faction, requirement

CMP = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
       ">": operator.gt, "<": operator.lt}


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


def _labels(op: Op):
    return (tuple(describe.ops(a) for a in op.alts), tuple(value.estimate(a) for a in op.alts),
            tuple(requirement(a) for a in op.alts), tuple(option_faction(a) for a in op.alts))


def _gain(op, ctx):
    ctx.gain(op.args[0], op.args[1])


def _pay(op, ctx):
    if ctx.offer_pay(op.args[0], describe.op(op), value.estimate(op.body)):
        run(op.body, ctx)


def _choose(op, ctx):
    labels, hints, costs, factions = _labels(op)
    for i in ctx.choose(op.args[0], labels, hints, costs, factions):
        alt = op.alts[i]
        if alt and alt[0].kind == "pay":
            # Choosing a paid option means paying for it: only payable options are offered.
            ctx.pay_now(alt[0].args[0])
            run(alt[0].body, ctx)
            run(alt[1:], ctx)
        else:
            run(alt, ctx)


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


def _opponent(op, ctx):
    other = ctx.pick_opponent(describe.ops(op.body))
    if other is not None:
        run(op.body, other)


def _call(name):
    def handler(op, ctx):
        getattr(ctx, name)(*op.args)
    return handler


HANDLERS = {
    "gain": _gain, "pay": _pay, "choose": _choose, "if": _if, "foreach": _foreach,
    "each_opponent": _each_opponent, "opponent": _opponent,
}
for _name in ("lose", "influence", "lose_influence", "deploy", "retreat", "trash", "discard", "acquire",
              "gain_card", "steal_intrigue", "shuffle_discard", "recall", "mentat", "swordmaster",
              "high_council", "control", "signet", "retrieve", "draw_or_trash_top", "discount",
              "acquire_to_top", "manipulate", "extra_icon", "infiltrate", "pass_turn", "block_space",
              "double_harvest", "harvest", "secret_factions", "advance", "cash_out"):
    HANDLERS[_name] = _call(_name)
