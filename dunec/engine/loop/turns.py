"""Round start, player turns (agent and reveal), makers, recall and endgame."""
from __future__ import annotations

from dunec.engine.rivals import play as rivals
from dunec.engine.rules import (
    agents as rules_agents,
    aside as rules_aside,
    cards as rules_cards,
    costs as rules_costs,
    deploy as rules_deploy,
    graft as rules_graft,
    holding as rules_holding,
    market as rules_market,
    own_turn,
    pieces as rules_pieces,
    resources as rules_resources,
    tiles as rules_tiles,
    tokens as rules_tokens,
    contracts as rules_contracts,
    units as rules_units,
    watchers as rules_watchers,
)
from dunec.engine.players import seats
from dunec.engine.loop.actions import ASIDE, CARD_FIRST, END_TURN, GRAFT, GRAFT_FIRST, GRAFT_ROW, PASS_TURN, REVEAL, \
    SPACE_FIRST, STOP_BUYING
from dunec.engine.effects.context import Ctx
from dunec.engine.views.narration import log_changes, seen, tally
from dunec.engine.loop.setup import HAND_SIZE
from dunec.engine.loop.state import EPIC_VP_TO_END, VP_TO_END, Player, vp_to_end  # noqa: F401 (the end's home)
from dunec.ir.meta import modified_costs
from dunec.engine.loop.steps import step



# ---------------------------------------------------------------------- round start
def round_start(e) -> None:
    st = e.state
    st.conflict = st.conflict_deck.pop()
    if not e.quiet:
        e.log(f"== Round {st.round}: conflict {e.cname(st.conflict)}; "
              f"first player {e.pname(e.players[st.first_player])}")
    rivals.round_start(e)
    for p in e.order():
        rules_cards.draw(e, p, HAND_SIZE)
    for p in reversed(e.order()):  # after the hands are drawn (Ilesa Ecaz sets a card aside)
        if e.has_box(p.leader, "round_start"):
            e.later("leader_trigger", seat=p.seat, box="round_start")
    if st.markets:
        rules_tiles.round_start(e)
    loc = e.defs[st.conflict].get("controls")
    seat = rules_units.controller(e, loc) if loc is not None else None
    if seat is not None:
        p = e.players[seat]
        if p.supply > 0 or (p.counters and rules_holding.available(e, p, "troops") > 0):
            e.yes_no(p, "defend", f"deploy 1 troop to defend {rules_units.location_title(e, loc)}", 2.0, "defended", loc, seat=p.seat, loc=loc)


@step
def defended(e, f):
    if f["answer"] == 0:
        p = e.players[f["seat"]]
        rules_holding.make_room(e, p, "troops", 1)
        p.supply -= 1
        p.conflict += 1
        if not e.quiet:
            e.log(f"  {e.pname(p)} deploys 1 troop to defend {rules_units.location_title(e, f['loc'])}")
        rules_resources.deployed(e, p, 1)


# ---------------------------------------------------------------------- player turns
@step
def player_turns(e, f):
    """Turns in order, skipping whoever has revealed (or, a rival, is done), until
    everyone has; after each turn, solo rivals trade what they gained."""
    if f["order"] is None:
        f["order"] = [p.seat for p in e.order()]
    order = f["order"]
    i = f["i"]
    players = e.players
    last = f.get("last")
    # Another turn right after this one (Weirding Way); the flag read first: most turns give none.
    if last is not None and players[last].extra_turn and own_turn.next_is_extra(e, last):
        e.state.stack.append(f)  # `last` stays: a Weirding Way in the extra turn gives another
        p = players[last]
        e.yes_no(p, "extra_turn", "take another turn now", 2.0, "extra_turn_taken", seat=last)
        return
    n = len(order)
    while True:
        if i == 0:  # a new pass over the order: over once everyone has revealed
            for s in order:
                if not players[s].revealed_turn:
                    break
            else:
                return
        p = players[order[i]]
        i = (i + 1) % n
        if not p.revealed_turn:
            break
    f["i"] = i
    f["last"] = p.seat
    e.state.stack.append(f)
    if e.state.mode == "solo":  # the only mode whose rivals act after anyone's turn
        e.later("rivals_after_turn")
    if p.rival:
        rivals.take_turn(e, p)
    else:
        take_turn(e, p)


@step
def extra_turn_taken(e, f):
    if f["answer"] == 0:
        if e.state.mode == "solo":
            e.later("rivals_after_turn")
        take_turn(e, e.players[f["seat"]])


@step
def rivals_after_turn(e, f):
    rivals.after_turn(e)


def take_turn(e, p: Player) -> None:
    """One turn: any number of plot intrigues (and a once-per-game ability), then
    an agent action, the reveal, or a pass when a card allows it."""
    # Troops a plot recruits before the agent action are "recruited during your current
    # turn" (rules 000): the counts cover the whole turn, plots included.
    p.recruited = 0
    rules_units.new_turn_deployments(p)
    p.recruited_units = {}
    if p.pieces:
        rules_pieces.new_turn(p)
    own_turn.turn_begins(e, p)
    turn_menu(e, p)


def turn_menu(e, p: Player) -> None:
    # One list, extended in place: this menu is built before nearly every decision.
    options = intrigue_options(e, p, "plot", []) if p.intrigue else []
    if p.tiles:
        options += tile_options(e, p)
    if not p.once_used and "once" in e.defs[p.leader]["boxes"]:
        options.append(("once", p.leader))
    if p.tokens:
        options += rules_tokens.options(e, p)
    agent_options(e, p, options)
    if p.may_pass:
        options.append(PASS_TURN)
    options.append(REVEAL)
    e.ask(p, "turn", options, "turn_chosen", seat=p.seat)


