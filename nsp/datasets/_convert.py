r"""Rebuild the converted data files from their commit-pinned public sources, byte for byte.

Four registered files are not served by any publisher as they are: two CSV conversions of R
data files (``.rds``/``.rda``/``.RData``), one more from binfer's ``taxis.RData``, and a gzip of
a REDD fragment. Their registry entries have ``download["method"] == "convert"`` and say how to
make them again:

``source``
    where the input comes from: ``{"registered": "<dataset>/<file>"}`` (another registry entry,
    verified by its sha256), or ``{"url": ..., "git_blob": ..., "sha256": ...}`` (a commit-pinned
    URL, verified by its git blob id and/or sha256). The registry fills ``url`` and ``sha256`` of
    a ``registered`` source from that entry.
``recipe``
    ``"rdata-to-csv-gz"``: read the R object ``r_object`` with pyreadr (``pip install
    'nsp-privacy[rdata]'``), optionally drop a suffix from some columns (``drop_suffix``),
    write it as CSV with pandas (no index, ``\n`` line ends, times as ``%Y-%m-%d %H:%M:%S``,
    factors as their labels) and gzip it; ``"gzip"``: gzip the source bytes as they are;
    ``"redd1-minutes"``: place the untimed 3-s rows of BaseNILM's ``redd1.mat`` (the source) on
    the minutes of a timestamped 1-minute REDD house-1 table (the entry's one ``extra_sources``
    file) by :func:`align_redd1_minutes`, and write the per-minute means (``output:
    "minutes"``) or the rows of each minute (``output: "rows"``) as a gzipped CSV.
``gzip``
    the gzip settings that reproduce the registered bytes (see :func:`gzip_bytes`): ``name``
    (the original-file-name field, or ``null``), ``level``, ``mem_level``, ``os`` (header byte)
    and ``sync_flush`` (whether the writer flushed once before closing, as pandas'
    ``to_csv(..., compression="gzip")`` does).

The result is checked against the registered sha256 by :func:`nsp.datasets.fetch` before it is
renamed into place. Byte identity needs the same zlib deflate output as the original build
(zlib 1.2.x/1.3; zlib-ng gives other bytes) and, for the CSVs, pyreadr and pandas writing the
same text (pyreadr 0.5.8 and pandas 2-3 do); a mismatch is reported, never kept.

Examples
--------
>>> git_blob_sha1(b"hello\n")  # what `git hash-object` prints
'ce013625030ba8dba906f756967f9e9ca394464a'
>>> import gzip
>>> gzip.decompress(gzip_bytes(b"1303132929 224.19", level=9, mem_level=9, os=3))
b'1303132929 224.19'
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import scipy.io
from numpy.typing import NDArray

from ._errors import ChecksumError

__all__ = [
    "MissingExtraError",
    "RECIPES",
    "REDD1_COLUMNS",
    "align_redd1_minutes",
    "check_requirements",
    "convert_file",
    "describe_recipe",
    "git_blob_sha1",
    "gzip_bytes",
    "read_r_object",
    "verify_source",
]

#: The conversion recipes a ``convert`` registry entry may name.
RECIPES: tuple[str, ...] = ("rdata-to-csv-gz", "gzip", "redd1-minutes")

#: How the CSVs of R objects were written (pandas ``to_csv`` options).
CSV_OPTIONS: dict[str, Any] = {
    "index": False,
    "lineterminator": "\n",
    "date_format": "%Y-%m-%d %H:%M:%S",
}

_RDATA_INSTALL = "pip install 'nsp-privacy[rdata]'"

#: The 17 power columns of the REDD house-1 minute table (mains, then the 16 NILMTK submeters
#: in the column order of BaseNILM's ``redd1.mat``), named ``<nilmtk label>_<REDD channels>``.
REDD1_COLUMNS: tuple[str, ...] = (
    "mains_1_2",
    "fridge_5",
    "dish_washer_6",
    "sockets_7",
    "sockets_8",
    "light_9",
    "microwave_11",
    "unknown_bathroom_gfi_12",
    "electric_space_heater_13",
    "electric_stove_14",
    "sockets_15",
    "sockets_16",
    "light_17",
    "light_18",
    "unknown_19",
    "electric_oven_3_4",
    "washer_dryer_10_20",
)

# The alignment's costs (see align_redd1_minutes): rows per minute, missing-row penalty, cap of
# the squared mains error, cost per row put in an unobserved edge minute.
_PER_MINUTE, _LAM, _CAP, _LAM_EDGE, _INF = 20, 0.2, 1e4, 2.0, 1e18


class MissingExtraError(ImportError):
    """An optional dependency needed for one conversion is not installed.

    The message names the ``pip install`` command.
    """


def git_blob_sha1(data: bytes) -> str:
    r"""Return git's object id of a file's bytes: ``sha1(b"blob <len>\0" + data)``.

    A commit-pinned file can thus be checked offline against the blob id that ``git ls-tree``
    (or GitHub's tree API) shows for it.

    Parameters
    ----------
    data : bytes
        The file's contents.

    Returns
    -------
    str
        The 40 hexadecimal digits of the blob id.

    Examples
    --------
    >>> git_blob_sha1(b"")
    'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'
    """
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def verify_source(data: bytes, source: Mapping[str, Any], *, where: str) -> None:
    """Check source bytes against the ``git_blob`` and/or ``sha256`` of a registry ``source``.

    Parameters
    ----------
    data : bytes
        The downloaded (or local) source file.
    source : mapping
        The entry's ``download["source"]``; at least one of ``git_blob``, ``sha256``.
    where : str
        The URL or path the bytes came from, for the message.

    Raises
    ------
    ChecksumError
        If a given hash differs (the message names both values and the fix).
    ValueError
        If the source has neither hash (nothing could be verified).

    Examples
    --------
    >>> verify_source(b"", {"git_blob": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"}, where="x")
    >>> verify_source(b"x", {"git_blob": "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
    ...               where="x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nsp.datasets._errors.ChecksumError: checksum mismatch for x: expected git blob id e69de29...
    """
    checks = {
        "git blob id": (source.get("git_blob"), git_blob_sha1),
        "sha256": (source.get("sha256"), lambda b: hashlib.sha256(b).hexdigest()),
    }
    if not any(expected for expected, _ in checks.values()):
        raise ValueError(f"the source {where} has neither a git_blob nor a sha256 to verify it by")
    for label, (expected, digest) in checks.items():
        if expected and digest(data) != str(expected).lower():
            raise ChecksumError(
                where,
                str(expected).lower(),
                digest(data),
                "This is not the commit-pinned source the file is rebuilt from (the URL may "
                "serve another version, or an error page); set NSP_DATA_MIRROR to a mirror "
                "holding the file, or report it.",
                algorithm=label,
            )


def gzip_bytes(
    data: bytes,
    *,
    name: str | None = None,
    level: int = 9,
    mem_level: int = 8,
    os: int = 255,  # named after the gzip header field (shadows the os module here only)
    sync_flush: bool = False,
) -> bytes:
    r"""Compress ``data`` into a gzip member with a fixed header (mtime 0), reproducibly.

    The header and the deflate stream are spelled out so that the bytes do not depend on the
    file's name on disk or on the clock:

    - Python's ``gzip.GzipFile(filename=name, compresslevel=9, mtime=0)`` is ``name=name,
      level=9, mem_level=8, os=255``; pandas' ``to_csv("x.csv.gz", compression={"method":
      "gzip", "mtime": 0})`` adds one flush before closing: ``sync_flush=True``;
    - GNU ``gzip -n -9`` is ``name=None, level=9, mem_level=9, os=3`` (checked byte for byte on
      the REDD fragment, 297,003 bytes).

    Parameters
    ----------
    data : bytes
        The uncompressed bytes.
    name : str or None
        The original-file-name field (FNAME); ``None`` writes none.
    level, mem_level : int
        zlib compression level (1-9) and memory level (1-9).
    os : int
        The header's OS byte (3 = Unix, 255 = unknown).
    sync_flush : bool
        Emit a ``Z_SYNC_FLUSH`` (an empty stored block) before the final block.

    Returns
    -------
    bytes
        The gzip member.

    Examples
    --------
    >>> import gzip, io
    >>> buf = io.BytesIO()
    >>> with gzip.GzipFile(filename="a.csv", mode="wb", fileobj=buf, mtime=0) as fh:
    ...     _ = fh.write(b"x,y\n1,2\n")
    >>> gzip_bytes(b"x,y\n1,2\n", name="a.csv") == buf.getvalue()
    True
    """
    if not 1 <= level <= 9 or not 1 <= mem_level <= 9:
        raise ValueError(f"level and mem_level must be in 1..9; got {level}, {mem_level}")
    if not 0 <= os <= 255:
        raise ValueError(f"os must be a byte (0..255); got {os}")
    flags = 0x08 if name is not None else 0
    xfl = 2 if level == 9 else (4 if level == 1 else 0)
    header = b"\x1f\x8b\x08" + bytes([flags]) + b"\0\0\0\0" + bytes([xfl, os])
    if name is not None:
        header += name.encode("latin-1") + b"\0"
    comp = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS, mem_level, 0)
    body = comp.compress(data)
    if sync_flush:
        body += comp.flush(zlib.Z_SYNC_FLUSH)
    body += comp.flush()
    return header + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def _pyreadr():
    try:
        import pyreadr  # noqa: PLC0415  (optional dependency: pyreadr (extra nsp-privacy[rdata]))
    except ImportError as exc:
        raise MissingExtraError(
            f"reading R data files needs the optional package pyreadr: {_RDATA_INSTALL} "
            f"(or pip install pyreadr)"
        ) from exc
    return pyreadr


def check_requirements(download: Mapping[str, Any]) -> None:
    """Raise :class:`MissingExtraError` now if a recipe's optional dependency is missing.

    Checking before anything is downloaded means that nothing is downloaded in vain.

    Parameters
    ----------
    download : mapping
        The ``download`` entry of a registered file (its ``"recipe"`` names the conversion).

    Raises
    ------
    MissingExtraError
        If the recipe needs an optional dependency (pyreadr for R files) that is not installed.

    Examples
    --------
    >>> check_requirements({"recipe": "gzip"})  # needs only the standard library
    """
    if download.get("recipe") == "rdata-to-csv-gz":
        _pyreadr()


def read_r_object(path: str | os.PathLike[str], *, name: str | None = None) -> pd.DataFrame:
    """Read one data frame from an R file (``.rds``, ``.rda``, ``.RData``) with pyreadr.

    Parameters
    ----------
    path : path
        The R file.
    name : str, optional
        The object's name in an ``.rda``/``.RData`` file; required when the file holds several.
        An ``.rds`` file holds one unnamed object, and ``name`` is then ignored.

    Returns
    -------
    pandas.DataFrame
        As pyreadr returns it: factors are ``category`` columns, dates and times ``datetime64``.

    Raises
    ------
    MissingExtraError
        If pyreadr is not installed (the message says ``pip install 'nsp-privacy[rdata]'``).
    KeyError
        If ``name`` is not in the file, or the file holds several objects and no ``name``.

    Examples
    --------
    Needs pyreadr (``pip install 'nsp-privacy[rdata]'``, part of the ``test`` extra):

    >>> import tempfile, pathlib, pandas as pd, pyreadr
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.RData"
    >>> pyreadr.write_rdata(str(path), pd.DataFrame({"a": [1.5]}), df_name="t")
    >>> read_r_object(path, name="t")["a"].tolist()
    [1.5]
    """
    objects = _pyreadr().read_r(str(path))
    keys = list(objects)
    if name is not None and name in objects:
        return objects[name]
    if len(keys) == 1 and (name is None or keys[0] is None):
        return objects[keys[0]]
    raise KeyError(f"{path} holds the R objects {keys}; asked for {name!r}")


def _drop_suffix(frame: pd.DataFrame, suffix: str, columns: Sequence[str]) -> pd.DataFrame:
    """Remove ``suffix`` from the end of the values of ``columns`` (strings or factors)."""
    out = frame.copy()
    for col in columns:
        if col not in out.columns:
            raise KeyError(
                f"no column {col!r} to drop {suffix!r} from; columns: {list(out.columns)}"
            )
        values = out[col]
        if isinstance(values.dtype, pd.CategoricalDtype):
            cats = [str(c).removesuffix(suffix) for c in values.cat.categories]
            if len(set(cats)) == len(cats):
                out[col] = values.cat.rename_categories(cats)
                continue
            values = values.astype(object)
        out[col] = values.map(lambda v: v.removesuffix(suffix) if isinstance(v, str) else v)
    return out


def rdata_csv(frame: pd.DataFrame, *, drop_suffix: Mapping[str, Any] | None = None) -> bytes:
    r"""Write a data frame read from R as the registered CSV text (UTF-8 bytes).

    Options: no index, ``\n`` line ends, times ``%Y-%m-%d %H:%M:%S``, factors as their labels,
    missing values as empty fields, floats as Python writes them (shortest round trip).

    Parameters
    ----------
    frame : pandas.DataFrame
        The data frame, as :func:`read_r_object` returns it.
    drop_suffix : mapping, optional
        ``{"suffix": str, "columns": [str, ...]}``: a suffix to remove from the text values of
        those columns (e.g. the ``"Z"`` of UTC timestamps); other values are kept.

    Returns
    -------
    bytes
        The CSV text, UTF-8 encoded.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"t": pd.to_datetime(["2016-01-02 20:18:04"]), "x": [0.94]})
    >>> rdata_csv(frame)
    b't,x\n2016-01-02 20:18:04,0.94\n'
    >>> rdata_csv(pd.DataFrame({"t": ["2015-01-09 23:00:01Z"]}),
    ...           drop_suffix={"suffix": "Z", "columns": ["t"]})
    b't\n2015-01-09 23:00:01\n'
    """
    if drop_suffix:
        frame = _drop_suffix(frame, str(drop_suffix["suffix"]), list(drop_suffix["columns"]))
    return frame.to_csv(**CSV_OPTIONS).encode("utf-8")


def align_redd1_minutes(
    samples: NDArray[np.float64], minutes: pd.DataFrame
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Place untimed 3-s REDD rows on timestamped minutes (the ``redd1-minutes`` recipe).

    The rows of ``samples`` are in time order with gaps removed but carry no time; ``minutes``
    holds the same house's 1-minute mains with timestamps. A dynamic programme assigns the rows,
    in order, to minutes, each minute a contiguous block of 0..20 rows: a minute with mains
    costs (block mean of column 1 − its mains)² (capped at 10⁴) plus 0.2 per missing row (10⁴ +
    4 for an empty block), the unobserved minute just before and after each observed run may
    take rows at 2.0 per row, and all rows must be used. Ties keep the smallest block.

    Parameters
    ----------
    samples : numpy.ndarray
        ``(R, 18)``: a row counter, the mains, the 16 submeters (``redd1.mat['data']``).
    minutes : pandas.DataFrame
        Columns ``Timestamp`` (minute starts with UTC offsets) and ``main`` (watts, NaN where
        not recorded), one row per minute in time order.

    Returns
    -------
    means : pandas.DataFrame
        ``minute_utc`` (ISO text with ``Z``), ``n_samples``, then :data:`REDD1_COLUMNS` (the
        mean of the minute's rows); minutes without rows are left out.
    rows : pandas.DataFrame
        ``minute_utc``, ``first_row`` (0-based), ``n_rows``.

    Raises
    ------
    ValueError
        If ``samples`` is not ``(R, 18)`` or the minutes cannot hold all rows.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> x = np.array([100.0] * 20 + [300.0] * 20)
    >>> samples = np.column_stack([np.arange(1, 41), x] + [np.zeros(40)] * 16)
    >>> minutes = pd.DataFrame({"Timestamp": ["2011-04-18 09:22:00-04:00",
    ...                                       "2011-04-18 09:23:00-04:00"], "main": [100.0, 300.0]})
    >>> means, rows = align_redd1_minutes(samples, minutes)
    >>> means[["minute_utc", "n_samples", "mains_1_2"]].values.tolist()
    [['2011-04-18T13:22:00Z', 20, 100.0], ['2011-04-18T13:23:00Z', 20, 300.0]]
    """
    d = np.asarray(samples, dtype=np.float64)
    if d.ndim != 2 or d.shape[1] != len(REDD1_COLUMNS) + 1:
        raise ValueError(f"samples must have shape (R, 18); got {d.shape}")
    x, n_rows_total = d[:, 1], len(d)
    stamps = pd.to_datetime(minutes["Timestamp"], utc=True)
    main = minutes["main"].to_numpy(dtype=np.float64)
    ok = ~np.isnan(main)
    keep = ok.copy()
    keep[1:] |= ok[:-1]
    keep[:-1] |= ok[1:]
    idx = np.where(keep)[0]
    obs, target, n = ok[idx], main[idx], len(idx)
    slack = _PER_MINUTE * n - n_rows_total
    if slack < 0:
        raise ValueError(f"{n} minutes cannot hold {n_rows_total} rows of 3-s samples")
    cs = np.concatenate([[0.0], np.cumsum(x)])
    dd = np.arange(slack + 1)
    cost = np.full(slack + 1, _INF)
    cost[0] = 0.0
    back = np.zeros((n, slack + 1), dtype=np.int8)
    for i in range(n):
        new_cost = np.full(slack + 1, _INF)
        new_back = np.zeros(slack + 1, dtype=np.int8)
        start = _PER_MINUTE * i - dd
        for k in range(_PER_MINUTE + 1):
            nd = dd + (_PER_MINUTE - k)
            good = (nd <= slack) & (cost < _INF) & (start >= 0) & (start + k <= n_rows_total)
            if not good.any():
                continue
            if obs[i] and k > 0:
                ss = np.clip(start, 0, n_rows_total - k)
                m = (cs[ss + k] - cs[ss]) / k
                c = np.minimum((m - target[i]) ** 2, _CAP) + _LAM * (_PER_MINUTE - k)
            elif obs[i]:
                c = np.full(slack + 1, _CAP + _LAM * _PER_MINUTE)
            else:
                c = np.full(slack + 1, _LAM_EDGE * k)
            total = cost + c
            j, v = nd[good], total[good]
            better = v < new_cost[j]
            new_cost[j[better]] = v[better]
            new_back[j[better]] = k
        cost, back[i] = new_cost, new_back
    if cost[slack] >= _INF:
        raise ValueError("no assignment of the rows to the minutes uses every row")
    ns = np.zeros(n, dtype=np.int64)
    dcur = slack
    for i in range(n - 1, -1, -1):
        k = int(back[i, dcur])
        ns[i] = k
        dcur -= _PER_MINUTE - k
    first = np.concatenate([[0], np.cumsum(ns)[:-1]])
    label = stamps.iloc[idx].dt.strftime("%Y-%m-%dT%H:%M:%SZ").to_numpy()
    sel = ns > 0
    csd = np.vstack([np.zeros((1, d.shape[1])), np.cumsum(d, axis=0)])
    means = (csd[first[sel] + ns[sel]] - csd[first[sel]]) / ns[sel][:, None]
    out = pd.DataFrame(means[:, 1:], columns=list(REDD1_COLUMNS))
    out.insert(0, "n_samples", ns[sel])
    out.insert(0, "minute_utc", label[sel])
    rows = pd.DataFrame({"minute_utc": label[sel], "first_row": first[sel], "n_rows": ns[sel]})
    return out, rows


def _redd1_minutes_csv(mat: Path, csv: Path, output: str) -> bytes:
    """Return the text of ``redd_house1_1min.csv`` (``"minutes"``) or of the rows table."""
    if output not in ("minutes", "rows"):
        raise ValueError(f"output must be 'minutes' or 'rows'; got {output!r}")
    samples = scipy.io.loadmat(str(mat))["data"]
    minutes = pd.read_csv(csv, skiprows=[1])
    means, rows = align_redd1_minutes(samples, minutes)
    frame = means if output == "minutes" else rows
    return frame.to_csv(index=False, float_format="%.3f", lineterminator="\n").encode("ascii")


def describe_recipe(download: Mapping[str, Any]) -> str:
    """Return one line saying how a ``convert`` entry is made (for messages and the docs).

    Parameters
    ----------
    download : mapping
        The ``download`` entry of a registered file whose method is ``"convert"``.

    Returns
    -------
    str
        The recipe in words, e.g. ``"gzip it (as gzip -n -9 does)"``.

    Examples
    --------
    >>> describe_recipe({"recipe": "gzip", "gzip": {"name": None, "level": 9, "mem_level": 9,
    ...                                             "os": 3}})
    'gzip it (as gzip -n -9 does)'
    """
    gz = download.get("gzip", {})
    how = (
        "as gzip -n -9 does"
        if gz.get("name") is None and gz.get("os") == 3
        else f"level {gz.get('level', 9)}, mtime 0"
    )
    if download["recipe"] == "gzip":
        return f"gzip it ({how})"
    if download["recipe"] == "redd1-minutes":
        return (
            f"align the 3-s rows of redd1.mat with the timestamped 1-minute mains and write the "
            f"{download.get('output')} as CSV, gzipped ({how})"
        )
    return (
        f"read the R object {download.get('r_object')!r} with pyreadr, write it as CSV "
        f"and gzip it ({how})"
    )


def _gzip_options(download: Mapping[str, Any]) -> dict[str, Any]:
    gz = dict(download.get("gzip", {}))
    unknown = set(gz) - {"name", "level", "mem_level", "os", "sync_flush"}
    if unknown:
        raise ValueError(f"unknown gzip settings {sorted(unknown)} in the registry")
    return gz


def convert_file(
    download: Mapping[str, Any],
    source: Path,
    dest: Path,
    *,
    extra_sources: Sequence[Path] = (),
) -> None:
    """Make a converted file from its verified source, writing the bytes to ``dest``.

    ``dest`` is a temporary file: the caller checks its sha256 and renames it into place
    (see :func:`nsp.datasets.fetch`).

    Parameters
    ----------
    download : mapping
        The entry's ``download`` table (``recipe``, ``gzip``, ``r_object``, ``drop_suffix``).
    source : pathlib.Path
        The verified source file.
    dest : pathlib.Path
        Where to write the result.
    extra_sources : sequence of pathlib.Path
        The verified files of the entry's ``extra_sources``, in order (``redd1-minutes``: the
        timestamped 1-minute table).

    Raises
    ------
    MissingExtraError
        If the recipe needs pyreadr and it is not installed.
    ValueError
        An unknown recipe or gzip setting.

    Examples
    --------
    >>> import gzip, tempfile, pathlib
    >>> tmp = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (tmp / "channel_1.dat").write_bytes(b"1303132929 224.19")
    >>> download = {"recipe": "gzip", "gzip": {"name": None, "level": 9, "mem_level": 9, "os": 3}}
    >>> convert_file(download, tmp / "channel_1.dat", tmp / "out.gz")
    >>> gzip.decompress((tmp / "out.gz").read_bytes())
    b'1303132929 224.19'
    """
    recipe = download.get("recipe")
    gz = _gzip_options(download)
    if recipe == "gzip":
        payload = Path(source).read_bytes()
    elif recipe == "rdata-to-csv-gz":
        frame = read_r_object(source, name=download.get("r_object"))
        payload = rdata_csv(frame, drop_suffix=download.get("drop_suffix"))
    elif recipe == "redd1-minutes":
        if len(extra_sources) != 1:
            raise ValueError("the redd1-minutes recipe needs one extra source (the 1-minute CSV)")
        payload = _redd1_minutes_csv(
            Path(source), Path(extra_sources[0]), str(download.get("output"))
        )
    else:
        raise ValueError(f"unknown conversion recipe {recipe!r}; known: {list(RECIPES)}")
    Path(dest).write_bytes(gzip_bytes(payload, **gz))
