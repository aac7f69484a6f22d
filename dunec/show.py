"""`dunec show`: a definition as a player reads it, generated from the checked IR."""
from __future__ import annotations

from dunec.check.model import KINDS, Def
from dunec.check.schema import SCHEMAS
from dunec.ir import describe
from dunec.ir.ops import turn_start

BOX_TITLES = {
    "agent": "Agent", "reveal": "Reveal", "acquire": "When acquired", "trash": "When trashed",
    "discard": "When discarded", "plot": "Plot", "combat": "Combat", "endgame": "Endgame",
    "win": "When you win a Conflict", "first": "1st", "second": "2nd", "third": "3rd",
    "space": "Effect", "control": "Control bonus", "passive": "Passive", "signet": "Signet ring",
    "once": "Once per game", "game_start": "At game start", "high_council": "When you take a High Council seat",
    "space_paid": "When you pay Solari for a board space", "harvest": "When you harvest spice",
    "hagal": "Rival gains", "deploy": "When you deploy troops to the Conflict", "round_start": "At round start",
    "lose_troops": "When you lose Troops at the end of a Conflict",
    "reach": "When you reach Influence with a Faction",
    "agent_at": "When you send an Agent to a board space",
    "opponent_agent_at": "When another player sends an Agent to a board space",
}
BOX_ORDER = tuple(BOX_TITLES)


# The definitions whose names a rules text may name (a space, a card to gain or discount).
NAMED_KINDS = ("space", "card", "starter", "reserve", "intrigue", "tech", "leader", "post")


def titles_of(model) -> dict:
    """id -> title for every name the model's sets declare (counters, units, tracks,
    markets) and the name of each space and card: the words `show` uses for them."""
    out = {decl.id: decl.title for s in model.sets.values() for decl in s.names.values()}
    # a set's derived definition kinds (`kind gadget "Gadget" { like card }`), apart from its names
    out.update({f"kind {k}": decl.title for s in model.sets.values() for k, decl in s.derived.items()})
    for d in model.defs.values():
        if d.kind in NAMED_KINDS:
            out.setdefault(d.id, d.name)
    # ("in place of", card) -> what a set's or a deck list's `replace` puts the card in place of
    named = {d.id: d.name for d in model.defs.values()}
    rows = [(f"set `{sid}`", r.row()) for sid, s in sorted(model.sets.items()) for r in s.replaces]
    rows += [(f"deck `{d.id}`", r) for d in model.defs.values() if d.kind == "deck" for r in d.fields.get("replace", ())]
    for who, (_, old, new, n) in rows:
        out.setdefault(("in place of", new), []).append(
            f"{'every copy of' if n is None else f'{n} x'} {named.get(old, old.replace('_', ' '))} ({who})")
    # ("price", card) -> the currency of the market of cards that sells it (not Persuasion)
    from dunec.check.vocab import reaches

    # (the market of the card's own set first, as Content.market_cards deals it)
    markets = [m for s in model.sets.values() for m in s.names.values() if m.kind == "market" and m.to and m.currency]
    for d in model.defs.values():
        sellers = [m for m in markets if d.id == m.keeps or (d.kind == m.sells and m.set in reaches(model.sets, d.set))]
        if sellers:
            out[("price", d.id)] = next((m for m in sellers if m.set == d.set), sellers[0]).currency
    return out


def kind_title(kind: str) -> str:
    """What a player calls a definition kind: the core's word, or the title of a set's
    derived kind among the titles rendered with (titles_of)."""
    return KINDS.get(kind) or describe.name(f"kind {kind}")


def show_definition(d: Def, titles: dict | None = None) -> str:
    """The definition as a player reads it; `titles` (titles_of) names what its set declares."""
    with describe.titled(titles or {}):
        return _show(d)