@step
def turn_menu_again(e, f):
    turn_menu(e, e.players[f["seat"]])


@step
def turn_chosen(e, f):
    p = e.players[f["seat"]]
    a = f["chosen"]
    k = a[0]
    if k == "place":  # the agent turn first: the most chosen
        e.push({"do": "more_plots", "seat": p.seat})  # which ends the turn
        agent_turn(e, p, a[1], a[2])
        return
    if k == "play":
        e.later("turn_menu_again", seat=p.seat)
        play_intrigue(e, p, a[1], "plot")
        return
    if k == "use":
        e.later("turn_menu_again", seat=p.seat)
        rules_tiles.use(e, p, a[1])
        return
    if k == "once":
        p.once_used = True
        if not e.quiet:
            e.log(f"  {e.pname(p)} uses {e.defs[p.leader]['name']}'s once-per-game ability")
        e.later("turn_menu_again", seat=p.seat)
        rules_agents.leader_trigger(e, p, "once")
        return
    if k == "token":
        e.later("turn_menu_again", seat=p.seat)
        rules_tokens.spend(e, p, a[1])
        return
    e.push({"do": "turn_ended", "seat": p.seat})
    if k == "pass_turn":
        if not e.quiet:
            e.log(f"  {e.pname(p)} passes")
    else:
        reveal_turn(e, p)


@step
def turn_ended(e, f):
    p = e.players[f["seat"]]
    before = f.get("before")
    if before is not None:  # what the turn's last rewards changed (a contract's: agent_turn_over)
        log_changes(e, p, before)
    turn_over(e, p)


def turn_over(e, p: Player) -> None:
    own_turn.turn_ends(e, p)
    if p.borrowed:  # Graft: a Row card grafted without acquiring it is trashed (Usurp)
        rules_graft.borrowed_leave(e, p)
    end_of_turn(p)


def end_of_turn(p: Player) -> None:
    """What lasts "this turn" ends here."""
    p.recruited = 0
    rules_units.new_turn_deployments(p)
    p.recruited_units = {}
    p.extra_icons = []
    p.infiltrate = False
    p.no_deploy = False
    p.may_pass = False
    p.discounts = {}
    p.grafted = []
    if p.pieces:
        rules_pieces.new_turn(p)


@step
def more_plots(e, f):
    """Plot intrigue may be played at any point of your own turn: after the agent
    action as well as before it (except a card played "at the start of your turn")."""
    p = e.players[f["seat"]]
    harvest = {"harvest": f.get("harvest")} if f.get("harvest") else {}  # contracts judged as the turn ends
    if "chosen" in f:
        a = f["chosen"]
        if a[0] not in ("play", "use", "token"):
            agent_turn_over(e, p, f)
            return
        e.push({"do": "more_plots", "seat": p.seat, **harvest})
        if a[0] == "token":
            rules_tokens.spend(e, p, a[1])
        elif a[0] == "use":
            rules_tiles.use(e, p, a[1])
        else:
            play_intrigue(e, p, a[1], "plot")
        return
    plots = intrigue_options(e, p, "plot", [], later=True) if p.intrigue else []
    if p.tiles:
        plots += tile_options(e, p)
    if p.tokens:
        plots += rules_tokens.options(e, p)
    if plots:
        plots.append(END_TURN)
        e.ask(p, "plot", plots, "more_plots", seat=p.seat, **harvest)
    else:
        agent_turn_over(e, p, f)


def agent_turn_over(e, p: Player, f) -> None:
    """An agent turn ends: the harvest contracts its agent's maker space made due
    complete if the turn's spice reaches them (rules/contracts.py), then the turn is over."""
    if f.get("harvest"):
        e.later("turn_ended", seat=p.seat, before=None if e.quiet else tally(p))
        rules_contracts.harvested(e, p, f["harvest"])
        return
    turn_over(e, p)


def tile_options(e, p: Player) -> list:
    """("use", tile) for each owned tile whose `use` the player may play now: not
    flipped this round, its cost payable (rivals use tiles by their own rules)."""
    if not p.tiles or not seats.uses_abilities(p):
        return []
    out = []
    for t in dict.fromkeys(p.tiles):
        m = e.defs[t]
        if "plot" not in m["boxes"] or t in p.flipped:
            continue
        forced = m["forced"].get("plot")
        if forced is not None and not rules_costs.can_pay(e, p, forced, t):
            continue
        out.append(("use", t))
    return out


def intrigue_options(e, p: Player, box: str, out: list, later: bool = False) -> list:
    """("play", card) for each intrigue card in hand (each once) whose `box` (a
    "plot" or "combat") the player may play now, appended to `out`, which is
    returned: its forced cost payable, its requirement met and, `later` in the
    turn than its start, not one played "at the start of your turn"."""
    if not seats.uses_abilities(p):
        return out  # rivals never play intrigue cards
    plays = e.content.intrigue_plays(box)
    taken = []
    for c in p.intrigue:
        play = plays.get(c)
        if play is None or c in taken:  # each card once
            continue
        forced, req, at_start = play
        if later and at_start:
            continue
        if forced is not None and not rules_costs.can_pay(e, p, forced):
            continue
        if req is not None and not req(Ctx(e, p, c, None, box)):
            continue
        taken.append(c)
        out.append(("play", c))
    return out


def play_intrigue(e, p: Player, card: str, box: str) -> None:
    p.intrigue.remove(card)
    e.state.intrigue_discard.append(card)
    if box == "combat":  # read by the condition opponent_combat_intrigue
        e.state.combat_intrigue.append(p.seat)
    if not e.quiet:
        e.log(f"  {e.pname(p)} plays intrigue {e.cname(card)}")
        e.push({"do": "intrigue_done", "seat": p.seat, "before": tally(p), "seen": seen(e.state)})
    e.run_box(card, box, Ctx(e, p, card, None, box, p, True))


