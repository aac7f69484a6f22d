"""The card language parsed by recursive descent: one function per rule of
grammar/dune.lark, building the AST as it goes (the rule methods of
parser._ToAst, called with the children and position lark would give them).

Why not lark's own parser: a file that parses is the editor's every save, and
lark's LALR tables, even driven from plain data in Python, cost about a third
of a cold `dunec check`; a call per rule here costs less than a table step
per token (imperium.dune: ~2.2x faster). Lark stays the reference: every syntax error raises
Unparsed, and lark parses the file again to report it (parser.py), and
tests/test_direct_parse.py proves the two give the same AST, spans included,
on every bundled and data file and on generated and broken cards.

Positions follow lark's propagate_positions: a node runs from the start of its
first child to the end of its last, the tokens the tree drops included (`{`,
`}`, keywords). A condition in parentheses keeps its own position, but its
parent reads the parentheses' (lark's "container" position): each rule function
returns its value with the container start and end.
"""
from __future__ import annotations

import functools
import re
import zlib

from dunec.paths import grammar_file
from dunec.syntax.direct import FALL_BACK_DEPTH, TooDeep

# The CRC-32 of the grammar this file mirrors. An edited grammar no longer
# matches it, and every file is parsed by lark until this parser follows the
# edit (tests/test_direct_parse.py fails until then): slower, never wrong.
GRAMMAR_CRC = 3192804565


@functools.lru_cache(maxsize=1)
def mirrors_grammar() -> bool:
    """Whether grammar/dune.lark is the grammar this parser was written for."""
    try:
        return zlib.crc32(grammar_file().read_bytes().replace(b"\r\n", b"\n")) == GRAMMAR_CRC
    except OSError:
        return False


class Unparsed(Exception):
    """The text has a syntax error (or a construct this parser does not know):
    lark is to parse it, and report the error."""


class Token(str):
    """A token as lark's basic lexer makes it: its text, type and place."""

    __slots__ = ("type", "line", "column", "end_line", "end_column")

# The terminals of grammar/dune.lark, in the order lark's lexer tries them (a
# longer or more specific one first: QNAME before NAME, INT before `-`, `->`
# before `-`), each after the spaces lark ignores. Keywords are reserved: a NAME
# spelled like one is that keyword everywhere (lark's basic lexer).
_TOKEN = re.compile(r"""[ \t\r]*(?:
    (?P<QNAME>[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)
  | (?P<NAME>[a-z_][a-z0-9_]*)
  | (?P<_S>(?:[;\n]|\#[^\n]*)(?:[ \t\r]*(?:[;\n]|\#[^\n]*))*)
  | (?P<STRING>"(?:[^"\\\n]|\\["\\])*")
  | (?P<INT>-?[0-9]+)
  | (?P<CMP>>=|<=|==|!=|>|<)
  | (?P<ARROW>->)
  | (?P<PUNCT>[{}(),-])
)""", re.VERBOSE)
KEYWORDS = {w: w.upper() for w in ("if", "else", "requires", "for", "each", "choose", "pay", "and", "or", "not")}
_ARGS = frozenset(("NAME", "QNAME", "INT", "STRING", "CMP"))
_ARG_RULE = {"NAME": "arg_name", "QNAME": "arg_name", "INT": "arg_int", "STRING": "arg_str", "CMP": "arg_cmp"}


def tokens(text: str) -> list:
    """The tokens of `text`, lark's basic lexer's, ending with one of type `$END`."""
    out = []
    append = out.append
    match = _TOKEN.match
    keywords = KEYWORDS
    pos, line, line_start, n = 0, 1, 0, len(text)
    while pos < n:
        m = match(text, pos)
        if m is None:
            if text[pos:].strip(" \t\r"):
                raise Unparsed  # a character no terminal starts with
            pos = n
            break
        kind = m.lastgroup
        value = m.group(kind)
        start = m.start(kind)
        tok = Token(value)
        tok.line, tok.column = line, start - line_start + 1
        if kind == "_S":
            k = value.count("\n")
            if k:
                line += k
                line_start = start + value.rindex("\n") + 1
        elif kind == "NAME":
            kind = keywords.get(value, "NAME")
        elif kind == "PUNCT":
            kind = value
        pos = m.end()
        tok.type, tok.end_line, tok.end_column = kind, line, pos - line_start + 1
        append(tok)
    end = Token("")
    end.type, end.line, end.column, end.end_line, end.end_column = "$END", line, pos - line_start + 1, line, pos - line_start + 1
    append(end)
    return out


