"""Units of the kinds a set declares (Rise of Ix's dreadnoughts) beside the base
game's troops: recruiting and deploying them, retreating and returning them,
their strength, and the units placed on the board after combat, which give their
owners control of a location (rules 000, "Recruiting Combat Units", "Resolve
combat"; docs/decisions.md, "Rise of Ix rules").

A unit kind's holdings are `Player.units[kind]` = {strength, supply, garrison,
conflict}; a unit on the board is `GameState.placed[location]` = [seat, kind].
Troops keep their own fields (`garrison`, `conflict`, `supply`).

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.players import seats
from dunec.engine.loop.state import Player
from dunec.engine.rules import summons as rules_summons
from dunec.engine.loop.steps import step
from dunec.ir.describe import NAMES
from dunec.ir.lexicon import units as unit_words

TROOPS = "troops"


# ---------------------------------------------------------------------- reading
def controller(e, location: str):
    """Who controls a location now: the owner of a unit placed there, else the
    holder of its control marker, else None. Every rule that reads control asks here."""
    held = e.state.placed.get(location)
    if held is not None:
        return held[0]
    return e.state.control.get(location)


def location_title(e, location: str) -> str:
    """A board location's title as its set declares it (`location ID "Title"`)."""
    declared = e.content.declared("location").get(location)
    return declared["title"] if declared else NAMES.get(location, location)


def unit_strength(e, p: Player, kind: str) -> int:
    """A unit's strength: the declared one, unless the leader's `unit_strength`
    modifier says otherwise (Rhombur Vernius)."""
    if p.leader:
        for m in e.defs[p.leader].get("modifiers", ()):
            if m[0] == "unit_strength" and m[1] == kind:
                return m[2]
    return p.units[kind]["strength"]


def in_conflict(p: Player, kind: str) -> int:
    if kind == TROOPS:
        return p.conflict
    u = p.units.get(kind)
    return u["conflict"] if u is not None else 0


def all_in_conflict(p: Player) -> int:
    """The units a player has in the Conflict: troops and every declared kind."""
    if not p.units:  # a game of sets that declare no unit kind (the base game)
        return p.conflict
    return p.conflict + sum(u["conflict"] for u in p.units.values())


def strength(p: Player, e=None) -> int:
    """Troops count 2, a declared unit kind its strength (rules 001, 000): the
    declared one, or the leader's `unit_strength` modifier when the engine `e` is
    given (every rule passes it; a bare player has only the declared strengths)."""
    if all_in_conflict(p) <= 0:
        return 0
    if not p.units:
        return 2 * p.conflict + p.swords
    if e is None:
        units = sum(u["strength"] * u["conflict"] for u in p.units.values())
    else:
        units = sum(unit_strength(e, p, k) * u["conflict"] for k, u in p.units.items() if u["conflict"])
    return 2 * p.conflict + units + p.swords


def on_board(e, p: Player, kind: str) -> int:
    """Units of a kind placed on the board (after combat)."""
    return sum(1 for seat, k in e.state.placed.values() if seat == p.seat and k == kind)


def in_play(e, p: Player, kind: str) -> int:
    """Units out of the supply: in the garrison, in the Conflict and on the board."""
    if kind == TROOPS:
        return p.garrison + p.conflict
    u = p.units.get(kind)
    if u is None:
        return 0
    return u["garrison"] + u["conflict"] + on_board(e, p, kind)


def deployed(p: Player, kind: str) -> int:
    """Units of one kind deployed to the Conflict this turn: `deployed_turn` counts
    every kind, each declared kind also its own (troops are what is left)."""
    if kind == TROOPS:
        return p.deployed_turn - sum(u.get("deployed", 0) for u in p.units.values())
    u = p.units.get(kind)
    return u.get("deployed", 0) if u is not None else 0


def new_turn_deployments(p: Player) -> None:
    """Nothing deployed yet this turn (or this Combat phase)."""
    p.deployed_turn = 0
    for u in p.units.values():
        if u.get("deployed"):
            u["deployed"] = 0


def kinds_in_conflict(p: Player, e=None) -> list[str]:
    """The kinds a player has in the Conflict: troops first, then the declared kinds;
    given the engine, only those that may go to the garrison (a summoned unit never
    does: rules/summons.py)."""
    return ([TROOPS] if p.conflict > 0 else []) + [
        k for k, u in p.units.items() if u["conflict"] > 0 and (e is None or rules_summons.leaves_for_garrison(e, k))]


def recruited(p: Player, kind: str, k: int) -> None:
    """k units of a declared kind were recruited this turn (deployable from a combat space)."""
    if k > 0:
        p.recruited_units[kind] = p.recruited_units.get(kind, 0) + k


# ---------------------------------------------------------------------- a position set up
def deploy_quietly(p: Player, kind: str, n: int) -> None:
    """n units of a kind from the garrison to the Conflict outside any turn (a
    position being set up, api.Game.from_position): no leader's `on deploy`, no
    count for this turn."""
    move_units(p, kind, -n, "garrison")


def place_from_supply(e, p: Player, kind: str, location: str) -> None:
    """A unit of a declared kind out of the supply onto a location (a position
    being set up): it controls the location as a unit placed after combat does."""
    p.units[kind]["supply"] -= 1
    e.state.placed[location] = [p.seat, kind]


# ---------------------------------------------------------------------- leaving the Conflict
def move_units(p: Player, kind: str, n: int, to: str) -> None:
    """n units of a kind from the Conflict to the garrison or the supply (n < 0:
    the other way)."""
    if kind == TROOPS:
        p.conflict -= n
        setattr(p, to, getattr(p, to) + n)
    else:
        u = p.units[kind]
        u["conflict"] -= n
        u[to] += n