def _show(d: Def) -> str:
    f = d.fields
    head = f"{d.name}  [{kind_title(d.kind)}, {d.set}" + (f", {d.copies} copies" if d.copies > 1 else "") + "]"
    lines = [head, "-" * len(head)]
    if "cost" in f and d.kind == "tech":
        lines.append(f"Cost: {f['cost']} spice")
    elif "cost" in f and describe.price_of(d.id):  # a market's card: its currency
        one, many = describe.unit_names(describe.price_of(d.id))
        lines.append(f"Cost: {f['cost']} {one if f['cost'] == 1 else many}")
    elif "cost" in f and d.kind != "space":
        lines.append(f"Cost: {f['cost']} Persuasion")
    if f.get("icons"):
        lines.append("Agent icons: " + ", ".join(describe.name(i) for i in f["icons"]))
    if f.get("factions"):
        lines.append("Faction: " + ", ".join(describe.name(i) for i in f["factions"]))
    if d.kind == "space":
        lines.append(f"Icon: {describe.name(f['icon'])}" + (f" (faction space: +1 {describe.name(f['faction'])} Influence)"
                                                            if f.get("faction") else ""))
    lines.extend(fact_lines(d))
    lines.extend(f"In place of: {x}" for x in describe.in_place_of(d.id))
    for box in BOX_ORDER:
        if box in d.boxes:
            lines.append(f"{box_title(d, box)}: {describe.ops(d.boxes[box])}")
    return "\n".join(lines)


def box_title(d: Def, box: str) -> str:
    if box == "plot" and turn_start(d.boxes[box]):
        return "Plot, at the start of your turn"
    if box == "plot" and d.kind == "tech":  # a tile's ability, on its owner's turn
        return "Once per round (flip the tile), on your turn" if d.fields.get("flips") else "On your turn"
    if box == "reveal" and d.fields.get("unload"):
        return "Reveal (Unload)"
    if box == "agent" and d.fields.get("graft"):
        return "Graft, Agent"
    if box == "lose_troops":  # `on lose_troops N`
        return f"When you lose at least {d.fields.get('lose_troops', 1)} Troops at the end of a Conflict"
    if box == "space" and d.kind == "contract":  # a contract's `reward` box
        return "Reward"
    if box == "reach" and d.fields.get("reach"):  # `on reach FACTION N`
        faction, n = d.fields["reach"]
        return f"When you reach {n} Influence with {describe.NAMES.get(faction, faction)}"
    if box == "agent_at" and d.fields.get("agent_at"):  # `on agent_at ICON...`
        icons = " or ".join(describe.NAMES.get(i, describe.name(i)) for i in d.fields["agent_at"])
        return f"When you send an Agent to a {icons} board space"
    if box == "opponent_agent_at" and d.fields.get("opponent_agent_at"):
        traits = d.fields["opponent_agent_at"]
        what = " ".join(t for t in ("maker", "combat") if t in traits)
        spying = " you are spying on" if "spying" in traits else ""
        return f"When another player sends an Agent to a{' ' + what if what else ''} board space{spying}"
    return BOX_TITLES[box]