@step
def intrigue_done(e, f):
    """Say what the card did, or that it did nothing (its condition unmet, its
    target missing), so a played card never passes in silence."""
    p = e.players[f["seat"]]
    if not log_changes(e, p, f["before"]) and seen(e.state) == f["seen"]:
        e.log("    -> no effect")


def space_costs(e, p: Player, sp: dict) -> tuple:
    costs = rivals.space_costs(e, sp) if e.state.cost_overrides else sp.get("cost", ())
    mods = e.defs[p.leader].get("modifiers", ())
    return modified_costs(costs, sp["icon"], mods) if mods and costs else costs


def blocked(e, p: Player, sp: dict, infiltrating: bool = False) -> bool:
    st = e.state
    if st.blocked.get(sp["id"], p.seat) != p.seat:
        return True  # blocked for this player's opponents (The Voice)
    seat = st.occupied.get(sp["id"])
    if seat is None:
        return False
    if seat == p.seat or [sp["id"], p.seat] in st.infiltrators:
        return True
    if infiltrating or p.infiltrate:
        return False
    mods = e.defs[p.leader].get("modifiers", ())
    return not any(m[0] == "ignore_block" and m[1] == sp["icon"] for m in mods)


def agent_options(e, p: Player, out: list | None = None) -> list:
    """("place", card, space) for every legal agent placement, card by card in hand
    order, spaces in board order (their value hints are hints.py's), appended to
    `out` when given (the turn menu's list)."""
    if out is None:
        out = []
    menu = e.content.agent_menu(p.leader)  # every table the menu reads (placements too)
    info_of, grafts, requiring, card_bits = menu[0], menu[7], menu[8], menu[12]  # each card's agent icons and spaces
    # With no agent left, only a card that sends an agent "from anywhere" moves one already placed.
    anywhere_only = p.agents_left <= 0
    cards = []
    want = 0  # the spaces of the hand's icons, as a number (Content.space_bits)
    plain = True  # no graft card in the hand (rules/graft.py), no card with a space discount (cheaper_places)
    for card in p.hand:
        if grafts and card in grafts:  # never played alone: with each other card, below
            plain = False
            continue
        info = info_of[card]
        if info is not None and (info[3] or not anywhere_only) and info not in cards and \
                (card not in requiring or rules_agents.icons_hold(e, p, card)):  # each card once
            cards.append(info)
            want |= card_bits[card]
            if info[4]:
                plain = False
    if plain and placements_by_bits(e, p, menu, cards, want, out):
        return out
    wanted = set()  # the hand's icons
    for info in cards:
        wanted |= info[1]
    if grafts and any(c in grafts for c in p.hand):
        start = len(out)
        infos = rules_graft.pair_infos(e, p, anywhere_only)
        for info in infos:
            wanted |= info[1]
        placements(e, p, cards + infos, wanted, out)
        out[start:] = dict.fromkeys(out[start:])  # a graft card's space reached with several partners: once
        return out
    return placements(e, p, cards, wanted, out, menu)


def placements_by_bits(e, p: Player, menu: tuple, cards: list, want: int, out: list) -> bool:
    """placements() of a plain menu (`cards` without space discounts, `want` the
    spaces of their icons), its sets of spaces as numbers (a bit per board space:
    Content.space_bits), each card's options for the spaces open to it made once
    per content (Content.place_options): True when done, the options appended to
    `out`; False, nothing appended, when the general rule must judge (a rival
    rule's costs, icons given for the turn, a card ignoring a requirement that the
    player fails). Spaces no card reaches may be judged open here: no card's own
    spaces include them."""
    st = e.state
    if st.cost_overrides or p.extra_icons:
        return False
    _info, ignore, paid, solari_at, spice_at, water_at, _by_icons, _grafts, _requiring, ignoring, influence_req, \
        bit_of, card_bits, options_of = menu
    if not cards or (p.agents_left <= 0 and not rules_agents.agents_of(e, p.seat)):
        return True
    _by_icon, checked, free = paid_by(p, paid, solari_at, spice_at, water_at)
    probe = None
    for sid, _icon, req, costs, bit in checked:  # as placements judges them
        if not bit & want:
            continue
        if req is not None:
            if probe is None:
                probe = space_probe(e, p)
            probe.space = sid
            if not req(probe):
                # Open to that card alone: in the hand, the general rule judges (a card of the
                # hand, not only of `cards`, is asked for: one set operation, and rare).
                if ignoring and sid in influence_req and not ignoring.isdisjoint(p.hand):
                    return False
                continue
        if costs is not None and not rules_costs.can_pay(e, p, costs):
            continue
        free |= bit
    seat = p.seat
    held = 0  # held by an opponent: open to infiltrating agents only
    if st.occupied:
        mine = {s for s, who in st.infiltrators if who == seat} if st.infiltrators else ()
        defs = e.defs
        for sid, holder in st.occupied.items():
            bit = bit_of.get(sid, 0)
            if not free & bit:
                continue
            if holder == seat or sid in mine:  # the player has an agent there already
                free ^= bit
            elif not (p.infiltrate or (ignore and defs[sid]["icon"] in ignore)):  # an opponent's, not entered
                free ^= bit
                held |= bit
    if st.blocked:  # closed to this player's opponents (The Voice)
        for sid, who in st.blocked.items():
            if who != seat:
                bit = bit_of.get(sid, 0)
                free &= ~bit
                held &= ~bit
    if held:
        held |= free
    for card in cards:
        cid = card[0]
        room = (held if card[2] and held else free) & card_bits[cid]  # infiltrating: held spaces too
        if room:
            options = options_of[cid]
            made = options.get(room)
            if made is None:
                made = options[room] = e.content.options_for(cid, card[5], room)
            out += made
    if p.pieces and pieces_may_open(e, p, bit_of):  # as placements
        rows = rules_pieces.openings(e, p)
        if rows:
            piece_placements(e, p, cards, out, rows, ignoring, influence_req)
    return True


