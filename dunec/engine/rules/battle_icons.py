"""Tags that pair for VP (Uprising's battle icons, rules 003 "Battle Icons") and the
objective cards dealt at setup (003 setup step 5). Data only: nothing here names a
set, a tag set or a tag.

A set's tag set (`tags ID "Title" { NAME...; wild NAME; pairs N }`) is a family
of tags a card carries in a field named after the set (`battle crysknife`). The
cards that count are those face up in a player's supply: the objective dealt at
setup (`Player.objectives`) and the conflict cards the player won
(`Player.won`), each an entry [card id, face up]. The winner of a Conflict takes
its card into their supply face up when the card carries a tag (a card with none
goes to the done pile, as in a game without tags); then if another face-up card
there carries one of its tags (the wild tag excepted), the two flip face down and
the player gains the set's `pairs` VP (1 unless the set says). At the Endgame a
face-up card carrying the wild tag matches any face-up card carrying another tag
of its set: as many such pairs as can be made (docs/decisions.md, "Battle icons
and objectives").

Functions of the engine (first argument `e`), and setup's `deal_objectives`."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import resources as rules_resources

VP_SOURCE = "battle icons"  # the VP ledger's source of a matched pair
DEFAULT_PAIRS = 1  # a tag set without `pairs N`: a matched pair scores 1 VP (rules 003)


class ObjectiveError(Exception):
    """Too few objective cards for the game's player count."""


def tag_sets(content) -> dict:
    """tag set id -> {"tags", "wild", "pairs"} of the game's sets, in id order."""
    out = {}
    for ident, d in sorted(content.declared("tags").items()):
        out[ident] = {"tags": tuple(d["tags"]), "wild": d.get("wild", ""), "pairs": d.get("pairs", DEFAULT_PAIRS)}
    return out


def carries(content, card: str) -> bool:
    """The card carries a tag of one of the game's tag sets."""
    m = content.defs[card]
    return any(m.get(ts) for ts in tag_sets(content))


def supply_cards(p: Player) -> list:
    """The entries [card, face up] of the cards in the player's supply: the objective
    first, then the conflicts won, in the order taken."""
    return p.objectives + p.won


# ------------------------------------------------------------------ setup
def deal_objectives(content, players: list, rng) -> int | None:
    """Deal one objective card face up to each seat, in seat order, from the shuffled
    objectives whose `players` lists the player count (none listed: every count);
    the others stay in the box. The seat dealt the one with the First Player marker
    (`first_player`), or None (no objectives, or none dealt carries the marker).
    A game without objective cards draws nothing from the RNG."""
    n = len(players)
    pool = [c for c in content.copies_of("objective") if n in content.defs[c].get("players", (n,))]
    if not pool:
        return None
    if len(pool) < n:
        raise ObjectiveError(f"{n} players need {n} objective cards for {n} players, "
                             f"the cards of {', '.join(content.sets) or 'the game'} have {len(pool)}")
    rng.shuffle(pool)
    first = None
    for p in players:
        card = pool.pop()
        p.objectives.append([card, True])
        if content.defs[card].get("first_player") and first is None:
            first = p.seat
    return first


# ------------------------------------------------------------------ the Conflict won
def take_conflict(e, p: Player, card: str) -> bool:
    """The winner takes the conflict card into their supply face up, if it carries a
    tag, and pairs it (rules 003: never doubled by a sandworm, so no reward box plays
    it). False: the card carries none and goes to the done pile."""
    if not carries(e.content, card):
        return False
    entry = [card, True]
    p.won.append(entry)
    if not e.quiet:
        e.log(f"  {e.pname(p)} takes {e.cname(card)} into their supply")
    for ident, ts in pairing_sets(e.content).items():
        other = partner(e.content, p, card, ident, ts, entry)
        if other is not None:
            _flip(e, p, entry, other, ts["pairs"])
            break  # face down now: it pairs once
    return True


def pairing_sets(content) -> dict:
    """The tag sets whose pairs score (`pairs 0`: the set's tags never pair)."""
    return {ident: ts for ident, ts in tag_sets(content).items() if ts["pairs"]}


