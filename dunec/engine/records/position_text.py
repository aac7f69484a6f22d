"""A position written in the card language (position.py reads the plain data):
one `given { }` block per seat, in seat order, as a card test writes it, and the
board's names beside them.

    round 4; first_player 1; control arrakeen 0; placed carthag 1 dreadnought
    given { spice 5; influence fremen 4; alliances fremen; hand dagger seek_allies }
    given { solari 3; conflict troops 2 }

Read with the language's own parser, so a syntax error is a diagnostic with the
line, column and caret."""
from __future__ import annotations

from dunec.engine.records.position import PositionError

LISTS = ("hand", "deck", "discard", "intrigue", "alliances", "tiles", "contracts", "contracts_done")
FLAGS = ("swordmaster", "seat_on_council")
WRAP = 'test position "" {'  # the blocks are a test's steps, on the text's own first line


def _at(a) -> str:
    """Where a statement is in the text (its first line shares the wrapper's)."""
    col = a.span.col - (len(WRAP) if a.span.line == 1 else 0)
    return f"position:{a.span.line}:{col}"


def _values(a) -> list:
    return [x.value for x in a.args]


def _one(where: str, a):
    if len(a.args) != 1:
        raise PositionError(f"{_at(a)}: {where} takes one value, e.g. `{a.verb} 2`")
    return a.args[0].value


def _seat(block) -> dict:
    out: dict = {}
    for a in block.body or ():
        v = _values(a)
        if a.verb == "influence" or a.verb == "conflict" and len(v) == 2:
            if len(v) != 2:
                raise PositionError(f"{_at(a)}: `{a.verb} NAME N`, e.g. `influence fremen 2`")
            out.setdefault(a.verb, {})[v[0]] = v[1]
        elif a.verb in LISTS:
            out[a.verb] = v
        elif a.verb in FLAGS and not v:
            out[a.verb] = True
        else:
            out[a.verb] = _one(a.verb, a)
    return out


def read(text: str) -> dict:
    """The plain data of a position written as text; PositionError on a syntax error."""
    from dunec.check.diagnostics import Diagnostics
    from dunec.syntax.parser import parse_source

    d = Diagnostics()
    parsed = parse_source("<position>", WRAP + text + "\n}\n", d)
    if d.errors or parsed is None or len(parsed.definitions) != 1:
        raise PositionError("the position does not parse:\n" + d.render())
    out: dict = {"seats": []}
    for a in parsed.definitions[0].body:
        v = _values(a)
        if a.verb == "given":
            out["seats"].append(_seat(a))
        elif a.verb == "control" and len(v) == 2:
            out.setdefault("control", {})[v[0]] = v[1]
        elif a.verb == "placed" and len(v) == 3:
            out.setdefault("placed", {})[v[0]] = [v[1], v[2]]
        elif a.verb == "markets" and len(v) >= 2:
            out.setdefault("markets", {})[v[0]] = v[1:]
        else:
            out[a.verb] = _one(a.verb, a)
    return out