def space_probe(e, p: Player):
    """The engine's one context for the agent menu's requirement reads, every field
    set for this player but the space (a requirement only reads its context)."""
    probe = e.probe
    probe.player = probe.owner = p
    probe.card, probe.box, probe.forced, probe.recruited_before = None, "space", False, p.recruited
    return probe


def paid_by(p: Player, paid: dict, solari_at: tuple, spice_at: tuple, water_at: tuple) -> tuple:
    """Content.agent_menu's cost-table row for the player's amounts (each capped at
    its table's last entry; amounts are never below 0)."""
    solari, spice, water = p.solari, p.spice, p.water
    return paid[(solari_at[solari] if solari < len(solari_at) else solari_at[-1],
                 spice_at[spice] if spice < len(spice_at) else spice_at[-1],
                 water_at[water] if water < len(water_at) else water_at[-1])]


def pieces_may_open(e, p: Player, bit_of: dict) -> bool:
    """Whether the player's pieces may open a space to a card of the hand
    (rules_pieces.opened): one of them is on the board, and a space linked to it is
    held by another player's agent (Infiltrate), or a card of the hand has a via
    icon. False rules out every such placement; True asks the spaces one by one."""
    link_bits, via_cards = rules_pieces.reach_tables(e.content)
    reach = 0  # the spaces linked to a location holding one of the player's pieces
    for h in p.pieces.values():
        for loc in h["on"]:
            reach |= link_bits.get(loc, 0)
    if not reach:
        return False
    if not via_cards.isdisjoint(p.hand):
        return True
    seat = p.seat
    for sid, holder in e.state.occupied.items():
        if holder != seat and reach & bit_of.get(sid, 0):
            return True
    return False


def placements(e, p: Player, cards: list, wanted: set, out: list, menu=None) -> list:
    """("place", card, space) for each row of `cards` (agent_cards' shape) and each
    space its icons reach that the player may enter and pay for now (`wanted`: the
    icons of all the rows), appended to `out`; `menu`: Content.agent_menu's for the
    player's leader when the caller has it."""
    content = e.content
    # The content's tables for this leader (Content.agent_menu): the icons whose
    # occupied spaces the leader may enter, the spaces whose cost the player's
    # amounts pay for (by the plain costs they reach: by icon, and those left to
    # check), the spaces of each set of icons, and the requirement rules.
    _info, ignore, paid, solari_at, spice_at, water_at, by_icons, _grafts, _requiring, ignoring, influence_req, \
        _bits, _card_bits, _options = menu or content.agent_menu(p.leader)
    anywhere_only = p.agents_left <= 0
    if not cards or (anywhere_only and not rules_agents.agents_of(e, p.seat)):
        return out
    extra = p.extra_icons
    if extra:
        extra = frozenset(extra)
        wanted |= extra
    st = e.state
    if st.cost_overrides:  # a rival rule's costs: the general rule judges every space
        by_icon = {}
        checked = [(sid, icon, req, space_costs(e, p, sp), None)
                   for sid, icon, req, _costs, _plain, sp in content.board()]
    else:  # the spaces the player's amounts pay for (amounts are never below 0)
        by_icon, checked, _free = paid_by(p, paid, solari_at, spice_at, water_at)
    # Each space is judged once: requirement, cost and blocking do not depend on the
    # card; only icons and infiltration do. Only the spaces of the hand's icons
    # (`wanted`) are judged: first those the table says need nothing more, taken
    # whole, and those with a requirement or a cost for the general rule; then,
    # of those, the ones agents hold or a card blocks (`blocked` inlined).
    free = set()  # open to any agent
    for icon in wanted:
        ids = by_icon.get(icon)
        if ids is not None:
            free |= ids
    probe = None
    # A card `ignore_requirements` (Undercover Asset) in the hand: the spaces whose
    # Influence requirement alone keeps the player out (`unreq`) are open to it only.
    loose = None  # such a card in the hand: looked for at the first requirement unmet
    unreq = set()
    for sid, icon, req, costs, _bit in checked:
        if icon not in wanted:
            continue
        if req is not None:
            if probe is None:
                probe = space_probe(e, p)
            probe.space = sid
            if not req(probe):
                if loose is None:  # a loop: a comprehension is a call of its own
                    loose = False
                    if ignoring:
                        for c in cards:
                            if c[0] in ignoring:
                                loose = True
                                break
                if not (loose and sid in influence_req):
                    continue
                unreq.add(sid)
        if costs is not None and not rules_costs.can_pay(e, p, costs):
            continue
        free.add(sid)
    seat = p.seat
    held = set()  # held by an opponent: open to infiltrating agents only
    occupied = st.occupied
    if occupied:
        mine = {s for s, who in st.infiltrators if who == seat} if st.infiltrators else ()
        defs = e.defs
        for sid in free.intersection(occupied):  # a few: the set operation skips the rest
            holder = occupied[sid]
            if holder == seat or sid in mine:  # the player has an agent there already
                free.discard(sid)
            elif not (p.infiltrate or defs[sid]["icon"] in ignore):  # an opponent's, not entered anyway
                free.discard(sid)
                held.add(sid)
    if st.blocked:  # closed to this player's opponents (The Voice)
        for sid, who in st.blocked.items():
            if who != seat:
                free.discard(sid)
                held.discard(sid)
    if held:
        held |= free
    place = out.append
    for cid, icons, infiltrating, _anywhere, discounts, spaces in cards:
        if extra:
            icons = icons.union(extra)
            spaces = (by_icons.get(icons) or content.spaces_of(icons))[0]
        room = held if infiltrating and held else free
        if unreq and cid not in ignoring:
            for sid in spaces:
                if sid in room and sid not in unreq:
                    place(("place", cid, sid))
        else:
            for sid in spaces:
                if sid in room:
                    place(("place", cid, sid))
        if discounts:  # a space this card makes cheaper (Guild Accord)
            out += [("place", cid, sid) for sid in cheaper_places(e, p, icons, discounts, infiltrating, room)]
    if p.pieces:  # a set's pieces on locations linked to spaces: a via icon, Infiltrate (rules/pieces.py)
        rows = rules_pieces.openings(e, p)
        if rows:
            piece_placements(e, p, cards, out, rows, ignoring, influence_req)
    return out


