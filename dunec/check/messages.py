"""The registry of diagnostic codes. Codes are stable: never renumber, only add.

Each code is a module-level `Code` whose name says what went wrong
(`UNKNOWN_EFFECT`, not `"E0201"`): the checker imports the entries it raises by
name, so a misspelled one fails when the module is imported instead of when a
user first hits that diagnostic, and a call site reads as what it reports.

An entry holds the one-line title, the short label under the caret and the help
line as templates with named placeholders, plus the explanation `dunec explain`
prints. A label or help that is the same wherever the code is raised lives here;
`None` means it depends on the case (a suggestion, the accepted forms, which
rule was broken), and then every call site gives it. `Code.render` refuses a
call whose arguments do not fit the placeholders, or that gives a text the
registry fixes (or omits one it leaves to the site).
"""
from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Code:
    code: str
    title: str
    explain: str
    label: Optional[str] = None
    help: Optional[str] = None

    def templates(self) -> dict[str, str]:
        """The templates this entry fixes, by part."""
        return {part: t for part, t in (("title", self.title), ("label", self.label), ("help", self.help))
                if t is not None}

    @property
    def fields(self) -> frozenset[str]:
        """The named arguments a call site must give."""
        return frozenset(name for t in self.templates().values() for name in placeholders(t))

    def render(self, args: dict, label: Optional[str] = None, help: Optional[str] = None) -> tuple[str, str, str]:
        """(message, label, help) for one occurrence; a misfit call is a bug in dunec."""
        if set(args) != self.fields:
            raise TypeError(f"{self.code}: got arguments {sorted(args)}, its templates name {sorted(self.fields)}")
        for part, given, fixed in (("label", label, self.label), ("help", help, self.help)):
            if (given is None) == (fixed is None):
                raise TypeError(f"{self.code}: the {part} is " +
                                ("fixed by the registry; do not give one" if fixed is not None
                                 else "not fixed by the registry; give one"))
        out = {part: _with_articles(t, args).format(**args) for part, t in self.templates().items()}
        return out["title"], out.get("label", label), out.get("help", help)

    def synopsis(self) -> str:
        """The title with each placeholder shown as `<name>`, for `dunec explain`."""
        return "".join(lit + (f"<{name}>" if name is not None else "")
                       for lit, name, _, _ in string.Formatter().parse(self.title))


def placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def _with_articles(template: str, args: dict) -> str:
    """`a {kind}` becomes `an {kind}` when the value starts with a vowel: an Imperium card."""
    for k, v in args.items():
        if isinstance(v, str) and v[:1].lower() in "aeiou":
            template = template.replace(f" a {{{k}}}", f" an {{{k}}}")
    return template


# --- E00xx: reading and parsing -------------------------------------------------
UNEXPECTED_TOKEN = Code(
    "E0001", "unexpected {found}",
    "The parser met a token it did not expect at this point. A definition looks like\n"
    "`card my_card \"My Card\" { ... }`; statements inside braces are separated by new\n"
    "lines or `;`, and several statements on one line may be joined with `,`.\n\n"
    "    card spy \"Imperial Spy\" {\n        cost 2\n        agent { pay trash this -> intrigue 1 }\n    }")
UNEXPECTED_CHARACTER = Code(
    "E0002", "unexpected character `{char}`",
    "The file contains a character that is not part of the language. Names are\n"
    "lower-case snake_case (`spice_trade`), numbers are plain integers, and titles are\n"
    "double-quoted strings of printable text on one line. Control characters (NUL,\n"
    "escape, DEL, ...) are refused anywhere, and a tab inside a title.")
UNEXPECTED_EOF = Code(
    "E0003", "unexpected end of file",
    "The file ended inside a definition: a `{` has no matching `}`.")
UNREADABLE_FILE = Code(
    "E0004", "cannot read `{path}`",
    "The file could not be read as UTF-8 text. Card files must be UTF-8, regular files\n"
    "(not a device or a named pipe) and at most 16 MiB.")


# --- E01xx: definitions and fields ------------------------------------------------
UNKNOWN_KIND = Code(
    "E0101", "unknown definition kind `{kind}`",
    "Every top-level block starts with its kind: card, intrigue, conflict, space,\n"
    "leader, hagal or deck.",
    label="not a definition kind")
DUPLICATE_ID = Code(
    "E0102", "`{id}` is defined twice",
    "Every definition id must be unique across all card files of a build; ids are how\n"
    "decks, the engine and other cards refer to a definition.",
    label="defined again here",
    help="give each definition its own id")
