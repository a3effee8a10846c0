"""Half-hourly smart-meter data: the SGSC stand-in, Ausgrid's real wide format, one Ausgrid home.

Every loader returns the same tidy long schema, so experiments can use any source:

=============  ==================  ==========================================================
column         dtype               meaning
=============  ==================  ==========================================================
``customer``   category (str)      household id (Ausgrid ``Customer`` 1-300, SGSC 8 digits)
``timestamp``  datetime64[ns]      **start** of the half-hour, local wall-clock time, naive
``channel``    category            ``GC`` general consumption, ``CL`` controlled load, ``GG``
                                   gross PV generation (SGSC also ``NG`` net generation and
                                   ``other``)
``kwh``        float64             energy in the half-hour, kWh (not kW)
=============  ==================  ==========================================================

Rows are sorted by customer, channel, timestamp; the index is a RangeIndex. ``frame.attrs``
records ``source``, ``path``, ``fidelity`` and ``stand_in_for``.
"""

from __future__ import annotations

import datetime
import logging
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeAlias

import numpy as np
import pandas as pd

from nsp._dask import check_pandas, expand_paths, file_kind, import_dask
from nsp._scale import (
    SEVERAL_CHANNELS,
    check_meter_columns,
    daily_totals_dask,
    daily_totals_rows,
)
from nsp._validation import as_path, check_choice
from nsp.paths import data_dir

from . import _registry as _reg
from ._fetching import registered_path
from ._io import MalformedFileError, first_bad_line, first_line, read_table

__all__ = [
    "AUSGRID_CHANNELS",
    "AUSGRID_2012_13_FILE",
    "SGSC_CHANNELS",
    "SMART_METER_COLUMNS",
    "daily_totals",
    "load_ausgrid",
    "load_ausgrid_customer12",
    "load_smart_meter",
]

log = logging.getLogger("nsp.datasets")

#: A ``start=`` or ``end=`` day: anything :class:`pandas.Timestamp` reads (``"2012-07-01"``, a
#: :class:`datetime.date`, a :class:`numpy.datetime64`), or ``None`` for no bound.
DateLike: TypeAlias = str | datetime.date | np.datetime64 | None

SMART_METER_COLUMNS: tuple[str, ...] = ("customer", "timestamp", "channel", "kwh")

#: Ausgrid's ``Consumption Category`` values.
AUSGRID_CHANNELS: tuple[str, ...] = ("GC", "CL", "GG")

#: SGSC column of each channel (``general_supply_kwh`` is Ausgrid's GC).
SGSC_CHANNELS: dict[str, str] = {
    "GC": "general_supply_kwh",
    "CL": "controlled_load_kwh",
    "GG": "gross_generation_kwh",
    "NG": "net_generation_kwh",
    "other": "other_kwh",
}

#: The paper's file, as named inside Ausgrid's 2012-2013 zip; looked up in
#: ``data_dir()/ausgrid/`` when ``load_smart_meter(source="ausgrid")`` gets no ``path``.
AUSGRID_2012_13_FILE = "2012-2013 Solar home electricity data v2.csv"
AUSGRID_2012_13_URL = (
    "https://www.ausgrid.com.au/-/media/Documents/Data-to-share/Solar-home-electricity-data/"
    "Solar-home-half-hour-data---1-July-2012-to-30-June-2013.zip"
)

_HALF_HOURS = [f"{(k * 30) // 60 % 24}:{(k * 30) % 60:02d}" for k in range(1, 49)]  # 0:30 … 0:00
_HH_RE = re.compile(r"^\d{1,2}:\d{2}$")
_SLOT = np.arange(48, dtype="int64") * np.int64(30 * 60 * 10**9)  # ns offsets of the slot starts


def _channels_arg(channels: str | Sequence[str] | None, known: Sequence[str]) -> list[str]:
    if channels is None:
        return list(known)
    if isinstance(channels, str):
        channels = [channels]
    chosen = list(dict.fromkeys(channels))
    unknown = [c for c in chosen if c not in known]
    if unknown or not chosen:
        raise ValueError(f"channels must be a non-empty subset of {list(known)}; got {channels!r}")
    return chosen


