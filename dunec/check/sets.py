"""Whole-set checks: deck lists add up, House Hagal fields agree, and a whole set
can set up a game."""
from __future__ import annotations

from dunec.check.diagnostics import Diagnostics
from dunec.check.messages import (
    CONTENT_TWICE, CONTENT_UNKNOWN, DECK_REPLACE_UNCOUNTED, DECK_REPLACES_NOT_STARTER, DECK_SIZE_MISMATCH,
    HAGAL_DEPLOYS_WITHOUT_COMBAT, HAGAL_LEVEL_WITHOUT_QUALIFIED, HAGAL_NAMES_NO_SPACE, HAGAL_PICKS_FROM_NON_MAKER,
    HAGAL_PREFERS_WITHOUT_PIECE, HAGAL_SENT_TO_ELSEWHERE, LEADER_REMOVES_ABSENT, LEADER_REMOVES_NOT_STARTER,
    MIX_CONTENT_UNKNOWN, MIX_COVER_NOT_BROUGHT, MIX_KIND_NOT_HELD, MIX_LINE_CHANGES_NOTHING, MIX_NOT_A_GUEST,
    OPEN_ICON_UNUSED, REPLACE_IN_STARTING_DECK, REPLACE_MORE_THAN_HELD, REPLACING_CARD_HAS_COPIES, SET_CANNOT_START,
    SPACE_REPLACED_TWICE, SPACE_REPLACES_UNREQUIRED,
)
from dunec.check.diagnostics import did_you_mean, one_of
from dunec.check.model import CARD_KINDS, Model
from dunec.check.tables import starting_deck
from dunec.check.vocab import reaches


def check_decks(model: Model, diags: Diagnostics) -> None:
    """A deck list holds as many cards as its `size`: its `card` rows and the cards
    its `replace` rows bring in."""
    start = starting_deck(model.of_kind("deck"))  # (which replaces nothing: E0433)
    for d in model.of_kind("deck"):
        got = sum(n for _, n in d.fields.get("cards", [])) + \
            (sum(r[3] or 0 for r in d.fields.get("replace", ())) if d is not start else 0)
        want = d.fields.get("size")
        uncounted = any(r[3] is None for r in d.fields.get("replace", ()))  # E0433 says so
        if want is not None and got != want and d.id not in model.incomplete and not uncounted:
            span = model.spans.get((d.id, "size"), d.span)
            diags.error(DECK_SIZE_MISMATCH, span, what=f"deck `{d.id}`", got=f"{got} card{'s' if got != 1 else ''}",
                        want=want)
    check_leader_removals(model, diags)


def check_leader_removals(model: Model, diags: Diagnostics) -> None:
    """A leader's `remove_starter CARD N`: a starting card the starting deck holds N times."""
    start = starting_deck(model.of_kind("deck"))
    held: dict = {}
    for card, n in (start.fields.get("cards", ()) if start is not None else ()):
        held[card] = held.get(card, 0) + n
    for d in model.of_kind("leader"):
        want: dict = {}
        for card, n in d.fields.get("remove_starter", ()):
            want[card] = want.get(card, 0) + n
        span = model.spans.get((d.id, "remove_starter"), d.span)
        for card, n in want.items():
            kind = model.defs[card].kind if card in model.defs else None
            if kind is None:
                continue  # a bad reference, already reported
            if kind != "starter":
                diags.error(LEADER_REMOVES_NOT_STARTER, span, leader=d.id, want=n, card=card, have=0)
            elif start is not None and held.get(card, 0) < n:  # (checked alone: no starting deck at hand)
                diags.error(LEADER_REMOVES_ABSENT, span, leader=d.id, want=n, card=card, have=held.get(card, 0))


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


def check_space_replacements(model: Model, diags: Diagnostics) -> None:
    """A space that `replaces` another (an overlay) replaces one of a set its own set
    requires, and none is replaced twice."""
    by: dict[str, str] = {}
    for d in model.of_kind("space"):
        span = model.spans.get((d.id, "replaces"), d.span)
        for key in d.fields.get("replaces", ()):
            target = model.defs.get(key)
            if target is None or target.kind != "space":
                continue  # a bad reference, already reported
            if target.set == d.set or target.set not in reaches(model.sets, d.set):
                needs = sorted(reaches(model.sets, d.set) - {d.set})
                requires = ", ".join(f"`{n}`" for n in needs) if needs else "no set"
                diags.error(SPACE_REPLACES_UNREQUIRED, span, space=d.id, target=key, of=target.set,
                            set=d.set, requires=requires)
            elif key in by:
                diags.error(SPACE_REPLACED_TWICE, span, space=d.id, target=key, other=by[key])
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


