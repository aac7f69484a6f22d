"""Whole-set checks: deck lists add up, House Hagal fields agree, and a whole set
can set up a game."""
from __future__ import annotations

from dunec.check.diagnostics import Diagnostics
from dunec.check.messages import (
    CONTENT_TWICE, CONTENT_UNKNOWN, DECK_REPLACES_ABSENT, DECK_REPLACES_NOT_STARTER, DECK_REPLACES_UNEVEN,
    DECK_SIZE_MISMATCH, DECK_STARTING_REPLACES, HAGAL_DEPLOYS_WITHOUT_COMBAT, HAGAL_LEVEL_WITHOUT_QUALIFIED,
    HAGAL_NAMES_NO_SPACE, HAGAL_PICKS_FROM_NON_MAKER, HAGAL_PREFERS_WITHOUT_PIECE, HAGAL_REPLACED_TWICE,
    HAGAL_REPLACES_UNREQUIRED, HAGAL_SENT_TO_ELSEWHERE, OPEN_ICON_UNUSED,
    SET_CANNOT_START, SPACE_REPLACED_TWICE, SPACE_REPLACES_UNREQUIRED,
)
from dunec.check.diagnostics import did_you_mean, one_of
from dunec.check.model import CARD_KINDS, Model
from dunec.check.tables import starting_deck
from dunec.check.vocab import reaches


def check_decks(model: Model, diags: Diagnostics) -> None:
    for d in model.of_kind("deck"):
        rows = d.fields.get("cards", [])
        got = sum(n for _, n in rows)
        want = d.fields.get("size")
        if want is not None and got != want and d.id not in model.incomplete:
            span = model.spans.get((d.id, "size"), d.span)
            diags.error(DECK_SIZE_MISMATCH, span, what=f"deck `{d.id}`", got=f"{got} card{'s' if got != 1 else ''}",
                        want=want)
    check_replaced(model, diags)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def check_replaced(model: Model, diags: Diagnostics) -> None:
    """A deck list's `replaces` rows: as many cards as it lists, each a card the
    starting deck holds as many times; never in the starting deck itself."""
    start = starting_deck(model.of_kind("deck"))
    held: dict = {}
    for card, n in (start.fields.get("cards", ()) if start is not None else ()):
        held[card] = held.get(card, 0) + n
    for d in model.of_kind("deck"):
        rows = d.fields.get("replaces")
        if not rows or d.id in model.incomplete:
            continue
        span = model.spans.get((d.id, "replaces"), d.span)
        if d is start:
            diags.error(DECK_STARTING_REPLACES, span)
            continue
        replaced, listed = sum(n for _, n in rows), sum(n for _, n in d.fields.get("cards", ()))
        if replaced != listed:
            diags.error(DECK_REPLACES_UNEVEN, span, deck=d.id, replaced=_cards(replaced), listed=_cards(listed))
        want: dict = {}
        for card, n in rows:
            want[card] = want.get(card, 0) + n
        for card, n in want.items():
            kind = model.defs[card].kind if card in model.defs else None
            if kind is None:
                continue  # a bad reference, already reported
            if kind != "starter":
                diags.error(DECK_REPLACES_NOT_STARTER, span, deck=d.id, want=n, card=card, have=0, kind=kind)
            elif start is not None and held.get(card, 0) < n:  # (checked alone: no starting deck at hand)
                diags.error(DECK_REPLACES_ABSENT, span, deck=d.id, want=n, card=card, have=held.get(card, 0))


def check_hagal(model: Model, diags: Diagnostics) -> None:
    """House Hagal cards whose fields only make sense together: a card that picks
    the maker space with the most bonus spice lists maker spaces only, and a card
    that deploys sends its agent to a combat space."""
    for d in model.of_kind("hagal"):
        spaces = [model.defs.get(s) for s in d.fields.get("spaces", ())]
        if any(s is None or s.kind != "space" for s in spaces):
            continue  # a bad reference, already reported
        for key in ("pick", "deploys"):
            if key not in d.fields or (key == "pick" and d.fields["pick"] != "most_spice"):
                continue
            span = model.spans.get((d.id, key), d.span)
            if not spaces:
                diags.error(HAGAL_NAMES_NO_SPACE, span, field=key)
            elif key == "pick":
                bad = [s.id for s in spaces if not s.fields.get("maker")]
                if bad:
                    diags.error(HAGAL_PICKS_FROM_NON_MAKER, span, field=key, space=bad[0])
            elif not any(s.fields.get("combat") for s in spaces):
                diags.error(HAGAL_DEPLOYS_WITHOUT_COMBAT, span, field=key)
        _check_hagal_choices(model, d, diags)


