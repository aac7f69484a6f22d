"""The registry of diagnostic codes. Codes are stable: never renumber, only add.

Each code is a module-level `Code` whose name says what went wrong
(`UNKNOWN_EFFECT`, not `"E0201"`): the checker imports the entries it raises by
name, so a misspelled one fails when the module is imported instead of when a
user first hits that diagnostic, and a call site reads as what it reports.

An entry holds the one-line title, the short label under the caret and the help
line as templates with named placeholders, plus the explanation `dunec explain`
prints. A code raised in several situations has a variant per situation
(`FIELD_NEEDS_BLOCK` is E0106 with its own label and help), so the texts live
here and not at the call sites. `None` means the text is computed where the
problem is found (a suggestion, the accepted forms), and then the call site
gives it. `Code.render` refuses a call whose arguments do not fit the
placeholders, or that gives a text the registry fixes (or omits one it leaves
to the site).
"""
from __future__ import annotations

import string

from dunec.record import Frozen


class Code(Frozen):
    """of: the entry a variant belongs to."""
    __slots__ = FIELDS = ("code", "title", "explain", "label", "help", "of")

    def __init__(self, code: str, title: str, explain: str, label: str | None = None,
                 help: str | None = None, of: Code | None = None) -> None:
        set_ = object.__setattr__
        set_(self, "code", code)
        set_(self, "title", title)
        set_(self, "explain", explain)
        set_(self, "label", label)
        set_(self, "help", help)
        set_(self, "of", of)

    def variant(self, label: str | None, help: str | None) -> "Code":
        """The same code, title and explanation, raised in another situation."""
        return Code(self.code, self.title, self.explain, label, help, self)

    def templates(self) -> dict[str, str]:
        """The templates this entry fixes, by part."""
        return {part: t for part, t in (("title", self.title), ("label", self.label), ("help", self.help))
                if t is not None}

    @property
    def fields(self) -> frozenset[str]:
        """The named arguments a call site must give."""
        return frozenset(name for t in self.templates().values() for name in placeholders(t))

    def render(self, args: dict, label: str | None = None, help: str | None = None) -> tuple[str, str, str]:
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


# Words that start with a vowel letter but a consonant sound keep `a`: a unit, a use.
_YOU_SOUND = ("uni", "use", "usu", "one")


def _with_articles(template: str, args: dict) -> str:
    """`a {kind}` becomes `an {kind}` when the value starts with a vowel sound: an
    Imperium card, but a unit."""
    for k, v in args.items():
        if isinstance(v, str) and v[:1].lower() in "aeiou" and not v.lower().startswith(_YOU_SOUND):
            template = template.replace(f" a {{{k}}}", f" an {{{k}}}")
    return template


# --- E00xx: reading and parsing -------------------------------------------------
UNEXPECTED_TOKEN = Code(
    "E0001", "unexpected {found}",
    "The parser met a token it did not expect at this point. A definition looks like\n"
    "`card my_card \"My Card\" { ... }`; statements inside braces are separated by new\n"
    "lines or `;`, and several statements on one line may be joined with `,`.\n\n"
    "    card spy \"Imperial Spy\" {\n        cost 2\n        agent { pay trash this -> intrigue 1 }\n    }")
NESTED_TOO_DEEP = UNEXPECTED_TOKEN.variant("blocks nested more than {depth} deep", "flatten the nested blocks")
NESTED_TOO_DEEPLY = UNEXPECTED_TOKEN.variant("nested too deeply", "flatten the nested conditions or blocks")
UNEXPECTED_CHARACTER = Code(
    "E0002", "unexpected character `{char}`",
    "The file contains a character that is not part of the language. Names are\n"
    "lower-case snake_case (`spice_trade`), numbers are plain integers, and titles are\n"
    "double-quoted strings of printable text on one line. Control characters (NUL,\n"
    "escape, DEL, ...) are refused anywhere, and a tab inside a title; so are the\n"
    "bidirectional controls (U+202E, ...), which make text show other than it reads,\n"
    "and the line separators U+2028/U+2029.",
    label="not part of the language")
CONTROL_CHARACTER = UNEXPECTED_CHARACTER.variant("control character",
                                                 "card files are plain UTF-8 text: delete the control character")
CONTROL_CHARACTER_IN_STRING = UNEXPECTED_CHARACTER.variant(
    "control character", "titles and strings are printable text: delete the control character")
TAB_IN_STRING = UNEXPECTED_CHARACTER.variant(
    "tab in a string", "titles and strings are one line of printable text: write a plain space")
NUL_BYTE = UNEXPECTED_CHARACTER.variant("NUL byte", "card files are plain UTF-8 text: delete the NUL byte")
UNEXPECTED_EOF = Code(
    "E0003", "unexpected end of file",
    "The file ended inside a definition: a `{` has no matching `}`.")
UNCLOSED_BLOCK = Code(
    "E0005", "block not closed",
    "A `{` has no matching `}`, and the indentation shows where it should have\n"
    "closed: the first line after the `{` that is indented no deeper than the line of\n"
    "the `{` (or a `}` indented less) is where the block's `}` is missing. Without\n"
    "this, the parser would only notice at the end of the file (E0003).",
    label="this block is not closed",
    help="add the `}}` that closes it before line {line}, where the indentation drops")
UNREADABLE_FILE = Code(
    "E0004", "cannot read `{path}`",
    "The file could not be read as UTF-8 text. Card files must be UTF-8, regular files\n"
    "(not a device or a named pipe) and at most 16 MiB.",
    label="{reason}",
    help="check the path and its permissions")
NOT_UTF8 = UNREADABLE_FILE.variant("byte 0x{byte} at line {line}, column {column} is not UTF-8",
                                   "save the file as UTF-8 text")
NOT_A_CARD_FILE = UNREADABLE_FILE.variant("{reason}", "name a card file of plain UTF-8 text")


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
    label="needs `{field}`",
    help="add `{example}`")
MISSING_SET = MISSING_FIELD.variant("needs `{field}`", "add `set base` (or keep the file under cards/<set>/)")
# A file in a new set folder: the folder names the set once it declares it.
MISSING_SET_DECLARATION = MISSING_FIELD.variant(
    "needs `{field}`", "declare the set in `{folder}/set.dune` (`set {name} \"Title\" {{ requires base }}`), "
    "or add `set base` to the definition")
# `unload` gives the card's Reveal box when it is discarded or trashed: it needs one.
UNLOAD_WITHOUT_REVEAL = MISSING_FIELD.variant(
    "`unload` needs a `reveal` box", "add the card's `reveal {{ ... }}` box, or drop `unload`")
UNKNOWN_FIELD = Code(
    "E0104", "`{field}` is not a field of a {kind}",
    "Each kind of definition accepts its own fields. A card has `agent`, `reveal` and\n"
    "`acquire` boxes; an intrigue card has `plot`, `combat`, `endgame` and `on win`;\n"
    "a conflict has `first`, `second`, `third`; a space has `effect`; a leader has\n"
    "`passive` and `signet`; a House Hagal card has `spaces`, `swords` and `gain`.",
    label="unknown field")