def fact_lines(d: Def) -> list[str]:
    """What a definition is besides its boxes and icons (shared with the picture)."""
    f = d.fields
    lines = []
    if d.kind == "conflict":
        lines.append(f"Level: {'I' * f['level']}")
    if d.kind == "objective":
        counts = f.get("players")
        lines.append("Players: " + (", ".join(str(n) for n in counts) if counts else "any count"))
        if f.get("first_player"):
            lines.append("First Player marker: its holder starts.")
    # A field named after a set's tag set (Uprising's battle icons): no kind has it as its own.
    known = {k for schema in SCHEMAS.values() for k in schema} | {"players"} | \
        {spec.box for schema in SCHEMAS.values() for spec in schema.values() if spec.box}
    if d.kind == "leader" and (f.get("side") or f.get("side_of")):  # a two-sided leader (`flip_leader`)
        lines.append(f"Other side: {describe.name(f.get('side') or f['side_of'])}"
                     + (" (the front)" if f.get("side_of") else " (the back)"))
    for key in sorted(k for k in f if k not in known and isinstance(f[k], tuple)
                      and all(isinstance(t, str) for t in f[k])):
        lines.append(f"{describe.name(key)}: " + ", ".join(describe.name(t) for t in f[key]))
    if d.kind == "leader" and f.get("remove_starter"):
        lines.append("Starts without: " + ", ".join(f"{n} {describe.name(c)}" for c, n in f["remove_starter"]))
    if d.kind == "tech" and f.get("rival"):
        lines.append("House Hagal mark: a solo rival may acquire it.")
    if d.kind == "contract":  # how it is completed (engine/rules/contracts.py)
        if f.get("at"):
            lines.append("Completed: send an Agent to " + describe.name(f["at"][0].split(".")[-1])
                         + " (holding the contract when sending it)")
        elif f.get("harvest"):
            lines.append(f"Completed: send an Agent to a Maker space and gain {f['harvest']} or more spice that turn")
        elif f.get("immediate"):
            lines.append("Completed: as soon as it is taken")
        elif f.get("acquired"):
            lines.append("Completed: when you acquire " + describe.name(f["acquired"][0].split(".")[-1]))
    if d.kind == "space":
        if f.get("replaces"):
            lines.append("Replaces: " + ", ".join(describe.name(r.split(".")[-1]) for r in f["replaces"]))
        if f.get("cost"):
            lines.append("Cost: " + ", ".join(describe.cost(c) for c in f["cost"]))
        if f.get("requires"):
            lines.append("Requires: " + describe.cond(f["requires"]))
        tags = [t for t in ("combat", "maker") if f.get(t)]
        if tags:
            lines.append("Space: " + ", ".join({"combat": "combat space", "maker": "maker space"}[t] for t in tags))
    if d.kind == "intrigue" and f.get("requires"):
        lines.append("Playable only when: " + describe.cond(f["requires"]))
    if d.kind == "deck":
        lines.append(f"Size: {f['size']}")
        lines.extend(f"  {n} x {c}" for c, n in f.get("cards", ()))
        lines.extend(f"  {n} x {new}, in place of {n} x {old}" for _, old, new, n in f.get("replace", ()))
    if d.kind == "hagal":
        lines.extend(_hagal_lines(f))
    if f.get("gained_only"):
        lines.append("Cannot be bought with Persuasion.")
    if f.get("from_anywhere"):
        lines.append("Sends one of your agents from anywhere (your leader or a board space).")
    if f.get("infiltrate"):
        lines.append("Enemy agents don't block the agent this card sends.")
    if f.get("ignore_requirements"):
        lines.append("The agent this card sends ignores the Influence requirements of board spaces.")
    if f.get("unload"):
        lines.append("Unload: the Reveal box also runs when this card is discarded or trashed.")
    if f.get("graft"):
        lines.append("Graft: on an Agent turn, played with exactly one other card; the Agent may use an icon "
                     "of either card, and both Agent boxes resolve.")
    return lines


def _hagal_lines(f: dict) -> list[str]:
    modes = {"solo": "solo", "duo": "two players"}
    out = ["Used in: " + ", ".join(modes[m] for m in f.get("mode", ("solo", "duo")))]
    if f.get("reshuffle"):
        out.append("Reshuffle: shuffle every House Hagal card into a new deck and reveal again")
    spaces = [describe.name(s) for s in f.get("spaces", ())]
    if spaces:
        how = " or ".join(spaces)
        if f.get("pick") == "most_spice":
            how = f"the one of {', '.join(spaces)} with the most bonus spice (needs 1 or more)"
        elif f.get("pick") == "qualified":
            how = f"the first of {', '.join(spaces)} whose requirement it meets (if taken, the card fails)"
            if f.get("first_from_level"):
                level = "I" * f["first_from_level"]
                how += f"; {spaces[0]} only from a Conflict {level} on"
        out.append(f"Sends the rival's agent to: {how}")
    if f.get("prefers"):
        out.append("Places its piece on the first free of: " + ", ".join(describe.name(s) for s in f["prefers"]))
    if f.get("requires"):
        out.append("Fails unless: " + describe.cond(f["requires"]))
    if f.get("deploys"):
        out.append("Combat card: deploys the troops recruited this turn and up to 2 from the garrison")
    if not f.get("reshuffle"):
        out.append(f"Swords in combat: {f.get('swords', 0)}")
    return out


DECL_KINDS = {"counter": "counter", "unit": "unit kind", "track": "track", "market": "market", "token": "token",
              "piece": "piece", "flag": "flag", "icon": "agent icon", "tags": "tag set", "location": "location"}


def declared_names(model) -> dict:
    """id -> the Decl of every name a set of the model declares (counters, unit kinds,
    tracks, markets, tokens, pieces, flags, icons, tag sets, locations): what `show`
    prints beside the definitions."""
    return {n: d for s in model.sets.values() for n, d in s.names.items() if d.kind in DECL_KINDS}


