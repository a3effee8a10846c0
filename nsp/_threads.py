"""One BLAS thread for the small dense solves, unless the user asks for another number.

A multi-threaded BLAS (numpy's and scipy's OpenBLAS) wakes its threads for every product
above a small size, and on a busy machine they wait for cores more than they compute: on 2
cores at load 5, ``rate_given_equivocation`` at 64 × 8 took 30 s (12 CPU-s) with 2 BLAS threads
and 15 s (6.5 CPU-s) with one. The solvers of :mod:`nsp.ratedistortion` therefore run with
:data:`ENV` BLAS threads (default 1), set through threadpoolctl for the call only and restored
after it. ``NSP_BLAS_THREADS=0`` leaves BLAS as the process has it (a caller's own
``threadpoolctl.threadpool_limits`` then applies).
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["ENV", "blas_threads", "few_blas_threads", "with_few_blas_threads"]

#: The environment variable with the BLAS threads of the small dense solves (default 1; ``0``
#: leaves BLAS alone).
ENV = "NSP_BLAS_THREADS"

F = TypeVar("F", bound=Callable[..., Any])

_STATE = threading.local()


def blas_threads() -> int | None:
    """Return the BLAS threads the solvers use, from :data:`ENV`; None leaves BLAS alone.

    Returns
    -------
    int or None
        1 when the variable is unset, its value when it is a positive integer, None for 0.

    Raises
    ------
    ValueError
        If the variable holds anything else, naming it and the value.
    """
    raw = os.environ.get(ENV, "1").strip()
    try:
        n = int(raw)
    except ValueError:
        n = -1
    if n < 0:
        raise ValueError(
            f"{ENV} must be a whole number >= 0 (0 leaves BLAS's threads alone); got {raw!r}"
        )
    return n or None


@functools.lru_cache(maxsize=1)
def _blas_libraries(n_modules: int) -> tuple[Any, ...]:
    """Return the BLAS libraries loaded in the process (threadpoolctl's).

    Looked up again when the number of imported modules changed (``n_modules``): an import
    can load another BLAS (cvxpy's solvers bring their own OpenBLAS).
    """
    from threadpoolctl import ThreadpoolController  # noqa: PLC0415 (inspects loaded libraries)

    return tuple(ThreadpoolController().select(user_api="blas").lib_controllers)


@contextmanager
def few_blas_threads() -> Iterator[None]:
    """Run the block with :func:`blas_threads` BLAS threads, then restore what was there.

    A block inside another (a solver calling a solver) keeps the outer setting; a library
    already at that number is not touched.
    """
    n = blas_threads()
    if n is None or getattr(_STATE, "active", False):
        yield
        return
    changed = []
    for lib in _blas_libraries(len(sys.modules)):
        before = lib.num_threads
        if before != n:
            lib.set_num_threads(n)
            changed.append((lib, before))
    _STATE.active = True
    try:
        yield
    finally:
        _STATE.active = False
        for lib, before in changed:
            lib.set_num_threads(before)


def with_few_blas_threads(func: F) -> F:
    """Decorate a solver so that it runs in :func:`few_blas_threads`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with few_blas_threads():
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
