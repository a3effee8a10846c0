"""The Dask plumbing every floor shares: importing Dask on first use, turning inputs into frames.

Dask is the optional extra ``pip install "nsp-privacy[scale]"``: nothing here imports it at module
level, so ``import nsp.datasets`` works without it and a Dask path raises an ImportError that
says what to install. Used by the loaders of :mod:`nsp.datasets` (``engine="dask"``) and the
Dask implementations of the counting steps in ``nsp._scale``.
"""

from __future__ import annotations

import glob
import os
import socket
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from nsp._validation import check_frame

__all__ = [
    "INSTALL_HINT",
    "DaskInput",
    "as_dask_frame",
    "check_pandas",
    "crowded_workers",
    "expand_paths",
    "file_kind",
    "import_dask",
    "is_dask_frame",
]

INSTALL_HINT = 'pip install "nsp-privacy[scale]"'

#: A Dask input: a Dask DataFrame, a path glob, or a list of paths (Parquet or CSV).
DaskInput = Any


def import_dask(*, frames: bool = True) -> ModuleType:
    """Return :mod:`dask.dataframe`, or raise an ImportError that says how to install it.

    ``frames=False``: return :mod:`dask` itself, for a graph of plain tasks; importing
    :mod:`dask.dataframe` (and pandas' half of Dask with it) takes about a second. Every Dask
    path starts here, so this is also where a crowded local cluster is warned of
    (:func:`crowded_workers`).
    """
    crowded = crowded_workers()
    if crowded:
        warnings.warn(crowded, UserWarning, stacklevel=3)
    try:
        if frames:
            import dask.dataframe as dd  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

            return dd
        import dask  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

        return dask
    except ImportError as exc:
        raise ImportError(
            f"engine='dask' needs Dask (dask[dataframe], distributed, pyarrow): {INSTALL_HINT}"
        ) from exc


def is_dask_frame(obj: object) -> bool:
    """Whether ``obj`` is a Dask DataFrame, without importing Dask when it is not loaded."""
    module = type(obj).__module__
    if not (module.startswith("dask") or module.startswith("dask_expr")):
        return False
    dd = import_dask()
    return isinstance(obj, dd.DataFrame)


def check_pandas(obj: object, name: str) -> None:
    """Raise a ValueError unless ``obj`` is a pandas DataFrame (the ``engine="pandas"`` input)."""
    hint = " (pass engine='dask' for a Dask DataFrame or files)" if is_dask_frame(obj) else ""
    check_frame(name, obj, what=f"a pandas DataFrame{hint}")


def expand_paths(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> list[str]:
    """Expand a glob or a list of paths/globs into sorted existing files; empty is an error."""
    if isinstance(paths, (str, os.PathLike)):
        items: list[str | os.PathLike[str]] = [paths]
    elif isinstance(paths, Sequence) and not isinstance(paths, (bytes, bytearray)):
        items = list(paths)
    else:
        raise ValueError(
            f"data must be a Dask DataFrame, a path glob or a list of paths; "
            f"got {type(paths).__name__}"
        )
    files: list[str] = []
    for item in items:
        if not isinstance(item, (str, os.PathLike)):
            raise ValueError(f"paths must be str or os.PathLike; got {type(item).__name__}")
        text = os.fspath(item)
        found = sorted(glob.glob(text)) if glob.has_magic(text) else [text]
        files += [f for f in found if Path(f).is_file()]
        if not glob.has_magic(text) and not Path(text).is_file():
            raise FileNotFoundError(f"{text} not found")
    if not files:
        raise FileNotFoundError(f"no file matches {paths!r}")
    return files


def file_kind(files: Sequence[str]) -> str:
    """``"parquet"`` or ``"csv"`` for a list of files of one kind; mixed or unknown is an error."""
    kinds = set()
    for f in files:
        name = f.lower()
        if name.endswith((".parquet", ".pq")):
            kinds.add("parquet")
        elif name.endswith((".csv", ".csv.gz")):
            kinds.add("csv")
        else:
            raise ValueError(f"files must be Parquet (.parquet) or CSV (.csv, .csv.gz); got {f}")
    if len(kinds) > 1:
        raise ValueError("files must all be Parquet or all be CSV, not a mix")
    return kinds.pop()


def as_dask_frame(
    data: DaskInput, *, columns: Sequence[str] | None, name: str = "data", text: Sequence[str] = ()
) -> Any:
    """Return ``data`` as a Dask DataFrame holding ``columns`` (checked, nothing computed).

    Parameters
    ----------
    data : dask.dataframe.DataFrame, path glob, or list of paths
        Parquet files (read column-pruned) or CSV files (``.csv``, ``.csv.gz``, one partition
        per gzipped file) with a header row.
    columns : sequence of str or None
        The columns the computation needs; only these are read from files. ``None``: all.
    name : str
        The argument's name in error messages.
    text : sequence of str
        Columns read from CSV as text, not inferred (identifiers such as ``"007"``).

    Returns
    -------
    dask.dataframe.DataFrame
        Restricted to ``columns``.
    """
    dd = import_dask()
    if isinstance(data, dd.DataFrame):
        frame = data
    elif isinstance(data, (str, os.PathLike, list, tuple)):
        files = expand_paths(data)
        if file_kind(files) == "parquet":
            frame = dd.read_parquet(files)
        else:
            blocksize = None if any(f.lower().endswith(".gz") for f in files) else "64MB"
            wanted = None if columns is None else set(columns)
            frame = dd.read_csv(
                files,
                blocksize=blocksize,
                usecols=None if wanted is None else (lambda c: c in wanted),
                dtype={c: str for c in text},
            )
    else:
        raise ValueError(
            f"{name} must be a Dask DataFrame, a path glob or a list of Parquet/CSV paths; "
            f"got {type(data).__name__}"
        )
    if columns is None:
        return frame
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{name} must have the columns {list(columns)} (missing {missing})")
    return frame[list(columns)]


def _local_hosts() -> set[str]:
    hosts = {"127.0.0.1", "localhost", "::1", socket.gethostname()}
    try:
        hosts.update(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return hosts


def crowded_workers() -> str | None:
    """Say why the active Dask cluster's workers on this machine would wait for cores, or None.

    Workers on one machine share its cores: with more worker threads than cores, or a load
    average already at the number of cores, two workers run slower than one (on 2 cores at
    load 10 a count took 14.1 s on two workers and 5.1 s on one). Looks only at an active
    ``dask.distributed`` client (``distributed`` already imported); workers on other machines
    are not counted.

    Returns
    -------
    str or None
        The warning's text, or None when there is no client or its local workers have the
        cores to themselves.
    """
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return None
    try:
        workers = distributed.default_client().scheduler_info()["workers"]
    except (ValueError, KeyError, AttributeError):  # no client
        return None
    local = _local_hosts()
    threads = [
        int(w.get("nthreads", 1))
        for addr, w in workers.items()
        if (w.get("host") or addr.split("://")[-1].rsplit(":", 1)[0].strip("[]")) in local
    ]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    if len(threads) < 2 and sum(threads) <= cores:
        return None
    if sum(threads) > cores:
        why = f"{len(threads)} workers with {sum(threads)} threads share {cores} cores"
    elif load >= cores:
        why = f"{len(threads)} workers share {cores} cores at load average {load:.1f}"
    else:
        return None
    return (
        f"the Dask workers on this machine would wait for cores ({why}): one worker, or "
        "engine='stream' for the taxi count, is faster on one machine"
    )
