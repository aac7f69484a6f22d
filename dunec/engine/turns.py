"""Round start, player turns (agent and reveal), makers, recall and endgame."""
from __future__ import annotations

from dunec.engine import rivals
from dunec.engine.actions import CARD_FIRST, END_TURN, PASS_TURN, REVEAL, SPACE_FIRST, STOP_BUYING
from dunec.engine.context import Ctx
from dunec.engine.narration import log_changes, tally
from dunec.engine.setup import HAND_SIZE
from dunec.engine.state import Player
from dunec.ir.describe import NAMES
from dunec.ir.value import WORTH

VP_TO_END = 10  # a player at 10 or more VP at the end of a round ends the game


# ---------------------------------------------------------------------- round start
def round_start(e) -> None:
    st = e.state
    st.conflict = st.conflict_deck.pop()
    e.log(f"== Round {st.round}: conflict {e.cname(st.conflict)}; first player {e.pname(e.players[st.first_player])}")
    rivals.round_start(e)
    for p in e.order():
        e.draw(p, HAND_SIZE)
    loc = e.defs[st.conflict].get("controls")
    if loc is not None and loc in st.control:
        p = e.players[st.control[loc]]
        if p.supply > 0 and e.yes_no(p, "defend", f"deploy 1 troop to defend {NAMES[loc]}", 2.0):
            p.supply -= 1
            p.conflict += 1
            e.log(f"  {e.pname(p)} deploys 1 troop to defend {NAMES[loc]}")
            e.deployed(p, 1)


# ---------------------------------------------------------------------- player turns
def player_turns(e) -> None:
    order = e.order()
    while any(not p.revealed_turn for p in order):
        for p in order:
            if not p.revealed_turn:
                if p.rival:
                    rivals.take_turn(e, p)
                else:
                    take_turn(e, p)
                rivals.after_turn(e)


def take_turn(e, p: Player) -> None:
    """One turn: any number of plot intrigues (and a once-per-game ability), then
    an agent action, the reveal, or a pass when a card allows it."""
    # Troops a plot recruits before the agent action are "recruited during your current
    # turn" (rules 000): the counts cover the whole turn, plots included.
    p.recruited = p.deployed_turn = 0
    while True:
        plots = plot_options(e, p)
        leader = e.defs[p.leader]
        once = [] if p.once_used or "once" not in leader["boxes"] else [p.leader]
        agents = agent_options(e, p)
        passing = [PASS_TURN] if p.may_pass else []
        options = [("play", c) for c in plots] + [("once", c) for c in once] + \
            [a for a, _, _ in agents] + passing + [REVEAL]

        def hints():
            return [e.defs[c]["values"].get("plot", 0.0) for c in plots] + \
                [leader["values"].get("once", 0.0) - 3.0 for _ in once] + [h() for _, h, _ in agents] + \
                [0.0 for _ in passing] + [reveal_hint(e, p, agents)]
        i = e.decide(p, "turn", options, hints)
        if i < len(plots):
            play_intrigue(e, p, plots[i], "plot")
            continue
        i -= len(plots)
        if i < len(once):
            p.once_used = True
            e.log(f"  {e.pname(p)} uses {leader['name']}'s once-per-game ability")
            e.leader_trigger(p, "once")
            continue
        i -= len(once)
        if i < len(agents):
            card, space = agents[i][2]
            agent_turn(e, p, card, space)
            more_plots(e, p)
        elif i < len(agents) + len(passing):
            e.log(f"  {e.pname(p)} passes")
        else:
            reveal_turn(e, p)
        end_of_turn(p)
        return


def end_of_turn(p: Player) -> None:
    """What lasts "this turn" ends here."""
    p.recruited = p.deployed_turn = 0
    p.extra_icons = []
    p.infiltrate = False
    p.may_pass = False
    p.discounts = {}


def more_plots(e, p: Player) -> None:
    """Plot intrigue may be played at any point of your own turn: after the agent
    action as well as before it (except a card played "at the start of your turn")."""
    while True:
        plots = [c for c in plot_options(e, p) if not e.defs[c].get("turn_start")]
        if not plots:
            return
        i = e.decide(p, "plot", [("play", c) for c in plots] + [END_TURN],
                     lambda: [e.defs[c]["values"].get("plot", 0.0) - 1.0 for c in plots] + [0.0])
        if i == len(plots):
            return
        play_intrigue(e, p, plots[i], "plot")


