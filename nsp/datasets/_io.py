"""Strict reading of delimited text files: every malformed row is an error naming file and line.

pandas' C parser is fast but forgiving: a short row is padded with NaN, a blank line is skipped
(shifting every later line number), a bad number only says "could not convert". ``read_table``
keeps the fast parser for good files and, when something is wrong, finds the first offending
line and raises :class:`MalformedFileError` (a :class:`ValueError`) with the file name, the
1-based line number and the reason. The returned frame is indexed by line number, so loaders
can name the line of any later check too.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

import numpy as np
import pandas as pd

__all__ = ["MalformedFileError", "first_bad_line", "first_line", "open_text", "read_table"]

_LINE_RE = re.compile(r"line (\d+)")


class MalformedFileError(ValueError):
    """A data file has a row that cannot be read. ``path`` and ``line`` (1-based) locate it.

    Parameters
    ----------
    path : path
        The file.
    line : int or None
        The 1-based line number of the offending row, or ``None`` when it is not known.
    reason : str
        What is wrong with the row.
    """

    def __init__(self, path: os.PathLike[str] | str, line: int | None, reason: str) -> None:
        self.path = Path(path)
        self.line = line
        where = f"{self.path}, line {line}" if line is not None else str(self.path)
        super().__init__(f"malformed data in {where}: {reason}")


def open_text(path: os.PathLike[str] | str) -> TextIO:
    """Open a text file for reading, decompressing ``.gz``.

    Parameters
    ----------
    path : path
        The file; a name ending in ``.gz`` is read through gzip.

    Returns
    -------
    typing.TextIO
        The open file: UTF-8 (undecodable bytes replaced), line ends kept as they are.
    """
    path = Path(path)
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace", newline="")
    return open(path, encoding="utf-8", errors="replace", newline="")


def first_line(path: os.PathLike[str] | str) -> str:
    """Return the first line of a (possibly gzipped) text file, without its line end.

    Parameters
    ----------
    path : path
        The file, read as :func:`open_text` does.

    Returns
    -------
    str
        The first line (empty for an empty file).
    """
    with open_text(path) as fh:
        return fh.readline().rstrip("\r\n")


def first_bad_line(bad: pd.Series | np.ndarray, index: pd.Index) -> int | None:
    """Return the index label (line number) of the first True in ``bad``, or None.

    Parameters
    ----------
    bad : pandas.Series or numpy.ndarray
        One boolean per row of a frame.
    index : pandas.Index
        The frame's index (line numbers), as long as ``bad``.

    Returns
    -------
    int or None
        The label of the first row where ``bad`` is true, or ``None`` if there is none.
    """
    arr = np.asarray(bad, dtype=bool)
    if not arr.any():
        return None
    return int(index[int(np.argmax(arr))])


def _pick_format(values: pd.Series, formats: Sequence[str]) -> str:
    """Choose the first format that parses the first non-null value (``ISO8601`` as last resort)."""
    first = values.dropna()
    if first.empty:
        return formats[0] if formats else "ISO8601"
    sample = first.iloc[:1]
    for fmt in formats:
        if pd.to_datetime(sample, format=fmt, errors="coerce").notna().all():
            return fmt
    return formats[0] if formats else "ISO8601"


def read_table(
    path: os.PathLike[str] | str,
    *,
    kinds: Mapping[str, str],
    names: Sequence[str] | None = None,
    header: bool = True,
    skiprows: int = 0,
    sep: str = ",",
    required: Iterable[str] = (),
    na_values: Sequence[str] = ("",),
    skipinitialspace: bool = False,
    nrows: int | None = None,
    datetime_formats: Mapping[str, Sequence[str]] | None = None,
    normalize_header: Callable[[str], str] | None = None,
    expect_columns: Iterable[str] | None = None,
    usecols: Iterable[str] | None = None,
) -> pd.DataFrame:
    """Read a delimited text file strictly.

    Parameters
    ----------
    path : path
        The file (``.gz`` is decompressed; line numbers count decompressed lines).
    kinds : mapping
        Column name -> ``"str"``, ``"category"``, ``"float"``, ``"int"`` or ``"datetime"``.
        Columns not named are kept as strings.
    names : sequence of str, optional
        Column names when the file has no header row (``header=False``).
    header : bool
        Whether the first line after ``skiprows`` holds the column names.
    skiprows : int
        Lines to skip before the header (or the data).
    sep, na_values, skipinitialspace, nrows
        As in :func:`pandas.read_csv` (``nrows`` counts data lines, blank ones included).
    required : iterable of str
        Columns that may not be empty; an empty cell there (e.g. a row with too few fields)
        is an error.
    datetime_formats : mapping, optional
        Column -> candidate ``strptime`` formats; the first that parses the first value is
        used for the whole column. Default ISO 8601.
    normalize_header : callable, optional
        Applied to each header name (e.g. ``str.lower``).
    expect_columns : iterable of str, optional
        Columns the header must contain (default: those in ``kinds`` and ``required``).
    usecols : iterable of str, optional
        Read only these columns (faster; rows are then checked only on these columns).

    Returns
    -------
    pandas.DataFrame
        Indexed by 1-based line number (``index.name == "line"``), blank lines dropped;
        ``float`` columns are float64, ``int`` columns int64 (Int64 when they hold missing
        values), ``datetime`` columns datetime64[ns], ``category`` columns category, others
        str (missing as NaN). Only ``usecols`` are returned if given.

    Raises
    ------
    MalformedFileError
        Wrong number of fields, an unparsable number or date, or an empty required cell.
    FileNotFoundError
        If ``path`` does not exist.
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found")
    datetime_formats = dict(datetime_formats or {})
    required = list(required)

    if header:
        try:
            head = pd.read_csv(
                path, sep=sep, skiprows=skiprows, nrows=0, skipinitialspace=skipinitialspace
            )
        except pd.errors.EmptyDataError:
            raise MalformedFileError(path, skiprows + 1, "no header line") from None
        cols = [str(c) for c in head.columns]
        if normalize_header is not None:
            cols = [normalize_header(c) for c in cols]
        expected = (
            list(expect_columns)
            if expect_columns is not None
            else (list(kinds) + [c for c in required if c not in kinds])
        )
        missing = [c for c in expected if c not in cols]
        if missing:
            raise MalformedFileError(
                path, skiprows + 1, f"header lacks column(s) {missing}; found {cols}"
            )
        if len(set(cols)) != len(cols):
            raise MalformedFileError(path, skiprows + 1, f"duplicate column names in {cols}")
        columns = cols
        data_skip = skiprows + 1
    else:
        if names is None:
            raise ValueError("names is required when header=False")
        columns = list(names)
        data_skip = skiprows
    first_line = data_skip + 1

    use = list(columns) if usecols is None else [c for c in columns if c in set(usecols)]
    numeric = [c for c in use if kinds.get(c) in ("float", "int")]

    def read_csv(dtype: Mapping[str, str] | type[str]) -> pd.DataFrame:
        # No usecols: with it the C parser silently accepts rows with too many fields.
        return pd.read_csv(
            path,
            dtype=dtype,
            sep=sep,
            header=None,
            names=columns,
            skiprows=data_skip,
            keep_default_na=False,
            na_values=list(na_values),
            skip_blank_lines=False,
            skipinitialspace=skipinitialspace,
            nrows=nrows,
            engine="c",
            low_memory=False,
        )

    try:
        # Text columns are read as categoricals: much faster for long files with few distinct
        # values (ids, timestamps), and dates are then parsed once per distinct value.
        frame = read_csv({c: ("float64" if c in numeric else "category") for c in columns})
    except pd.errors.ParserError as exc:
        m = _LINE_RE.search(str(exc))
        line = int(m.group(1)) if m else None
        raise MalformedFileError(path, line, f"wrong number of fields ({exc})") from None
    except ValueError as exc:
        # An unparsable number: re-read as text to find the first offending line.
        frame = read_csv(str)[use]
        frame.index = pd.RangeIndex(first_line, first_line + len(frame), name="line")
        for c in numeric:
            text = frame[c]
            not_number = text.notna() & pd.to_numeric(text, errors="coerce").isna()
            line = first_bad_line(not_number, frame.index)
            if line is not None:
                raise MalformedFileError(
                    path, line, f"column {c!r} holds {frame.at[line, c]!r}, not a number"
                ) from None
        raise MalformedFileError(path, None, str(exc)) from None

    frame = frame[use]
    frame.index = pd.RangeIndex(first_line, first_line + len(frame), name="line")
    candidates = frame.iloc[:, 0].isna().to_numpy()  # a blank line is NaN in every column
    if candidates.any():
        blank = candidates.copy()
        blank[candidates] = frame.loc[candidates].isna().all(axis=1).to_numpy()
        frame = frame.loc[~blank]

    for c in required:
        line = first_bad_line(frame[c].isna(), frame.index)
        if line is not None:
            raise MalformedFileError(
                path, line, f"empty value in required column {c!r} (too few fields?)"
            )

    for c in use:
        kind = kinds.get(c, "str")
        if kind == "int":
            x = frame[c].to_numpy(dtype="float64")
            with np.errstate(invalid="ignore"):
                bad = ~np.isnan(x) & (x != np.round(x))
            line = first_bad_line(bad, frame.index)
            if line is not None:
                raise MalformedFileError(
                    path, line, f"column {c!r} holds {float(x[bad][0])!r}, not an integer"
                )
            frame[c] = frame[c].astype("Int64") if np.isnan(x).any() else x.astype("int64")
        elif kind == "datetime":
            col = frame[c]
            cats = pd.Series(col.cat.categories.astype(str))
            fmt = _pick_format(cats, list(datetime_formats.get(c, ())))
            parsed = pd.to_datetime(cats, format=fmt, errors="coerce").to_numpy("datetime64[ns]")
            codes = col.cat.codes.to_numpy()
            bad_cat = np.isnat(parsed)
            bad = (codes >= 0) & bad_cat[np.maximum(codes, 0)]
            line = first_bad_line(bad, frame.index)
            if line is not None:
                raise MalformedFileError(
                    path, line, f"column {c!r} holds {col.at[line]!r}, not a date/time ({fmt})"
                )
            values = parsed[np.maximum(codes, 0)]
            values[codes < 0] = np.datetime64("NaT")
            frame[c] = values
        elif kind == "str":
            col = frame[c]
            frame[c] = col.astype("str").where(col.notna()) if len(col) else col.astype("str")
    return frame
