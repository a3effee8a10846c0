"""The "paper vs ours" tables of :mod:`nsp.papers`: import :func:`paper_vs_ours` from there."""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from nsp._validation import as_sequence, check_int, check_real

__all__ = ["paper_vs_ours"]


def _is_number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def _numbers(value: object) -> list[float] | None:
    """Return the value as floats if it is a real number or a flat sequence of them."""
    if _is_number(value):
        return [float(value)]  # type: ignore[arg-type]
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
        return None
    items = (
        list(np.asarray(value, dtype=object).ravel())
        if isinstance(value, np.ndarray)
        else list(value)
    )
    if items and all(_is_number(v) for v in items):
        return [float(v) for v in items]
    return None


def _shown(value: object, values: list[float] | None, digits: int) -> object:
    """Show a value as the table prints it: integers as integers, floats rounded."""
    if values is None:
        return value if isinstance(value, str) else str(value)
    if _is_number(value) and isinstance(value, numbers.Integral):
        return int(value)
    rounded = [round(v, digits) + 0.0 for v in values]
    return rounded[0] if _is_number(value) else str(tuple(rounded))


def paper_vs_ours(
    paper_values: Mapping[Hashable, Any],
    ours: Mapping[Hashable, Any],
    *,
    tol: float | Mapping[Hashable, float] = 0.0,
    rtol: float = 0.0,
    names: Sequence[str] = ("quantity",),
    notes: Mapping[Hashable, str] | None = None,
    digits: int = 6,
) -> pd.DataFrame:
    """Put a paper's printed values beside ours, one row per quantity, and say which agree.

    Numbers, and flat sequences of numbers of the same length, agree when every element
    satisfies ``|paper - ours| <= tol + rtol * |paper|``; anything else (partitions, labels,
    strings) agrees when it is equal. Numbers are shown rounded to ``digits`` decimals.

    Parameters
    ----------
    paper_values : mapping
        Quantity (a label, or a tuple of labels, one per entry of ``names``) to the value the
        paper prints. Rows keep this order.
    ours : mapping
        The same quantities as computed here. Its keys must be those of ``paper_values``.
    tol : float or mapping, optional
        Absolute tolerance, one for all or one per quantity (default 0: exact).
    rtol : float, optional
        Relative tolerance, added to ``tol``.
    names : sequence of str, optional
        Column names of the quantity's labels (a tuple key has one label per name).
    notes : mapping, optional
        A remark per quantity (an erratum, a deviation), in a ``note`` column.
    digits : int, optional
        Decimals of the numbers shown.

    Returns
    -------
    pandas.DataFrame
        Columns ``*names, "paper", "ours", "agrees"`` (and ``"note"`` when ``notes`` is given).

    Raises
    ------
    ValueError
        If the keys differ, a key does not have one label per name, or a tolerance is invalid.

    Examples
    --------
    >>> paper = {"H(X)": 1.5, "groups": "{0,1}{2}"}
    >>> table = paper_vs_ours(paper, {"H(X)": 1.50000004, "groups": "{0,1}{2}"}, tol=1e-6)
    >>> table[["paper", "ours", "agrees"]].values.tolist()
    [[1.5, 1.5, True], ['{0,1}{2}', '{0,1}{2}', True]]
    >>> paper_vs_ours({("Ex. 2", "I*"): (1.0, 2.0)}, {("Ex. 2", "I*"): (1.0, 2.5)},
    ...               names=("example", "quantity"))["agrees"].tolist()
    [False]
    """
    for arg, value in (("paper_values", paper_values), ("ours", ours)):
        if not isinstance(value, Mapping):
            raise ValueError(
                f"{arg} must be a mapping of quantity to value (a dict); got {type(value).__name__}"
            )
    if notes is not None and not isinstance(notes, Mapping):
        raise ValueError(f"notes must be a mapping of quantity to str; got {type(notes).__name__}")
    names = tuple(as_sequence("names", names))
    for i, col in enumerate(names):
        if not isinstance(col, str):
            raise ValueError(f"names[{i}] must be a column name (a str); got {col!r}")
    missing, extra = set(paper_values) - set(ours), set(ours) - set(paper_values)
    if missing or extra:
        raise ValueError(
            f"paper_values and ours must name the same quantities; only in paper_values: "
            f"{sorted(map(str, missing))}, only in ours: {sorted(map(str, extra))}"
        )
    rtol = check_real("rtol", rtol, low=0.0)
    digits = check_int("digits", digits, low=0, high=15)
    notes = dict(notes or {})
    rows = []
    for key, paper in paper_values.items():
        labels = key if isinstance(key, tuple) else (key,)
        if len(labels) != len(names):
            raise ValueError(f"quantity {key!r} has {len(labels)} label(s) for names {names}")
        k_tol = check_real("tol", tol.get(key, 0.0) if isinstance(tol, Mapping) else tol, low=0.0)
        mine = ours[key]
        p_num, o_num = _numbers(paper), _numbers(mine)
        if p_num is not None and o_num is not None and len(p_num) == len(o_num):
            agrees = all(
                abs(a - b) <= k_tol + rtol * abs(a) for a, b in zip(p_num, o_num, strict=True)
            )
        else:
            p_num = o_num = None
            agrees = bool(paper == mine)
        row = dict(zip(names, labels, strict=True))
        row.update(
            paper=_shown(paper, p_num, digits), ours=_shown(mine, o_num, digits), agrees=agrees
        )
        if notes:
            row["note"] = notes.get(key, "")
        rows.append(row)
    columns = [*names, "paper", "ours", "agrees"] + (["note"] if notes else [])
    # Values keep their own type (an integer count stays an integer beside rounded floats).
    kept = {"paper": object, "ours": object, "agrees": bool}
    return pd.DataFrame(
        {c: pd.Series([r[c] for r in rows], dtype=kept.get(c, object)) for c in columns},
        columns=columns,
    )
