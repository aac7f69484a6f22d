"""Matching a statement's arguments against the accepted forms of its verb.

A form is a string of words: `<slot>` takes a value from a table (or a number),
anything else is a literal word. `""` is the form with no arguments.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from dunec.record import Record
from dunec.syntax.ast import Arg


class SlotError(Record):
    """candidates: the slot's table (a view for ids: copied only when reported)."""
    FIELDS = ("arg", "slot", "candidates")

    def __init__(self, arg: Arg, slot: str, candidates: Sequence[str]) -> None:
        self.arg = arg
        self.slot = slot
        self.candidates = candidates


class Match(Record):
    """values: one per slot, in order."""
    FIELDS = ("form", "values")

    def __init__(self, form: str, values: list) -> None:
        self.form = form
        self.values = values


Resolver = Callable[[str], Sequence[str] | None]  # slot name -> accepted names (None: number)


CMP_WORDS = (">=", "<=", "==", "!=", ">", "<")


def _is_slot(word: str) -> bool:
    return len(word) > 2 and word.startswith("<") and word.endswith(">")


def _words(form: str) -> list[str]:
    return form.split() if form else []


def match(forms: Sequence[str], args: Sequence[Arg], table: Resolver):
    """Return a Match, or (None, SlotError | None) when nothing fits.

    A SlotError is returned when exactly one form has the right shape and only a
    table lookup failed: that is the most useful thing to tell an author.
    """
    shaped: list[tuple[str, list[SlotError], list]] = []
    for form in forms:
        words = _words(form)
        if len(words) != len(args):
            continue
        ok, errs, vals = True, [], []
        for w, a in zip(words, args):
            if w == "<int>":
                if a.kind != "int":
                    ok = False
                    break
                vals.append(a.value)
            elif w == "<cmp>":
                if a.kind != "cmp":
                    ok = False
                    break
                vals.append(a.value)
            elif _is_slot(w):
                if a.kind != "name":
                    ok = False
                    break
                names = table(w[1:-1]) or ()
                if a.value in names:
                    vals.append(a.value)
                else:
                    errs.append(SlotError(a, w[1:-1], names))
                    vals.append(None)
            else:
                if a.kind == "cmp" and a.value == w:
                    continue
                if not (a.kind == "name" and a.value == w):
                    ok = False
                    break
        if ok:
            if not errs:
                return Match(form, vals), None
            shaped.append((form, errs, vals))
    if len(shaped) >= 1:
        # Offer the literal words of other forms as alternatives for the bad slot too.
        form, errs, _ = shaped[0]
        err = errs[0]
        extra = tuple(w for f in forms for w in _words(f) if not _is_slot(w) and w not in CMP_WORDS
                      and len(_words(f)) == len(args) and w != "from" and w != "cost")
        return None, SlotError(err.arg, err.slot, tuple(err.candidates) + extra)
    return None, None


def show_forms(verb: str, forms: Sequence[str]) -> str:
    return "accepted forms: " + "; ".join(f"`{verb} {f}`" if f else f"`{verb}`" for f in forms)
