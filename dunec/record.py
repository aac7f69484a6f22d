"""Plain record classes: what the check path's dataclasses gave, without `dataclasses`.

`dunec check FILE` runs in every editor save. Importing `dataclasses` pulls in
`inspect` (about 10 ms), and each @dataclass costs 0.3-0.5 ms to create (it
compiles its methods at import), so the check path's records are plain classes
that list their fields in FIELDS and write their own __init__ (issue 11, the cold
check). These bases give them the rest as dataclasses did: equality by fields
(NotImplemented against another class), a repr, and for a frozen record
immutability, a hash and pickling through its constructor.
"""
from __future__ import annotations

from operator import attrgetter


class Record:
    """A mutable record (as @dataclass): instances keep a __dict__, so unpickling
    and extra attributes work as before; unhashable."""
    __slots__ = ()
    FIELDS: tuple = ()

    def __init_subclass__(cls) -> None:
        # The fields as a tuple, as dataclasses compare and hash them (a one-field
        # attrgetter returns the bare value).
        if len(cls.FIELDS) > 1:
            cls._key = attrgetter(*cls.FIELDS)
        else:
            cls._key = lambda self, names=cls.FIELDS: tuple(getattr(self, f) for f in names)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key(self) == self._key(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS) + ")"


class Frozen(Record):
    """An immutable record (as @dataclass(frozen=True)): slotted, hashed by its
    fields, set only in __init__ through `object.__setattr__`."""
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __reduce__(self):
        return (type(self), self._key(self))
