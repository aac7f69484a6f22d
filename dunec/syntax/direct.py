"""Build the AST while parsing, in lark's LALR reductions, instead of building a
parse tree and transforming it afterwards.

The tree lark builds was thrown away by the Transformer right after: building it,
with positions, and walking it again was half of the parse (about 20 ms of a cold
`check` of imperium.dune). Each reduction here does what lark's tree builder
(ChildFilter, ExpandSingleChild, PropagatePositions) and then the Transformer
would have done for that rule, in one step and in the same order of meaning:

- children of `_`/`__` rules (lark's helper rules for `*` and `+`) are spliced
  into their parent, filtered tokens are dropped;
- a `?rule` with one child is that child;
- a node's position runs from its first to its last child, filtered tokens
  included, and an inlined child's "container" position widens as in lark;
- the transformer's method for the rule is called with the same children and meta.

Lexing, the parse tables and every syntax error are lark's own, so errors are
unchanged. A tree nested deeper than FALL_BACK_DEPTH is left to the tree path,
whose depth checks (parser._deepest, RecursionError) report it.

A file that parses is parsed by descent.py before lark is loaded at all; this
path parses what that one refuses, to report it.
"""
from __future__ import annotations

import sys
TYPE_CHECKING = False  # typing itself costs ~5 ms of a cold `dunec check`
if TYPE_CHECKING:
    from typing import Any

FALL_BACK_DEPTH = 64  # cards nest about 10 nodes deep; the tree path reports past 8 * MAX_DEPTH


class TooDeep(Exception):
    """The tree path must take this file: it nests deeply enough to be reported."""


class Node:
    """A parse-tree node reduced to what is read of it: its value, and the meta a
    lark Tree would carry (the transformer gets the node itself as its `meta`)."""

    __slots__ = ("value", "children", "empty", "line", "column", "end_line", "end_column",
                 "cline", "ccol", "cend_line", "cend_col", "depth")

    def __init__(self, raw: list) -> None:
        """A new node over the children `raw`: lark's _propagate on a node with no
        position yet, which takes its own and its container's from the same edges."""
        self.value: Any = None
        self.children: list | None = None  # a helper rule's children, spliced into its parent
        self.depth = 0
        if len(raw) == 1 and type(raw[0]) is not Node:  # one token: most reductions
            t = raw[0]
            first, last = (t.line, t.column), (t.end_line, t.end_column)
        else:
            first = _edge(raw, False)
            last = None if first is None else _edge(reversed(raw), True)  # both or neither
        if first is None:
            self.empty = True
            self.line = self.column = self.end_line = self.end_column = None
            self.cline = self.ccol = self.cend_line = self.cend_col = None
        else:
            self.empty = False
            self.line, self.column = self.cline, self.ccol = first
            self.end_line, self.end_column = self.cend_line, self.cend_col = last


def _edge(items, end: bool):
    """lark's _pp_get_meta: the first token or non-empty node of `items`, as the
    (line, column) it starts at (`end`: ends at; a node's container position)."""
    for c in items:
        if type(c) is Node:
            if not c.empty:
                return (c.cend_line, c.cend_col) if end else (c.cline, c.ccol)
        else:
            return (c.end_line, c.end_column) if end else (c.line, c.column)
    return None


def _propagate(node: Node, raw: list) -> None:
    first = _edge(raw, False)
    if first is not None:
        if node.line is None:
            node.line, node.column = first
            node.empty = False
        node.cline, node.ccol = first
    last = _edge(reversed(raw), True)
    if last is not None:
        if node.end_line is None:
            node.end_line, node.end_column = last
            node.empty = False
        node.cend_line, node.cend_col = last


def _shape(rule) -> tuple:
    """(children kept, each with whether it is spliced; whether a single child is
    the node; the transformer method's name) of a rule, as lark's builder reads it."""
    expansion = rule.expansion
    keep = rule.options.keep_all_tokens
    include = [(i, not sym.is_term and sym.name.startswith("_")) for i, sym in enumerate(expansion)
               if keep or not (sym.is_term and sym.filter_out)]
    return (include if len(include) < len(expansion) or any(x for _, x in include) else None,
            bool(rule.options.expand1 and not rule.alias),
            rule.alias or rule.options.template_source or rule.origin.name)


class _Reduce:
    """lark's tree builder and the transformer, for one rule."""

    __slots__ = ("include", "expand1", "name", "func", "helper", "wrapper", "meta")

    def __init__(self, shape: tuple, func) -> None:
        self.include, self.expand1, self.name = shape
        self.func = func
        # Read once a rule, not at each reduction.
        self.helper = self.name.startswith("_")  # its parent splices the children in
        self.wrapper = getattr(func, "visit_wrapper", None)  # a lark Transformer's v_args method
        self.meta = bool(getattr(func, "with_meta", False))

    def passes_through(self, size: int) -> bool:
        """A `?rule` of one kept symbol: its one child is the node, and widening that
        child's position to itself changes nothing, so the reduction is the child."""
        return self.expand1 and size == 1 and self.include in (None, [(0, False)])

    def __call__(self, raw: list):
        if self.include is None:
            kids = raw
        else:
            kids = []
            for i, splice in self.include:
                if splice:
                    kids.extend(raw[i].children)
                else:
                    kids.append(raw[i])
        if self.expand1 and len(kids) == 1:
            out = kids[0]
            if type(out) is Node:
                _propagate(out, raw)
            return out
        node = Node(raw)
        if self.helper:
            node.children = kids
            return node
        depth = 0
        values = []
        for c in kids:
            if type(c) is Node:
                if c.depth > depth:
                    depth = c.depth
                values.append(c.value)
            else:
                values.append(c)
        node.depth = depth + 1
        if node.depth > FALL_BACK_DEPTH:
            raise TooDeep
        f = self.func
        if self.wrapper is not None:
            node.value = self.wrapper(f, self.name, values, node)
        else:
            node.value = f(node, values) if self.meta else f(values)
        return node


_shapes: dict = {}  # id of a lark instance -> (the instance, {rule: shape})


def _callbacks(lark, transformer) -> dict:
    """The parser's callbacks for one parse, calling `transformer` (made per parse,
    so that parses on two threads never share one)."""
    made = _shapes.get(id(lark))
    if made is None or made[0] is not lark:
        made = _shapes[id(lark)] = (lark, {r: _shape(r) for r in lark.parser.parser.parser.callbacks})
    funcs: dict = {}
    return {rule: _Reduce(shape, _method(transformer, shape[2], funcs)) for rule, shape in made[1].items()}


def _method(transformer, name: str, funcs: dict):
    """The transformer's method for rule `name` (None for a helper rule), looked up
    once a parse (`funcs`): lark binds a v_args method anew at each lookup."""
    if name not in funcs:
        f = None if name.startswith("_") else getattr(transformer, name, None)
        if f is None and not name.startswith("_"):  # no method: the default, as lark calls it
            f = lambda values, _name=name: transformer.__default__(_name, values, None)  # noqa: E731
        funcs[name] = f
    return funcs[name]


def parse(lark, text: str, transformer):
    """The transformer's value for `text`, parsed by the lark instance `lark`.
    Raises lark's UnexpectedInput for a syntax error, TooDeep for deep nesting."""
    module = sys.modules[type(lark).__module__]
    frontend = lark.parser
    start = frontend._verify_start(None)
    return module._Parser(frontend.parser.parser.parse_table, _callbacks(lark, transformer)).parse(
        frontend._make_lexer_thread(text), start).value
