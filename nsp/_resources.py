"""What a long computation costs: a memory check before allocating, a progress bar while running.

One place for the two courtesies every solver and greedy algorithm of nsp owes its user on large
inputs: say up front when an input would not fit in memory (with the number), and show progress
when a run takes more than a couple of seconds.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from tqdm.auto import tqdm

__all__ = ["LargeInputWarning", "available_memory", "check_memory", "format_bytes", "progress"]

T = TypeVar("T")

#: Fraction of the available memory above which :func:`check_memory` refuses an allocation.
REFUSE_FRACTION = 0.8
#: Fraction of the available memory above which :func:`check_memory` warns.
WARN_FRACTION = 0.25


class LargeInputWarning(UserWarning):
    """An input large enough to take a sizeable share of this machine's memory."""


def available_memory() -> int:
    """Return the memory this process can still allocate, in bytes.

    Reads ``MemAvailable`` from ``/proc/meminfo`` on Linux and falls back to the physical
    memory size elsewhere.

    Returns
    -------
    int
        Bytes available (at least 1).

    Examples
    --------
    >>> available_memory() > 0
    True
    """
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return max(1, int(line.split()[1]) * 1024)
    except OSError:
        pass
    try:
        return max(1, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        return 2**40


def format_bytes(n: float) -> str:
    """Format a byte count for a message: ``'1.5 GiB'``.

    Parameters
    ----------
    n : float
        A number of bytes (non-negative).

    Returns
    -------
    str
        The count in B, KiB, MiB, GiB or TiB with two significant decimals at most.

    Examples
    --------
    >>> format_bytes(1536 * 2**20)
    '1.5 GiB'
    >>> format_bytes(100)
    '100 B'
    """
    units = ["B", "KiB", "MiB", "GiB", "TiB"]
    value = float(n)
    for unit in units:
        if unit == "B" and value < 1024:
            return f"{int(value)} B"
        if value < 1024 or unit == units[-1]:
            return f"{value:.3g} {unit}"
        value /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def check_memory(nbytes: float, *, what: str, available: int | None = None) -> None:
    """Refuse, or warn about, an allocation of ``nbytes`` before it is made.

    Parameters
    ----------
    nbytes : float
        The estimated peak memory of the computation, in bytes.
    what : str
        What is being computed, for the message (``"channel capacity of a 20000 x 20000
        channel"``).
    available : int, optional
        The bytes available; default :func:`available_memory`.

    Raises
    ------
    MemoryError
        If ``nbytes`` exceeds 80 % of the available memory; the message gives both numbers.

    Warns
    -----
    LargeInputWarning
        If ``nbytes`` exceeds 25 % of the available memory.

    Examples
    --------
    >>> check_memory(1024, what="a small table")
    >>> check_memory(10 * 2**30, what="a big table", available=2**30)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    MemoryError: a big table needs about 10 GiB of memory, but only 1 GiB is available; ...
    """
    avail = available_memory() if available is None else int(available)
    if nbytes > REFUSE_FRACTION * avail:
        raise MemoryError(
            f"{what} needs about {format_bytes(nbytes)} of memory, but only "
            f"{format_bytes(avail)} is available; reduce the input size"
        )
    if nbytes > WARN_FRACTION * avail:
        warnings.warn(
            f"{what} needs about {format_bytes(nbytes)} of memory "
            f"({100 * nbytes / avail:.0f}% of the {format_bytes(avail)} available)",
            LargeInputWarning,
            stacklevel=3,
        )


def progress(
    iterable: Iterable[T],
    *,
    desc: str,
    total: int | None = None,
    enabled: bool | None = None,
    unit: str = "it",
    **options: Any,
) -> Iterator[T]:
    """Iterate over ``iterable`` with a progress bar that appears only on long runs.

    The bar (``tqdm.auto``: a widget in JupyterLab, text on a terminal) shows up after two
    seconds, so quick calls print nothing. ``TQDM_DISABLE=1`` in the environment (set in the
    kernels that regenerate the figures) turns every bar off.

    Parameters
    ----------
    iterable : iterable
        The loop to wrap.
    desc : str
        The bar's label.
    total : int, optional
        The number of items, when ``len(iterable)`` does not give it.
    enabled : bool, optional
        ``False`` never shows a bar, ``True`` shows it from the start; default: after two
        seconds, unless ``TQDM_DISABLE`` is set.
    unit : str
        The unit of one item.
    **options
        Further keyword options of ``tqdm``.

    Yields
    ------
    object
        The items of ``iterable``, unchanged.

    Examples
    --------
    >>> sum(progress(range(4), desc="adding", enabled=False))
    6
    """
    if enabled is False or os.environ.get("TQDM_DISABLE", "").strip().lower() in {"1", "true"}:
        yield from iterable
        return

    delay = 0.0 if enabled else 2.0
    yield from tqdm(iterable, desc=desc, total=total, unit=unit, delay=delay, **options)
