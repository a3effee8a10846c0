"""REFIT and UK-DALE households: whole-house power and four sub-metered appliances at 30 s.

The registered files (dataset ``nilm_refit_ukdale``) are monthly extracts named
``<DATASET>_House<N>_<YYYY-MM>.csv.gz`` with a ``Time`` index and the columns ``Aggregate,
Kettle, Kettle_status, Dishwasher, Dishwasher_status, WashingMachine, WashingMachine_status,
Microwave, Microwave_status`` (watts; the ``*_status`` 0/1 columns are the redistributor's on/off
labels). Gaps are empty cells and stay missing here. They stand in for REDD house 1 in the
noiseless-privacy NILM experiment (Fig. 4).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from nsp._validation import as_path, check_choice, check_int

from . import _registry as _reg
from ._fetching import registered_path
from ._io import MalformedFileError

__all__ = [
    "NILM_APPLIANCES",
    "NILM_HOUSEHOLDS",
    "load_nilm_household",
    "nilm_household_months",
    "read_nilm_household_file",
]

_DATASET = "nilm_refit_ukdale"
#: The registered households, as ``(dataset, house)``.
NILM_HOUSEHOLDS: tuple[tuple[str, int], ...] = (("REFIT", 2), ("REFIT", 20), ("UKDALE", 2))
#: The four sub-metered appliances, as the loader names them (file column in brackets:
#: ``Kettle``, ``Dishwasher``, ``WashingMachine``, ``Microwave``).
NILM_APPLIANCES: tuple[str, ...] = ("kettle", "dishwasher", "washing_machine", "microwave")
_FILE_COLUMNS = {
    "Aggregate": "aggregate",
    "Kettle": "kettle",
    "Dishwasher": "dishwasher",
    "WashingMachine": "washing_machine",
    "Microwave": "microwave",
}
_FILE_RE = re.compile(r"^(REFIT|UKDALE)_House(\d+)_(\d{4}-\d{2})\.csv\.gz$")


def read_nilm_household_file(path: str | os.PathLike[str]) -> pd.DataFrame:
    r"""Read one monthly file (``Time, Aggregate, Kettle, Kettle_status, ...``) into a tidy frame.

    Parameters
    ----------
    path : path
        A ``.csv`` or ``.csv.gz`` file of the format.

    Returns
    -------
    pandas.DataFrame
        Columns ``timestamp`` (datetime64[ns], naive), ``aggregate`` and the four appliances of
        :data:`NILM_APPLIANCES` (float64 watts, NaN in gaps), then ``<appliance>_on`` (nullable
        ``boolean``, the file's ``*_status``, NA in gaps), in time order.

    Raises
    ------
    MalformedFileError
        (a ValueError) naming the file when a column is missing, a value is not a number, a
        time does not parse, or times are not strictly increasing.
    ValueError
        If ``path`` is not a path, or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    load_nilm_household : Every month of a household.

    Examples
    --------
    >>> import gzip, tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "REFIT_House9_2014-01.csv.gz"
    >>> head = "Time,Aggregate,Kettle,Kettle_status,Dishwasher,Dishwasher_status,"
    >>> head += "WashingMachine,WashingMachine_status,Microwave,Microwave_status"
    >>> rows = ["2014-01-01 00:00:00,300.0,0.0,0,0.0,0,0.0,0,0.0,0", "2014-01-01 00:00:30,,,,,,,,,"]
    >>> _ = f.write_bytes(gzip.compress(("\n".join([head, *rows]) + "\n").encode()))
    >>> read_nilm_household_file(f)["aggregate"].tolist()
    [300.0, nan]
    """
    path = as_path("path", path, kind="file")
    try:
        raw = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    except (OSError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise MalformedFileError(path, None, f"cannot be read as CSV: {exc}") from exc
    missing = [
        c
        for c in ["Time", *_FILE_COLUMNS, *(f"{c}_status" for c in list(_FILE_COLUMNS)[1:])]
        if c not in raw.columns
    ]
    if missing:
        raise MalformedFileError(path, 1, f"missing column(s) {missing}")
    out = pd.DataFrame()
    try:
        out["timestamp"] = pd.to_datetime(raw["Time"], format="%Y-%m-%d %H:%M:%S").astype(
            "datetime64[ns]"
        )
    except (ValueError, TypeError) as exc:
        raise MalformedFileError(path, None, f"a Time value does not parse: {exc}") from exc
    if not out["timestamp"].is_monotonic_increasing or out["timestamp"].duplicated().any():
        raise MalformedFileError(path, None, "times are not strictly increasing")
    for src, dst in _FILE_COLUMNS.items():
        values = pd.to_numeric(raw[src], errors="coerce")
        bad = values.isna() & raw[src].notna()
        if bad.any():
            line = int(np.flatnonzero(bad.to_numpy())[0]) + 2
            raise MalformedFileError(
                path, line, f"{src} is not a number: {raw[src][bad].iloc[0]!r}"
            )
        out[dst] = values.astype("float64")
    for src, dst in list(_FILE_COLUMNS.items())[1:]:
        status = pd.to_numeric(raw[f"{src}_status"], errors="coerce")
        bad = ~status.isin([0, 1]) & raw[f"{src}_status"].notna()
        if bad.any():
            line = int(np.flatnonzero(bad.to_numpy())[0]) + 2
            raise MalformedFileError(path, line, f"{src}_status must be 0 or 1")
        out[f"{dst}_on"] = status.astype("Float64").astype("boolean")
    return out


def nilm_household_months(dataset: str = "REFIT", house: int = 2) -> list[str]:
    """Return the registered months (``"YYYY-MM"``) of one household.

    Parameters
    ----------
    dataset : {"REFIT", "UKDALE"}
        The source dataset.
    house : int
        The house number, ``>= 1`` (registered: REFIT 2 and 20, UK-DALE 2).

    Returns
    -------
    list of str
        Sorted months; empty when the household is not registered.

    See Also
    --------
    load_nilm_household : Load those months.

    Examples
    --------
    >>> nilm_household_months("UKDALE", 2)
    ['2013-05', '2013-06', '2013-07', '2013-08', '2013-09', '2013-10']
    """
    dataset = check_choice("dataset", dataset, ("REFIT", "UKDALE"))
    house = check_int("house", house, low=1)
    months = []
    for entry in _reg.REGISTRY:
        m = _FILE_RE.match(entry.file) if entry.dataset == _DATASET else None
        if m and m.group(1) == dataset and int(m.group(2)) == house:
            months.append(m.group(3))
    return sorted(months)


def load_nilm_household(
    dataset: str = "REFIT",
    house: int = 2,
    *,
    months: Sequence[str] | None = None,
    path: str | os.PathLike[str] | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Whole-house and appliance power of one REFIT or UK-DALE household, every 30 s.

    Parameters
    ----------
    dataset : {"REFIT", "UKDALE"}
        The source dataset.
    house : int
        The house number, ``>= 1`` (registered: REFIT 2 and 20, UK-DALE 2).
    months : sequence of str, optional
        Months ``"YYYY-MM"`` to read (default: all of the household's).
    path : path, optional
        A folder holding ``<DATASET>_House<N>_<YYYY-MM>.csv.gz`` files (read as they are, not
        checksummed) instead of the registered ones.
    data_home : path, optional
        The data folder root.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`read_nilm_household_file`, the months concatenated in time
        order; ``attrs``: ``dataset``, ``house``, ``months``, ``fidelity`` (``"stand-in"``, for
        REDD house 1) and ``source``.

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist, or a requested month (or any month at all) has no file.
    MalformedFileError
        If a file is not of the format.
    ValueError
        If ``path`` is not a path or is a file, or ``data_home`` is not a path.

    See Also
    --------
    read_nilm_household_file : One monthly file.
    nilm_household_months : The months available.

    Examples
    --------
    >>> frame = load_nilm_household("UKDALE", 2, months=["2013-06"])
    >>> frame.shape, str(frame["aggregate"].dtype), str(frame["kettle_on"].dtype)
    ((86400, 10), 'float64', 'boolean')
    """
    dataset = check_choice("dataset", dataset, ("REFIT", "UKDALE"))
    house = check_int("house", house, low=1)
    if path is not None:
        folder = as_path("path", path, kind="folder")
        found = {
            m.group(3): folder / f.name
            for f in sorted(folder.iterdir())
            if (m := _FILE_RE.match(f.name)) and m.group(1) == dataset and int(m.group(2)) == house
        }
    else:
        found = {m: Path() for m in nilm_household_months(dataset, house)}
    if months is None:
        wanted = sorted(found)
    else:
        if isinstance(months, str):
            raise ValueError("months must be a list of 'YYYY-MM' strings, not one string")
        wanted = sorted(str(m) for m in months)
        absent = [m for m in wanted if m not in found]
        if absent:
            raise FileNotFoundError(f"{dataset} house {house} has no file for month(s) {absent}")
    if not wanted:
        raise FileNotFoundError(
            f"no file of {dataset} house {house}" + (f" in {path}" if path else "")
        )
    frames = []
    for month in wanted:
        name = f"{dataset}_House{house}_{month}.csv.gz"
        file = (
            found[month]
            if path is not None
            else registered_path(_DATASET, name, data_home=data_home)
        )
        frames.append(read_nilm_household_file(file))
    out = pd.concat(frames, ignore_index=True)
    if not out["timestamp"].is_monotonic_increasing or out["timestamp"].duplicated().any():
        raise MalformedFileError(Path(path or _DATASET), None, "months overlap in time")
    out.attrs.update(
        dataset=dataset,
        house=house,
        months=wanted,
        fidelity="stand-in",
        source=f"{'UK-DALE' if dataset == 'UKDALE' else dataset} house {house}",
    )
    return out