def reveal_hint(e, p: Player, agents) -> float:
    # Reveal when nothing else is worth it; with agents left, placing them is better.
    return -1.0 if agents else 100.0


def plot_options(e, p: Player) -> list[str]:
    return _intrigue_options(e, p, "plot")


def _intrigue_options(e, p: Player, box: str) -> list[str]:
    if p.rival:
        return []  # rivals never play intrigue cards
    out, seen = [], set()
    for c in p.intrigue:
        m = e.defs[c]
        if c in seen or box not in m["boxes"]:
            continue
        seen.add(c)
        forced = m["forced"].get(box)
        if forced is not None and not e.can_pay(p, forced):
            continue
        req = e.content.effect(c, "requires")
        if req is not None and not req(Ctx(e, p, card=c, box=box)):
            continue
        out.append(c)
    return out


def play_intrigue(e, p: Player, card: str, box: str) -> None:
    p.intrigue.remove(card)
    e.state.intrigue_discard.append(card)
    e.log(f"  {e.pname(p)} plays intrigue {e.cname(card)}")
    e.content.effect(card, box)(Ctx(e, p, card=card, box=box, forced=True))


def space_costs(e, p: Player, sp: dict) -> tuple:
    costs = rivals.space_costs(e, sp) if e.state.cost_overrides else sp.get("cost", ())
    mods = e.defs[p.leader].get("modifiers", ())
    if not mods or not costs:
        return costs
    out = []
    for c in costs:
        if c[0] != "res":
            out.append(c)
            continue
        n = c[2]
        for m in mods:
            if m[0] == "space_cost" and m[1] == sp["icon"] and m[2] == c[1]:
                n += m[3]
        if n > 0:
            out.append((c[0], c[1], n))
    return tuple(out)


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


def agent_options(e, p: Player) -> list:
    """(("place", card, space), hint, (card, space)) for every legal agent placement, card by card in
    hand order, spaces in board order. `hint()` gives the option's value hint, computed (once per
    space) only when a policy asks for hints."""
    cards = []
    placed = None
    for card in dict.fromkeys(p.hand):
        cm = e.defs[card]
        if not cm.get("icons"):
            continue
        if p.agents_left <= 0:
            if placed is None:
                placed = bool(e.agents_of(p.seat))
            if not (cm.get("from_anywhere") and placed):
                continue
        cards.append(cm)
    if not cards:
        return []
    # Each space is judged once: requirement, cost and value do not depend on the card;
    # only icons and infiltration do.
    wanted = set(p.extra_icons).union(*(cm["icons"] for cm in cards))
    open_spaces = []
    for sp in e.content.of_kind("space"):
        if sp["icon"] not in wanted or blocked(e, p, sp, True):
            continue  # even an infiltrating agent cannot go here
        req = e.content.effect(sp["id"], "requires")
        if req is not None and not req(Ctx(e, p, space=sp["id"], box="space")):
            continue
        costs = space_costs(e, p, sp)
        if costs and not e.can_pay(p, costs):
            continue
        open_spaces.append((sp, blocked(e, p, sp), costs))
    judged: dict = {}

    def space_hint(sp, costs) -> float:
        h = judged.get(sp["id"])
        if h is None:
            h = judged[sp["id"]] = _space_hint(e, p, sp, costs)
        return h
    out = []
    for cm in cards:
        icons = set(cm["icons"]).union(p.extra_icons)
        infiltrating = cm.get("infiltrate", False)
        # Playing a card as an agent gives up its reveal box: count that against it.
        card_value = cm["values"].get("agent", 0.0) - 0.7 * cm["values"].get("reveal", 0.0)
        for sp, enemy_blocked, costs in open_spaces:
            if sp["icon"] in icons and not (enemy_blocked and not infiltrating):
                out.append((("place", cm["id"], sp["id"]),
                            lambda sp=sp, costs=costs, cv=card_value: space_hint(sp, costs) + cv,
                            (cm["id"], sp["id"])))
    return out


