"""The House Hagal deck: built for a game mode from the `hagal` definitions
(cards/base/hagal.dune), revealed one card at a time, reshuffled when it runs out
or when the Reshuffle card shows, and read for the space a card sends the rival
to. What the rival then does is in rivals.py."""
from __future__ import annotations

from typing import Optional

MODES = ("solo", "duo")


def cards_for(content, mode: str) -> list[str]:
    """Every House Hagal card of the mode, once per copy, in a stable order.
    A card without `mode` is used in both modes."""
    out: list[str] = []
    for m in sorted(content.of_kind("hagal"), key=lambda m: m["id"]):
        if mode in m.get("mode", MODES):
            out.extend([m["id"]] * m["copies"])
    return out


def reveal(e) -> Optional[str]:
    """Turn the top card face up (onto the revealed pile). An empty deck is
    reshuffled first; None when the game has no House Hagal cards at all."""
    st = e.state
    if not st.hagal_deck:
        if not st.hagal_discard:
            return None
        reshuffle(e, "the deck is empty")
    card = st.hagal_deck.pop()
    st.hagal_discard.append(card)
    return card


def reshuffle(e, why: str) -> None:
    """Every House Hagal card (the deck and the revealed ones) shuffled into a new deck."""
    st = e.state
    st.hagal_deck.extend(st.hagal_discard)
    st.hagal_discard = []
    e.rng.shuffle(st.hagal_deck)
    e.log(f"  House Hagal deck reshuffled ({why}): {len(st.hagal_deck)} cards")


def can_visit(e, p, space: str) -> bool:
    """A rival may go to a space no agent is on and that is not blocked against it.
    Costs and requirements of the space do not apply: the card is what counts."""
    st = e.state
    return space not in st.occupied and st.blocked.get(space, p.seat) == p.seat


def target(e, p, m: dict) -> tuple[Optional[str], str]:
    """(the space the card sends the rival's agent to, or None; why not)."""
    spaces = list(m.get("spaces", ()))
    free = [s for s in spaces if can_visit(e, p, s)]
    if m.get("pick") == "most_spice":
        bonus = {s: e.state.maker_spice.get(s, 0) for s in free}
        with_spice = [s for s in free if bonus[s] > 0]
        if not with_spice:
            return None, ("every space is taken" if not free else "no free maker space has bonus spice")
        best = max(bonus[s] for s in with_spice)
        return next(s for s in with_spice if bonus[s] == best), ""
    if free:
        return free[0], ""
    names = " and ".join(e.cname(s) for s in spaces)
    return None, f"{names} {'is' if len(spaces) == 1 else 'are'} taken"


def combat_card(e, who: str) -> Optional[str]:
    """The card a rival draws in the Combat phase: the Reshuffle card reshuffles
    the deck and the rival draws again."""
    for _ in range(len(e.state.hagal_deck) + len(e.state.hagal_discard) + 1):
        card = reveal(e)
        if card is None or not e.defs[card].get("reshuffle"):
            return card
        if not e.quiet:
            e.log(f"  {who} draws {e.cname(card)}")
        reshuffle(e, "the Reshuffle card")
    return None