def remove_units(e, p: Player, n: int, to: str) -> None:
    """n units of any kinds out of the Conflict (fewer if it has fewer), one at a
    time: the player picks the kind while it has several there."""
    while n > 0:
        kinds = kinds_in_conflict(p, e if to == "garrison" else None)
        if not kinds:
            return
        if len(kinds) > 1:
            e.ask(p, "retreat_unit", [("retreat", 1, k) for k in kinds], "unit_removed", seat=p.seat, left=n, to=to)
            return
        k = min(n, in_conflict(p, kinds[0]))
        move_units(p, kinds[0], k, to)
        n -= k


def retreat_unit(e, p: Player, kind: str, n: int) -> None:
    """`retreat_unit KIND N` / `retreat_unit any N`: N of the player's units (of that
    kind, or any) from the Conflict to the garrison, as many as it has."""
    if kind == "any":
        remove_units(e, p, n, "garrison")
        return
    if not rules_summons.leaves_for_garrison(e, kind):
        return  # a summoned unit never goes to a garrison (the checker says so too: E0460)
    k = min(n, in_conflict(p, kind))
    if k > 0:
        move_units(p, kind, k, "garrison")
        if not e.quiet:
            e.log(f"  {e.pname(p)} retreats {unit_words(kind, k)}")


def offer_units_for(e, ctx, kind: str, n: int, to: str, label: str, hint: float, body: list) -> None:
    """`retreat_for N { … }` (kind "any", to the garrison) and `return_for KIND N { … }`
    (to the supply): the player may move N units out of the Conflict for the body
    (interpreter ops at `body`); asked only when it has them, taken when forced."""
    p = ctx.player
    if to == "garrison" and kind != "any" and not rules_summons.leaves_for_garrison(e, kind):
        return  # a summoned unit never goes to a garrison (E0460)
    have = sum(in_conflict(p, k) for k in kinds_in_conflict(p, e if to == "garrison" else None)) \
        if kind == "any" else in_conflict(p, kind)
    if have < n:
        return
    frame = dict(ctx=ctx.data(), unit=kind, n=n, to=to, body=body)
    if ctx.forced:
        units_given(e, dict(frame, answer=0))
        return
    e.yes_no(p, "pay", label, hint, "units_given", body[0], **frame)


@step
def units_given(e, f):
    if f["answer"] != 0:
        return
    p = e.players[f["ctx"]["seat"]]
    e.later("ops", ref=f["body"], pc=0, ctx=f["ctx"])
    if f["unit"] == "any":
        remove_units(e, p, f["n"], f["to"])
    else:
        move_units(p, f["unit"], f["n"], f["to"])


@step
def unit_removed(e, f):
    p = e.players[f["seat"]]
    move_units(p, f["chosen"][2], 1, f["to"])
    remove_units(e, p, f["left"] - 1, f["to"])


# ---------------------------------------------------------------------- after combat
@step
def place_units(e, f):
    """After the rewards and the winner's cards: the units on the board go home to
    their garrisons; then the winner's first unit of a declared kind in the Conflict
    is placed on a location without a unit (a "place_unit" question), where it
    gives its owner control until the next combat. The rest leave at combat_end."""
    st = e.state
    for loc in sorted(st.placed):
        seat, kind = st.placed[loc]
        e.players[seat].units[kind]["garrison"] += 1
        if not e.quiet:
            e.log(f"  {e.pname(e.players[seat])}'s {kind} leaves {location_title(e, loc)} for the garrison")
    st.placed = {}
    if f["winner"] is None:
        return
    p = e.players[f["winner"]]
    kind = next((k for k, u in p.units.items() if u["conflict"] > 0 and rules_summons.leaves_for_garrison(e, k)),
                None)  # a summoned unit is never placed: it goes back to the bank (rules/summons.py)
    if kind is None:
        return
    free = [loc for loc in board_locations(e.content) if loc not in st.placed]
    if not free or not seats.places_units(e, p):
        return
    e.ask(p, "place_unit", [("place", kind, loc) for loc in free], "unit_placed", seat=p.seat)


def board_locations(content) -> tuple:
    """The declared locations of this game's board, sorted (a location no space of the
    board has is no place for a unit), made once per content: asked after every combat."""
    table = content._by_kind.get("board_locations")
    if table is None:
        board = {m.get("location") for m in content.of_kind("space")}
        table = content._by_kind["board_locations"] = tuple(sorted(
            loc for loc in content.declared("location") if loc in board))
    return table


@step
def unit_placed(e, f):
    p = e.players[f["seat"]]
    _, kind, loc = f["chosen"]
    p.units[kind]["conflict"] -= 1
    e.state.placed[loc] = [p.seat, kind]
    if not e.quiet:
        e.log(f"  {e.pname(p)} places {unit_words(kind, 1)} on {location_title(e, loc)}: "
              f"it controls {location_title(e, loc)} until the next combat")


# Ties between placements: rules 000's order for the rivals, also a player's hint.
PLACE_ORDER = ("imperial_basin", "arrakeen", "carthag")


def placement_hint(e, p: Player, options) -> list[float]:
    """What a placement is worth: covering an opponent's control marker most, one's
    own least, then Imperial Basin, Arrakeen, Carthag (rules 000, the rivals' order)."""
    order = PLACE_ORDER
    out = []
    for a in options:
        marker = e.state.control.get(a[2])
        v = 3.0 if marker is not None and marker != p.seat else (-3.0 if marker == p.seat else 0.0)
        out.append(v - 0.1 * (order.index(a[2]) if a[2] in order else len(order)))
    return out
