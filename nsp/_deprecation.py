"""The one way nsp deprecates a public function, from the first release on.

Nothing released has been deprecated yet: names moved before the first release were moved, not
shimmed. When a released function is renamed or retired, its old name is kept for one minor
release through :func:`deprecated`, which wraps :func:`typing_extensions.deprecated` (PEP 702) so
that type checkers flag the call and Python warns at run time, with one wording everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from typing_extensions import deprecated as _pep702

__all__ = ["deprecated"]

F = TypeVar("F", bound=Callable[..., Any])


def deprecated(*, since: str, use: str) -> Callable[[F], F]:
    """Mark a released function as deprecated in favour of ``use``.

    Parameters
    ----------
    since : str
        The release that deprecated it (``"0.3.0"``).
    use : str
        What to call instead, as the user would write it (``"nsp.info.entropy"``).

    Returns
    -------
    callable
        A decorator; the decorated function warns with a :class:`DeprecationWarning` naming
        ``use`` each time it is called, and type checkers report its uses.

    Examples
    --------
    >>> import warnings
    >>> @deprecated(since="0.3.0", use="new_name")
    ... def old_name() -> int:
    ...     return 1
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     old_name()
    1
    >>> str(caught[0].message)
    'old_name is deprecated since nsp 0.3.0 and will be removed in a later release; use new_name'
    """
    if not since or not use:
        raise ValueError("deprecated needs since= (a release) and use= (what to call instead)")

    def decorate(function: F) -> F:
        message = (
            f"{function.__name__} is deprecated since nsp {since} and will be removed in a later "
            f"release; use {use}"
        )
        return _pep702(message, category=DeprecationWarning, stacklevel=2)(function)

    return decorate