def _space_hint(e, p: Player, sp: dict, costs) -> float:
    v = sp["values"].get("space", 0.0) - sum(WORTH.get(c[1], 1.0) * c[2] for c in costs if c[0] == "res")
    if sp.get("faction"):
        v += 2.6 if p.influence[sp["faction"]] in (1, 3) else 1.6
    if sp.get("maker"):
        v += 1.4 * e.state.maker_spice.get(sp["id"], 0)
    if sp.get("combat"):
        v += 0.8 * min(2, p.garrison)
    return v


def agent_turn(e, p: Player, card: str, space: str) -> None:
    st = e.state
    sp = e.defs[space]
    p.hand.remove(card)
    p.played.append(card)
    if p.agents_left > 0 or not e.defs[card].get("from_anywhere"):
        p.agents_left -= 1
    else:
        # A card that sends an agent "from anywhere" moves one already on the board.
        mine = e.agents_of(p.seat)
        i = e.decide(p, "move", [("move", s) for s in mine])
        e.remove_agent(mine[i], p.seat)
    e.place_agent(space, p.seat)
    e.state.turn_kind = "agent"
    e.log(f"  {e.pname(p)} plays {e.cname(card)} and sends an agent to {sp['name']}")
    before = None if e.quiet else tally(p)
    costs = space_costs(e, p, sp)
    if costs:
        e.pay(p, costs)
        if any(c[0] == "res" and c[1] == "solari" for c in costs):
            e.leader_trigger(p, "space_paid", space)
    e.control_bonus(space)
    card_fn = e.content.effect(card, "agent")
    space_first = True
    if card_fn is not None:
        space_first = e.decide(p, "order", [SPACE_FIRST, CARD_FIRST]) == 0
    if not space_first:
        card_fn(Ctx(e, p, card=card, space=space, box="agent"))
    resolve_space(e, p, sp)
    if space_first and card_fn is not None:
        card_fn(Ctx(e, p, card=card, space=space, box="agent"))
    if before is not None:
        log_changes(e, p, before)
    if sp.get("combat"):
        most = e.combat_space_deploy_most(p)
        if most > 0:
            k = e.decide(p, "deploy", [("deploy", i) for i in range(most + 1)],
                         lambda: [float(i) for i in range(most + 1)])
            if k:
                e.log(f"  {e.pname(p)} deploys {k} troop{'s' if k != 1 else ''}")
            e.send_troops(p, k)


def resolve_space(e, p: Player, sp: dict) -> None:
    if sp.get("faction"):
        e.change_influence(p, sp["faction"], 1)
    fn = e.content.effect(sp["id"], "space")
    if fn is not None:
        fn(Ctx(e, p, space=sp["id"], box="space"))
    if sp.get("maker"):
        bonus = e.state.maker_spice.get(sp["id"], 0)
        if bonus:
            p.spice += bonus
            e.state.maker_spice[sp["id"]] = 0
        e.leader_trigger(p, "harvest", sp["id"])


def reveal_turn(e, p: Player) -> None:
    e.state.turn_kind = "reveal"
    e.log(f"  {e.pname(p)} reveals {', '.join(e.cname(c) for c in p.hand) or 'nothing'}")
    p.revealed, p.hand = p.hand, []
    before = None if e.quiet else tally(p)
    for card in list(p.revealed):
        fn = e.content.effect(card, "reveal")
        if fn is not None:
            fn(Ctx(e, p, card=card, box="reveal"))
    if p.seat_on_council:
        p.persuasion += 2
    if before is not None:
        log_changes(e, p, before)
    buy(e, p)
    e.manipulated_lapse(p)
    p.persuasion = 0
    p.discard.extend(p.played)
    p.discard.extend(p.revealed)
    p.played, p.revealed = [], []
    p.revealed_turn = True
    p.acquire_to_top = False
    e.log(f"  {e.pname(p)} strength {strength(p)}")
    e.state.turn_kind = ""
    rivals.after_reveal(e, p)


