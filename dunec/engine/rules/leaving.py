"""A player's card leaving for a discard pile or the trash: the one place every
discard and every trash goes through, whatever moved the card (an effect or a
cost, the player's own or an opponent's, a tile, the top of the deck), so the
triggers fire alike on every path:

- the card's `on discard` / `on trash` box;
- `unload` (Rise of Ix rulebook p. 7): the card's Reveal box as well.

The caller has taken the card out of its zone; this puts it where its kind
goes (an intrigue card to the Intrigue discard, a tile to the trashed tiles, an
Imperium card to the player's discard pile or trash) and runs the triggers in
tail position. Playing a card, and the Recall phase's cleanup of the cards in
play, are not discards (docs/decisions.md, "Unload").

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.check.tables import MARKET_KINDS
from dunec.engine.loop.state import Player


def discarded(e, p: Player, card: str) -> None:
    if e.defs[card]["kind"] == "intrigue":
        e.state.intrigue_discard.append(card)
    else:
        p.discard.append(card)
    _triggers(e, p, card, "discard")


def trashed(e, p: Player, card: str) -> None:
    if e.defs[card]["kind"] in MARKET_KINDS:
        e.state.tiles_trashed.append(card)
        what = "the tile "
    else:
        p.trashed.append(card)
        what = ""
    if not e.quiet:
        e.log(f"  {e.pname(p)} trashes {what}{e.cname(card)}")
    _triggers(e, p, card, "trash")


def _triggers(e, p: Player, card: str, box: str) -> None:
    """The card's own box for the event, then, for an `unload` card, its Reveal box."""
    boxes = [(card, box, p, card, None)] if e.has_box(card, box) else []
    if e.defs[card].get("unload") and e.has_box(card, "reveal"):
        if not e.quiet:
            e.log(f"  {e.cname(card)} unloads: its Reveal box")
        boxes.append((card, "reveal", p, card, None))
    if boxes:
        e.run_boxes(boxes)
