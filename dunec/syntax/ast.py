"""AST nodes. Every node knows where it came from, so any diagnostic can point at it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


@dataclass(frozen=True)
class Span:
    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class Arg:
    kind: str  # "name" | "int" | "str" | "cmp"
    value: Union[str, int]
    span: Span

    def text(self) -> str:
        return f'"{self.value}"' if self.kind == "str" else str(self.value)


@dataclass
class Action:
    verb: str
    verb_span: Span
    args: list[Arg]
    body: Optional[list["Stmt"]]
    span: Span


@dataclass
class CondTerm:
    name: str
    name_span: Span
    args: list[Arg]
    span: Span


@dataclass
class CondOp:
    op: str  # "and" | "or" | "not"
    parts: list["Cond"]
    span: Span


Cond = Union[CondTerm, CondOp]


@dataclass
class If:
    cond: Cond
    then: list["Stmt"]
    orelse: Optional[list["Stmt"]]
    span: Span


@dataclass
class Requires:
    cond: "Cond"
    span: Span


@dataclass
class ForEach:
    count: str
    count_span: Span
    args: list[Arg]
    body: list["Stmt"]
    span: Span


@dataclass
class Each:
    target: str
    target_span: Span
    args: list[Arg]
    body: list["Stmt"]
    span: Span


@dataclass
class Choose:
    args: list[Arg]
    options: list[list["Stmt"]]
    span: Span


@dataclass
class Pay:
    costs: list[Action]
    gain: list["Stmt"]
    span: Span


Stmt = Union[Action, If, Requires, ForEach, Each, Choose, Pay]


@dataclass
class Definition:
    kind: str
    kind_span: Span
    id: str
    id_span: Span
    title: Optional[str]
    body: list[Stmt]
    span: Span
    file: str = ""


@dataclass
class SourceFile:
    path: str
    text: str
    definitions: list[Definition] = field(default_factory=list)