def piece_placements(e, p: Player, cards: list, out: list, rows: list, ignoring, influence_req) -> list:
    """The placements the player's pieces add (rules_pieces.opened, the spaces of
    `rows`: rules_pieces.openings) to `out`, each space judged for its requirement
    (`ignoring`, `influence_req`: Content.requirement_rules) and cost as the menu
    judges them: once per space, whichever cards reach it (only a card's discounts
    change its cost)."""
    opened = rules_pieces.opened(e, p, cards, rows)
    if not opened:
        return out
    met, costs_at = {}, {}  # space -> its requirement met, its cost: judged once
    probe = None
    for card, (sid, _icon, req, _cost, _plain, sp) in opened:
        cid, discounts = card[0], card[4]
        place = ("place", cid, sid)
        if place in out:  # a few per menu: a list scan costs less than a set of the menu
            continue
        if req is not None and not (cid in ignoring and sid in influence_req):
            ok = met.get(sid)
            if ok is None:
                if probe is None:
                    probe = space_probe(e, p)
                probe.space = sid
                ok = met[sid] = bool(req(probe))
            if not ok:
                continue
        costs = costs_at.get(sid)
        if costs is None:
            costs = costs_at[sid] = space_costs(e, p, sp)
        if discounts:
            costs = rules_costs.discounted(costs, sid, discounts)
        if costs and not rules_costs.can_pay(e, p, costs):
            continue
        out.append(place)
    return out


def cheaper_places(e, p: Player, icons, discounts, infiltrating: bool, already) -> list[str]:
    """The spaces a card's discounts (`cheaper_space`) open to it that the board
    scan left out because their full cost was beyond the player."""
    out = []
    icons = set(icons).union(p.extra_icons)
    for sid, icon, req, _costs, _plain, sp in e.content.board():
        if sid in already or icon not in icons or not any(d[0] == sid for d in discounts):
            continue
        if blocked(e, p, sp, infiltrating):
            continue
        if req is not None and not req(Ctx(e, p, None, sid, "space")):
            continue
        if rules_costs.can_pay(e, p, rules_costs.discounted(space_costs(e, p, sp), sid, discounts)):
            out.append(sid)
    return out


def agent_turn(e, p: Player, card: str, space: str) -> None:
    if not p.grafted and rules_graft.is_graft(e, card):  # never alone: the other card first
        ask_graft(e, p, card, space)
        return
    p.hand.remove(card)
    p.played.append(card)
    if p.grafted:
        p.played.append(p.grafted[1])
    if p.agents_left > 0 or not rules_graft.from_anywhere(e, p, card):
        p.agents_left -= 1
        agent_placed(e, p, card, space)
        return
    # A card that sends an agent "from anywhere" moves one already on the board.
    mine = rules_agents.agents_of(e, p.seat)
    e.ask(p, "move", [("move", s) for s in mine], "agent_moved", seat=p.seat, card=card, space=space)


def ask_graft(e, p: Player, card: str, space: str) -> None:
    """Graft (rules/graft.py): the card grafted to `card`, among the cards of the
    hand with which the pair may send the agent to `space` now."""
    options = []
    for kind, others in ((GRAFT, rules_graft.partners(p, card)), (GRAFT_ROW, rules_graft.row_partners(e, card))):
        for other in others:
            info = rules_graft.pair_info(e, card, other, p)
            if info is None or (p.agents_left <= 0 and not info[3]):
                continue
            if ("place", card, space) in placements(e, p, [info], set(info[1]), []):
                options.append((kind, other))
    e.ask(p, "graft", options, "graft_chosen", seat=p.seat, card=card, space=space)


@step
def graft_chosen(e, f):
    p = e.players[f["seat"]]
    rules_graft.graft(e, p, f["card"], f["chosen"][1], f["chosen"][0] == GRAFT_ROW)
    agent_turn(e, p, f["card"], f["space"])


@step
def agent_moved(e, f):
    p = e.players[f["seat"]]
    rules_agents.remove_agent(e, f["chosen"][1], p.seat)
    agent_placed(e, p, f["card"], f["space"])


