"""The House Hagal deck: built for a game mode from the `hagal` definitions
(cards/base/hagal.dune), revealed one card at a time, reshuffled when it runs out
or when the Reshuffle card shows, and read for the space a card sends the rival
to. What the rival then does is in rivals.py."""
from __future__ import annotations

from typing import Optional

from dunec.engine.rivals import tiles as rival_tiles
from dunec.engine.rules import replacements as rules_replacements

MODES = ("solo", "duo")


def cards_for(content, mode: str) -> list[str]:
    """Every House Hagal card of the mode, once per copy, in a stable order (by id).
    A card without `mode` is used in both modes. A card none of whose spaces is
    on this game's board (an overlay covers them: Rise of Ix's Hall of Oratory
    and Rally Troops) is left out. A set's `replace hagal OLD with NEW [N]` puts
    NEW in place of copies of OLD where NEW is used (Immortality's solo Carthag
    cards replace the base ones in the solo deck only); NEW comes in only so
    (rules/replacements.py)."""
    board = {b[0] for b in content.board()}
    used = [m for m in sorted(content.of_kind("hagal"), key=lambda m: m["id"])
            if mode in m.get("mode", MODES) and (not m.get("spaces") or any(s in board for s in m["spaces"]))]
    changes = rules_replacements.of_sets(content, "hagal")
    brought = {new for _, new, _ in changes}
    ids = {m["id"] for m in used}
    rows = [(m["id"], m["copies"]) for m in used if m["id"] not in brought]
    return sorted(rules_replacements.dealt(rules_replacements.replace(rows, changes, ids.__contains__)))


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
    """A rival may go to a space no agent is on (or one an opponent's agent is on,
    with a tile that lets it: rival_tiles.infiltrator) and that is not blocked
    against it, if it meets the space's requirement (Interstellar Shipping's
    Spacing Guild influence). The space's cost does not apply: the card is what counts."""
    st = e.state
    if st.blocked.get(space, p.seat) != p.seat or not meets(e, p, space, space=space):
        return False
    return space not in st.occupied or (st.occupied[space] != p.seat and rival_tiles.infiltrator(e, p) is not None)


def meets(e, p, ident: str, space=None) -> bool:
    """Whether the rival meets a space's or a House Hagal card's `requires`."""
    req = e.content.effect(ident, "requires")
    return req is None or bool(req(e.context(p, card=None if space else ident, space=space)))


def target(e, p, m: dict) -> tuple[Optional[str], str]:
    """(the space the card sends the rival's agent to, or None; why not)."""
    if not meets(e, p, m["id"]):
        return None, "its requirement is not met"
    spaces = list(m.get("spaces", ()))
    if m.get("pick") == "qualified":
        # Only the first space whose requirement it meets is tried (rules 000 FAQ); a
        # card's `first_from_level` holds the first space back before a Conflict of that level.
        if "first_from_level" in m and spaces and level(e) < m["first_from_level"]:
            spaces = spaces[1:]
        spaces = [s for s in spaces if meets(e, p, s, space=s)][:1]
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
    unmet = [s for s in m.get("spaces", ()) if not meets(e, p, s, space=s)]
    if m.get("pick") == "qualified" and not spaces and not unmet:
        return None, "it qualifies for none of its spaces"
    if not spaces or len(unmet) == len(spaces):
        return None, f"it does not meet the requirement of {' and '.join(e.cname(s) for s in unmet)}"
    names = " and ".join(e.cname(s) for s in spaces)
    return None, f"{names} {'is' if len(spaces) == 1 else 'are'} taken"


def level(e) -> int:
    """The level of this round's Conflict card (0 before one is revealed)."""
    st = e.state
    return e.defs[st.conflict].get("level", 0) if st.conflict else 0


def current(e) -> Optional[dict]:
    """The House Hagal card revealed last: the one whose gain (and the decisions it
    brings) is being played on a rival's turn."""
    pile = e.state.hagal_discard
    return e.defs.get(pile[-1]) if pile else None


def preferred(e, options: list) -> Optional[int]:
    """The option naming the first of the current card's `prefers` locations that is
    offered (a piece placed on an observation post); None when it prefers none."""
    m = current(e)
    for loc in (m or {}).get("prefers", ()):
        for i, a in enumerate(options):
            if isinstance(a, tuple) and len(a) >= 3 and a[-1] == loc:
                return i
    return None


def faction_post(e, p, options: list) -> Optional[int]:
    """Where a rival puts a piece when every post offered is a Faction's (its spaces
    give one Faction): the post of the Faction where it has least Influence (ties: the
    first offered), as it takes Influence (Uprising's Espionage card). None otherwise."""
    best = None
    for i, a in enumerate(options):
        loc = a[-1] if isinstance(a, tuple) and a else None
        d = e.defs.get(loc) if isinstance(loc, str) else None
        factions = {e.defs[s].get("faction") for s in (d or {}).get("links", ()) if s in e.defs}
        if d is None or d.get("kind") != "post" or len(factions) != 1 or None in factions:
            return None
        key = (p.influence[factions.pop()], i)
        best = key if best is None or key < best else best
    return None if best is None else best[1]


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