def _content_finder(model: Model, diags: Diagnostics):
    """known(set, who, ident, kinds, what, does, span): whether `ident` names content of
    one of `kinds` of the set or of a set it requires; if not, E0413 says so."""
    like = {k: d.like for s in model.sets.values() for k, d in s.derived.items()}
    by_id: dict = {}
    for d in model.defs.values():
        by_id.setdefault(d.id.split(".")[-1], []).append(d)

    def known(sid, who, ident, kinds, what, does, span) -> list:
        reach = reaches(model.sets, sid)
        ok = [d for d in by_id.get(ident, ()) if like.get(d.kind, d.kind) in kinds and d.set in reach]
        if not ok:
            near = sorted({d.id for ds in by_id.values() for d in ds
                           if like.get(d.kind, d.kind) in kinds and d.set in reach})
            diags.error(CONTENT_UNKNOWN, span, who=who, set=sid, does=f"{does} {what}", what=what, name=ident,
                        help=did_you_mean(ident, near) or one_of(near, near=ident))
        return ok
    return known


def check_content_changes(model: Model, diags: Diagnostics) -> None:
    """A set's `remove KIND ID` names content of the set or of a set it requires, of
    that kind (a `replace`: check_replacements)."""
    known = _content_finder(model, diags)
    for sid, decl in sorted(model.sets.items()):
        if decl.defn.span.file not in model.files:
            continue  # a bundled set known for its names only: its cards are not among those checked
        for kind, ident, span in decl.removes:
            known(sid, f"set `{sid}`", ident, (kind,), {"card": "Imperium card", "starter": "starting card",
                                                        "space": "board space", "reserve": "reserve card"}[kind],
                  "removes", span)


# What a `replace` of each kind names (vocab.REPLACEABLE), and the pile its cards are dealt into;
# the House Hagal modes (a card without `mode` is used in both: engine/rivals/deck.py).
MODES = ("solo", "duo")
REPLACED = {"starter": ("starting card", "starting deck"), "hagal": ("House Hagal card", "House Hagal deck")}


def check_replacements(model: Model, diags: Diagnostics) -> None:
    """Every `replace KIND OLD with NEW [N]`, a set's or a deck list's, on one path: OLD
    a card of KIND and NEW a card (of KIND, for a House Hagal card) of the set or of
    a set it requires; OLD replaced once when every copy goes, else as many copies
    as the pile holds, counting every row; NEW with no copies of its own. A deck list
    is added to the starting deck: it replaces starting cards, counted, and the
    starting deck itself replaces none."""
    known = _content_finder(model, diags)
    start = starting_deck(model.of_kind("deck"))
    held: dict = {}
    for card, n in (start.fields.get("cards", ()) if start is not None else ()):
        held[card] = held.get(card, 0) + n
    rows = []  # (who, set, scope, Replacement): the sets' rows share one scope, a deck list's are its own
    for sid, decl in sorted(model.sets.items()):
        if decl.defn.span.file in model.files:  # (a bundled set known for its names only: not checked)
            rows += [(f"set `{sid}`", sid, "", r) for r in decl.replaces]
    for d in model.of_kind("deck"):
        for i in range(len(d.fields.get("replace", ()))):
            r = model.spans[(d.id, "replace", i)]
            if d is start:
                diags.error(REPLACE_IN_STARTING_DECK, r.span, deck=d.id, what="cards")
            elif r.kind != "starter":
                diags.error(DECK_REPLACES_NOT_STARTER, r.kind_span, deck=d.id, what=f"`{r.kind}` cards",
                            kind=f"`{r.kind}`")
            elif r.n is None:
                diags.error(DECK_REPLACE_UNCOUNTED, r.new_span, deck=d.id, what=f"every copy of `{r.old}`",
                            old=r.old, new=r.new)
            else:
                rows.append((f"deck `{d.id}`", d.set, d.id, r))
    seen: dict = {}
    for who, sid, scope, r in rows:
        what, pile = REPLACED[r.kind]
        old = known(sid, who, r.old, (r.kind,), what, "replaces", r.old_span)
        new = known(sid, who, r.new, CARD_KINDS if r.kind == "starter" else (r.kind,),
                    "card" if r.kind == "starter" else what, "brings in", r.new_span)
        if new and new[0].copies != 1:
            diags.error(REPLACING_CARD_HAS_COPIES, r.new_span, card=r.new, old=r.old, n=new[0].copies, kind=r.kind)
        if not old:
            continue
        # Rows meet in the piles where both new cards are dealt: a House Hagal card's modes.
        modes = set(new[0].fields.get("mode", MODES)) if new and r.kind == "hagal" else set(MODES)
        before = seen.setdefault((scope, r.kind, r.old), [])
        meet = [(w, x, m) for w, x, m in before if m & modes]
        if meet and (r.n is None or any(x.n is None for _, x, _ in meet)):
            diags.error(CONTENT_TWICE, r.old_span, what=what, name=r.old, verb="replace", other=meet[0][0],
                        notes=[("first replaced here", meet[0][1].old_span)])
            continue
        before.append((who, r, modes))
        have = held.get(r.old, 0) if r.kind == "starter" and start is not None else \
            old[0].copies if r.kind == "hagal" else None  # (checked alone, no starting deck at hand)
        want = max(sum(x.n for _, x, m in before if mode in m) for mode in modes) if r.n is not None else 0
        if have is not None and want > have:
            diags.error(REPLACE_MORE_THAN_HELD, r.n_span, want=want, card=r.old, pile=pile, have=have)