def agent_placed(e, p: Player, card: str, space: str, spied: bool = False) -> None:
    """The agent is on the space: pay its cost, the control bonus, then the space's
    and the card's boxes in the order the player picks, then troops to the Conflict.
    A space another player holds that only Infiltrate opens: a piece is recalled first
    (`spied`: done); right after placing, the player may Gather Intelligence (rules/pieces.py)."""
    if p.pieces and not spied and space in e.state.occupied:  # Infiltrate enters only an occupied space
        options = rules_pieces.infiltration(e, p, card, space)
        if options:
            e.ask(p, "infiltrate", options, "agent_infiltrated", seat=p.seat, card=card, space=space)
            return
    sp = e.defs[space]
    rules_agents.place_agent(e, space, p.seat)
    e.state.turn_kind = "agent"
    if not e.quiet:
        grafted = f" grafted with {e.cname(p.grafted[1])}" if p.grafted else ""
        e.log(f"  {e.pname(p)} plays {e.cname(card)}{grafted} and sends an agent to {sp['name']}")
    p.visited.append(space)
    e.push({"do": "agent_done", "seat": p.seat, "space": space, "before": None if e.quiet else tally(p)})
    due = rules_contracts.due(e, p, space) if p.contracts else None  # held before the agent was sent
    if due:
        due = rules_contracts.defer_harvests(e, p, due)
    if due:
        e.push({"do": "contracts_due", "seat": p.seat, "space": space, "due": due})
    if p.leader in e.boxed.get("agent_at", ()):  # the leader's `on agent_at ICON`: after the space and the card
        e.push({"do": "leader_agent_at", "seat": p.seat, "space": space})
    e.push({"do": "agent_boxes", "seat": p.seat, "card": card, "space": space})
    if p.aside:
        for c in p.grafted or (card,):  # grafted: both cards sent the agent
            rules_aside.sent_with(e, p, c, space)
    boxed = e.boxed  # has_box, inline: asked on every agent turn
    if space in boxed.get("control", ()):
        e.later("control_bonus", space=space)
    if "opponent_agent_at" in boxed:  # another leader's trigger on this agent (Staban Tuek)
        rules_agents.opponent_agent(e, p, space)
    if p.pieces:
        rules_pieces.offer_gather(e, p, space)
    costs = space_costs(e, p, sp)
    discounts = rules_graft.discounts(e, p, card) if p.grafted else rules_costs.card_discounts(e, card)
    if discounts:
        costs = rules_costs.discounted(costs, space, discounts)
    if costs:
        for c in costs:
            if c[0] == "res" and c[1] == "solari":  # the leader's trigger on paying Solari for a space
                if p.leader in boxed.get("space_paid", ()):
                    e.later("leader_trigger", seat=p.seat, box="space_paid", space=space)
                break
        outer, e.asking_for = e.asking_for, space  # a cost that asks (a card to trash) is the space's
        rules_costs.pay(e, p, costs)
        e.asking_for = outer


@step
def agent_infiltrated(e, f):
    """Infiltrate: the piece the player picked is recalled, then the agent is placed."""
    p = e.players[f["seat"]]
    _k, piece, loc = f["chosen"]
    rules_pieces.take_back(e, p, piece, loc, " to infiltrate")
    agent_placed(e, p, f["card"], f["space"], spied=True)


@step
def control_bonus(e, f):
    rules_agents.control_bonus(e, f["space"])


@step
def leader_agent_at(e, f):
    p = e.players[f["seat"]]
    if seats.uses_abilities(p):
        rules_agents.agent_sent_trigger(e, p, f["space"])


@step
def leader_trigger(e, f):
    rules_agents.leader_trigger(e, e.players[f["seat"]], f["box"], f.get("space"))


@step
def agent_boxes(e, f):
    p = e.players[f["seat"]]
    if p.grafted:  # Graft: the space's effect and both agent boxes, in the order the player picks
        boxed = e.boxed.get("agent", ())
        grafted_next(e, p, f["space"], [""] + [c for c in p.grafted if c in boxed])
        return
    if f["card"] in e.boxed.get("agent", ()):  # has_box, inline
        e.ask(p, "order", [SPACE_FIRST, CARD_FIRST], "agent_order", seat=p.seat, card=f["card"], space=f["space"])
    else:
        resolve_space(e, p, e.defs[f["space"]])


@step
def agent_order(e, f):
    p, card, space = e.players[f["seat"]], f["card"], f["space"]
    if f["answer"] == 0:  # the space first
        e.box_later(card, "agent", p, card=card, space=space)
        resolve_space(e, p, e.defs[space])
    else:
        e.later("space_resolved", seat=p.seat, space=space)
        e.run_box(card, "agent", Ctx(e, p, card, space, "agent"))


def grafted_next(e, p: Player, space: str, rest: list) -> None:
    """Of what a grafted agent turn still resolves (`rest`: "" the space's effect,
    else a grafted card's agent box), the player picks the next; the last runs.
    A card trashed meanwhile (`trash other_grafted`) has left play: its box is lost."""
    rest = [x for x in rest if x == "" or x in p.played]
    if len(rest) > 1:
        options = [SPACE_FIRST if x == "" else (GRAFT_FIRST, x) for x in rest]
        e.ask(p, "order", options, "grafted_picked", seat=p.seat, space=space, rest=rest)
        return
    if rest:
        grafted_resolve(e, p, space, rest[0])


@step
def grafted_picked(e, f):
    p, rest = e.players[f["seat"]], list(f["rest"])
    item = rest.pop(f["answer"])
    e.later("grafted_more", seat=p.seat, space=f["space"], rest=rest)
    grafted_resolve(e, p, f["space"], item)


@step
def grafted_more(e, f):
    grafted_next(e, e.players[f["seat"]], f["space"], f["rest"])


def grafted_resolve(e, p: Player, space: str, item: str) -> None:
    if item == "":
        resolve_space(e, p, e.defs[space])
    else:
        e.run_box(item, "agent", Ctx(e, p, item, space, "agent"))


