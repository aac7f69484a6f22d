"""Replacing cards: `replace KIND OLD with NEW [N]`, a set's or a deck list's
(docs/language.md "Replacing cards"). N copies of OLD (every copy when N is left
out) leave the pile KIND's cards are dealt into, and as many copies of NEW take
their place: the starting deck (setup.starting_cards: the game's sets, then the
Epic game's list) and each mode's House Hagal deck (rivals/deck.py). A card that
replaces comes in only so, and only where it may be dealt (a House Hagal card in
the modes it is used in): elsewhere nothing is replaced.

A pile is a list of rows (card, copies) in the order it is written, before it is
shuffled: a row replaced whole keeps its place (the starting deck lists
Experimentation where it listed Dune, the Desert Planet); copies taken from a row
that keeps some join the end (the Epic game's Control the Spice)."""
from __future__ import annotations

from typing import Callable, Iterable


def of_sets(content, kind: str) -> list[tuple]:
    """The `replace` rows of KIND of the game's sets, in set order: (old, new, n)."""
    return [(old, new, n) for s in content.sets for k, old, new, n in content.vocab[s].get("replaces", ())
            if k == kind]


def holds(rows: Iterable[tuple], changes: Iterable[tuple]) -> bool:
    """Whether the pile holds every copy the replacements take out (counted rows
    added up; an uncounted one takes whatever is there)."""
    have: dict = {}
    for card, n in rows:
        have[card] = have.get(card, 0) + n
    want: dict = {}
    for old, _, n in changes:
        want[old] = want.get(old, 0) + (n or 0)
    return all(have.get(c, 0) >= n for c, n in want.items())


def replace(rows: Iterable[tuple], changes: Iterable[tuple], may: Callable[[str], bool] = lambda card: True) -> list:
    """The pile's rows after the replacements whose new card `may` be dealt into it,
    in their order; a replacement takes what copies there are, up to its count."""
    out = [tuple(r) for r in rows]
    for old, new, n in changes:
        if not may(new):
            continue
        left = n
        for i, (card, k) in enumerate(out):
            if card != old or k == 0 or left == 0:
                continue
            take = k if left is None else min(k, left)
            if take == k:
                out[i] = (new, k)
            else:
                out[i] = (card, k - take)
                out.append((new, take))
            if left is not None:
                left -= take
    return out


def dealt(rows: Iterable[tuple]) -> list[str]:
    """A pile's cards, one per copy, in order."""
    return [c for c, n in rows for _ in range(n)]
