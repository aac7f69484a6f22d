"""Graft (Immortality rulebook, "Graft Cards"; rules 000, "Grafting Cards").

- A card marked `graft` is never played alone on an agent turn: the player plays
  it with exactly one other card from the hand (a card without Graft, or a second
  graft card; never a third).
- The agent may use an agent icon of either card. Both cards sent the agent: a
  `cheaper_space` of either lowers the space's cost, either card's `infiltrate`
  or `from_anywhere` applies, and a card set aside to be sent (Ilesa Ecaz) runs
  its body when it is either of them.
- Both agent boxes resolve, with the space's effect, in the order the player
  picks (steps in engine/loop/turns.py).
- On a reveal turn a graft card is an ordinary card: nothing here applies.

State: `Player.grafted` is [the card the placement named, the other card] while
the agent turn that grafted them is under way, [] otherwise: the turn's end
clears it (turns.end_of_turn). The card language reads it in a card's agent box
(the checker refuses it elsewhere, E0431): `grafted`, `grafted_with FACTION...`,
`other_grafted icons`, `trash other_grafted`, `copy_agent_box other_grafted`
(Ghola) and `return_at_reveal other_grafted` (Chairdog: `Player.returning`, the
cards back in the hand when the Reveal turn starts). A card's `grafted_icons`
join a pair's icons (Blank Slate); a `graft_from_row` card may be grafted to a
card of the Imperium Row, not acquired, trashed at the turn's end (Usurp:
`Player.borrowed`).

The decisions keep the action space fixed (docs/ai.md): the turn menu's
("place", card, space) names a graft card and a space the icons of the pair
reach; the next decision, "graft", picks the other card, ("graft", card) from the
hand or ("graft_row", card) from the Row, among those with which the pair
reaches that space (one: answered at once); then
"order" picks what resolves next, SPACE_FIRST or ("graft_first", card), while
more than one of the space and the two agent boxes is left.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.rules import agents as rules_agents, cards as rules_cards


def is_graft(e, card: str) -> bool:
    return card in e.content.graft_cards()


def partners(p: Player, card: str) -> list:
    """The cards of the hand that may be grafted to `card`, each once (a second
    copy of `card` itself too)."""
    rest = list(p.hand)
    if card in rest:
        rest.remove(card)
    return list(dict.fromkeys(rest))


def row_partners(e, card: str) -> list:
    """The Imperium Row's cards a `graft_from_row` card may be grafted to (Usurp),
    each once; none for another card."""
    if not e.defs[card].get("graft_from_row"):
        return []
    return list(dict.fromkeys(e.state.imperium_row))


def pair_info(e, card: str, other: str, p: Player | None = None):
    """The agent menu's row (agent_cards' shape) for `card` played grafted with
    `other`: the icons of both, either's infiltrate and from_anywhere, both cards'
    space discounts, the spaces of those icons; None when neither has an icon. For
    player `p`, a card whose icons do not hold now (its `requires`) adds none."""
    a, b = e.defs[card], e.defs[other]
    icons = frozenset(a.get("grafted_icons", ())) | frozenset(b.get("grafted_icons", ()))
    for c, d in ((card, a), (other, b)):
        if p is None or rules_agents.icons_hold(e, p, c):
            icons |= frozenset(d.get("icons", ()))
    if not icons:
        return None
    content = e.content
    spaces = (content.spaces_by_icons().get(icons) or content.spaces_of(icons))[0]
    return (card, icons, bool(a.get("infiltrate") or b.get("infiltrate")),
            bool(a.get("from_anywhere") or b.get("from_anywhere")),
            tuple(a.get("space_discounts", ())) + tuple(b.get("space_discounts", ())), spaces)


def pair_infos(e, p: Player, anywhere_only: bool) -> list:
    """The agent menu's rows of every graft card of the hand with each card it may
    be grafted to (with no agent left, only the pairs that send one from anywhere)."""
    out = []
    grafts = e.content.graft_cards()
    for card in dict.fromkeys(c for c in p.hand if c in grafts):
        for other in partners(p, card) + row_partners(e, card):
            info = pair_info(e, card, other, p)
            if info is not None and (info[3] or not anywhere_only) and info not in out:
                out.append(info)
    return out


def from_anywhere(e, p: Player, card: str) -> bool:
    """Whether the card (and, grafted, the other card) sends an agent from anywhere."""
    return any(e.defs[c].get("from_anywhere") for c in (p.grafted or (card,)))


def discounts(e, p: Player, card: str) -> tuple:
    """The space discounts (`cheaper_space`) of the card that sent the agent, of
    both cards when grafted."""
    return tuple(d for c in (p.grafted or (card,)) for d in e.defs[c].get("space_discounts", ()))


def graft(e, p: Player, card: str, other: str, from_row: bool = False) -> None:
    """`other` leaves the hand with `card` (or, `from_row`, the Imperium Row, which
    is refilled at once): the two are grafted for this agent turn
    (turns.agent_turn puts both in play, `card` first)."""
    if from_row:
        st = e.state
        st.imperium_row.remove(other)
        if st.imperium_deck:
            st.imperium_row.append(st.imperium_deck.pop())
        p.borrowed.append(other)
    else:
        p.hand.remove(other)
    p.grafted = [card, other]


def borrowed_leave(e, p: Player) -> None:
    """At the end of the turn a Row card grafted without being acquired (Usurp)
    is trashed: it leaves the game (the Imperium trash), as nobody owns it."""
    for c in p.borrowed:
        if c in p.played:
            p.played.remove(c)
            e.state.imperium_trash.append(c)
            if not e.quiet:
                e.log(f"  {e.cname(c)}, grafted from the Imperium Row, is trashed")
    p.borrowed = []


# ------------------------------------------------------------------ what a card's agent box reads
def other_of(p: Player, card):
    """The card grafted to `card` on this agent turn, or None (not grafted)."""
    g = p.grafted
    if not g or card not in g:
        return None
    return g[1] if g[0] == card else g[0]


def other(ctx):
    """The card grafted to the card whose box runs, or None."""
    return other_of(ctx.player, ctx.card)


def grafted(e, ctx) -> bool:
    """`grafted`: the card whose box runs was played grafted on this agent turn."""
    return other(ctx) is not None


def grafted_with(e, ctx, factions) -> bool:
    """`grafted_with FACTION...`: the other grafted card has one of these factions."""
    o = other(ctx)
    return o is not None and any(f in e.defs[o].get("factions", ()) for f in factions)


def other_icons(e, ctx) -> int:
    """`other_grafted icons`: the agent icons on the other grafted card (0 when not grafted)."""
    o = other(ctx)
    return len(e.defs[o].get("icons", ())) if o is not None else 0


def other_in_play(p: Player, card) -> bool:
    """Whether the card grafted to `card` is still in play (`pay trash other_grafted`)."""
    o = other_of(p, card)
    return o is not None and o in p.played


def trash_other(e, p: Player, card) -> None:
    """`trash other_grafted`: the card grafted to `card`, if still in play, is
    trashed (its triggers run: rules_leaving)."""
    if other_in_play(p, card):
        rules_cards.trash(e, e.context(p, card=other_of(p, card)), "this", "")


def copy_agent_box(e, ctx) -> None:
    """`copy_agent_box other_grafted` (Ghola): the other grafted card's agent box
    runs as this card's (its `this` is this card). A box that itself copies is
    not copied: two such cards grafted to each other do nothing more."""
    o = other(ctx)
    if o is None or e.defs[o].get("copies_agent_box") or not e.has_box(o, "agent"):
        return
    e.run_box(o, "agent", e.context(ctx.player, card=ctx.card, space=ctx.space, box="agent"))


def return_at_reveal(e, ctx) -> None:
    """`return_at_reveal other_grafted` (Chairdog): the other grafted card returns
    from play to the hand at the start of the player's Reveal turn (revealed_start)."""
    o = other(ctx)
    if o is not None:
        ctx.player.returning.append(o)


def reveal_starts(e, p: Player) -> None:
    """The cards to return at the start of the Reveal turn, still in play, go back
    to the hand (before it is revealed)."""
    for c in p.returning:
        if c in p.played:
            p.played.remove(c)
            p.hand.append(c)
            if not e.quiet:
                e.log(f"  {e.cname(c)} returns to {e.pname(p)}'s hand")
    p.returning = []