EFFECT_OUTSIDE_BOX = UNKNOWN_FIELD.variant("effects go inside a box", "wrap it in a box such as `reveal {{ ... }}`")
REQUIREMENT_OUTSIDE_SPACE = UNKNOWN_FIELD.variant("unknown field", "only a board space has a requirement")
DUPLICATE_FIELD = Code(
    "E0105", "the field `{field}` is given twice",
    "A field may appear once per definition; merge the two.",
    label="given again here",
    help="keep one of the two")
DUPLICATE_BOX = DUPLICATE_FIELD.variant("given again here", "merge the two boxes into one")
DUPLICATE_REQUIREMENT = DUPLICATE_FIELD.variant("given again here",
                                                "combine the conditions with `and` in one `requires`")
BAD_FIELD_VALUE = Code(
    "E0106", "bad value for `{field}`",
    "The value does not fit the field. The label under the source line says what the\n"
    "field expects, for example `copies 2` or `icons city spice_trade`.")
FIELD_NEEDS_BLOCK = BAD_FIELD_VALUE.variant("expects a block", "write `{example}`")
FIELD_TAKES_NO_BLOCK = BAD_FIELD_VALUE.variant("does not take a block", "write `{example}`")
BOX_TAKES_NO_ARGUMENTS = BAD_FIELD_VALUE.variant("a box takes no arguments", "write `{example}`")
COST_BLOCK_HOLDS_COSTS = BAD_FIELD_VALUE.variant("a cost block lists costs only",
                                                 "write `cost {{ spice 2; trash card }}`")
FLAG_TAKES_NO_VALUE = BAD_FIELD_VALUE.variant("takes no value", "write `{example}`")
NUMBER_EXPECTED = BAD_FIELD_VALUE.variant("expects a number from {lo} to {hi}", "write `{example}`")
NAME_AND_NUMBER_EXPECTED = BAD_FIELD_VALUE.variant("expects a {what} and a number from {lo} to {hi}",
                                                   "write `{example}`")
NAME_EXPECTED = BAD_FIELD_VALUE.variant("expects one name", "write `{example}`")
NAMES_EXPECTED = BAD_FIELD_VALUE.variant("expects names", "write `{example}`")
NAME_LISTED_TWICE = BAD_FIELD_VALUE.variant("listed twice", "list each name once")
DECK_ROW_EXPECTED = BAD_FIELD_VALUE.variant("expects a card id and a count", "write `{example}`")
SPACES_EXPECTED = BAD_FIELD_VALUE.variant("expects space ids", "write `{example}`")
HAGAL_NAMES_NO_SPACE = BAD_FIELD_VALUE.variant(
    "the card names no space", "list the board spaces the card sends the agent to: `spaces conspire`")
HAGAL_PICKS_FROM_NON_MAKER = BAD_FIELD_VALUE.variant(
    "`{space}` is not a maker space", "`pick most_spice` chooses among maker spaces (`maker`) by their bonus spice")
HAGAL_DEPLOYS_WITHOUT_COMBAT = BAD_FIELD_VALUE.variant(
    "none of the card's spaces is a combat space", "only an agent on a combat space deploys troops; drop `deploys`")
NO_BOXES = Code(
    "E0107", "a definition must not be empty of boxes",
    "A card, intrigue card, conflict or space that does nothing cannot be played.\n"
    "Give it at least one box (agent, reveal, plot, effect, first, ...).",
    label="no boxes",
    help="add the box the printed card has: {boxes}")
HAGAL_DOES_NOTHING = NO_BOXES.variant(
    "no boxes", "a House Hagal card sends the rival's agent (`spaces conspire`), gives it something "
    "(`gain {{ troops 2 }}`) or reshuffles the deck (`reshuffle`)")


# --- E02xx: names and effects -----------------------------------------------------
UNKNOWN_EFFECT = Code(
    "E0201", "unknown effect `{verb}`",
    "Effects are resolved against the effect table: resources (`solari 2`), influence\n"
    "(`influence fremen 1`), units (`troops 2`, `deploy 2`, `retreat any`), cards\n"
    "(`draw 1`, `intrigue 1`, `trash card`, `discard 1`, `acquire cost <= 3`) and so on.\n"
    "`docs/language.md` lists them all.",
    label="not an effect")
UNKNOWN_GROUP_TARGET = UNKNOWN_EFFECT.variant("unknown target", "`each opponent {{ ... }}` is the only group target")
WRONG_ARGUMENTS = Code(
    "E0202", "wrong arguments for `{verb}`",
    "The effect exists but its arguments do not match any of its forms. The help line\n"
    "lists the accepted forms.",
    label="these arguments do not fit")
# `persuasion 2 swords 2`: the words after a whole effect start another one.
MISSING_SEMICOLON = WRONG_ARGUMENTS.variant("`{next}` starts another effect",
                                            "separate two effects on one line with `;`: `{fixed}`")
CHOICE_COUNT_EXPECTED = WRONG_ARGUMENTS.variant("expects how many to pick",
                                                "write `choose {{ - a - b }}` or `choose 2 {{ ... }}`")
NOTHING_TO_PAY = WRONG_ARGUMENTS.variant("expects what to pay", "write `{example}`")
COST_WITHOUT_AMOUNT = WRONG_ARGUMENTS.variant("a cost is a resource and an amount", "write `{example}`")
UNKNOWN_NAME = Code(
    "E0203", "unknown {what} `{name}`",
    "A name is resolved against its table (resources, factions, agent icons, zones,\n"
    "cards, spaces, locations). The name is not in the table for this slot.",
    label="not a {what}")
UNKNOWN_COST = UNKNOWN_NAME.variant("cannot be paid", None)
NO_SUCH_DEFINITION = UNKNOWN_NAME.variant("no such {what}", None)
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
# A verb with a body in some forms only (`trash card { ... }`, not `trash this`).
FORM_TAKES_NO_BLOCK = BLOCK_NOT_TAKEN.variant("unexpected block", None)


# --- E03xx: context and types -----------------------------------------------------
WRONG_BOX = Code(
    "E0301", "`{verb}` cannot be used in {box}",
    "Some effects only make sense in some boxes: swords count only on a Reveal turn or\n"
    "in combat; persuasion is spent on the Reveal turn; a combat intrigue box holds\n"
    "only what can happen during the Combat phase (swords, retreat, deploy, losses,\n"
    "paid effects); a conflict reward cannot recall an agent.",
    label="not allowed here")
REQUIREMENT_IN_BOX = WRONG_BOX.variant("a requirement is not an effect",
                                       "write `requires ...` as a field of the board space, outside its boxes")
EFFECT_IN_PASSIVE = WRONG_BOX.variant("a passive box holds rule modifiers",
                                      "use `space_cost`, `ignore_block`, or a trigger such as `on game_start {{ ... }}`")