class _Meta:
    """The position lark gives a rule method (`meta`)."""

    __slots__ = ("line", "column", "end_line", "end_column")

    def __init__(self, start: tuple, end: tuple) -> None:
        self.line, self.column = start
        self.end_line, self.end_column = end


def parse(text: str, tx, max_depth: int = FALL_BACK_DEPTH) -> list:
    """The definitions of `text`, built by the transformer `tx` (parser._ToAst).
    Raises Unparsed at a syntax error and TooDeep past `max_depth` levels of
    nesting (blocks, parentheses, `not`, `else if`, a paid sequence): the caller
    then parses the file the slower way, which reports either."""
    return _Descent(tokens(text), tx, max_depth).start()


class _Descent:
    def __init__(self, toks: list, tx, max_depth: int) -> None:
        self.toks = toks
        self.i = 0
        self.tx = tx
        self.depth = 0
        self.max_depth = max_depth

    # --- tokens
    def _next(self, kind: str) -> Token:
        """The next token, which must be of type `kind`."""
        tok = self.toks[self.i]
        if tok.type != kind:
            raise Unparsed
        self.i += 1
        return tok

    def _skip_separator(self) -> None:
        if self.toks[self.i].type == "_S":
            self.i += 1

    def _args(self) -> list:
        """arg*: each an Arg node, through its rule method."""
        toks, tx, out = self.toks, self.tx, []
        while toks[self.i].type in _ARGS:
            tok = toks[self.i]
            self.i += 1
            out.append(getattr(tx, _ARG_RULE[tok.type])([tok]))
        return out

    def _deeper(self) -> None:
        self.depth += 1
        if self.depth > self.max_depth:
            raise TooDeep

    # --- top level
    def start(self) -> list:
        """start: _S? (definition (_S definition)*)? _S?"""
        toks = self.toks
        self._skip_separator()
        defs = []
        if toks[self.i].type != "$END":
            defs.append(self.definition())
            while toks[self.i].type == "_S":
                self.i += 1
                if toks[self.i].type == "$END":
                    break
                defs.append(self.definition())
        if toks[self.i].type != "$END":
            raise Unparsed
        return self.tx.start(defs)

    def definition(self):
        """definition: NAME NAME STRING? body"""
        kind = self._next("NAME")
        c = [kind, self._next("NAME")]
        if self.toks[self.i].type == "STRING":
            c.append(self._next("STRING"))
        body, end = self.body()
        c.append(body)
        return self.tx.definition(_Meta((kind.line, kind.column), end), c)

    def body(self) -> tuple:
        """body: "{" _S? (seq (_S seq)*)? _S? "}"  -> (its statements, where it ends)"""
        toks = self.toks
        open_ = self._next("{")
        self._deeper()
        self._skip_separator()
        seqs = []
        if toks[self.i].type != "}":
            seqs.append(self.seq()[0])
            while toks[self.i].type == "_S":
                self.i += 1
                if toks[self.i].type == "}":
                    break
                seqs.append(self.seq()[0])
        close = self._next("}")
        self.depth -= 1
        end = (close.end_line, close.end_column)
        return self.tx.body(_Meta((open_.line, open_.column), end), seqs), end

    def seq(self) -> tuple:
        """seq: stmt ("," stmt)*  -> (its statements, where the last ends)"""
        stmt, end = self.stmt()
        out = [stmt]
        while self.toks[self.i].type == ",":
            self.i += 1
            stmt, end = self.stmt()
            out.append(stmt)
        return self.tx.seq(out), end

    # --- statements: each returns (its node, where it ends)
    def stmt(self) -> tuple:
        kind = self.toks[self.i].type
        rule = _STATEMENTS.get(kind)
        if rule is None:
            raise Unparsed
        return rule(self)

    def action(self) -> tuple:
        """action: NAME arg* body?"""
        name = self._next("NAME")
        c = [name]
        args = self._args()
        c.extend(args)
        if self.toks[self.i].type == "{":
            body, end = self.body()
            c.append(body)
        else:
            end = (args[-1].span.end_line, args[-1].span.end_col) if args else (name.end_line, name.end_column)
        return self.tx.action(_Meta((name.line, name.column), end), c), end

    def if_stmt(self) -> tuple:
        """if_stmt: "if" cond body (ELSE (body | if_stmt))?"""
        word = self._next("IF")
        cond = self.cond()
        then, end = self.body()
        c = [cond[0], then]
        if self.toks[self.i].type == "ELSE":
            c.append(self._next("ELSE"))
            kind = self.toks[self.i].type
            if kind == "{":
                other, end = self.body()
            elif kind == "IF":
                self._deeper()
                other, end = self.if_stmt()
                self.depth -= 1
            else:
                raise Unparsed
            c.append(other)
        return self.tx.if_stmt(_Meta((word.line, word.column), end), c), end

    def requires_stmt(self) -> tuple:
        """requires_stmt: "requires" cond"""
        word = self._next("REQUIRES")
        cond, _, end = self.cond()
        return self.tx.requires_stmt(_Meta((word.line, word.column), end), [cond]), end

    def for_stmt(self) -> tuple:
        """for_stmt: "for" "each" NAME arg* body"""
        word = self._next("FOR")
        self._next("EACH")
        return self._each_rest(word, self.tx.for_stmt)

    def each_stmt(self) -> tuple:
        """each_stmt: "each" NAME arg* body"""
        return self._each_rest(self._next("EACH"), self.tx.each_stmt)

    def _each_rest(self, word: Token, method) -> tuple:
        c = [self._next("NAME")]
        c.extend(self._args())
        body, end = self.body()
        c.append(body)
        return method(_Meta((word.line, word.column), end), c), end

    def choose_stmt(self) -> tuple:
        """choose_stmt: "choose" arg* "{" _S? option+ "}";  option: "-" seq _S?"""
        toks = self.toks
        word = self._next("CHOOSE")
        c = self._args()
        self._next("{")
        self._deeper()
        self._skip_separator()
        if toks[self.i].type != "-":
            raise Unparsed
        while toks[self.i].type == "-":
            self.i += 1
            c.append(self.tx.option([self.seq()[0]]))
            self._skip_separator()
        close = self._next("}")
        self.depth -= 1
        end = (close.end_line, close.end_column)
        return self.tx.choose_stmt(_Meta((word.line, word.column), end), c), end

    def pay_stmt(self) -> tuple:
        """pay_stmt: "pay" cost ("," cost)* "->" (body | seq);  cost: NAME arg*"""
        toks = self.toks
        word = self._next("PAY")
        c = [self._cost()]
        while toks[self.i].type == ",":
            self.i += 1
            c.append(self._cost())
        self._next("ARROW")
        if toks[self.i].type == "{":
            gain, end = self.body()
        else:
            self._deeper()
            gain, end = self.seq()
            self.depth -= 1
        c.append(gain)
        return self.tx.pay_stmt(_Meta((word.line, word.column), end), c), end

    def _cost(self):
        name = self._next("NAME")
        args = self._args()
        end = (args[-1].span.end_line, args[-1].span.end_col) if args else (name.end_line, name.end_column)
        return self.tx.cost(_Meta((name.line, name.column), end), [name] + args)

    # --- conditions: each returns (its node, where its container starts, where it ends)
    def cond(self) -> tuple:
        """cond: or_cond;  or_cond: and_cond (OR and_cond)*"""
        return self._chain("OR", self.and_cond, self.tx.or_cond)

    def and_cond(self) -> tuple:
        """and_cond: not_cond (AND not_cond)*"""
        return self._chain("AND", self.not_cond, self.tx.and_cond)

    def _chain(self, op: str, operand, method) -> tuple:
        first = operand()
        if self.toks[self.i].type != op:
            return first  # a `?rule` of one child is that child
        c = [first[0]]
        last = first
        while self.toks[self.i].type == op:
            c.append(self._next(op))
            last = operand()
            c.append(last[0])
        node = method(_Meta(first[1], last[2]), c)
        return node, first[1], last[2]

    def not_cond(self) -> tuple:
        """not_cond: NOT not_cond | cond_term | "(" cond ")";  cond_term: NAME arg*"""
        tok = self.toks[self.i]
        kind = tok.type
        if kind == "NAME":
            self.i += 1
            args = self._args()
            start = (tok.line, tok.column)
            end = (args[-1].span.end_line, args[-1].span.end_col) if args else (tok.end_line, tok.end_column)
            return self.tx.cond_term(_Meta(start, end), [tok] + args), start, end
        self._deeper()
        if kind == "NOT":
            self.i += 1
            inner = self.not_cond()
            start = (tok.line, tok.column)
            out = self.tx.not_cond(_Meta(start, inner[2]), [tok, inner[0]]), start, inner[2]
        elif kind == "(":
            self.i += 1
            inner = self.cond()
            close = self._next(")")
            out = inner[0], (tok.line, tok.column), (close.end_line, close.end_column)  # widened to the parentheses
        else:
            raise Unparsed
        self.depth -= 1
        return out


_STATEMENTS = {"NAME": _Descent.action, "IF": _Descent.if_stmt, "REQUIRES": _Descent.requires_stmt,
               "FOR": _Descent.for_stmt, "EACH": _Descent.each_stmt, "CHOOSE": _Descent.choose_stmt,
               "PAY": _Descent.pay_stmt}