def _check_window(start: DateLike, end: DateLike) -> None:
    """Refuse a ``start``/``end`` that is not a date, or a window that holds no day."""
    days = {}
    for name, value in (("start", start), ("end", end)):
        if value is None:
            continue
        try:
            days[name] = pd.Timestamp(value)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a date (e.g. '2012-07-01'); got {value!r}") from None
        if days[name] is pd.NaT:
            raise ValueError(f"{name} must be a date (e.g. '2012-07-01'); got {value!r}")
    if len(days) == 2 and days["start"] >= days["end"].normalize() + pd.Timedelta(days=1):
        raise ValueError(f"start must not be after end (an empty window); got {start!r} > {end!r}")


def _window(frame: pd.DataFrame, start: DateLike, end: DateLike) -> pd.DataFrame:
    mask = np.ones(len(frame), dtype=bool)
    if start is not None:
        mask &= (frame["timestamp"] >= pd.Timestamp(start)).to_numpy()
    if end is not None:
        mask &= (
            frame["timestamp"] < pd.Timestamp(end).normalize() + pd.Timedelta(days=1)
        ).to_numpy()
    return frame.loc[mask]


def _finish(
    frame: pd.DataFrame,
    *,
    channels: Sequence[str],
    customers_sorted: list[str],
    start: DateLike,
    end: DateLike,
    attrs: Mapping[str, object],
    extra: Sequence[str] = (),
) -> pd.DataFrame:
    frame = _window(frame, start, end)
    cust = frame["customer"]
    customer: pd.Series | pd.Categorical
    if isinstance(cust.dtype, pd.CategoricalDtype):
        customer = cust.cat.set_categories(customers_sorted)
    else:
        customer = pd.Categorical(cust, categories=customers_sorted)
    frame = frame.assign(
        customer=customer,
        channel=pd.Categorical(frame["channel"], categories=list(channels)),
    )
    frame = frame.sort_values(["customer", "channel", "timestamp"], kind="stable")
    frame = frame[[*SMART_METER_COLUMNS, *extra]].reset_index(drop=True)
    frame["timestamp"] = frame["timestamp"].astype("datetime64[ns]")
    frame["kwh"] = frame["kwh"].astype("float64")
    frame.attrs.update(attrs)
    return frame


def _sorted_ids(values: Iterable[object]) -> list[str]:
    ids = sorted({str(v) for v in values})
    return sorted(ids, key=lambda s: (len(s), s)) if all(s.isdigit() for s in ids) else ids