NO_CARD_TO_TRASH = WRONG_BOX.variant("there is no card to trash", "only a card can trash itself")
NO_SPACE_SENT_TO = WRONG_BOX.variant("there is no space sent to here", "`influence space N` works in an agent box")
NO_AGENT_SENT = WRONG_BOX.variant("no agent was sent by this box", "`recall agent here` works in an agent box")
PIECE_HERE_NO_AGENT = WRONG_BOX.variant("no agent was sent by this box",
                                        "`{verb}` places by the space of this box's agent: write it in an agent box")
SIGNET_OUTSIDE_CARD = WRONG_BOX.variant("only a card can use the leader's signet ring",
                                        "`signet` works in the agent box of a card")
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
    "The condition exists but its arguments do not match its form.",
    label="wrong arguments")
COMPARISON_EXPECTED = WRONG_CONDITION_ARGUMENTS.variant("expects a comparison", "write `{example} >= 2`")
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
    "E0309", "`{construct}` is not played by the engine yet",
    "The language has the construct and `dunec check` accepts it, but the engine does\n"
    "not play it yet (docs/language.md, \"Declarations any expansion needs\"). A game\n"
    "that played such a card or declaration would silently do less than its text, so\n"
    "a game (`dunec play`, `simulate`, `Game(...)`) that selects a set using one is\n"
    "refused at the construct, whatever the set is called; `check`, `list` and `show`\n"
    "take the set as it is.",
    label="not played yet",
    help="{why}; leave set `{set}` out of the game until the engine plays it")
OPEN_ICON_UNUSED = Code(
    "E0311", "icon `{icon}` is on no board space",
    "A set's `icon ID \"Title\"` adds an agent icon: cards list it in `icons`, and a\n"
    "board space takes it as its `icon`. An icon no space of the set (or of a set that\n"
    "builds on it) accepts sends no agent anywhere: a card listing it could never be\n"
    "played for it.",
    label="no space has `icon {icon}`",
    help="give a board space of the set `icon {icon}`, or drop the declaration")
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
    label="the `card` and `replace` rows add up to {got}",
    help="make the rows add up to {want}, or fix `size`")
