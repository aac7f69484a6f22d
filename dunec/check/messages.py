"""The registry of diagnostic codes. Codes are stable: never renumber, only add.

Each entry has a one-line title (a format string filled by the checker) and an
explanation that `dunec explain CODE` prints.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    title: str
    explain: str


MESSAGES: dict[str, Message] = {
    # --- E00xx: reading and parsing -------------------------------------------------
    "E0001": Message(
        "unexpected {found}",
        "The parser met a token it did not expect at this point. A definition looks like\n"
        "`card my_card \"My Card\" { ... }`; statements inside braces are separated by new\n"
        "lines or `;`, and several statements on one line may be joined with `,`.\n\n"
        "    card spy \"Imperial Spy\" {\n        cost 2\n        agent { pay trash this -> intrigue 1 }\n    }"),
    "E0002": Message(
        "unexpected character `{char}`",
        "The file contains a character that is not part of the language. Names are\n"
        "lower-case snake_case (`spice_trade`), numbers are plain integers, and titles are\n"
        "double-quoted strings of printable text on one line. Control characters (NUL,\n"
        "escape, DEL, ...) are refused anywhere, and a tab inside a title."),
    "E0003": Message(
        "unexpected end of file",
        "The file ended inside a definition: a `{` has no matching `}`."),
    "E0004": Message(
        "cannot read `{path}`",
        "The file could not be read as UTF-8 text. Card files must be UTF-8, regular files\n"
        "(not a device or a named pipe) and at most 16 MiB."),
    # --- E01xx: definitions and fields ------------------------------------------------
    "E0101": Message(
        "unknown definition kind `{kind}`",
        "Every top-level block starts with its kind: card, intrigue, conflict, space,\n"
        "leader, hagal or deck."),
    "E0102": Message(
        "`{id}` is defined twice",
        "Every definition id must be unique across all card files of a build; ids are how\n"
        "decks, the engine and other cards refer to a definition."),
    "E0103": Message(
        "{kind} `{id}` is missing the field `{field}`",
        "This kind of definition needs the named field. For example an Imperium card needs\n"
        "`cost`, a conflict needs `level` and its rewards, a space needs `icon`."),
    "E0104": Message(
        "`{field}` is not a field of a {kind}",
        "Each kind of definition accepts its own fields. A card has `agent`, `reveal` and\n"
        "`acquire` boxes; an intrigue card has `plot`, `combat`, `endgame` and `on win`;\n"
        "a conflict has `first`, `second`, `third`; a space has `effect`; a leader has\n"
        "`passive` and `signet`; a House Hagal card has `spaces`, `swords` and `gain`."),
    "E0105": Message(
        "the field `{field}` is given twice",
        "A field may appear once per definition; merge the two."),
    "E0106": Message(
        "bad value for `{field}`",
        "The value does not fit the field. The label under the source line says what the\n"
        "field expects, for example `copies 2` or `icons city spice_trade`."),
    "E0107": Message(
        "a definition must not be empty of boxes",
        "A card, intrigue card, conflict or space that does nothing cannot be played.\n"
        "Give it at least one box (agent, reveal, plot, effect, first, ...)."),
    # --- E02xx: names and effects -----------------------------------------------------
    "E0201": Message(
        "unknown effect `{verb}`",
        "Effects are resolved against the effect table: resources (`solari 2`), influence\n"
        "(`influence fremen 1`), units (`troops 2`, `deploy 2`, `retreat any`), cards\n"
        "(`draw 1`, `intrigue 1`, `trash card`, `discard 1`, `acquire cost <= 3`) and so on.\n"
        "`docs/language.md` lists them all."),
    "E0202": Message(
        "wrong arguments for `{verb}`",
        "The effect exists but its arguments do not match any of its forms. The help line\n"
        "lists the accepted forms."),
    "E0203": Message(
        "unknown {what} `{name}`",
        "A name is resolved against its table (resources, factions, agent icons, zones,\n"
        "cards, spaces, locations). The name is not in the table for this slot."),
    "E0204": Message(
        "`{name}` is not a {what}",
        "A name in a reference slot must refer to a definition of the right kind, for\n"
        "example a reserve card for `gain_card` or a board space for a House Hagal card."),
    "E0205": Message(
        "`{verb}` takes a block",
        "This effect scopes other effects and needs `{{ ... }}` after it, for example\n"
        "`each opponent {{ discard 1 }}`."),
    "E0206": Message(
        "`{verb}` does not take a block",
        "Only scoping effects take a block after their arguments."),
    # --- E03xx: context and types -----------------------------------------------------
    "E0301": Message(
        "`{verb}` cannot be used in {box}",
        "Some effects only make sense in some boxes: swords count only on a Reveal turn or\n"
        "in combat; persuasion is spent on the Reveal turn; a combat intrigue box holds\n"
        "only what can happen during the Combat phase (swords, retreat, deploy, losses,\n"
        "paid effects); a conflict reward cannot recall an agent."),
    "E0302": Message(
        "`{name}` belongs to {needs}, but this definition is in set `{set}`",
        "Constructs that an expansion introduces (spies, sandworms, contracts, tech,\n"
        "specimens, ...) are refused in a set that does not include that expansion."),
    "E0303": Message(
        "this cost can never be paid",
        "The cost asks for more than a player can ever hold (influence tops out at 6,\n"
        "a player has 12 troops, no cost is over 99), or it is zero or negative."),
    "E0304": Message(
        "unknown condition `{name}`",
        "Conditions are resolved against the condition table: `bond FACTION` (another card\n"
        "of that faction in play), `alliance FACTION|any`, `influence FACTION >= N`,\n"
        "`units >= N`, `seat`, `players >= N`, `intrigue >= N`, `factions_at N >= M`, ..."),
    "E0305": Message(
        "wrong arguments for condition `{name}`",
        "The condition exists but its arguments do not match its form."),
    "E0306": Message(
        "unknown count `{name}`",
        "`for each` counts are resolved against the count table: `cards_in_play FACTION`,\n"
        "`alliances`, `units`, `intrigue`, ..."),
    "E0307": Message(
        "`choose {n}` needs more than {options}",
        "`choose N` picks N different options; it needs more options than N (or use no\n"
        "choice at all)."),
    "E0308": Message(
        "`{name}` is a rule modifier, not an effect",
        "Rule modifiers (`space_cost`, `ignore_block`, ...) change how the game treats a\n"
        "player; they belong in a leader's `passive` box."),
    "E0309": Message(
        "`{name}` ({set}) is not played by the engine yet",
        "The checker knows this expansion construct, but the engine does not play it yet.\n"
        "A card that compiled but silently did less than its text would be a defect, so\n"
        "the construct is refused until its set lands."),
    "E0310": Message(
        "number out of range: {what} is from {lo} to {hi}",
        "Every number in a card has a range that fits where it stands: amounts of an\n"
        "effect are 1 to 99, influence levels 0 to 6, troops 0 to 12, card costs 0 to 20,\n"
        "conflict levels 1 to 3, and so on. A number outside it is a typo or a card no\n"
        "game could play. Costs that can never be paid are E0303."),
    # --- E04xx: sets and decks --------------------------------------------------------
    "E0401": Message(
        "{what} lists {got}, but its size is {want}",
        "A deck declares its size; the cards listed must add up to it."),
    "E0402": Message(
        "unknown set `{name}`",
        "Sets are base, ix, immortality and uprising (and promo)."),
    "E0403": Message(
        "this set cannot set up a game",
        "A folder that defines the starting deck (`deck starting`) is a whole set, and a\n"
        "game must be able to start from it: a conflict deck of 1 level I, 5 level II and\n"
        "4 level III cards, 5 Imperium cards for the Row, 4 leaders for a four-player\n"
        "game, and board spaces. A partial file (a few new cards) leaves the starting\n"
        "deck out and is checked with the bundled set: `dunec show --with FILE` (or\n"
        "`dunec play --with FILE`, `dunec simulate --with FILE`)."),
    # --- E07xx: internal --------------------------------------------------------------
    "E0700": Message(
        "internal compiler error: {what}",
        "This is a bug in dunec, not in your cards. Please report it with the input that\n"
        "caused it."),
}


def explain(code: str) -> str | None:
    code = code.strip().upper()
    m = MESSAGES.get(code)
    if m is None:
        return None
    return f"{code}: {m.title}\n\n{m.explain}\n"
