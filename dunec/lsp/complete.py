"""What may be typed at the cursor, read from the text before it.

A heuristic, not a parse (the text being typed rarely parses): the brace depth
says where the cursor is (between definitions, in a definition's fields, inside an
effect box), and in a box the words of the statement so far pick the argument
slot of the verb's forms, so the names offered are those the checker accepts there.
"""
from __future__ import annotations

import re
from typing import Iterable

from dunec.check.model import CARD_KINDS
from dunec.check.schema import SCHEMAS
from dunec.check.vocab import REPLACEABLE, SET_FIELDS, declaration_fields

# Statements of the grammar that are not effect verbs.
KEYWORDS = ("if", "requires", "for each", "each", "choose", "pay")
_COMMENT = re.compile(r"#[^\n]*")
_STRING = re.compile(r'"[^"\n]*"')
_HEADER = re.compile(r"^([a-z_]+)\s+[A-Za-z_][\w.]*", re.M)


def _opened_by(before: str) -> str:
    """The first word of the statement whose `{` the cursor is inside (`counter` in
    `counter maker_hooks "Maker Hooks" { `)."""
    code = _STRING.sub('""', _COMMENT.sub("", before))
    depth = 0
    for i in range(len(code) - 1, -1, -1):
        if code[i] == "}":
            depth += 1
        elif code[i] == "{":
            if depth == 0:
                stmt = re.split(r"[;{}\n]", code[:i])[-1].split()
                return stmt[0] if stmt else ""
            depth -= 1
    return ""


def context(before: str) -> tuple[int, str, list[str], str]:
    """(brace depth, kind of the enclosing definition, words of the statement so far,
    the word being typed) for the text before the cursor."""
    code = _STRING.sub('""', _COMMENT.sub("", before))
    depth = max(0, code.count("{") - code.count("}"))
    header = [m.group(1) for m in _HEADER.finditer(code)]
    kind = header[-1] if header else ""
    stmt = re.split(r"[;{}\n]", code)[-1]
    words = stmt.split()
    typing = "" if not words or stmt[-1:].isspace() else words.pop()
    return depth, kind, words, typing


def candidates(before: str, vocab, defs: dict) -> list[tuple[str, str]]:
    """(label, what it is) of each name valid at the cursor."""
    depth, kind, words, typing = context(before)
    if depth == 0:
        return [(k, "definition kind") for k in ("set", *SCHEMAS)] if not words else []
    if kind == "set" and not words:  # a set's declarations, and the fields of the one the cursor is in
        if depth == 1:
            return [(f, "declaration") for f in SET_FIELDS]
        fields = declaration_fields().get(_opened_by(before))
        if fields is not None:
            return [(f, "field") for f in fields]
        # else an effect box of a declaration (`when_empty { }`, a track's step): verbs, below
    if depth == 1:
        if not words:
            return [(f, "field") for f in SCHEMAS.get(kind, {})]
        if words[0] == "replace" and kind in ("set", "deck"):
            return sorted(set(_replace_names(words[1:], defs)))
        # a field of names (`icons`, `factions`, a set's tag field): the table it draws from
        spec = SCHEMAS.get(kind, {}).get(words[0])
        table = getattr(spec, "table", "") if spec is not None else ""
        return [(n, table) for n in sorted(vocab.tables.get(table, ()))] if table else []
    if not words:
        return [(v, "effect") for v in sorted(vocab.verbs)] + [(k, "keyword") for k in KEYWORDS]
    if words[0] in ("if", "requires") or words[-1] in ("and", "or", "not"):
        return [(c, "condition") for c in sorted(vocab.conditions)] if len(words) == 1 or \
            words[-1] in ("and", "or", "not") else []
    verb = vocab.verbs.get(words[0])
    if verb is None:
        return []
    return sorted(set(_slot_names(verb.forms, len(words) - 1, vocab, defs)))


def _replace_names(args: list, defs: dict) -> Iterable[tuple[str, str]]:
    """The names of `replace KIND OLD with NEW [N]` (a set's or a deck list's) at
    argument len(args): a kind, a card of it, `with`, the card that takes its place."""
    kind = args[0] if args else ""
    if not args:
        yield from ((k, "kind") for k in REPLACEABLE)
    elif len(args) == 2:
        yield "with", "word"
    elif len(args) in (1, 3) and kind in REPLACEABLE:
        kinds = (kind,) if len(args) == 1 or kind != "starter" else CARD_KINDS
        yield from ((i, d.kind) for i, d in defs.items() if d.kind in kinds and "." not in i)


def _slot_names(forms: Iterable[str], k: int, vocab, defs: dict) -> Iterable[tuple[str, str]]:
    """The names that fill argument `k` of any of the forms."""
    for form in forms:
        slots = form.split()
        if k >= len(slots):
            continue
        slot = slots[k]
        if not slot.startswith("<"):
            yield slot, "word"
        elif slot in ("<card>", "<reserve>"):
            kinds = ("reserve",) if slot == "<reserve>" else CARD_KINDS
            yield from ((i, d.kind) for i, d in defs.items() if d.kind in kinds and "." not in i)
        elif slot != "<int>":
            yield from ((n, slot[1:-1]) for n in vocab.tables.get(slot[1:-1], ()))