def load_ausgrid(
    path: str | os.PathLike[str],
    *,
    channels: str | Sequence[str] | None = None,
    start: DateLike = None,
    end: DateLike = None,
    metadata: bool = False,
) -> pd.DataFrame:
    """Read an Ausgrid "Solar home electricity data" CSV (the real wide format) into long form.

    The format (e.g. ``2012-2013 Solar home electricity data v2.csv``, the file of the
    noiseless-privacy paper's Fig. 3): a one-line disclaimer (optional here), then the header
    ``Customer, Generator Capacity, Postcode, Consumption Category, date, 0:30, 1:00, …,
    23:30, 0:00[, Row Quality]`` (columns are found by name, in any order), then one row per
    customer x channel x day with 48 half-hourly energies in kWh. ``date`` is day-first
    (``1/07/2012``; ``01-Jul-10`` and ISO dates are accepted too). The column ``0:30`` holds
    the energy of 00:00-00:30 and the last column ``0:00`` that of 23:30-24:00, so each value
    gets the timestamp of the **start** of its half-hour.

    Parameters
    ----------
    path : path
        The CSV file.
    channels : str or sequence of {"GC", "CL", "GG"}, optional
        Channels to keep (default all).
    start, end : date-like, optional
        Keep half-hours from ``start`` 00:00 up to the end of day ``end`` (both inclusive).
    metadata : bool
        Also return ``postcode`` (Int64), ``generator_capacity`` (float64, kWp) and
        ``row_quality`` (str) columns, repeated on each half-hour of the row.

    Returns
    -------
    pandas.DataFrame
        The smart-meter schema of :func:`load_smart_meter` (customer, timestamp,
        channel, kwh), plus the metadata columns if asked.

    Raises
    ------
    MalformedFileError
        (a ValueError) naming the file and line: wrong number of fields, a value that is not
        a number, an unknown channel, a bad date, a duplicated customer/channel/day, or a
        header without the 48 half-hour columns.
    ValueError
        If ``path`` is not a path, or is a folder.
    FileNotFoundError
        If ``path`` does not exist (the message says where to download the file).

    See Also
    --------
    load_ausgrid_customer12 : The one Ausgrid home kept offline.
    load_smart_meter : The common schema.

    Examples
    --------
    With the paper's file, downloaded from Ausgrid (it is not in the offline mirror)::

        frame = load_ausgrid("2012-2013 Solar home electricity data v2.csv")
        gc = frame[frame.channel == "GC"]
        daily = gc.groupby(["customer", gc.timestamp.dt.date])["kwh"].sum()
    """
    try:
        path = as_path("path", path, kind="file")
    except FileNotFoundError as exc:
        raise FileNotFoundError(
            f"{exc} (Ausgrid solar home data: download the zip from {AUSGRID_2012_13_URL} or "
            f"https://pierreh.eu/downloads/Ausgrid_solar_home_data.zip and pass the CSV's path)"
        ) from None
    chosen = _channels_arg(channels, AUSGRID_CHANNELS)
    first = first_line(path)
    skip = 0 if first.lstrip().lower().startswith("customer") else 1
    head = pd.read_csv(path, skiprows=skip, nrows=0)
    header = [str(c).strip() for c in head.columns]
    hh = [c for c in header if _HH_RE.match(c)]
    if hh != _HALF_HOURS:
        raise MalformedFileError(
            path,
            skip + 1,
            f"expected the 48 half-hour columns 0:30, 1:00, …, 23:30, 0:00 in this order; "
            f"found {hh}",
        )
    kinds = {
        "Customer": "int",
        "Postcode": "int",
        "Generator Capacity": "float",
        "Consumption Category": "str",
        "date": "datetime",
        **{c: "float" for c in hh},
    }
    frame = read_table(
        path,
        kinds=kinds,
        header=True,
        skiprows=skip,
        normalize_header=str.strip,
        required=["Customer", "Consumption Category", "date", *hh],
        datetime_formats={"date": ["%d/%m/%Y", "%d-%b-%y", "%d-%b-%Y", "%Y-%m-%d", "%d/%m/%y"]},
    )
    cat = frame["Consumption Category"].str.strip()
    line = first_bad_line(~cat.isin(AUSGRID_CHANNELS), frame.index)
    if line is not None:
        raise MalformedFileError(
            path,
            line,
            f"Consumption Category {cat.at[line]!r} is not one of {list(AUSGRID_CHANNELS)}",
        )
    dup = frame.assign(_c=cat).duplicated(["Customer", "_c", "date"])
    line = first_bad_line(dup, frame.index)
    if line is not None:
        raise MalformedFileError(path, line, "second row for the same customer, channel and date")
    keep = cat.isin(chosen).to_numpy()
    frame, cat = frame.loc[keep], cat.loc[keep]
    n = len(frame)
    values = frame[hh].to_numpy(dtype="float64").ravel()  # row-major: 48 half-hours per row
    days = frame["date"].to_numpy(dtype="datetime64[ns]").astype("int64")
    stamps = (np.repeat(days, 48) + np.tile(_SLOT, n)).view("datetime64[ns]")
    long = pd.DataFrame(
        {
            "customer": np.repeat(frame["Customer"].astype(str).to_numpy(), 48),
            "timestamp": stamps,
            "channel": np.repeat(cat.to_numpy(dtype=object), 48),
            "kwh": values,
        }
    )
    extra: list[str] = []
    if metadata:
        long["postcode"] = pd.array(np.repeat(frame["Postcode"].to_numpy(), 48), dtype="Int64")
        long["generator_capacity"] = np.repeat(frame["Generator Capacity"].to_numpy("float64"), 48)
        rq = frame["Row Quality"] if "Row Quality" in frame else pd.Series([pd.NA] * n)
        long["row_quality"] = pd.array(np.repeat(rq.to_numpy(dtype=object), 48), dtype="str")
        extra = ["postcode", "generator_capacity", "row_quality"]
    return _finish(
        long,
        channels=chosen,
        customers_sorted=_sorted_ids(frame["Customer"].unique()),
        start=start,
        end=end,
        extra=extra,
        attrs={
            "source": "ausgrid",
            "path": str(path),
            "fidelity": "exact",
            "stand_in_for": None,
            "units": "kWh per half-hour",
        },
    )