MISSING_FIELD = Code(
    "E0103", "{kind} `{id}` is missing the field `{field}`",
    "This kind of definition needs the named field. For example an Imperium card needs\n"
    "`cost`, a conflict needs `level` and its rewards, a space needs `icon`.",
    label="needs `{field}`")
UNKNOWN_FIELD = Code(
    "E0104", "`{field}` is not a field of a {kind}",
    "Each kind of definition accepts its own fields. A card has `agent`, `reveal` and\n"
    "`acquire` boxes; an intrigue card has `plot`, `combat`, `endgame` and `on win`;\n"
    "a conflict has `first`, `second`, `third`; a space has `effect`; a leader has\n"
    "`passive` and `signet`; a House Hagal card has `spaces`, `swords` and `gain`.")
DUPLICATE_FIELD = Code(
    "E0105", "the field `{field}` is given twice",
    "A field may appear once per definition; merge the two.",
    label="given again here")
BAD_FIELD_VALUE = Code(
    "E0106", "bad value for `{field}`",
    "The value does not fit the field. The label under the source line says what the\n"
    "field expects, for example `copies 2` or `icons city spice_trade`.")
NO_BOXES = Code(
    "E0107", "a definition must not be empty of boxes",
    "A card, intrigue card, conflict or space that does nothing cannot be played.\n"
    "Give it at least one box (agent, reveal, plot, effect, first, ...).",
    label="no boxes")


# --- E02xx: names and effects -----------------------------------------------------
UNKNOWN_EFFECT = Code(
    "E0201", "unknown effect `{verb}`",
    "Effects are resolved against the effect table: resources (`solari 2`), influence\n"
    "(`influence fremen 1`), units (`troops 2`, `deploy 2`, `retreat any`), cards\n"
    "(`draw 1`, `intrigue 1`, `trash card`, `discard 1`, `acquire cost <= 3`) and so on.\n"
    "`docs/language.md` lists them all.")
WRONG_ARGUMENTS = Code(
    "E0202", "wrong arguments for `{verb}`",
    "The effect exists but its arguments do not match any of its forms. The help line\n"
    "lists the accepted forms.")
UNKNOWN_NAME = Code(
    "E0203", "unknown {what} `{name}`",
    "A name is resolved against its table (resources, factions, agent icons, zones,\n"
    "cards, spaces, locations). The name is not in the table for this slot.")
WRONG_KIND_OF_DEFINITION = Code(
    "E0204", "`{name}` is not a {what}",
    "A name in a reference slot must refer to a definition of the right kind, for\n"
    "example a reserve card for `gain_card` or a board space for a House Hagal card.",
    label="this is a {kind}",
    help="name a {what} here")
BLOCK_NEEDED = Code(
    "E0205", "`{verb}` takes a block",
    "This effect scopes other effects and needs `{ ... }` after it, for example\n"
    "`each opponent { discard 1 }`.",
    label="needs `{{ ... }}`",
    help="write `{verb} {{ ... }}`")
BLOCK_NOT_TAKEN = Code(
    "E0206", "`{verb}` does not take a block",
    "Only scoping effects take a block after their arguments.",
    label="unexpected block",
    help="only `opponent` and `each opponent` take a block")


# --- E03xx: context and types -----------------------------------------------------
WRONG_BOX = Code(
    "E0301", "`{verb}` cannot be used in {box}",
    "Some effects only make sense in some boxes: swords count only on a Reveal turn or\n"
    "in combat; persuasion is spent on the Reveal turn; a combat intrigue box holds\n"
    "only what can happen during the Combat phase (swords, retreat, deploy, losses,\n"
    "paid effects); a conflict reward cannot recall an agent.")
NOT_IN_THIS_SET = Code(
    "E0302", "`{name}` belongs to {needs}, but this definition is in set `{set}`",
    "Constructs that an expansion introduces (spies, sandworms, contracts, tech,\n"
    "specimens, ...) are refused in a set that does not include that expansion.",
    label="needs {needs}",
    help="write `set {expansion}` if the card belongs to that expansion, or remove `{name}`")
UNPAYABLE_COST = Code(
    "E0303", "this cost can never be paid: {what} is from {lo} to {hi}",
    "The cost asks for more than a player can ever hold (influence tops out at 6,\n"
    "a player has 12 troops, no cost is over 99), or it is zero or negative.",
    label="{number} is {beyond}",
    help="{why}")