@step
def space_resolved(e, f):
    resolve_space(e, e.players[f["seat"]], e.defs[f["space"]])


@step
def agent_done(e, f):
    """Say what the turn changed; after a combat space, the player may deploy the
    troops recruited this turn and up to two from the garrison."""
    p = e.players[f["seat"]]
    if f["before"] is not None:
        log_changes(e, p, f["before"])
    if e.defs[f["space"]].get("combat") or f.get("combat"):  # a combat space, or the combat icon
        rules_deploy.offer_deploy(e, p, rules_resources.COMBAT_GARRISON_LIMIT, "agent_deployed", True)
    elif f.get("recruits"):  # `deploy_recruits`: the units recruited this turn, none from before
        rules_deploy.offer_deploy(e, p, 0, "agent_deployed", True)


@step
def agent_deployed(e, f):
    p, k = e.players[f["seat"]], f["answer"]
    if k:
        if not e.quiet:
            e.log(f"  {e.pname(p)} deploys {k} troop{'s' if k != 1 else ''}")
    rules_resources.send_troops(e, p, k)


def resolve_space(e, p: Player, sp: dict) -> None:
    """Influence for a faction space, the space's box, then a maker space's bonus
    spice and the leader's harvest trigger."""
    if sp.get("maker"):
        e.later("maker_harvest", seat=p.seat, space=sp["id"])
    e.box_later(sp["id"], "space", p, space=sp["id"])
    if sp.get("faction"):
        rules_resources.change_influence(e, p, sp["faction"], 1)


@step
def maker_harvest(e, f):
    p, space = e.players[f["seat"]], f["space"]
    bonus = e.state.maker_spice.get(space, 0)
    if bonus:
        p.spice += bonus
        rules_resources.tally(e, p, "spice", bonus)
        e.state.maker_spice[space] = 0
    rules_agents.leader_trigger(e, p, "harvest", space)


def reveal_turn(e, p: Player) -> None:
    e.state.turn_kind = "reveal"
    if p.returning:  # Graft: a card back from play to the hand first (Chairdog)
        rules_graft.reveal_starts(e, p)
    if not e.quiet:
        e.log(f"  {e.pname(p)} reveals {', '.join(e.cname(c) for c in p.hand) or 'nothing'}")
    p.revealed, p.hand = p.hand, []
    e.push({"do": "revealed", "seat": p.seat, "before": None if e.quiet else tally(p)})
    boxes = []
    for card in p.revealed:
        boxes.append((card, "reveal", p, card, None))
    if seats.uses_abilities(p) and e.has_box(p.leader, "reveal"):  # the leader's `on reveal`, after the cards
        boxes.append((p.leader, "reveal", p, None, None))
    e.run_boxes(boxes + rules_tiles.boxes(e, p, "reveal") if p.tiles else boxes)


@step
def revealed(e, f):
    """After the revealed cards' boxes: the High Council seat's Persuasion, then the
    purchases, then the cleanup of the reveal turn."""
    p = e.players[f["seat"]]
    if e.on_reveal is not None:
        e.on_reveal(e, p)
    if p.seat_on_council:
        p.persuasion += 2
    if f["before"] is not None:
        log_changes(e, p, f["before"])
    e.push({"do": "reveal_done", "seat": p.seat})
    e.push({"do": "buy", "seat": p.seat})


@step
def reveal_done(e, f):
    p = e.players[f["seat"]]
    rules_cards.manipulated_lapse(e, p)
    p.persuasion = 0
    p.discard.extend(p.played)
    p.discard.extend(p.revealed)
    p.played, p.revealed = [], []
    p.revealed_turn = True
    p.acquire_to_top = False
    if not e.quiet:
        e.log(f"  {e.pname(p)} strength {strength(p, e)}")
    e.state.turn_kind = ""
    rivals.after_reveal(e, p)


@step
def buy(e, f):
    """The rest of the reveal turn: spend persuasion on the Imperium Row, the reserve
    and cards set aside for this player (the Row refills at once), and play plot
    intrigue before, between or after the purchases (rules 001), until the player
    ends the turn. The step comes back here after each purchase or plot."""
    p = e.players[f["seat"]]
    if "chosen" in f:
        a = f["chosen"]
        if a[0] == "play":
            e.push({"do": "buy", "seat": p.seat})
            play_intrigue(e, p, a[1], "plot")
        elif a[0] == "use":
            e.push({"do": "buy", "seat": p.seat})
            rules_tiles.use(e, p, a[1])
        elif a[0] == "buy" and a[1] in e.content.markets():
            e.push({"do": "buy", "seat": p.seat})
            rules_market.acquire(e, p, a[1], a[2])
        elif a[0] == "buy":
            e.push({"do": "buy", "seat": p.seat})
            bought(e, p, a[1], a[2], f["answer"] - f["row"], f["aside"])
        elif a[0] == "token":
            e.push({"do": "buy", "seat": p.seat})
            rules_tokens.spend(e, p, a[1])
        return
    st = e.state
    have = p.persuasion
    # Without a discount, the offers at the printed costs (what price_of gives then), from a table.
    offers, reserve_offers, reveal_markets = e.content.buy_offers()
    if p.discounts:
        offers, reserve_offers = discounted_offers(e, p, reserve_offers)
    actions = []  # the Row's cards, those set aside for the player, the reserve's, then the plots
    for c in dict.fromkeys(st.imperium_row):
        offer = offers[c]
        if offer[2] <= have:
            actions.append(offer)
    row = len(actions)
    if p.manipulated:
        for c in dict.fromkeys(p.manipulated):
            n = rules_cards.price_of(e, p, c, aside=True)
            if n <= have:
                # marked: the same card may also be in the Row, at another price
                actions.append(("buy", c, n, ASIDE))
    aside = len(actions) - row
    reserve = st.reserve  # its cards are setup's, of kind "reserve": the content's table orders them
    for c, offer in reserve_offers:
        if offer[2] <= have and reserve.get(c, 0) > 0:
            actions.append(offer)
    if reveal_markets and (st.market_slots or st.markets):  # bought with its own currency
        actions += rules_market.reveal_offers(e, p)
    buys = len(actions)
    if p.intrigue:
        intrigue_options(e, p, "plot", actions, later=True)
    if p.tiles:
        actions += tile_options(e, p)
    if p.tokens:
        actions += rules_tokens.options(e, p)
    if not actions:
        return
    actions.append(END_TURN if len(actions) > buys else STOP_BUYING)
    e.ask(p, "buy", actions, "buy", seat=p.seat, row=row, aside=aside)


