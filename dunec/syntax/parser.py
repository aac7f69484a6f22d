"""Parse card files into AST nodes: by recursive descent (descent.py) for a file
that parses, by lark (its tables, built by `dunec build`) to report a syntax error.

Syntax errors become diagnostics (E0001-E0004); nothing here raises for bad input.
"""
from __future__ import annotations

import contextlib
import functools
import re

from dunec.check.diagnostics import Diagnostics
from dunec.check.messages import (
    CONTROL_CHARACTER, CONTROL_CHARACTER_IN_STRING, NESTED_TOO_DEEP, NESTED_TOO_DEEPLY, NUL_BYTE,
    TAB_IN_STRING, UNCLOSED_BLOCK, UNEXPECTED_CHARACTER, UNEXPECTED_EOF, UNEXPECTED_TOKEN,
)
from dunec.syntax import ast, descent, direct
from dunec.syntax.lines import Lines, normalize

# The lark classes the parser's trees and errors are made of (see lalr.py), read
# from the parser module when first used: a file that parses needs none of them
# (descent.py), and loading them cost ~10 ms of every cold check.
_LARK_NAMES = ("Token", "Transformer", "Tree", "v_args", "UnexpectedCharacters", "UnexpectedEOF",
               "UnexpectedInput", "UnexpectedToken", "VisitError")


def runtime():
    """lalr.runtime(), the lark classes and tables; lalr.py is imported when first
    asked for: a check of files that parse never needs it."""
    from dunec.syntax import lalr

    return lalr.runtime()