def _read_sgsc(
    path: Path, chosen: list[str], start: DateLike, end: DateLike
) -> tuple[pd.DataFrame, list[str]]:
    cols = [SGSC_CHANNELS[c] for c in chosen]
    frame = read_table(
        path,
        header=True,
        normalize_header=lambda c: c.strip().lower(),
        kinds={
            "customer_id": "category",
            "reading_datetime": "datetime",
            **{c: "float" for c in cols},
        },
        usecols=["customer_id", "reading_datetime", *cols],
        required=["customer_id", "reading_datetime", *cols],
        datetime_formats={"reading_datetime": ["%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M", "ISO8601"]},
    )
    ids = frame["customer_id"].cat.categories.astype(str)
    customers = _sorted_ids(ids)
    code = frame["customer_id"].cat.codes.to_numpy().astype("int64")
    stamp = frame["reading_datetime"].to_numpy("datetime64[ns]").astype("int64")
    key = (
        (stamp // 10**9) * 4096 + code if len(ids) < 4096 else None
    )  # one int per (customer, time)
    dup = (
        pd.Index(key).duplicated()
        if key is not None
        else pd.DataFrame({"c": code, "t": stamp}).duplicated().to_numpy()
    )
    line = first_bad_line(dup, frame.index)
    if line is not None:
        raise MalformedFileError(path, line, "second reading for the same customer and time")
    remap = np.asarray([customers.index(str(i)) for i in ids], dtype="int64")
    inside = _window(frame.rename(columns={"reading_datetime": "timestamp"}), start, end).index
    if len(inside) < len(frame):  # cut the window before going long (cheaper)
        keep = frame.index.isin(inside)
        frame, code = frame.loc[keep], code[keep]
    customer = pd.Categorical.from_codes(
        np.tile(remap[code], len(chosen)), categories=pd.Index(customers)
    )
    n = len(frame)
    long = pd.DataFrame(
        {
            "customer": customer,
            "timestamp": np.tile(frame["reading_datetime"].to_numpy(), len(chosen)),
            "channel": np.repeat(np.asarray(chosen, dtype=object), n),
            "kwh": np.concatenate([frame[c].to_numpy("float64") for c in cols]) if cols else [],
        }
    )
    return long, customers


def load_ausgrid_customer12(
    *,
    channels: str | Sequence[str] | None = None,
    start: DateLike = None,
    end: DateLike = None,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Load Ausgrid customer 12, 2011-07-01 … 2012-06-30 (the one real Ausgrid home offline).

    The registered file (P. Haessig's reshaped copy) has one row per half-hour and columns
    ``GC`` and ``GG`` in **kW** (mean power); this loader converts them back to kWh per
    half-hour (x 0.5), the unit of Ausgrid's files. 17,568 half-hours per channel, no gaps.

    Parameters
    ----------
    channels : str or sequence of {"GC", "GG"}, optional
        Default both.
    start, end : date-like, optional
        Inclusive day window.
    data_home : path, optional
        Data folder root.

    Returns
    -------
    pandas.DataFrame
        The smart-meter schema (customer ``"12"``, timestamp, channel, kwh);
        ``attrs["fidelity"] == "partial"``.

    See Also
    --------
    load_ausgrid : Any Ausgrid CSV.

    Examples
    --------
    >>> c12 = load_ausgrid_customer12(channels="GC")
    >>> round(c12["kwh"].sum())  # annual consumption, kWh
    5938
    """
    chosen = _channels_arg(channels, ("GC", "GG"))
    entry = _reg.REGISTRY.get("ausgrid", "customer12_2011-2012_GC_GG_kW.csv")
    path = registered_path(entry.dataset, entry.file, data_home=data_home)
    frame = read_table(
        path,
        header=True,
        normalize_header=lambda c: (
            "timestamp" if (c.strip() == "" or c.startswith("Unnamed")) else c.strip()
        ),
        kinds={"timestamp": "datetime", "GC": "float", "GG": "float"},
        required=["timestamp", "GC", "GG"],
        datetime_formats={"timestamp": ["%Y-%m-%d %H:%M:%S"]},
    )
    n = len(frame)
    long = pd.DataFrame(
        {
            "customer": "12",
            "timestamp": np.tile(frame["timestamp"].to_numpy(), len(chosen)),
            "channel": np.repeat(np.asarray(chosen, dtype=object), n),
            "kwh": np.concatenate([frame[c].to_numpy("float64") * 0.5 for c in chosen]),
        }
    )
    return _finish(
        long,
        channels=chosen,
        customers_sorted=["12"],
        start=start,
        end=end,
        attrs={
            "source": "ausgrid_customer12",
            "path": str(path),
            "fidelity": entry.fidelity,
            "stand_in_for": entry.stand_in_for,
            "units": "kWh per half-hour",
        },
    )


def _load_sgsc_file(
    file: Path | str,
    chosen: list[str],
    start: DateLike,
    end: DateLike,
    *,
    fidelity: str | None = "user file",
    stand_in: str | None = None,
) -> pd.DataFrame:
    """One SGSC file in the smart-meter schema (the Dask engine's reader of each file)."""
    long, customers = _read_sgsc(Path(file), chosen, start, end)
    return _finish(
        long,
        channels=chosen,
        customers_sorted=customers,
        start=start,
        end=end,
        attrs={
            "source": "sgsc",
            "path": str(file),
            "fidelity": fidelity,
            "stand_in_for": stand_in,
            "units": "kWh per half-hour",
        },
    )


def _load_ausgrid_file(
    file: str, channels: str | Sequence[str] | None, start: DateLike, end: DateLike
) -> pd.DataFrame:
    return load_ausgrid(file, channels=channels, start=start, end=end)


def _meter_meta(chosen: Sequence[str]) -> pd.DataFrame:
    """Return an empty smart-meter frame, customer categories unknown (as Dask marks them)."""
    from dask.dataframe.utils import clear_known_categories  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

    empty = pd.DataFrame(
        {
            "customer": pd.Categorical([]),
            "timestamp": pd.Series([], dtype="datetime64[ns]"),
            "channel": pd.Categorical([], categories=list(chosen)),
            "kwh": pd.Series([], dtype="float64"),
        }
    )
    return clear_known_categories(empty, cols=["customer"])


def _load_smart_meter_dask(
    *,
    source: str,
    channels: str | Sequence[str] | None,
    start: DateLike,
    end: DateLike,
    data_home: str | os.PathLike[str] | None,
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None,
) -> Any:

    dd = import_dask()
    if source == "sgsc":
        chosen = _channels_arg(channels, list(SGSC_CHANNELS))
        if path is None:
            entry = _reg.REGISTRY.get("sgsc_smart_meter", "sgsc_cust50_halfhourly.csv.gz")
            files = [str(registered_path(entry.dataset, entry.file, data_home=data_home))]
        else:
            files = expand_paths(path)
        if file_kind(files) != "csv":
            raise ValueError("source='sgsc' reads SGSC CSV files (.csv, .csv.gz)")
        return dd.from_map(
            _load_sgsc_file, files, chosen=chosen, start=start, end=end, meta=_meter_meta(chosen)
        )
    if source == "ausgrid":
        chosen = _channels_arg(channels, AUSGRID_CHANNELS)
        if path is None:
            path = data_dir(data_home) / "ausgrid" / AUSGRID_2012_13_FILE
        files = expand_paths(path)
        return dd.from_map(
            _load_ausgrid_file,
            files,
            channels=chosen,
            start=start,
            end=end,
            meta=_meter_meta(chosen),
        )
    if source == "ausgrid_customer12":
        if path is not None:
            raise ValueError(
                "path= is not used with source='ausgrid_customer12' (a registered file)"
            )
        frame = load_ausgrid_customer12(
            channels=channels, start=start, end=end, data_home=data_home
        )
        return dd.from_pandas(frame, npartitions=1)
    raise ValueError(f"source must be 'sgsc', 'ausgrid' or 'ausgrid_customer12'; got {source!r}")


def load_smart_meter(
    *,
    source: Literal["sgsc", "ausgrid", "ausgrid_customer12"] = "sgsc",
    channels: str | Sequence[str] | None = ("GC",),
    start: DateLike = None,
    end: DateLike = None,
    data_home: str | os.PathLike[str] | None = None,
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    engine: Literal["pandas", "dask"] = "pandas",
) -> Any:
    """Load half-hourly household electricity data in the common smart-meter schema.

    Parameters
    ----------
    source : {"sgsc", "ausgrid", "ausgrid_customer12"}
        ``"sgsc"`` (default): the offline **stand-in** for Ausgrid's 300 solar homes, 50
        households of the Smart-Grid Smart-City trial (NSW, 2012-02 … 2014-03, kWh per 30 min;
        only consumption ``GC`` is non-zero in this sample). ``"ausgrid"``: the paper's
        Ausgrid 2012-2013 file, read with :func:`load_ausgrid` from ``path`` or from
        ``data_dir(data_home)/ausgrid/2012-2013 Solar home electricity data v2.csv``.
        ``"ausgrid_customer12"``: :func:`load_ausgrid_customer12`.
    channels : str, sequence or None
        Channels to keep; default ``("GC",)``, the consumption channel the paper uses;
        ``None`` = all channels of the source (SGSC: GC, CL, GG, NG, other).
    start, end : date-like, optional
        Keep half-hours from ``start`` 00:00 to the end of day ``end`` (inclusive), e.g.
        ``start="2012-07-01", end="2013-06-30"`` for the paper's year; ``start`` after
        ``end`` is refused.
    data_home : path, optional
        Data folder root (default ``$NSP_DATA_DIR`` or ``data/``).
    path : path, optional
        An explicit file in the source's format (an SGSC CSV, e.g. the full
        ``CD_INTERVAL_READING_ALL_NO_QUOTES.csv``, or an Ausgrid CSV); it is not checksummed.
        With ``engine="dask"`` also a glob or a list of such files (e.g. the full SGSC trial
        split into parts).
    engine : {"pandas", "dask"}
        ``"pandas"`` (default) reads into memory. ``"dask"`` returns a lazy
        :class:`dask.dataframe.DataFrame` (``pip install "nsp-privacy[scale]"``), one partition per
        file, each read and cleaned exactly as the pandas engine reads one file (same
        columns, dtypes and values; rows sorted within each file). ``customer`` has
        per-partition categories ("unknown" to Dask; gathered, the union in order of
        appearance); there are no ``attrs``. Feed it to
        :func:`nsp.papers.noiseless.membership.daily_matrix` to reduce it out of core.

    Returns
    -------
    pandas.DataFrame or dask.dataframe.DataFrame
        Columns ``customer`` (category of str), ``timestamp`` (datetime64[ns], start of the
        half-hour, local time), ``channel`` (category), ``kwh`` (float64), sorted by customer,
        channel, timestamp. ``attrs`` holds ``source``, ``path``, ``fidelity`` and
        ``stand_in_for`` (what the data replaces, or None).

    See Also
    --------
    daily_totals : The daily totals of the readings.
    load_ausgrid : Read an Ausgrid CSV into long form.

    Examples
    --------
    >>> sm = load_smart_meter(start="2012-07-01", end="2013-06-30")
    >>> sm["customer"].nunique(), sm.attrs["fidelity"]
    (50, 'stand-in')
    """
    engine = check_choice("engine", engine, ("pandas", "dask"))  # type: ignore[assignment]
    _check_window(start, end)
    if engine == "dask":
        return _load_smart_meter_dask(
            source=source, channels=channels, start=start, end=end, data_home=data_home, path=path
        )
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise ValueError(
            f"path must be one file with engine='pandas' (several need engine='dask'); "
            f"got {type(path).__name__}"
        )
    if source == "sgsc":
        chosen = _channels_arg(channels, list(SGSC_CHANNELS))
        entry = _reg.REGISTRY.get("sgsc_smart_meter", "sgsc_cust50_halfhourly.csv.gz")
        if path is None:
            file = registered_path(entry.dataset, entry.file, data_home=data_home)
            fidelity, stand_in = entry.fidelity, entry.stand_in_for
        else:
            try:
                file = as_path("path", path, kind="file")
            except FileNotFoundError as exc:
                raise FileNotFoundError(
                    f"{exc} (an SGSC interval-reading CSV was expected)"
                ) from None
            fidelity, stand_in = "user file", entry.stand_in_for
        frame = _load_sgsc_file(file, chosen, start, end, fidelity=fidelity, stand_in=stand_in)
        if stand_in:
            log.info("smart-meter data: SGSC stand-in for %s", stand_in)
        return frame
    if source == "ausgrid":
        if path is None:
            path = data_dir(data_home) / "ausgrid" / AUSGRID_2012_13_FILE
            if not Path(path).is_file():
                raise FileNotFoundError(
                    f"{path} not found: the Ausgrid 2012-2013 solar home file is not in the "
                    f"offline mirror. If you have it (zip: {AUSGRID_2012_13_URL}), put the CSV "
                    f"there, set data_home=/$NSP_DATA_DIR, or pass path=; otherwise use "
                    f"source='sgsc' (stand-in) or 'ausgrid_customer12'."
                )
        return load_ausgrid(path, channels=channels, start=start, end=end)
    if source == "ausgrid_customer12":
        if path is not None:
            raise ValueError(
                "path= is not used with source='ausgrid_customer12' (a registered file)"
            )
        return load_ausgrid_customer12(channels=channels, start=start, end=end, data_home=data_home)
    raise ValueError(f"source must be 'sgsc', 'ausgrid' or 'ausgrid_customer12'; got {source!r}")


def daily_totals(frame: Any, *, engine: Literal["pandas", "dask"] = "pandas") -> pd.DataFrame:
    """Sum and count the half-hourly readings of each (customer, day), in a canonical order.

    The readings of a day are added in the order of their timestamps (ties by value), left to
    right in pairwise blocks as :func:`numpy.add.reduceat` does, whatever the order of the
    rows: so a partition holding a customer's rows gives the same floats as the whole frame,
    which is what makes the Dask engine exact (equal floats, not merely close ones). A missing
    ``kwh`` is not counted and adds 0.

    Parameters
    ----------
    frame : pandas.DataFrame, or with ``engine="dask"`` a Dask DataFrame, path glob or list of paths
        Columns ``customer``, ``timestamp`` (datetime64), ``kwh`` and optionally ``channel``
        (one channel only), as :func:`load_smart_meter` returns them (with ``engine="dask"``
        too); files are Parquet or CSV with those columns (CSV timestamps in ISO 8601).
    engine : {"pandas", "dask"}
        ``"pandas"`` adds in memory; ``"dask"`` shuffles the rows by customer and adds each
        partition on Dask (``pip install "nsp-privacy[scale]"``), for tens of thousands of
        households.

    Returns
    -------
    pandas.DataFrame
        Index (``customer`` as str, ``timestamp`` normalized to the day), sorted; columns
        ``sum`` (float64, kWh) and ``count`` (int64, readings).

    Raises
    ------
    ValueError
        If a column is missing, the frame holds several channels, or ``frame`` is of another
        type.

    See Also
    --------
    load_smart_meter : The readings.

    Examples
    --------
    >>> f = pd.DataFrame({"customer": ["a", "a", "b"], "kwh": [0.5, 0.25, 1.0],
    ...                   "timestamp": pd.to_datetime(["2012-07-01 00:00", "2012-07-01 00:30",
    ...                                                "2012-07-02 00:00"])})
    >>> daily_totals(f)["sum"].tolist()
    [0.75, 1.0]
    """
    engine = check_choice("engine", engine, ("pandas", "dask"))  # type: ignore[assignment]
    if engine == "dask":
        return daily_totals_dask(frame)
    check_pandas(frame, "frame")
    check_meter_columns(frame.columns)
    if "channel" in frame.columns and frame["channel"].nunique() > 1:
        raise ValueError(SEVERAL_CHANNELS)
    return daily_totals_rows(frame)