def discounted_offers(e, p: Player, reserve_offers: tuple) -> tuple:
    """buy's offers (the Row's by card, the reserve's) at the prices a discount of
    this turn makes (price_of)."""
    price = rules_cards.price_of
    row = {c: ("buy", c, price(e, p, c)) for c in e.state.imperium_row}
    return row, tuple((c, ("buy", c, price(e, p, c))) for c, _offer in reserve_offers)


def bought(e, p: Player, c: str, price: int, after_row: int, aside: int) -> None:
    """Pay for a card from the Row (after_row < 0), the cards set aside for this
    player, or the reserve, and receive it."""
    st = e.state
    p.persuasion -= price
    if after_row < 0:
        rules_cards.take_from_row(e, p, c)
    elif after_row < aside:
        p.manipulated.remove(c)
        rules_cards.receive_card(e, p, c)
    else:
        st.reserve[c] -= 1
        rules_cards.receive_card(e, p, c)


# A player's units in the Conflict and combat strength (rules/units.py), read here
# by the turn's rules and by callers that know them by these names.
in_conflict = rules_units.all_in_conflict
strength = rules_units.strength


# ---------------------------------------------------------------------- makers, recall, end
def makers(e) -> None:
    st = e.state
    for space in sorted(st.maker_spice):
        if space not in st.occupied:
            st.maker_spice[space] += 1


def recall(e) -> bool:
    """End-of-round checks and reset. False when the game is over."""
    st = e.state
    if any(p.vp >= vp_to_end(st) for p in e.players) or not st.conflict_deck:
        st.finished = True
        return False
    st.occupied = {}
    st.infiltrators = []
    st.combat_intrigue = []  # the next round's Conflict starts without any
    st.blocked = {}
    st.mentat_on_board = True
    for p in e.players:
        p.has_mentat = False
        p.agents_left = p.agents
        p.revealed_turn = False
        p.persuasion = 0
        p.swords = 0
        p.recruited = 0
        p.recruited_units = {}
        rules_aside.aside_lapses(p)  # a card set aside for the round lapses with it
        rules_watchers.round_over(p)  # so do the rules set for the round (`this_round`)
        p.returning = []
        p.extra_turn = False
    if st.mentat_next_round is not None:
        p = e.players[st.mentat_next_round]
        p.has_mentat = True
        p.agents_left += 1
        st.mentat_on_board = False
        st.mentat_next_round = None
    st.first_player = rivals.next_first_player(e) if st.mode != "standard" else \
        (st.first_player + 1) % st.n_players
    return True


@step
def endgame(e, f):
    """Endgame intrigue, player by player in turn order, then the standings."""
    e.state.turn_kind = "endgame"
    e.later("standings")
    if any(p.won or p.objectives for p in e.players):  # face-up wild battle icons pair now (rules 003)
        e.later("wild_pairs")
    for p in reversed(e.order()):
        if seats.uses_abilities(p):  # rivals play no intrigue
            e.later("endgame_cards", seat=p.seat)
        if p.tiles:  # a rival's tiles count too (rules 000: Holtzman Engine, Spy Satellites)
            e.later("endgame_tiles", seat=p.seat)


@step
def endgame_cards(e, f):
    p = e.players[f["seat"]]
    for card in reversed([c for c in p.intrigue if "endgame" in e.defs[c]["boxes"]]):
        e.later("play_intrigue_step", seat=p.seat, card=card, box="endgame")


@step
def play_intrigue_step(e, f):
    play_intrigue(e, e.players[f["seat"]], f["card"], f["box"])


@step
def standings(e, f):
    st = e.state
    # A tile that wins ties (`win_ties`) breaks a tie on VP before the resources do.
    ranked = sorted([p for p in e.players if seats.scores(e, p)],  # not the two-player rival
                    key=lambda p: (-p.vp, -rules_tiles.tiebreak(e, p), -p.spice, -p.solari, -p.water,
                                   -garrisoned(p), p.seat))
    st.standings = []
    rank = 0
    prev = None
    for i, p in enumerate(ranked):
        key = (p.vp, rules_tiles.tiebreak(e, p), p.spice, p.solari, p.water, garrisoned(p))
        if key != prev:
            rank = i + 1
            prev = key
        st.standings.append({"rank": rank, "seat": p.seat, "leader": p.leader, "vp": p.vp, "spice": p.spice,
                             "solari": p.solari, "water": p.water, "garrison": garrisoned(p), "rival": p.rival})
    st.finished = True
    st.phase = "over"


def garrisoned(p: Player) -> int:
    """The last tiebreak: units in the garrison, troops and every declared kind (rules 000)."""
    return p.garrison + sum(u["garrison"] for u in p.units.values())
