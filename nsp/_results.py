"""Frozen dataclass results that unpack like the tuples they replace."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar


class TupleResult:
    """Mixin for a frozen dataclass that replaces a returned tuple.

    It unpacks, indexes, has a length and compares equal like the old tuple, whose fields
    (in order) are named by ``_tuple_fields``. Use with ``@dataclass(frozen=True, eq=False)``.
    """

    _tuple_fields: ClassVar[tuple[str, ...]] = ()

    def _as_tuple(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._tuple_fields)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._as_tuple())

    def __len__(self) -> int:
        return len(self._tuple_fields)

    def __getitem__(self, index: int) -> Any:
        return self._as_tuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return self._as_tuple() == other
        if type(other) is type(self):
            assert isinstance(other, TupleResult)
            return self._as_tuple() == other._as_tuple()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._as_tuple())