def _ops(ops):
    """Every op of a box, depth first (the IR's walk, without importing the IR)."""
    for op in ops:
        yield op
        yield from _ops(op.body)
        for alt in op.alts:
            yield from _ops(alt)


def _conds(x):
    """Every condition tuple inside an op's args."""
    if isinstance(x, tuple):
        if x and isinstance(x[0], str):
            yield x
        for y in x:
            yield from _conds(y)


def _check_hagal_choices(model: Model, d, diags: Diagnostics) -> None:
    """A card's `first_from_level` within `pick qualified`, its `prefers` with a piece
    placed, its `sent_to` about one of its spaces (E0610-E0612)."""
    spaces = tuple(d.fields.get("spaces", ()))
    if "first_from_level" in d.fields and (d.fields.get("pick") != "qualified" or len(spaces) < 2):
        diags.error(HAGAL_LEVEL_WITHOUT_QUALIFIED, model.spans.get((d.id, "first_from_level"), d.span), id=d.id)
    ops = list(_ops(d.boxes.get("hagal", ())))
    if d.fields.get("prefers") and not any(o.kind == "place_piece" for o in ops):
        diags.error(HAGAL_PREFERS_WITHOUT_PIECE, model.spans.get((d.id, "prefers"), d.span), id=d.id)
    told = set()
    for o in ops:
        for c in _conds(o.args):
            if len(c) == 2 and c[0] == "sent_to" and c[1] not in spaces and c[1] not in told:
                told.add(c[1])
                listed = ", ".join(f"`{s}`" for s in spaces) or "it lists none"
                diags.error(HAGAL_SENT_TO_ELSEWHERE, model.spans.get((d.id, "gain"), d.span), id=d.id,
                            space=c[1], spaces=listed)


def check_replacements(model: Model, diags: Diagnostics) -> None:
    """A space (a House Hagal card) that `replaces` another replaces one of a set
    its own set requires, and none is replaced twice."""
    for kind in ("space", "hagal"):
        by: dict[str, str] = {}
        for d in model.of_kind(kind):
            span = model.spans.get((d.id, "replaces"), d.span)
            for key in d.fields.get("replaces", ()):
                target = model.defs.get(key)
                if target is None or target.kind != kind:
                    continue  # a bad reference, already reported
                if target.set == d.set or target.set not in reaches(model.sets, d.set):
                    needs = sorted(reaches(model.sets, d.set) - {d.set})
                    requires = ", ".join(f"`{n}`" for n in needs) if needs else "no set"
                    if kind == "space":
                        diags.error(SPACE_REPLACES_UNREQUIRED, span, space=d.id, target=key, of=target.set,
                                    set=d.set, requires=requires)
                    else:
                        diags.error(HAGAL_REPLACES_UNREQUIRED, span, card=d.id, target=key, of=target.set,
                                    set=d.set, requires=requires)
                elif key in by:
                    if kind == "space":
                        diags.error(SPACE_REPLACED_TWICE, span, space=d.id, target=key, other=by[key])
                    else:
                        diags.error(HAGAL_REPLACED_TWICE, span, card=d.id, target=key, other=by[key])
                else:
                    by[key] = d.id


CONFLICT_DECK = ((1, 1), (2, 5), (3, 4))  # (level, cards the conflict deck takes)
ROW = 5
LEADERS = 4