def partner(content, p: Player, card: str, ident: str, ts: dict, entry=None):
    """The first face-up card of the player's supply (other than `entry`) that shares
    a tag of the set `ident` with `card`, the wild excepted; or None."""
    mine = [t for t in content.defs[card].get(ident, ()) if t != ts["wild"]]
    if not mine:
        return None
    return next((x for x in supply_cards(p) if x is not entry and x[1]
                 and any(t in mine for t in content.defs[x[0]].get(ident, ()))), None)


def vp_for_winning(content, p: Player, card: str) -> int:
    """The VP a player would gain by pairing `card` if they won it now (0 without a
    face-up partner): for policies weighing a Conflict."""
    for ident, ts in pairing_sets(content).items():
        if partner(content, p, card, ident, ts) is not None:
            return ts["pairs"]
    return 0


def _flip(e, p: Player, a: list, b: list, vp: int) -> None:
    a[1] = b[1] = False
    if not e.quiet:
        e.log(f"  {e.pname(p)} matches {e.cname(a[0])} with {e.cname(b[0])}: both flip face down, {vp} VP")
    if vp:
        rules_resources.add_vp(e, p, VP_SOURCE, vp)


# ------------------------------------------------------------------ the cost: a card flipped
def flippable(content, p: Player, ident: str, tag: str) -> list:
    """The distinct face-up conflict cards the player won that carry `tag` of the tag
    set `ident`, or its wild (`pay flip battle crysknife`: Uprising's Crysknife flips
    "one of your face-up Crysknife or wild Conflict cards"); objectives are no
    conflict cards (docs/decisions.md, "Uprising intrigue constructs")."""
    wild = content.declared("tags").get(ident, {}).get("wild", "")
    marks = {tag, wild} - {""}
    return [c for c, up in p.won if up and marks & set(content.defs[c].get(ident, ()))]


def can_flip(e, p: Player, ident: str, tag: str) -> bool:
    return bool(flippable(e.content, p, ident, tag))


def flip(e, p: Player, ident: str, tag: str) -> None:
    """Pay `flip TAGS TAG`: the player turns one of those cards face down (a decision
    `flip` when there are several); it pairs no more."""
    cards = flippable(e.content, p, ident, tag)
    if cards:
        e.ask(p, "flip", [("flip", c) for c in cards], "card_flipped", seat=p.seat)


@step
def card_flipped(e, f):
    p, card = e.players[f["seat"]], f["chosen"][1]
    entry = next(x for x in p.won if x[0] == card and x[1])
    entry[1] = False
    p.flipped_paid.append(card)  # face down alone: the invariants count it apart from the pairs
    if not e.quiet:
        e.log(f"  {e.pname(p)} flips {e.cname(card)} face down")


# ------------------------------------------------------------------ the Endgame
@step
def wild_pairs(e, f):
    """At the Endgame, before the standings: each player's face-up wild cards match
    face-up cards carrying another tag of their set, as many pairs as can be made."""
    sets = pairing_sets(e.content)
    for p in e.players:
        for ident, ts in sets.items():
            if not ts["wild"]:
                continue
            for a, b in most_pairs(e.content, p, ident, ts["wild"]):
                _flip(e, p, a, b, ts["pairs"])


def most_pairs(content, p: Player, ident: str, wild: str) -> list:
    """A largest set of (wild card, other card) pairs among the player's face-up cards
    of a tag set, in supply order (the same answer every time). A card carrying the
    wild tag is a wild card; the others that carry a tag of the set are what a wild
    may match, any of them: so pairing them in order makes min(wilds, others) pairs,
    the most there are. Wild never matches wild (003: "any one of the three")."""
    up = [x for x in supply_cards(p) if x[1] and content.defs[x[0]].get(ident)]
    wilds = [x for x in up if wild in content.defs[x[0]][ident]]
    others = [x for x in up if wild not in content.defs[x[0]][ident]]
    return list(zip(wilds, others))
