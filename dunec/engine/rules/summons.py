"""Units a set declares `summoned` or `doubles` (Uprising's sandworm; rules 003,
"Sandworms", "Sandworm Reward Doubling", "Resolve Combat"; docs/decisions.md,
"Summoned units and doubled rewards").

- A `summoned` unit's verb (`sandworm 1`) takes it from its supply (the bank: a
  large `supply`) straight into the Conflict, never into a garrison: it is in the
  Conflict at once (`in_conflict sandworm` counts it) and counts as deployed this
  turn. Never into a Conflict a flag protects (`conflict_protected`), nor when no
  Conflict is being fought. After combat it goes back to its supply (combat_end),
  never to a garrison nor onto the board; a retreat to the garrison never takes it
  (rules/units.py).
- A `doubles` unit in a player's Conflict when the player takes a reward doubles it:
  the reward box is played a second time (rules/combat.py, `reward_again`). A gain
  is gained twice, a choice (Influence with any Faction) made twice, a cost offered
  twice; control of a location is a marker, taken once however often the box says
  so, and battle icons are not in the box.

Functions of the engine (first argument `e`); effect code reaches `summon` through
the gain rule (rules/resources.py `add`)."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.rules import flags as rules_flags
from dunec.ir.lexicon import unit_names, units as unit_words

SUMMONED = "summoned"
DOUBLES = "doubles"


def flagged(e, kind: str, flag: str) -> bool:
    """Whether a declared unit kind carries a flag (`summoned`, `doubles`)."""
    return flag in e.content.unit_flags().get(kind, ())


def summoned_kinds(e) -> tuple:
    return tuple(k for k, flags in e.content.unit_flags().items() if SUMMONED in flags)


def conflict_protected(e) -> bool:
    """Whether this round's Conflict is for a location an up flag protects (the
    Shield Wall; rules/flags.py). The one place summoning asks."""
    return rules_flags.protected(e)


def summon(e, p: Player, kind: str, n: int) -> None:
    """`KIND N` of a summoned kind: up to N units from its supply straight into the
    Conflict (fewer if the supply has fewer), counted as deployed this turn; none
    when no Conflict is being fought or a flag protects it."""
    st = e.state
    if n <= 0:
        return
    if st.conflict is None or conflict_protected(e):
        if not e.quiet:
            why = "no Conflict is being fought" if st.conflict is None else "the Conflict is protected"
            e.log(f"  {e.pname(p)} summons no {unit_names(kind)[1]}: {why}")
        return
    u = p.units[kind]
    k = min(n, u["supply"])
    if k <= 0:
        return
    u["supply"] -= k
    u["conflict"] += k
    u["deployed"] = u.get("deployed", 0) + k  # "summons and immediately deploys" (rules 003)
    p.deployed_turn += k
    if not e.quiet:
        e.log(f"  {e.pname(p)} summons {unit_words(kind, k)} into the Conflict")


def summon_quietly(p: Player, kind: str, n: int) -> bool:
    """n units of a summoned kind from the bank into the Conflict outside any turn (a
    position being set up, api.Game.from_position); False when the bank has too few."""
    u = p.units[kind]
    if n > u["supply"]:
        return False
    u["supply"] -= n
    u["conflict"] += n
    return True


def doubles_rewards(e, p: Player) -> bool:
    """Whether the player has a unit of a `doubles` kind in the Conflict now."""
    flags = e.content.unit_flags()
    return any(u["conflict"] > 0 and DOUBLES in flags.get(k, ()) for k, u in p.units.items())


def leaves_for_garrison(e, kind: str) -> bool:
    """Whether units of a kind may leave the Conflict for the garrison (a retreat,
    the end of combat): a summoned unit never does."""
    return not flagged(e, kind, SUMMONED)
