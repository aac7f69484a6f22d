"""AST nodes. Every node knows where it came from, so any diagnostic can point at it.

Plain classes with slots, not dataclasses: `dunec check FILE` builds thousands of
nodes and imports this module in every editor save, and a dataclass costs about
0.5 ms to create at import and a slower __init__ (issue 11, the cold check).
`Node` gives them what dataclasses gave: equality by fields, a repr, `FIELDS`.
"""
from __future__ import annotations

from operator import attrgetter


class Node:
    __slots__ = ()
    FIELDS: tuple = ()

    def __init_subclass__(cls) -> None:
        cls._key = attrgetter(*cls.FIELDS)  # the fields at C speed: one Python frame a level

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self._key(self) == self._key(other)

    __hash__ = None  # mutable, as the dataclasses were

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS) + ")"

    def __getstate__(self):  # pickled into the parse cache (dunec/parsecache.py)
        return tuple(getattr(self, f) for f in self.FIELDS)

    def __setstate__(self, state) -> None:
        for f, v in zip(self.FIELDS, state):
            object.__setattr__(self, f, v)


class Span(Node):
    """Where a node came from; immutable and hashable (a key of diagnostics)."""
    __slots__ = FIELDS = ("file", "line", "col", "end_line", "end_col")

    def __init__(self, file: str, line: int, col: int, end_line: int, end_col: int) -> None:
        # The slots' own setters: __setattr__ refuses, and object.__setattr__ looks
        # each slot up again (a file has ~1,500 spans, the bundled context ~1,200).
        _set_file(self, file)
        _set_line(self, line)
        _set_col(self, col)
        _set_end_line(self, end_line)
        _set_end_col(self, end_col)

    def __setattr__(self, name, value):
        raise AttributeError(f"Span is immutable: cannot set {name}")

    def __reduce__(self):  # through __init__, not Node's __setstate__: a third of the time
        return (Span, (self.file, self.line, self.col, self.end_line, self.end_col))

    def __hash__(self) -> int:
        return hash((self.file, self.line, self.col, self.end_line, self.end_col))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


_set_file, _set_line, _set_col, _set_end_line, _set_end_col = (Span.__dict__[f].__set__ for f in Span.FIELDS)

class Arg(Node):
    __slots__ = FIELDS = ('kind', 'value', 'span')
    # kind: "name" | "int" | "str" | "cmp"

    def __init__(self, kind, value, span) -> None:
        self.kind = kind
        self.value = value
        self.span = span

    def text(self) -> str:
        return f'"{self.value}"' if self.kind == "str" else str(self.value)


class Action(Node):
    __slots__ = FIELDS = ('verb', 'verb_span', 'args', 'body', 'span')

    def __init__(self, verb, verb_span, args, body, span) -> None:
        self.verb = verb
        self.verb_span = verb_span
        self.args = args
        self.body = body
        self.span = span


class CondTerm(Node):
    __slots__ = FIELDS = ('name', 'name_span', 'args', 'span')

    def __init__(self, name, name_span, args, span) -> None:
        self.name = name
        self.name_span = name_span
        self.args = args
        self.span = span


class CondOp(Node):
    __slots__ = FIELDS = ('op', 'parts', 'span')
    # op: "and" | "or" | "not"

    def __init__(self, op, parts, span) -> None:
        self.op = op
        self.parts = parts
        self.span = span


Cond = CondTerm | CondOp


class If(Node):
    __slots__ = FIELDS = ('cond', 'then', 'orelse', 'span')

    def __init__(self, cond, then, orelse, span) -> None:
        self.cond = cond
        self.then = then
        self.orelse = orelse
        self.span = span


class Requires(Node):
    __slots__ = FIELDS = ('cond', 'span')

    def __init__(self, cond, span) -> None:
        self.cond = cond
        self.span = span


class ForEach(Node):
    __slots__ = FIELDS = ('count', 'count_span', 'args', 'body', 'span')

    def __init__(self, count, count_span, args, body, span) -> None:
        self.count = count
        self.count_span = count_span
        self.args = args
        self.body = body
        self.span = span


class Each(Node):
    __slots__ = FIELDS = ('target', 'target_span', 'args', 'body', 'span')

    def __init__(self, target, target_span, args, body, span) -> None:
        self.target = target
        self.target_span = target_span
        self.args = args
        self.body = body
        self.span = span


class Choose(Node):
    __slots__ = FIELDS = ('args', 'options', 'span')

    def __init__(self, args, options, span) -> None:
        self.args = args
        self.options = options
        self.span = span


class Pay(Node):
    __slots__ = FIELDS = ('costs', 'gain', 'span')

    def __init__(self, costs, gain, span) -> None:
        self.costs = costs
        self.gain = gain
        self.span = span


Stmt = Action | If | Requires | ForEach | Each | Choose | Pay


class Definition(Node):
    __slots__ = FIELDS = ('kind', 'kind_span', 'id', 'id_span', 'title', 'body', 'span', 'file')

    def __init__(self, kind, kind_span, id, id_span, title, body, span, file="") -> None:
        self.kind = kind
        self.kind_span = kind_span
        self.id = id
        self.id_span = id_span
        self.title = title
        self.body = body
        self.span = span
        self.file = file


class SourceFile(Node):
    __slots__ = FIELDS = ('path', 'text', 'definitions')

    def __init__(self, path, text, definitions=None) -> None:
        self.path = path
        self.text = text
        self.definitions = [] if definitions is None else definitions