def check_mixes(model: Model, diags: Diagnostics) -> None:
    """Each `mix GUEST { }` of a set (the host): GUEST is another game's set; its kinds
    are the guest's; what it takes and removes is the guest's, what it replaces a space
    of the host's game. (What a mix brings that takes the Mentat, on a board without
    one, is refused for a game, E0466: ir/meta.py.)"""
    like = {k: d.like for x in model.sets.values() for k, d in x.derived.items()}
    for sid, decl in sorted(model.sets.items()):
        if not decl.mixes or decl.defn.span.file not in model.files:
            continue
        host = reaches(model.sets, sid)
        for guest, mix in decl.mixes.items():
            g = model.sets.get(guest)
            why, help = None, ""
            if g is None:
                why = "no set of that id is known"
                help = did_you_mean(guest, model.sets) or one_of(sorted(model.sets), near=guest)
            elif guest in host:
                why = f"`{sid}` requires it, so every game of `{sid}` holds it whole"
                help = f"drop `mix {guest}`"
            elif sid in reaches(model.sets, guest):
                why = f"it is built on `{sid}`, so it plays whole in a game of `{sid}`"
                help = f"drop `mix {guest}`"
            if why is not None:
                diags.error(MIX_NOT_A_GUEST, mix.span, host=sid, guest=guest, why=why, help=help)
                continue
            reach = reaches(model.sets, guest)
            held = set(g.kinds)
            if g.defn.span.file not in model.files:
                continue  # a bundled set known for its names only: its content is not among those checked
            for kind, span in mix.kinds:
                if kind not in held:
                    diags.error(MIX_KIND_NOT_HELD, span, guest=guest, kind=kind,
                                help=did_you_mean(kind, sorted(held)) or one_of(sorted(held), near=kind))

            def of(ident, kind, sets):
                return [d for d in model.defs.values() if d.id.split(".")[-1] == ident
                        and like.get(d.kind, d.kind) == like.get(kind, kind) and d.set in sets]

            def unknown(ident, kind, sets, does, span, owner):
                if not of(ident, kind, sets):
                    near = sorted({d.id for d in model.defs.values() if d.set in sets
                                   and like.get(d.kind, d.kind) == like.get(kind, kind)})
                    diags.error(MIX_CONTENT_UNKNOWN, span, guest=guest, does=does, name=ident,
                                what=f"`{kind}`", owner=owner,
                                help=did_you_mean(ident, near) or one_of(near, near=ident))
                    return True
                return False

            brought = {k for k, _ in mix.kinds}

            def whole(kind, ident):  # the definition is the guest's own, of a kind the mix brings
                return any(d.set == guest and (d.kind in brought or like.get(d.kind) in brought)
                           for d in of(ident, kind, {guest}))

            for kind, ident, span in mix.takes + mix.epic_takes:
                if not unknown(ident, kind, reach, f"takes {kind}", span, f"`{guest}` or a set it requires") \
                        and whole(kind, ident) and (kind, ident, span) in mix.takes:
                    diags.error(MIX_LINE_CHANGES_NOTHING, span, guest=guest, verb="takes", kind=kind, name=ident,
                                does="brings", help=f"drop `take {kind} {ident}`: `kinds` brings every {kind}")
            for kind, ident, span in mix.removes:
                if not unknown(ident, kind, reach, f"removes {kind}", span, f"`{guest}` or a set it requires") \
                        and not whole(kind, ident):
                    diags.error(MIX_LINE_CHANGES_NOTHING, span, guest=guest, verb="removes", kind=kind, name=ident,
                                does="leaves out", help=f"drop `remove {kind} {ident}`, or add `{kind}` to `kinds`")
            for old, new, old_span, new_span, kind in mix.stands:
                unknown(old, kind, reach, f"replaces {kind}", old_span, f"`{guest}` or a set it requires")
                unknown(new, kind, host, f"reads {kind}", new_span, f"a game of `{sid}`")
            taken = {i for k, i, _ in mix.takes if like.get(k, k) == "space"}
            for old, new, old_span, new_span in mix.covers:
                unknown(old, "space", host, "replaces space", old_span, f"a game of `{sid}`")
                if not unknown(new, "space", reach, "brings in space", new_span, f"`{guest}` or a set it requires") \
                        and not whole("space", new) and new not in taken:
                    diags.error(MIX_COVER_NOT_BROUGHT, new_span, guest=guest, old=old, new=new)