UNKNOWN_CONDITION = Code(
    "E0304", "unknown condition `{name}`",
    "Conditions are resolved against the condition table: `bond FACTION` (another card\n"
    "of that faction in play), `alliance FACTION|any`, `influence FACTION >= N`,\n"
    "`units >= N`, `seat`, `players >= N`, `intrigue >= N`, `factions_at N >= M`, ...",
    label="not a condition")
WRONG_CONDITION_ARGUMENTS = Code(
    "E0305", "wrong arguments for condition `{name}`",
    "The condition exists but its arguments do not match its form.")
UNKNOWN_COUNT = Code(
    "E0306", "unknown count `{name}`",
    "`for each` counts are resolved against the count table: `cards_in_play FACTION`,\n"
    "`alliances`, `units`, `intrigue`, ...",
    label="not a count")
TOO_FEW_OPTIONS = Code(
    "E0307", "`choose {n}` needs more than {options}",
    "`choose N` picks N different options; it needs more options than N (or use no\n"
    "choice at all).",
    label="only {given}",
    help="add options, lower the number, or drop the choice if every option applies")
MODIFIER_AS_EFFECT = Code(
    "E0308", "`{name}` is a rule modifier, not an effect",
    "Rule modifiers (`space_cost`, `ignore_block`, ...) change how the game treats a\n"
    "player; they belong in a leader's `passive` box.",
    label="not an effect",
    help="put it in the leader's `passive {{ ... }}` box")
NOT_PLAYED_YET = Code(
    "E0309", "`{name}` ({set}) is not played by the engine yet",
    "The checker knows this expansion construct, but the engine does not play it yet.\n"
    "A card that compiled but silently did less than its text would be a defect, so\n"
    "the construct is refused until its set lands.",
    label="not played yet",
    help="the engine plays base-game constructs today; this one arrives with its set")
NUMBER_OUT_OF_RANGE = Code(
    "E0310", "number out of range: {what} is from {lo} to {hi}",
    "Every number in a card has a range that fits where it stands: amounts of an\n"
    "effect are 1 to 99, influence levels 0 to 6, troops 0 to 12, card costs 0 to 20,\n"
    "conflict levels 1 to 3, and so on. A number outside it is a typo or a card no\n"
    "game could play. Costs that can never be paid are E0303.",
    label="{number} is {beyond}",
    help="{why}")


# --- E04xx: sets and decks --------------------------------------------------------
DECK_SIZE_MISMATCH = Code(
    "E0401", "{what} lists {got}, but its size is {want}",
    "A deck declares its size; the cards listed must add up to it.",
    label="the `card` rows add up to {got}",
    help="make the rows add up to {want}, or fix `size`")
UNKNOWN_SET = Code(
    "E0402", "unknown set `{name}`",
    "Sets are base, ix, immortality and uprising (and promo).",
    label="not a set")
SET_CANNOT_START = Code(
    "E0403", "this set cannot set up a game",
    "A folder that defines the starting deck (`deck starting`) is a whole set, and a\n"
    "game must be able to start from it: a conflict deck of 1 level I, 5 level II and\n"
    "4 level III cards, 5 Imperium cards for the Row, 4 leaders for a four-player\n"
    "game, and board spaces. A partial file (a few new cards) leaves the starting\n"
    "deck out and is checked with the bundled set: `dunec show --with FILE` (or\n"
    "`dunec play --with FILE`, `dunec simulate --with FILE`).",
    label="a whole set: it defines the starting deck",
    help="add what is missing, or leave `deck starting` out of a file of new cards "
    "and check it with the bundled set: `dunec show --with FILE`")


# --- E07xx: internal --------------------------------------------------------------
INTERNAL_ERROR = Code(
    "E0700", "internal compiler error: {what}",
    "This is a bug in dunec, not in your cards. Please report it with the input that\n"
    "caused it.",
    label="a bug in dunec, not in the cards",
    help="please report it with the input that caused it")


def _registry() -> dict[str, Code]:
    """Every entry by its code, in file order; two entries with one code fail at import."""
    out: dict[str, Code] = {}
    for entry in globals().values():
        if isinstance(entry, Code):
            if entry.code in out and out[entry.code] is not entry:
                raise ValueError(f"two registry entries share the code {entry.code}")
            out[entry.code] = entry
    return out


MESSAGES: dict[str, Code] = _registry()


def explain(code: str) -> str | None:
    code = code.strip().upper()
    m = MESSAGES.get(code)
    if m is None:
        return None
    return f"{code}: {m.synopsis()}\n\n{m.explain}\n"