def show_declaration(d, titles: dict | None = None, defs: dict | None = None) -> str:
    """A set's declared name (a track, a market, a token, ...) as a player reads it;
    `defs` (id -> Def) names the definition a market always offers."""
    titles = dict(titles or {})
    if d.kind == "market" and d.keeps and defs and d.keeps in defs:
        titles.setdefault(d.keeps, defs[d.keeps].name)
    with describe.titled(titles):
        return _show_declaration(d)


def _show_declaration(d) -> str:
    head = f"{d.title}  [{DECL_KINDS[d.kind]}, {d.set}]"
    lines = [head, "-" * len(head)]
    if d.kind == "counter":
        if d.holds:
            lines.append(f"Holds: {describe.name(d.holds)} from the supply" +
                         ("; returned to the supply at will" if d.returnable else ""))
    elif d.kind == "unit":
        lines.extend(f"{k.title()}: {v}" for k, v in sorted(d.numbers.items()))
        flags = {w for w, _ in getattr(d, "flags", ())}
        if "summoned" in flags:
            lines.append("Summoned straight into the Conflict, never to a garrison; back to the supply after combat")
        if "doubles" in flags:
            lines.append("With one in the Conflict, the rewards its player takes are doubled")
    elif d.kind == "track" and d.cells:
        lines.append(f"Start: {d.start}")
        for cid, c in d.cells.items():
            links = ", ".join(n for n, _ in c.next)
            gives = describe.ops(c.gives) if c.gives else "nothing"
            lines.append(f"  {cid} (column {c.column}): {gives}" + (f"; next {links}" if links else ""))
        for col, ops in sorted(d.froms.items()):
            lines.append(f"From column {col}: {describe.ops(ops)}")
        if d.at_end:
            lines.append(f"From the last column: {describe.ops(d.at_end)}")
    elif d.kind == "track":
        lines.append(f"Steps: {d.numbers.get('steps', 0)}")
        for k, ops in sorted(d.steps.items()):
            lines.append(f"  Step {k}: {describe.ops(ops)}")
        for k, ops in sorted(d.firsts.items()):
            lines.append(f"  First to reach step {k}: {describe.ops(ops)}")
    elif d.kind == "market":
        sells = describe.name(f"kind {d.sells}") if describe.name(f"kind {d.sells}") != f"kind {d.sells}" \
            else describe.name(d.sells)
        lines.append(f"Sells: {sells} for {describe.unit_names(d.currency)[1] if d.currency else 'nothing'}")
        if d.numbers.get("slots"):
            lines.append(f"Face up: {d.numbers['slots']} cards, refilled at once")
        if d.numbers.get("stacks"):
            lines.append(f"Stacks: {d.numbers['stacks']}")
        if d.keeps:
            lines.append(f"Always offered: {describe.name(d.keeps)}")
        if d.at_reveal:
            lines.append("Bought on a Reveal turn")
        if d.to:
            lines.append(f"A bought card goes to the {'top of the deck' if d.to == 'top' else d.to + ' pile'}")
        if getattr(d, "free", False):  # its name is a verb that takes its entries (rules/contracts.py)
            lines.append(f"Taken without a price: `{d.id} N` takes N of the face-up ones")
        if "when_empty" in d.boxes:
            lines.append(f"With none left: {describe.ops(d.boxes['when_empty'])}")
    elif d.kind == "token":
        for box, ops in sorted(d.boxes.items()):
            lines.append(f"{BOX_TITLES.get(box, box)}: {describe.ops(ops)}")
    elif d.kind == "piece":
        lines.append(f"Supply: {d.numbers.get('supply', 0)} a player")
        lines.append(f"Placed on: a free {kind_title(d.on)}, each linked to board spaces")
    elif d.kind == "flag":
        lines.append("Up at the start of the game, until a card or space clears it")
        lines.append("Protects: " + ", ".join(describe.name(w) for w, _ in d.words))
    elif d.kind == "icon":
        lines.append(f"Sends an agent to a space linked to where your {describe.name(d.via)} stands" if d.via
                     else "An agent icon")
    elif d.kind == "tags":
        lines.append("Tags: " + ", ".join(describe.name(w).title() for w, _ in d.words if w != d.wild))
        if d.wild:
            lines.append(f"Wild: {describe.name(d.wild).title()} (matches any other)")
    elif d.kind == "location":
        lines.append("A location of the board: its spaces can be controlled, a Conflict can be fought over it")
    return "\n".join(lines)