def buy(e, p: Player) -> None:
    """The rest of the reveal turn: spend persuasion on the Imperium Row, the reserve
    and cards set aside for this player (the Row refills at once), and play plot
    intrigue before, between or after the purchases (rules 001), until the player
    ends the turn."""
    st = e.state
    while True:
        row = [c for c in dict.fromkeys(st.imperium_row) if e.price_of(p, c) <= p.persuasion]
        aside = [c for c in dict.fromkeys(p.manipulated) if e.price_of(p, c, aside=True) <= p.persuasion]
        reserve = [c for c, n in sorted(st.reserve.items())
                   if n > 0 and not e.defs[c].get("gained_only") and e.price_of(p, c) <= p.persuasion]
        options = row + aside + reserve
        plots = [c for c in plot_options(e, p) if not e.defs[c].get("turn_start")]
        if not options and not plots:
            return
        prices = [e.price_of(p, c, aside=len(row) <= i < len(row) + len(aside)) for i, c in enumerate(options)]
        actions = [("buy", c, price) for c, price in zip(options, prices)] + \
            [("play", c) for c in plots] + [END_TURN if plots else STOP_BUYING]

        def hints():
            return [e.cost_of(p, c) + 0.5 + sum(e.defs[c]["values"].values()) * 0.2 for c in options] + \
                [e.defs[c]["values"].get("plot", 0.0) - 1.0 for c in plots] + [0.0]
        i = e.decide(p, "buy", actions, hints)
        if i == len(options) + len(plots):
            return
        if i >= len(options):
            play_intrigue(e, p, plots[i - len(options)], "plot")
            continue
        c = options[i]
        p.persuasion -= prices[i]
        if i < len(row):
            e.take_from_row(p, c)
        elif i < len(row) + len(aside):
            p.manipulated.remove(c)
            e.receive_card(p, c)
        else:
            st.reserve[c] -= 1
            e.receive_card(p, c)


def in_conflict(p: Player) -> int:
    """The units a player has in the Conflict: troops and every declared kind."""
    return p.conflict + sum(u["conflict"] for u in p.units.values())


def strength(p: Player) -> int:
    """Troops count 2, a declared unit kind its declared strength (rules 001, 000)."""
    if in_conflict(p) <= 0:
        return 0
    return 2 * p.conflict + sum(u["strength"] * u["conflict"] for u in p.units.values()) + p.swords


# ---------------------------------------------------------------------- makers, recall, end
def makers(e) -> None:
    st = e.state
    for space in sorted(st.maker_spice):
        if space not in st.occupied:
            st.maker_spice[space] += 1


def recall(e) -> bool:
    """End-of-round checks and reset. False when the game is over."""
    st = e.state
    if any(p.vp >= VP_TO_END for p in e.players) or not st.conflict_deck:
        st.finished = True
        return False
    st.occupied = {}
    st.infiltrators = []
    st.blocked = {}
    st.mentat_on_board = True
    for p in e.players:
        p.has_mentat = False
        p.agents_left = p.agents
        p.revealed_turn = False
        p.persuasion = 0
        p.swords = 0
        p.recruited = 0
    if st.mentat_next_round is not None:
        p = e.players[st.mentat_next_round]
        p.has_mentat = True
        p.agents_left += 1
        st.mentat_on_board = False
        st.mentat_next_round = None
    st.first_player = rivals.next_first_player(e) if st.mode != "standard" else \
        (st.first_player + 1) % st.n_players
    return True


def endgame(e) -> None:
    st = e.state
    e.state.turn_kind = "endgame"
    for p in e.order():
        for card in [c for c in p.intrigue if "endgame" in e.defs[c]["boxes"] and not p.rival]:
            play_intrigue(e, p, card, "endgame")
    ranked = sorted([p for p in e.players if rivals.scores(e, p)],  # not the two-player rival
                    key=lambda p: (-p.vp, -p.spice, -p.solari, -p.water, -p.garrison, p.seat))
    st.standings = []
    rank = 0
    prev = None
    for i, p in enumerate(ranked):
        key = (p.vp, p.spice, p.solari, p.water, p.garrison)
        if key != prev:
            rank = i + 1
            prev = key
        st.standings.append({"rank": rank, "seat": p.seat, "leader": p.leader, "vp": p.vp, "spice": p.spice,
                             "solari": p.solari, "water": p.water, "garrison": p.garrison, "rival": p.rival})
    st.finished = True
    st.phase = "over"