UNKNOWN_SET = Code(
    "E0402", "unknown set `{name}`",
    "A set is a folder `cards/<set>/` whose `set` definition declares it: the bundled\n"
    "sets are base, ix, immortality, uprising and promo, and a fan set adds its own.",
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

SET_REQUIREMENT_MISSING = Code(
    "E0404", "set `{set}` requires `{needs}`, which is not among the checked sets",
    "A set's `requires` names the sets whose names and cards it builds on: Rise of Ix\n"
    "requires the base game. Every required set must be checked (and played) with it:\n"
    "name it in `--sets`, or give it a folder `cards/<set>/` with its `set` definition.",
    label="not among the checked sets",
    help="check it with the set it needs: `--sets {needs},{set}`, or add `cards/{needs}/set.dune`")
AMBIGUOUS_ID = Code(
    "E0405", "`{name}` is defined by more than one of the checked sets",
    "Definition ids may repeat across sets (Uprising has a card \"Desert Power\" and\n"
    "the base game a conflict of that name). When the sets are checked together, a\n"
    "reference to such an id must say which one it means: `set.id`.",
    label="defined in {sets}",
    help="qualify it: {choices}")
NAME_DECLARED_TWICE = Code(
    "E0406", "`{name}` is declared twice",
    "Each counter, unit kind, track and market has one name across every set checked\n"
    "together and the core language: a card that writes the name must mean one thing.",
    label="declared again by set `{set}`",
    help="give it its own name, or use the one already declared")

SET_NOT_CHECKED = Code(
    "E0407", "set `{set}` is not among the checked sets",
    "`--sets` (or `sets=` in the Python API) names the sets a check is for. A file\n"
    "checked with them holds a definition or declaration of another set: add that set\n"
    "to `--sets`, or leave the file out.",
    label="of set `{set}`",
    help="add it: `--sets {sets},{set}`, or leave this file out")

SPACE_REPLACES_UNREQUIRED = Code(
    "E0408", "space `{space}` cannot replace `{target}`",
    "A set's board space may take the place of a space of another set (Rise of Ix's\n"
    "CHOAM overlay covers base spaces): `replaces SPACE`. The space replaced belongs to\n"
    "a set that the replacing space's set requires, and each space is replaced once.",
    label="a space of set `{of}`",
    help="a space replaces a space of a set its own set requires; set `{set}` requires {requires}")
SPACE_REPLACED_TWICE = SPACE_REPLACES_UNREQUIRED.variant(
    "already replaced by `{other}`", "replace each space once, or drop one of the two")

SET_REQUIRES_ITSELF = Code(
    "E0409", "set `{set}` requires itself",
    "A set's `requires` names the other sets it builds on (Rise of Ix requires base).\n"
    "A set always has its own names and cards, so naming itself says nothing and is\n"
    "most likely a slip for the set it was meant to build on.",
    label="the set being declared",
    help="name the sets `{set}` builds on, such as `requires base`, or drop the line")
SET_REQUIREMENT_CYCLE = Code(
    "E0410", "sets require each other in a circle: {circle}",
    "Requirements go one way: an expansion builds on the sets it requires, which are\n"
    "set up and played first. Sets that require each other, directly or through\n"
    "others, have no first set: say which one builds on the other and drop the\n"
    "requirement the other way.",
    label="closes the circle",
    help="drop `{needs}` here, or the requirement of `{set}` the other way")
SET_REQUIRED_TWICE = Code(
    "E0411", "set `{set}` requires `{needs}` more than once",
    "Each set a set requires is named once in its `requires`: the repetition says\n"
    "nothing more, and is often a slip for another set's name.",
    label="named again here",
    help="name each required set once: `requires {once}`")
MARKET_REBATES_ITS_CURRENCY = Code(
    "E0412", "market `{market}` takes its own currency `{counter}` as its rebate",
    "A market's `rebate` is a counter returned for 1 off a price each (Rise of Ix's\n"
    "negotiators off a tech tile bought with spice). Paying 1 of the currency to\n"
    "take 1 off a price paid in that currency changes nothing: the rebate is another\n"
    "counter than the currency, or there is none.",
    label="also the market's currency",
    help="rebate with another counter of the set, or drop `rebate`")
MARKET_STACKS_AND_SLOTS = Code(
    "E0425", "market `{market}` has both `stacks` and `slots`",
    "A market deals what it sells either into face-down stacks whose tops are face up\n"
    "(`stacks N`: Rise of Ix's tech tiles) or from one shuffled deck into N face-up\n"
    "slots refilled at once when one is bought (`slots N`: Immortality's Tleilaxu\n"
    "row). It has one of the two (the market is checked as if it had only `stacks`).",
    label="the market already has `stacks {stacks}`",
    help="keep `stacks {stacks}` or `slots {slots}`, not both")
MARKET_KEEPS_ANOTHER_KIND = Code(
    "E0426", "market `{market}` keeps `{card}`, which is not a `{kind}` card of its set",
    "A market's `keeps CARD` is a fixed entry beside its slots, never removed: buying\n"
    "it plays the card's `on acquire` box and the card stays (Immortality's Reclaimed\n"
    "Forces). It is a definition of the kind the market sells (`sells KIND`), of the\n"
    "market's set or of a set built on it.",
    label="not a `{kind}` of set `{set}`")
MARKET_CARD_FIELD_ON_TILES = Code(
    "E0427", "market `{market}` sells tiles (`{kind}`): `{field}` is for a market of cards",
    "A market of cards (its kind has a cost and a reveal box, like `card`) deals cards\n"
    "into its buyers' decks: `to discard|top` says where a bought card goes, and\n"
    "`keeps CARD` is a card that stays in the market. A tile is kept owned by its\n"
    "buyer, in no deck, and two players cannot own one tile: neither field applies.",
    label="a tile goes to its buyer's tiles",
    help="drop `{field}`, or sell a kind of card")
FREE_MARKET_PAID = Code(
    "E0428", "market `{market}` is `free` and has a `{field}`",
    "A `free` market (Uprising's CHOAM contracts) is taken from at no price: it has no\n"
    "currency to pay with and no rebate (the market is checked without it).",
    label="a free market pays nothing",
    help="drop `{field}`, or drop `free` and give the price's `currency`")
MARKET_CARD_BOUGHT_ELSEWHERE = Code(
    "E0429", "`{card}` is a card of market `{market}`: it is not bought with persuasion or from the reserve",
    "A market deals the cards of the kind it sells (`sells KIND`), and only it: a\n"
    "Tleilaxu card is bought from the Tleilaxu row with specimens. The Imperium Row,\n"
    "the reserve and persuasion never reach it, so a price change or a gain from the\n"
    "reserve that names it could never apply.",
    label="dealt by market `{market}`",
    help="name a card of the Imperium Row or the reserve, or use `buy {market}`")

CONTENT_UNKNOWN = Code(
    "E0413", "{who} {does} `{name}`, which it does not know",
    "A set's `remove space|starter|reserve|card ID` takes content out of every game\n"
    "that selects the set, and `replace KIND OLD with NEW [N]` (in a set, or in a deck\n"
    "list added to the starting deck) puts a card in place of copies of a starting\n"
    "card or a House Hagal card. Both name content of the set or of a set it requires,\n"
    "of the kind they say.",
    label="no {what} of `{set}` or of a set it requires",
    help=None)
CONTENT_TWICE = Code(
    "E0414", "{what} `{name}` is {verb}d twice",
    "Each piece of content is removed once, and a card replaced without a count\n"
    "(every copy) is replaced once: a starting card replaced by two cards (by one set\n"
    "or by two sets of a game) has no single replacement. Rows that each replace a\n"
    "counted number of copies may share the card they replace.",
    label="already {verb}d by {other}",
    help="{verb} it once, or drop one of the two")
TAG_UNKNOWN = Code(
    "E0415", "`{name}` is not a tag of `{tags}`",
    "A set's `tags ID \"Title\" { NAME... }` declares a tag set; a card or conflict\n"
    "then takes a field named after it listing some of those names\n"
    "(`battle crysknife`).",
    label="not in `tags {tags}`",
    help=None)
# --- battle icons and objectives (engine/rules/battle_icons.py)
OBJECTIVE_FIRST_PLAYER_TWICE = Code(
    "E0465", "objectives `{first}` and `{other}` both carry the First Player marker for {n} players",
    "An objective card with `first_player` holds the First Player marker: the player\n"
    "dealt it starts (rules 003, setup step 5). Objectives are dealt among those whose\n"
    "`players` lists the game's player count (none listed: every count), so two\n"
    "marked objectives of one count could both be dealt, and the game would have two\n"
    "first players.",
    label="a second First Player marker for {n} players",
    help="keep `first_player` on one objective of each player count")
# --- leaders' own tracks and sides (engine/rules/tracks.py owns, rules/agents.py flip_leader)
TRACK_LEADER_UNKNOWN = Code(
    "E0475", "track `{track}` is printed on `{leader}`, which is no leader",
    "A track with `leader ID` is printed on that leader's card (Feyd-Rautha's\n"
    "Training track): only the player leading with ID has a token on it. ID names a\n"
    "leader definition of the set or of a set it requires.",
    label="no leader `{leader}`")
LEADER_TRACK_ELSEWHERE = Code(
    "E0476", "`{name}` reads or moves track `{track}`, printed on leader `{leader}`, outside that leader",
    "A leader's track (`leader ID` in the track) has a token only for the player\n"
    "leading with ID. A card, a space or another leader that advanced it or read it\n"
    "would do nothing for every other player; only the leader's own boxes (either\n"
    "side) and the track's own rewards name it.",
    label="`{track}` is only `{leader}`'s",
    help="move the effect into leader `{leader}`, or declare a track every player has (no `leader`)")
FLIP_WITHOUT_SIDE = Code(
    "E0477", "`flip_leader` in {what}, which has no other side",
    "`flip_leader` turns a two-sided leader over: the front (its own boxes) and the\n"
    "`side ID \"Title\" { ... }` it holds. It stands in a box of such a leader, or of\n"
    "its side (flipping back).",
    label="nothing to flip",
    help="give the leader its other face: `side ID \"Title\" {{ signet {{ ... }} }}`")
SIDE_MISPLACED = Code(
    "E0478", "{what}",
    "A leader card has two faces: the front is the leader's own fields, the back one\n"
    "`side ID \"Title\" { ... }` inside it, with the boxes a leader has (a side holds\n"
    "no `side`, and a leader one at most). Its ID names the face like any definition.",
    label="a leader card has two faces",
    help="keep one `side` in the leader, none in a side")
REPEAT_WITHOUT_SPACE = Code(
    "E0479", "`repeat_space` in {box}, where no agent was sent to a space",
    "`repeat_space` plays again the effect of the board space your agent was sent to\n"
    "this turn (not its influence): it stands in an agent box or a leader's\n"
    "`on agent_at` box, which know that space.",
    label="no space here",
    help="use it in `on agent_at ICON {{ ... }}` or in a card's `agent {{ ... }}`")
# --- tracks as graphs (`cell ID { column N; next ID...; gives { } }`, `start ID`)
TRACK_UNKNOWN_CELL = Code(
    "E0420", "track `{track}` has no cell `{cell}`",
    "A graph track's cells are declared by `cell ID { ... }`; `next` and `start` name\n"
    "cells of the same track. A link to a research cell that does not exist leads\n"
    "nowhere: a token could never move along it.",
    label="a link to a cell that does not exist")
TRACK_UNREACHABLE_CELL = Code(
    "E0421", "cell `{cell}` of track `{track}` cannot be reached from the start",
    "Every token starts on the track's `start` cell and moves along the `next` links.\n"
    "A cell no chain of links leads to from the start is never reached, so its reward\n"
    "is never given: link a cell of the column before to it, or drop it.",
    label="no link leads here from `{start}`",
    help="add `{cell}` to the `next` of a cell in column {column}")
TRACK_LINK_NOT_RIGHTWARD = Code(
    "E0422", "a link of cell `{cell}` does not go right: `{to}` is in column {column}",
    "A move goes to the right: each `next` of a cell in column N names a cell in a\n"
    "column above N (N+1, or further when a path skips a column another path goes\n"
    "through, as Feyd-Rautha's Training track). So a token never moves straight up or\n"
    "down, nor to the left, and the links cannot go round in a cycle.",
    label="`{cell}` is in column {from_column}",
    help="link `{cell}` to cells of column {want} or above")
TRACK_MIXES_FORMS = Code(
    "E0423", "track `{track}` mixes a line and a graph",
    "A track is either a line (`steps N`, `step K { }`) or a graph of cells\n"
    "(`cell ID { }`, `start ID`, `from COLUMN { }`): a token's position is a step on\n"
    "a line, a cell on a graph, never both. `at_end { }` and `first` (a step number\n"
    "on a line, a cell on a graph) fit either.",
    label="`{field}` belongs to a {form} track")
TRACK_REACHED_BEYOND = Code(
    "E0424", "`reached {track} {n}` is never true: the track ends at {top}",
    "`reached TRACK N` holds when the player's token stands on step N or higher (a\n"
    "line) or in column N or to its right (a graph). A number beyond the track's\n"
    "last step or column is never reached.",
    label="above the track's end ({top})",
    help="compare with a step or column from 1 to {top}")



# Uprising as its own game (docs/decisions.md "Uprising as its own game").
DEFAULT_SET_TWICE = Code(
    "E0451", "sets `{first}` and `{set}` both declare `default`",
    "`default` names the game played when no sets are given (`dunec play`): the set\n"
    "that declares it and the sets it requires. One game is the default, so one set\n"
    "declares it; an expansion never does (name it in `--sets`).",
    label="a second default game",
    help="keep `default` in one set only (the base game's)")

# Graft (Immortality rulebook, "Graft Cards"): a card played on an agent turn with one other card.
GRAFT_NOT_ON_AGENT_CARD = Code(
    "E0430", "`{field}` on {kind} `{id}`: only a card played on agent turns is grafted",
    "A card with Graft is played on an agent turn together with one other card from\n"
    "the hand (Immortality). Only a card a player plays from the hand on an agent turn\n"
    "(an Imperium card, a starting card, a reserve card, a kind derived from them) can\n"
    "be grafted: an intrigue card, a conflict, a space or a leader never is.",
    label="not a card played on agent turns",
    help="drop `{field}`, or make the definition a `card`")
GRAFT_READ_OUTSIDE_AGENT_BOX = Code(
    "E0431", "`{name}` reads the grafted cards, known only in a card's agent box",
    "`grafted`, `grafted_with`, `other_grafted` and `trash`, `copy_agent_box` or\n"
    "`return_at_reveal` `other_grafted` read the card\n"
    "played together with this one on an agent turn (Graft, Immortality). Only the agent\n"
    "box of a card played on agent turns runs while two cards are grafted; anywhere else\n"
    "there is no other grafted card to read.",
    label="no grafted card here",
    help="move it into the card's `agent {{ ... }}` box")


# One mechanism replaces cards: `replace KIND OLD with NEW [N]` in a set or a deck
# list (docs/decisions.md "Replacing cards"); E0435-E0438 are retired (RETIRED).
REPLACE_MORE_THAN_HELD = Code(
    "E0432", "`replace` takes {want} x `{card}` out of the {pile}, which holds {have}",
    "`replace KIND OLD with NEW N` takes N copies of OLD out of the pile its kind is\n"
    "dealt into (the starting deck for a `starter`, each House Hagal deck for a `hagal`\n"
    "card) and puts as many copies of NEW in their place. The pile must hold them: the\n"
    "starting deck as its `deck starting` writes it, a House Hagal card its `copies`.\n"
    "Rows that replace the same card add up (Immortality's three Carthag cards take\n"
    "one copy each of the base game's three). Leave N out to replace every copy.",
    label="{have} in the {pile}",
    help="replace at most {have}, or leave the number out to replace every copy")
REPLACE_IN_STARTING_DECK = Code(
    "E0433", "deck `{deck}` cannot replace {what}",
    "A deck list added to the starting deck (the Epic game's `deck epic`) may bring\n"
    "cards in, each in place of starting cards: `replace starter OLD with NEW N`, N the\n"
    "number of cards it brings in. The starting deck itself is the deck replaced, never\n"
    "one replacing; a deck list replaces starting cards only (a set replaces House\n"
    "Hagal cards); and it counts the cards it brings in, since a set may already have\n"
    "replaced the starting cards it names (the list's cards then start in the discard\n"
    "pile).",
    label="the starting deck is the deck replaced",
    help="change its `card` rows, or write `replace` in a set or in a list added to it")
DECK_REPLACES_NOT_STARTER = REPLACE_IN_STARTING_DECK.variant(
    "a deck list is added to the starting deck", "replace `starter` cards here; a `set` replaces {kind} cards")
DECK_REPLACE_UNCOUNTED = REPLACE_IN_STARTING_DECK.variant(
    "how many cards does the list bring in?", "count them: `replace starter {old} with {new} 1`")
REPLACING_CARD_HAS_COPIES = Code(
    "E0434", "`{card}` comes in only in place of `{old}`: `copies {n}` is never dealt",
    "The new card of `replace KIND OLD with NEW [N]` comes into a game only in place\n"
    "of the copies it replaces, as many as they are: a House Hagal card too, though\n"
    "the others are dealt by their `copies`. A `copies` field on it would never be\n"
    "read; the count belongs to the `replace`.",
    label="copies of its own",
    help="drop `copies`, and count the copies in the `replace`: `replace {kind} {old} with {card} {n}`")


# A set's board-held flags (`flag ID { protects LOCATION... }`, engine/rules/flags.py).
NOT_A_FLAG = Code(
    "E0440", "`{name}` is not a flag",
    "`clear FLAG` lowers a board-held flag and `flag FLAG` asks whether it is still\n"
    "up: both name a flag a set declares (`flag shield_wall \"Shield Wall\" { protects\n"
    "arrakeen }` in a `set` definition), of the card's set or of a set it requires.\n"
    "A name of anything else (a counter, a track, a board space) is not a flag.",
    label="{what}",
    help="{hint}")

FIRST_ON_UNKNOWN_CELL = TRACK_UNKNOWN_CELL.variant("no cell of the track has this id", None)
FIRST_ON_START_CELL = Code(
    "E0441", "`first {cell}` is on the start cell of track `{track}`",
    "A `first CELL { ... }` box of a graph track goes to the first player whose token\n"
    "reaches the cell by an advance. Every token starts on the track's `start` cell,\n"
    "so no one ever reaches it first: the box would never be taken.",
    label="every token starts here",
    help="put the box on a cell right of the start")


# Summoned units (Uprising's sandworm, rules 003 "Sandworms"; engine/rules/summons.py).
SUMMONED_TO_GARRISON = Code(
    "E0460", "`{verb}` sends `{unit}` to a garrison, but a summoned unit is never in one",
    "A unit declared `summoned` (Uprising's sandworm) goes from its supply (the bank)\n"
    "straight into the Conflict, and back to its supply after combat: it is never in a\n"
    "garrison. `retreat_unit` and `retreat_for` move units from the Conflict to the\n"
    "garrison, and `track_extra` recruits more of them into it, so they cannot name a\n"
    "summoned unit (a retreat of `any` unit leaves it in the Conflict).",
    label="a summoned unit never goes to a garrison",
    help="name another unit kind, or return it to its supply: `return_for {unit} N {{ ... }}`")
SUMMONED_UNIT_HELD = Code(
    "E0461", "counter `{counter}` holds `{unit}`, but a summoned unit is only in the bank or the Conflict",
    "A counter that `holds` a unit takes its pieces from the unit's supply and keeps\n"
    "them off the board (Rise of Ix's negotiators are troops). A unit declared\n"
    "`summoned` is only ever in its supply (the bank) or in the Conflict, so no counter\n"
    "may hold it.",
    label="a summoned unit is never held",
    help="hold a unit that is not `summoned` (such as `troops`)")
SUMMONED_IN_TEST = Code(
    "E0442", "a test counts `{unit}` in the garrison, but a summoned unit is never in one",
    "A card test's `given` and `expect` count a unit kind's units in the player's\n"
    "garrison. A unit declared `summoned` (Uprising's sandworm) goes from its supply\n"
    "straight into the Conflict and back to its supply after combat: it is never in a\n"
    "garrison, so a test could neither start with one there nor see one arrive.",
    label="never in a garrison",
    help="test what the summons changes besides (`expect {{ water -2 }}`), or write a scenario test "
         "that reads the Conflict")
SUMMONED_AFTER_COMBAT = Code(
    "E0445", "`{unit}` is summoned into the Conflict by {box}, once the Conflict is fought",
    "A unit declared `summoned` (Uprising's sandworm) goes from its supply straight\n"
    "into the Conflict, where it adds its strength and (with `doubles`) doubles the\n"
    "rewards its player takes. A conflict's reward and an `on lose_troops` box play when\n"
    "the Conflict is already fought: the unit would join no combat and go straight back\n"
    "to its supply, so its verb there does nothing.",
    label="the Conflict is over",
    help="summon it in a box played before combat (an agent, reveal or plot box, a board space)")
# A set's pieces on board locations linked to spaces (engine/rules/pieces.py).
PIECE_ON_UNLINKED_KIND = Code(
    "E0455", "piece `{id}` stands on `{kind}`, whose definitions link no board spaces",
    "A piece (`piece ID \"Title\" { supply N; on KIND }`) stands on board locations\n"
    "linked to spaces: Uprising's spies on observation posts. Its rules all go through\n"
    "the links (an agent icon `via` the piece reaches the linked spaces, Infiltrate and\n"
    "Gather Intelligence recall a piece linked to the agent's space, `near ICON` picks\n"
    "a location linked to a space of that icon), so the kind it stands on must be one\n"
    "whose definitions have `links`: `post`, or a kind derived from it.",
    label="no `links` on a `{kind}`",
    help="write `on post` (and `post ID \"Title\" {{ links SPACE... }}` definitions)")
PIECE_NEAR_VIA_ICON = Code(
    "E0456", "`near {icon}`: no board space has the icon `{icon}`, which sends agents through piece `{piece}`",
    "`PIECE N near ICON` places a piece on a free location linked to a space of that\n"
    "agent icon. An icon declared `via PIECE` (Uprising's spy icon) is placed through\n"
    "a piece and is on no board space, so no location could ever qualify: the piece\n"
    "would never be placed.",
    label="on no board space",
    help="name the icon of the spaces meant (`near city`), or drop `near {icon}`")
VIA_ICON_ON_SPACE = Code(
    "E0443", "board space `{space}` has the icon `{icon}`, which sends agents through piece `{piece}`",
    "An agent icon declared `via PIECE` (Uprising's spy icon) is on cards only: it\n"
    "sends an agent to a space linked to a location holding the player's piece, whatever\n"
    "that space's own icon. A board space carrying it would be reached by no card of\n"
    "its icon and by every card of the piece: give the space the icon of the cards that\n"
    "go there, and link it to a location (`post ID { links SPACE }`).",
    label="an icon of cards, never of a space",
    help="give the space the icon of the cards that reach it (`icon city`)")
LINK_OFF_THE_BOARD = Code(
    "E0444", "`{id}` {does} `{space}`, which is not on the board of a game of set `{set}`",
    "A post's `links` and a flag's `protects` name board spaces of the game the post\n"
    "or the flag belongs to: spaces of its set or of a set it requires, not removed by\n"
    "one of them (`remove space ID`). A space of another game (the base game's\n"
    "`arrakeen` beside Uprising's `arrakeen_up`) is never on that board: the post would\n"
    "link nothing, the flag protect nothing.",
    label="{why}",
    help="{hint}")

# Mixing games (rules 003 "Combining with other Dune: Imperium products"): `mix SET { }`.
MIX_COVER_NOT_BROUGHT = Code(
    "E0447", "`mix {guest}` replaces space `{old}` with `{new}`, which the mix does not bring",
    "`replace space OLD with NEW` takes OLD off the board of a game of this set and puts\n"
    "the guest's space NEW in its place. NEW joins the game only as the mix's other\n"
    "lines say (`kinds ... space`, or `take space NEW`); otherwise OLD would leave the\n"
    "board with nothing in its place.",
    label="not brought by `mix {guest}`",
    help="add `space` to the mix's `kinds`, or `take space {new}`")
MIX_LINE_CHANGES_NOTHING = Code(
    "E0448", "`mix {guest}` {verb} {kind} `{name}`, which it {does} anyway",
    "A mix's `take KIND ID` brings in what its `kinds` leave out, and `remove KIND ID`\n"
    "leaves out what its `kinds` bring. A line that takes a definition of a kind the\n"
    "mix brings whole, or removes one of a kind it never brings, changes nothing: it\n"
    "is usually a kind missing from (or left in) the `kinds` line.",
    label="changes nothing")
MIX_TAKES_MENTAT = Code(
    "E0466", "{kind} `{id}` of set `{guest}` takes the Mentat, but a game of `{host}` has no Mentat",
    "`mix SET { kinds ... }` brings another game's cards into a game of this set. The\n"
    "Mentat is a token on a board space (the base game's Mentat space); a board without\n"
    "that space has no Mentat (Uprising: rules 003), so a card that takes the Mentat or\n"
    "asks whether it is available could never be played as printed. Such a game is\n"
    "refused (`dunec play`, `simulate`, `Game`) at each such card; `dunec check`\n"
    "accepts the card, which is right in a game of its own set. Leave it out of the\n"
    "mix (rules 003 removes Calculated Hire from an Uprising game with base cards).",
    label="takes the Mentat",
    help="add `remove {kind} {id}` to `mix {guest}` in the set of `{host}`")
MIX_NOT_A_GUEST = Code(
    "E0467", "set `{host}` cannot mix `{guest}`: {why}",
    "`mix SET { }` says what set SET brings into a game of this set when a game names\n"
    "both (`--sets uprising,base`). SET is another game, or a set built on another game\n"
    "(Rise of Ix, Immortality): a known set, neither this set, nor a set it requires\n"
    "(already in every game of it), nor a set built on it (it plays whole there).",
    label="not another game's set")
MIX_KIND_NOT_HELD = Code(
    "E0468", "set `{guest}` holds no `{kind}` definitions to mix",
    "A mix's `kinds` line names the kinds of definitions the guest set brings into the\n"
    "game (Imperium and intrigue cards; a board overlay's spaces and posts; leaders).\n"
    "Each is a kind the guest set lists in its own `kinds`, or derives.",
    label="not among the kinds of `{guest}`")
MIX_CONTENT_UNKNOWN = Code(
    "E0469", "`mix {guest}` {does} `{name}`, which is no {what} of {owner}",
    "In `mix SET { }`, `take KIND ID` and `remove KIND ID` name a definition of the\n"
    "guest set or of a set it requires, of that kind; `replace space OLD with NEW`\n"
    "names a board space OLD of a game of this set and a space NEW of the guest, which\n"
    "takes OLD's place (and its links to observation posts); `replace KIND OLD with NEW`\n"
    "of another kind names the guest's OLD and the game's NEW, which a guest's card\n"
    "naming OLD reads.",
    label="no {what} of {owner}",
    help=None)

# Contracts (a `contract` definition, dealt by a `free` market: engine/rules/contracts.py).
CONTRACT_WITHOUT_REWARD = Code(
    "E0480", "contract `{id}` has no reward",
    "A contract (Uprising's CHOAM Module) is a promise a player takes and completes\n"
    "once, in the way it names; what completing it gives is its `reward { ... }` box.\n"
    "A contract without one would be taken and completed for nothing: the printed\n"
    "tile always shows a reward.",
    label="no `reward {{ ... }}`",
    help="add the printed reward: `reward {{ solari 3 }}`")
CONTRACT_COMPLETION = Code(
    "E0481", "contract `{id}` {does}",
    "A contract is completed in exactly one way, printed on it: `at SPACE` (an agent\n"
    "sent to that board space), `harvest N` (an agent sent to a maker space and N spice\n"
    "gained that turn), `immediate` (as soon as it is taken) or `acquired CARD` (when\n"
    "its holder next acquires that card). One of them, and only one, is written.",
    label="{what}",
    help="write one of `at SPACE`, `harvest N`, `immediate`, `acquired CARD`")
BUY_FROM_FREE_MARKET = Code(
    "E0483", "`buy {market}`: market `{market}` is free",
    "`buy MARKET` pays an entry's price in the market's currency. A `free` market\n"
    "(Uprising's contracts) has no currency and its entries no price: they are taken\n"
    "through the market's name as a verb (`contract 1`), which gives the market's\n"
    "`when_empty` box when nothing is left.",
    label="a free market is taken from, not bought from",
    help="write `{market} 1`")
RESERVE_FROM_PRICED_MARKET = Code(
    "E0484", "`reserve {market}`: market `{market}` is not free",
    "`reserve MARKET SPACE` sets the entries of a `free` market completed at a space\n"
    "aside for one player, who takes one through the market's name in place of a\n"
    "face-up one (Shaddam Corrino IV's Sardaukar contracts). A market with a price\n"
    "has no such verb: its entries are bought.",
    label="not a free market",
    help="name a market declared `free` (`reserve contract sardaukar`)")
PRICED_CONTRACTS = Code(
    "E0485", "market `{market}` sells contracts and is not free",
    "A contract has no price: it is taken through its market's name (`contract 1`),\n"
    "held and completed for its reward (Uprising's CHOAM Module). A market selling\n"
    "contracts is therefore `free`, with no currency.",
    label="contracts are taken, not bought",
    help="declare it `free` (`market {market} \"Title\" {{ free; sells contract; slots 2; when_empty {{ solari 2 }} }}`)")
CONTRACT_AT_SPACES = Code(
    "E0482", "contract `{id}` is completed at {n} spaces",
    "`at SPACE` names the one board space a contract is completed at: an agent sent\n"
    "there completes it. Two contracts for one space complete together; one contract\n"
    "for two spaces is not a printed contract.",
    label="one space only",
    help="name one board space, or write one contract for each")
# A card's rule for the agent it sends, on a card that sends none (engine/loop/turns.py).
IGNORE_REQUIREMENTS_NO_AGENT = Code(
    "E0490", "`ignore_requirements` on {kind} `{id}`, which has no agent icons",
    "`ignore_requirements` lets the agent a card sends go to a board space whose\n"
    "requirement is Influence alone without that Influence (Uprising's Undercover\n"
    "Asset). A card with no agent icons is never played on an agent turn: it sends no\n"
    "agent, so the flag would never apply.",
    label="this card sends no agent",
    help="give the card its agent icons (`icons city`), or drop `ignore_requirements`")

# House Hagal cards whose fields only make sense together (check/sets.py check_hagal;
# engine/rivals/deck.py): a space picked by the Conflict's level, the posts a card's
# piece prefers, the space a card's gain asks about.
HAGAL_LEVEL_WITHOUT_QUALIFIED = Code(
    "E0610", "`first_from_level` on House Hagal card `{id}`, which does not `pick qualified` among two spaces or more",
    "`first_from_level N` holds a card's first space back before a Conflict of level N\n"
    "(Uprising's Deliver Supplies / Heighliner): the rival then tries the next space.\n"
    "It is part of `pick qualified`, which tries only the first space the rival\n"
    "qualifies for; on another card, or one with a single space, it would do nothing.",
    label="no `pick qualified` among two spaces here",
    help="add `pick qualified` and the space the rival takes before that level, or drop `first_from_level`")
HAGAL_PREFERS_WITHOUT_PIECE = Code(
    "E0611", "`prefers` on House Hagal card `{id}`, whose gain places no piece",
    "`prefers POST...` says on which observation posts, in order, the rival puts the\n"
    "piece the card's gain places (Uprising's Place Spy cards: `spies 1 near city`).\n"
    "A card whose gain places no piece never asks where one goes, so the list would\n"
    "never be read.",
    label="this card places no piece",
    help="give the card's gain the piece it places (`gain {{ spies 1 }}`), or drop `prefers`")
HAGAL_SENT_TO_ELSEWHERE = Code(
    "E0612", "`sent_to {space}` in House Hagal card `{id}`, which never sends its agent there",
    "A House Hagal card's gain is played at the space the card sent the rival's agent\n"
    "to, one of its `spaces`; `sent_to SPACE` tells those apart (Uprising's Hagga\n"
    "Basin / Imperial Basin). A space the card does not list is never the one, so the\n"
    "condition would always be false.",
    label="not one of the card's spaces",
    help="name one of the card's spaces ({spaces})")
# Uprising's leaders: starting cards a leader's player begins without (Staban Tuek).
LEADER_REMOVES_ABSENT = Code(
    "E0472", "leader `{leader}` removes {want} x `{card}` from the starting deck, which holds {have}",
    "`remove_starter CARD N` takes N copies of a starting card out of the leader's\n"
    "player's starting deck at setup (Staban Tuek begins without Diplomacy): the\n"
    "starting deck (`deck starting`) must hold N copies of a starting card CARD.",
    label="not {want} in the starting deck",
    help="name a starting card of the starting deck, at most as many times as it holds it")
LEADER_REMOVES_NOT_STARTER = LEADER_REMOVES_ABSENT.variant(
    "not a starting card", "name a starting card (`starter`) of the starting deck")


# Uprising's leaders: a box about the card a `trash` just trashed (Princess Irulan).
TRASHED_COST_OUTSIDE_TRASH = Code(
    "E0471", "`{name}` reads the card a `trash` trashed, known only in that `trash`'s body",
    "`trash card { ... }` (or `trash card from ZONE { ... }`) runs its body after the\n"
    "player trashes a card, and `trashed_cost` in that body is the printed cost of the\n"
    "card trashed (Princess Irulan: \"trash a card from your hand; if it has a cost of\n"
    "1+, +2 spice\"). Anywhere else no card has been trashed for it to read.",
    label="no card trashed here",
    help="put it in the body of the trash: `trash card from hand {{ if {name} >= 1 {{ spice 2 }} }}`")


# Uprising's leaders: a box about the location a piece was just placed on (Staban Tuek).
PLACED_OUTSIDE_PIECE = Code(
    "E0474", "`{name}` reads where a piece was placed, known only in the body of the piece's verb",
    "`PIECE N { ... }` (`spies 1 { ... }`) runs its body after each piece is placed,\n"
    "and `placed ICON` (or `placed faction`) in that body asks whether the location it\n"
    "went to is linked to a space of that agent icon (or of a Faction): Staban Tuek's\n"
    "\"+1 Spy; if placed on green, ...\". Anywhere else no piece has been placed for it\n"
    "to read.",
    label="no piece placed here",
    help="put it in the body of the piece's verb: `spies 1 {{ if {name} landsraad {{ solari 1 }} }}`")


# Uprising's Imperium constructs (session 23, ucards).
DISCARDED_OUTSIDE_DISCARD = Code(
    "E0495", "`discarded {faction}` reads a discard, but no discard of this box remembers one here",
    "`discarded FACTION` holds when a card of the faction was among the cards a discard\n"
    "discarded \"this way\" (Guild Envoy: \"Discard a card. If you discarded a Spacing\n"
    "Guild card: draw 2 cards\"). Only the body of that discard remembers its cards:\n"
    "`discard N { ... }`, or the gains of a trade paid with a discard (`pay discard N\n"
    "-> { ... }`). Anywhere else there is no discard to read.",
    label="no discard remembered here",
    help="write it in the body of the discard: `discard 1 {{ if discarded {faction} {{ ... }} }}`")
ACQUIRED_OUTSIDE_WATCH = Code(
    "E0496", "`acquired {card}` reads an acquisition, but no rule watching acquisitions runs this body",
    "`acquired CARD` holds when the card whose acquisition runs the body is that card\n"
    "(Guild Spy: \"if you acquire The Spice Must Flow this turn\"). Only the body of a\n"
    "rule set for the rest of the round on acquisitions (`this_round acquire { ... }`)\n"
    "runs for an acquisition; anywhere else there is no card acquired to read.",
    label="no acquisition runs this body",
    help="write it in a rule for the round: `this_round acquire {{ if acquired {card} {{ ... }} }}`")

# --- card tests (`test NAME "Title" { ... }`): the same families as definitions
TEST_UNKNOWN_STEP = UNKNOWN_FIELD.variant(
    "unknown test step", "a test has `card`, `given {{ ... }}`, `answer ...`, `play ...` and `expect {{ ... }}`")
TEST_BAD_STEP = BAD_FIELD_VALUE.variant("expects {what}", "write `{example}`")
TEST_UNKNOWN_NAME = UNKNOWN_NAME.variant("not a {what}", "{hint}")


# --- E07xx: internal --------------------------------------------------------------
INTERNAL_ERROR = Code(
    "E0700", "internal compiler error: {what}",
    "This is a bug in dunec, not in your cards. Please report it with the input that\n"
    "caused it.",
    label="a bug in dunec, not in the cards",
    help="please report it with the input that caused it")


# --- W0xxx: warnings: the check passes, but the input is probably not what was meant
EMPTY_FILE = Code(
    "W0001", "`{path}` defines nothing",
    "The file holds no definition (it is empty, or only comments). It checks, but\n"
    "adds nothing to a build; a file saved before it was written, or a path that\n"
    "names the wrong file, looks the same.",
    label="no definitions in this file",
    help="write a definition such as `card my_card \"My Card\" {{ ... }}`, or leave the file out")


def _registry() -> dict[str, Code]:
    """Every entry by its code, in file order, without variants; two entries with one
    code fail at import."""
    out: dict[str, Code] = {}
    for entry in globals().values():
        if isinstance(entry, Code) and entry.of is None:
            if entry.code in out and out[entry.code] is not entry:
                raise ValueError(f"two registry entries share the code {entry.code}")
            out[entry.code] = entry
    return out


MESSAGES: dict[str, Code] = _registry()


# Codes no check raises any more, each with what took its place; a retired code
# stays documented (docs/errors.md) and explained, and is never given to another check.
RETIRED: dict[str, str] = {
    "E0435": "a deck list's `replaces CARD N` rows, which had to add up to its `card` rows, are\n"
             "`replace starter OLD with NEW N` rows that bring NEW in themselves (E0432, E0433).",
    "E0436": "a deck list's `replaces` of starting cards the starting deck does not hold is\n"
             "E0432 (more copies than the starting deck holds) or E0413 (not a starting card).",
    "E0437": "`replaces` in the starting deck itself is E0433.",
    "E0438": "a House Hagal card's `replaces CARD` is the set's `replace hagal OLD with NEW [N]`:\n"
             "a card of a set it does not require is E0413, a card replaced twice E0414.",
}


def explain(code: str) -> str | None:
    code = code.strip().upper()
    if code in RETIRED:
        return f"{code}: retired\n\nNo check raises it any more: {RETIRED[code]}\n"
    m = MESSAGES.get(code)
    if m is None:
        return None
    return f"{code}: {m.synopsis()}\n\n{m.explain}\n"