def __getattr__(name: str):
    if name in _LARK_NAMES:
        return getattr(runtime(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _with_meta(method):
    """Mark a rule method that takes the node's position first (lark's v_args(meta=True))."""
    method.with_meta = True
    return method

_TOKEN_NAMES = {
    "LBRACE": "`{`", "RBRACE": "`}`", "NAME": "a name", "QNAME": "a qualified name", "INT": "a number", "STRING": "a string",
    "CMP": "a comparison", "_S": "a new line", "COMMA": "`,`", "MINUS": "`-`", "__ANON_0": "`->`",
    "RPAR": "`)`", "LPAR": "`(`", "$END": "end of file", "IF": "`if`", "ELSE": "`else`",
    "FOR": "`for`", "EACH": "`each`", "CHOOSE": "`choose`", "PAY": "`pay`", "AND": "`and`",
    "OR": "`or`", "NOT": "`not`", "ARROW": "`->`",
}


# Blocks and parentheses nest at most this deep: printed cards nest three or four
# levels, and a bound keeps every later stage (checker, code generator) shallow.
MAX_DEPTH = 48


def text_at(text: str, span: ast.Span) -> str:
    return Lines(text).line(span.line)[span.col - 1:span.col]


@functools.lru_cache(maxsize=1)
def _parser():
    return runtime().Lark_StandAlone()


def _span(file: str, meta_or_tok) -> ast.Span:
    m = meta_or_tok
    return ast.Span(file, m.line, m.column, m.end_line, m.end_column)


def _unquote(tok) -> str:
    return str(tok)[1:-1].replace('\\"', '"').replace("\\\\", "\\")


class _ToAst:
    """The AST of each rule; the reductions call it (direct.py), and lark's
    Transformer through _tree_to_ast for the tree path."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _s(self, x) -> ast.Span:  # _span, one call fewer for each of the file's ~1,500 spans
        return ast.Span(self.file, x.line, x.column, x.end_line, x.end_column)

    # --- arguments
    def arg_name(self, c):
        return ast.Arg("name", str(c[0]), self._s(c[0]))

    def arg_int(self, c):
        s = str(c[0])
        # Python refuses to convert very long digit strings; no card needs more than a few
        # digits, so clamp and let the checker's range checks report the value.
        v = int(s) if len(s) <= 30 else (-1 if s.startswith("-") else 1) * 10 ** 30
        return ast.Arg("int", v, self._s(c[0]))

    def arg_str(self, c):
        return ast.Arg("str", _unquote(c[0]), self._s(c[0]))

    def arg_cmp(self, c):
        return ast.Arg("cmp", str(c[0]), self._s(c[0]))

    # --- statements
    @_with_meta
    def body(self, meta, c):
        return [s for seq in c for s in seq]

    def seq(self, c):
        return list(c)

    @_with_meta
    def action(self, meta, c):
        name, rest = c[0], c[1:]
        body = rest[-1] if rest and isinstance(rest[-1], list) else None
        args = [a for a in rest if isinstance(a, ast.Arg)]
        return ast.Action(str(name), self._s(name), args, body, self._s(meta))

    @_with_meta
    def cost(self, meta, c):
        return ast.Action(str(c[0]), self._s(c[0]), list(c[1:]), None, self._s(meta))

    @_with_meta
    def if_stmt(self, meta, c):
        cond, then = c[0], c[1]
        orelse = None
        if len(c) > 2:
            other = c[3]
            orelse = other if isinstance(other, list) else [other]
        return ast.If(cond, then, orelse, self._s(meta))

    @_with_meta
    def requires_stmt(self, meta, c):
        return ast.Requires(c[0], self._s(meta))

    @_with_meta
    def for_stmt(self, meta, c):
        return ast.ForEach(str(c[0]), self._s(c[0]), list(c[1:-1]), c[-1], self._s(meta))

    @_with_meta
    def each_stmt(self, meta, c):
        return ast.Each(str(c[0]), self._s(c[0]), list(c[1:-1]), c[-1], self._s(meta))

    @_with_meta
    def choose_stmt(self, meta, c):
        args = [a for a in c if isinstance(a, ast.Arg)]
        options = [o for o in c if isinstance(o, tuple)]
        return ast.Choose(args, [list(o) for o in options], self._s(meta))

    def option(self, c):
        return tuple(c[0])

    @_with_meta
    def pay_stmt(self, meta, c):
        costs = [x for x in c[:-1]]
        gain = c[-1]
        return ast.Pay(costs, gain, self._s(meta))

    # --- conditions
    @_with_meta
    def cond_term(self, meta, c):
        return ast.CondTerm(str(c[0]), self._s(c[0]), list(c[1:]), self._s(meta))

    @_with_meta
    def and_cond(self, meta, c):
        return ast.CondOp("and", [x for x in c if not isinstance(x, str)], self._s(meta))

    @_with_meta
    def or_cond(self, meta, c):
        return ast.CondOp("or", [x for x in c if not isinstance(x, str)], self._s(meta))

    @_with_meta
    def not_cond(self, meta, c):
        return ast.CondOp("not", [c[-1]], self._s(meta))

    # --- top level
    @_with_meta
    def definition(self, meta, c):
        kind, ident = c[0], c[1]
        title = _unquote(c[2]) if len(c) == 4 else None
        return ast.Definition(str(kind), self._s(kind), str(ident), self._s(ident), title,
                              c[-1], self._s(meta), self.file)

    def start(self, c):
        return list(c)


@functools.lru_cache(maxsize=1)
def _tree_to_ast():
    """_ToAst as a lark Transformer, for the tree path."""
    lark = runtime()
    methods = {n: lark.v_args(meta=True)(f) for n, f in vars(_ToAst).items() if getattr(f, "with_meta", False)}
    return type("_TreeToAst", (_ToAst, lark.Transformer), methods)


def parse_source(path: str, text: str, diags: Diagnostics) -> ast.SourceFile | None:
    """Parse one file. On a syntax error, report it and return None."""
    if text.startswith("\ufeff"):  # a byte-order mark some editors write: not content
        text = text[1:]
    text = normalize(text)
    diags.add_source(path, text)
    if descent.mirrors_grammar() and _plain(text):
        # The common case: a file that parses, nested no deeper than MAX_DEPTH (the
        # descent refuses deeper). Whatever it refuses takes the path below, which
        # reports the problem (lark a syntax error).
        with contextlib.suppress(descent.Unparsed, direct.TooDeep):
            return ast.SourceFile(path, text, descent.parse(text, _ToAst(path), MAX_DEPTH))
    deep = _too_deep(path, text)
    if deep is not None:
        diags.error(NESTED_TOO_DEEP, deep, found=f"`{text_at(text, deep)}`", depth=MAX_DEPTH)
        return None
    text = _refuse_control_characters(path, text, diags)
    return _parse_with_lark(path, text, diags)


def _plain(text: str) -> bool:
    """No character _refuse_control_characters would report: no tab, and nothing
    but printable characters and new lines (str.isprintable is stricter than
    _CONTROL: a text it refuses is only checked the slower way)."""
    return "\t" not in text and text.replace("\n", "").isprintable()


@functools.lru_cache(maxsize=None)
def _pattern(source: str) -> re.Pattern:
    """The compiled regular expression `source`, compiled when first used: a
    file that parses needs none of these (~2 ms of a cold check to compile)."""
    return re.compile(source)


def _parse_with_lark(path: str, text: str, diags: Diagnostics) -> ast.SourceFile | None:
    lark = runtime()
    try:
        return ast.SourceFile(path, text, direct.parse(_parser(), text, _ToAst(path)))
    except lark.UnexpectedInput as e:
        _report(path, text, e, diags)
        return None
    except direct.TooDeep:
        pass  # the tree path below reports how deep
    try:
        tree = _parser().parse(text)
    except lark.UnexpectedInput as e:
        _report(path, text, e, diags)
        return None
    except RecursionError:
        diags.error(NESTED_TOO_DEEPLY, ast.Span(path, 1, 1, 1, 2), found="nesting")
        return None
    deep = _deepest(tree)
    if deep is not None:
        line, col = getattr(deep.meta, "line", 1), getattr(deep.meta, "column", 1)
        diags.error(NESTED_TOO_DEEPLY, ast.Span(path, line, col, line, col + 1), found="nesting")
        return None
    try:
        defs = _tree_to_ast()(path).transform(tree)
    except lark.VisitError as e:
        if not isinstance(e.orig_exc, RecursionError):
            raise
        diags.error(NESTED_TOO_DEEPLY, ast.Span(path, 1, 1, 1, 2), found="nesting")
        return None
    except RecursionError:
        diags.error(NESTED_TOO_DEEPLY, ast.Span(path, 1, 1, 1, 2), found="nesting")
        return None
    return ast.SourceFile(path, text, defs)


# Characters no card file needs, which a terminal would obey and XML (`show --svg`)
# refuses: C0 and C1 controls (tab and new line aside), DEL, lone surrogates and
# the two non-characters U+FFFE/U+FFFF; and those that make text show other than it
# reads: the bidirectional controls (U+061C, U+200E/F, U+202A-E, U+2066-9), which
# reorder a title or the rest of a terminal line ("Trojan Source"), and the line and
# paragraph separators U+2028/9, a line break to some viewers and none to the parser.
_CONTROL = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
            "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
# Strings (closed or not) and comments: a tab is whitespace between tokens and in a
# comment, but a title is one line of display text where a tab has no width.
_STRINGS = r'#[^\n]*|"(?:[^"\\\n]|\\["\\])*"?'


def _refuse_control_characters(path: str, text: str, diags: Diagnostics) -> str:
    """Report the first control character of each line (E0002) and return the text
    with every one of them read as a space, so the rest of the file is still checked."""
    bad = [m.start() for m in _pattern(_CONTROL).finditer(text)]
    if "\t" in text:
        bad += [m.start() + i for m in _pattern(_STRINGS).finditer(text) if m.group().startswith('"')
                for i, c in enumerate(m.group()) if c == "\t"]
        bad.sort()
    if not bad:
        return text
    lines = Lines(text)
    last = 0
    for at in bad:
        line, col = lines.position(at)
        if line == last:
            continue
        last = line
        ch = text[at]
        in_string = _in_string(lines.line(line), col - 1)
        diags.error(NUL_BYTE if ch == "\x00" else TAB_IN_STRING if ch == "\t" else
                    CONTROL_CHARACTER_IN_STRING if in_string else CONTROL_CHARACTER,
                    ast.Span(path, line, col, line, col + 1), char="\\0" if ch == "\x00" else f"U+{ord(ch):04X}")
    chars = list(text)
    for at in bad:
        chars[at] = " "
    return "".join(chars)


def _in_string(line: str, index: int) -> bool:
    return any(m.start() < index < m.end() and m.group().startswith('"') for m in _pattern(_STRINGS).finditer(line))


def _deepest(tree, limit: int = 8 * MAX_DEPTH):
    """The first subtree nested more than `limit` levels deep (walked without recursion)."""
    todo = [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        if depth > limit:
            return node
        todo.extend((c, depth + 1) for c in node.children if isinstance(c, runtime().Tree))
    return None


def _expected(names) -> str:
    shown = sorted({_TOKEN_NAMES.get(n, f"`{n.lower()}`") for n in names})
    if not shown:
        return ""
    if len(shown) > 8:
        shown = shown[:8] + ["..."]
    return "expected " + ", ".join(shown)


def _report(path: str, text: str, e, diags: Diagnostics) -> None:
    lark = runtime()
    line = getattr(e, "line", None) or 1
    col = getattr(e, "column", None) or 1
    if line < 1:
        line, col = text.count("\n") + 1, len(text.rsplit("\n", 1)[-1]) + 1
    if isinstance(e, lark.UnexpectedCharacters):
        pos = e.pos_in_stream
        ch = text[pos] if pos is not None and 0 <= pos < len(text) else "?"
        shown = ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
        diags.error(UNEXPECTED_CHARACTER, ast.Span(path, line, col, line, col + 1), char=shown,
                    help=_char_hint(text, pos or 0, ch))
    elif isinstance(e, lark.UnexpectedEOF) or (isinstance(e, lark.UnexpectedToken) and e.token.type == "$END"):
        exp = getattr(e, "expected", None) or []
        body = text.rstrip()  # point just past the last thing written, not at trailing blank lines
        line, col = body.count("\n") + 1, len(body.rsplit("\n", 1)[-1]) + 1
        gap = _unclosed_by_indent(path, text)
        if gap is not None:
            opened, drop = gap
            diags.error(UNCLOSED_BLOCK, opened, line=drop.line,
                        notes=[("the indentation drops here: the block ends before this line", drop)])
            return
        opened = _unclosed_brace(path, text)
        notes = [("this `{` is never closed", opened)] if opened else []
        diags.error(UNEXPECTED_EOF, ast.Span(path, line, col, line, col + 1),
                    label=_expected(exp) or "file ends here", notes=notes,
                    help="every `{` needs a matching `}`" if opened else
                    "the file ends inside a definition: `KIND id \"Title\" { ... }`")
    elif isinstance(e, lark.UnexpectedToken):
        tok = e.token
        found = {"_S": "end of line", "STRING": f"string {tok}", "INT": f"number `{tok}`"}.get(
            tok.type, f"`{tok}`")
        if tok.type == "_S":
            found = "end of line"
        end = col + 1 if tok.type == "_S" else col + max(1, len(str(tok).split("\n")[0]))
        hint = _else_hint(text, tok) if tok.type == "ELSE" else _hint_for(tok, e.expected)
        diags.error(UNEXPECTED_TOKEN, ast.Span(path, line, col, line, end), found=found,
                    label=_expected(e.expected), help=hint)
    else:  # pragma: no cover - lark has no other subclasses today
        diags.error(UNEXPECTED_TOKEN, ast.Span(path, line, col, line, col + 1), found="input",
                    label="not expected here", help="see `docs/language.md` for the grammar")


def _char_hint(text: str, pos: int, ch: str) -> str:
    if ch == '"':
        return "titles are double-quoted strings on one line: close the quote"
    if ch in "\u201c\u201d\u2018\u2019'":
        return "titles use plain double quotes `\"`, not typographic or single quotes"
    if ch.isspace() or ch == "\ufeff":
        return "an invisible character: replace it with a plain space"
    if ch == "." and pos > 0 and text[pos - 1].isdigit():
        return "numbers are whole numbers, without a decimal point"
    if ch.isalpha() and ch.isascii() and ch.isupper():
        end = pos
        while end < len(text) and (text[end].isalnum() or text[end] == "_"):
            end += 1
        start = pos
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        word = text[start:end]
        return f"names are lower-case snake_case: write `{word.lower()}`"
    return "names are lower-case snake_case: letters, digits and `_`"


def _unclosed_brace(path: str, text: str) -> ast.Span | None:
    """The innermost `{` that is never closed (strings and comments skipped), if any."""
    stack = _scan_braces(text)[0]
    if not stack:
        return None
    ln, c = stack[-1]
    return ast.Span(path, ln, c, ln, c + 1)


def _unclosed_by_indent(path: str, text: str) -> tuple[ast.Span, ast.Span] | None:
    """(the `{`, the line where the indentation shows its block ended) of the first
    block left open: a later line indented no deeper than the line of the `{`, or a
    `}` indented less. None when the indentation does not tell (one-line blocks, a
    file cut short)."""
    stack: list[tuple[int, int, int]] = []  # (line, column, indentation of its line)
    for n, raw in enumerate(text.split("\n"), start=1):
        line = _pattern(_STRINGS).sub(lambda m: "" if m.group().startswith("#") else '""', raw)
        body = line.lstrip(" \t")
        if not body.strip():
            continue
        indent = len(line) - len(body)
        if stack and stack[-1][0] < n and indent <= stack[-1][2] and not (body[0] == "}" and indent == stack[-1][2]):
            ln, col, _ = stack[-1]
            return ast.Span(path, ln, col, ln, col + 1), ast.Span(path, n, indent + 1, n, indent + 2)
        for i, ch in enumerate(line):
            if ch == "{":
                stack.append((n, i + 1, indent))
            elif ch == "}" and stack:
                stack.pop()
    return None


def _too_deep(path: str, text: str) -> ast.Span | None:
    """The first `{` or `(` nested deeper than MAX_DEPTH, if any."""
    at = _scan_braces(text)[1]
    return ast.Span(path, at[0], at[1], at[0], at[1] + 1) if at else None


# What matters to bracket matching: comments, strings (closed or not), brackets, new lines.
_BRACKETS = r'#[^\n]*|"(?:[^"\\\n]|\\["\\])*"?|[{}()\n]'


def _scan_braces(text: str):
    """Scan brackets outside strings and comments: (still-open `{` positions, first too deep)."""
    stack: list[tuple[int, int]] = []
    parens = 0
    too_deep = None
    line, line_start = 1, 0
    for m in _pattern(_BRACKETS).finditer(text):
        ch = m.group()
        if ch == "\n":
            line, line_start = line + 1, m.end()
            continue
        if ch == "{":
            stack.append((line, m.start() - line_start + 1))
        elif ch == "}" and stack:
            stack.pop()
        elif ch == "(":
            parens += 1
        elif ch == ")" and parens:
            parens -= 1
        else:
            continue
        if too_deep is None and ch in "{(" and len(stack) + parens > MAX_DEPTH:
            too_deep = (line, m.start() - line_start + 1)
    return stack, too_deep


def _else_hint(text: str, tok) -> str:
    """An `else` the parser did not expect: most often the `}` of its `if` ended
    the line before, and a new line ended the `if` statement with it."""
    before = _pattern(_STRINGS).sub(lambda m: "" if m.group().startswith("#") else '""', text[:tok.start_pos]).rstrip(" \t")
    if before.endswith("\n") and before.rstrip().endswith("}"):
        return "`else` must follow the `}` of its `if` on the same line: join them as `} else {`"
    return "`else` follows the `}` of an `if` block: `if CONDITION { ... } else { ... }`"


def _hint_for(tok, expected) -> str:
    exp = set(expected)
    if tok.type == "_S" and "LBRACE" in exp:
        return "a definition is `KIND id \"Title\" { ... }` with `{` on the same line"
    if "__ANON_0" in exp or "ARROW" in exp:
        return "a paid effect reads `pay spice 2 -> solari 6`"
    if "LPAR" in exp and "NAME" in exp:
        return "a condition goes here, such as `bond fremen` or `not seat`"
    if tok.type == "LBRACE" and "NAME" in exp:
        return "a definition needs a kind and an id before `{`"
    if tok.type == "RBRACE" and "RBRACE" not in exp:
        return "this `}` has no matching `{`"
    if "RBRACE" in exp:
        return "close the block with `}`, or start a new line for the next statement"
    return "see `docs/language.md` for the shape of each statement"