def check_playable(model: Model, diags: Diagnostics) -> None:
    """A game built on the starting deck must be able to start: the set that defines
    it, or (a shared set, `core`) each set with a board of its own that requires it
    (the base game, Uprising), but one whose declarations the engine does not play
    yet (refused per construct, E0309)."""
    start = starting_deck(model.of_kind("deck"))
    if start is None:
        return
    boards = sorted({d.set for d in model.of_kind("space")
                     if d.set in model.sets and start.set in reaches(model.sets, d.set)})
    games = [s for s in boards if not model.sets[s].unplayed] if boards else [start.set]
    for game in games:
        _check_game(model, start, reaches(model.sets, game), diags)


def _check_game(model: Model, start, own: frozenset, diags: Diagnostics) -> None:
    """Only the sets a game of this set plays count: another set's leaders (Rise of
    Ix's, in the same build) do not make up for its own."""

    def copies(kind, **match):
        return sum(d.copies for d in model.of_kind(kind)
                   if d.set in own and all(d.fields.get(k) == v for k, v in match.items()))

    needs = []
    for level, take in CONFLICT_DECK:
        have = copies("conflict", level=level)
        if have < take:
            needs.append(f"{take} level {'I' * level} conflict card{'s' if take != 1 else ''} (it has {have})")
    if copies("card") < ROW:
        needs.append(f"{ROW} Imperium cards for the Imperium Row (it has {copies('card')})")
    if copies("leader") < LEADERS:
        needs.append(f"{LEADERS} leaders for a four-player game (it has {copies('leader')})")
    if not [d for d in model.of_kind("space") if d.set in own]:
        needs.append("board spaces (it has none)")
    if needs:
        diags.error(SET_CANNOT_START, model.spans.get((start.id, "size"), start.span),
                    notes=[(f"it needs {need}", None) for need in needs])


def check_open_icons(model: Model, diags: Diagnostics) -> None:
    """A set's declared agent icon is the `icon` of a board space of the set or of a
    set that builds on it; an icon placed through a piece (`via`) goes to the piece's
    locations instead."""
    for sid, decl in sorted(model.sets.items()):
        for ident, d in decl.names.items():
            if d.kind != "icon" or d.via:
                continue
            if not any(x.fields.get("icon") == ident and sid in reaches(model.sets, x.set)
                       for x in model.of_kind("space")):
                diags.error(OPEN_ICON_UNUSED, d.span, icon=ident)


def check_content_changes(model: Model, diags: Diagnostics) -> None:
    """A set's `remove KIND ID` and `replace starter OLD with NEW` name content of the
    set or of a set it requires, of that kind; a starting card is replaced once."""
    like = {k: d.like for s in model.sets.values() for k, d in s.derived.items()}
    by_id: dict = {}
    for d in model.defs.values():
        by_id.setdefault(d.id.split(".")[-1], []).append(d)
    replaced: dict = {}
    for sid, decl in sorted(model.sets.items()):
        if decl.defn.span.file not in model.files:
            continue  # a bundled set known for its names only: its cards are not among those checked
        reach = reaches(model.sets, sid)

        def known(ident, kinds, what, does, span, sid=sid, reach=reach):
            ok = [d for d in by_id.get(ident, ()) if like.get(d.kind, d.kind) in kinds and d.set in reach]
            if not ok:
                near = sorted({d.id for ds in by_id.values() for d in ds
                               if like.get(d.kind, d.kind) in kinds and d.set in reach})
                diags.error(CONTENT_UNKNOWN, span, set=sid, does=f"{does} {what}", what=what, name=ident,
                            help=did_you_mean(ident, near) or one_of(near, near=ident))
            return bool(ok)

        for kind, ident, span in decl.removes:
            known(ident, (kind,), {"card": "Imperium card", "starter": "starting card", "space": "board space",
                                   "reserve": "reserve card"}[kind], "removes", span)
        for old, new, old_span, new_span in decl.replaces:
            if known(old, ("starter",), "starting card", "replaces", old_span) and old in replaced:
                diags.error(CONTENT_TWICE, old_span, what="starting card", name=old, verb="replace",
                            other=replaced[old], notes=[])
            replaced.setdefault(old, sid)
            known(new, CARD_KINDS, "card", "brings in", new_span)
