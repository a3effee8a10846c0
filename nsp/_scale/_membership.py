"""Daily totals of half-hourly meter readings: the kernel of both engines and the Dask path.

What the membership game needs from the readings is the households × days matrix of daily
consumption. :func:`daily_totals_rows` adds a day's readings in a canonical order (by
timestamp) whatever the order of the rows, so it gives the same floats on a whole frame
(the pandas engine of :func:`nsp.datasets.daily_totals`) and on each partition of a frame
shuffled by customer (:func:`daily_totals_dask`): equal floats, not merely close ones.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from nsp._dask import DaskInput, as_dask_frame, import_dask
from nsp._validation import as_sequence, check_frame

__all__ = ["SEVERAL_CHANNELS", "check_meter_columns", "daily_totals_dask", "daily_totals_rows"]

#: The error when a frame holds more than one channel.
SEVERAL_CHANNELS = "frame holds several channels; select one (e.g. channels=('GC',))"


def check_meter_columns(columns: Iterable[object]) -> None:
    """Raise a ValueError unless ``columns`` include ``customer``, ``timestamp`` and ``kwh``.

    Parameters
    ----------
    columns : sequence
        A frame's column names.

    Examples
    --------
    >>> check_meter_columns(["customer", "timestamp", "kwh", "channel"])
    """
    missing = {"customer", "timestamp", "kwh"} - set(as_sequence("columns", columns))
    if missing:
        raise ValueError(
            f"frame must have columns customer, timestamp, kwh (missing {sorted(missing)})"
        )


def daily_totals_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """Sum and count the readings of each (customer, day) of a pandas frame, canonically.

    The kernel of :func:`nsp.datasets.daily_totals` (see there): the readings of a day are
    added in the order of their timestamps (ties by value), left to right in pairwise blocks
    as :func:`numpy.add.reduceat` does, whatever the order of the rows.
    """
    check_frame("frame", frame)
    check_meter_columns(frame.columns)
    codes, names = pd.factorize(frame["customer"].astype(str).to_numpy(dtype=object), sort=True)
    stamp = frame["timestamp"].to_numpy(dtype="datetime64[ns]")
    day = stamp.astype("datetime64[D]").astype("datetime64[ns]")
    kwh = frame["kwh"].to_numpy(dtype="float64")
    order = np.lexsort((kwh, stamp.view(np.int64), codes))
    codes, day, kwh = codes[order], day[order], kwh[order]
    present = ~np.isnan(kwh)
    new = np.ones(len(kwh), dtype=bool)
    new[1:] = (codes[1:] != codes[:-1]) | (day[1:] != day[:-1])
    starts = np.flatnonzero(new)
    if len(starts):
        sums = np.add.reduceat(np.where(present, kwh, 0.0), starts)
        counts = np.add.reduceat(present.astype(np.int64), starts)
    else:
        sums, counts = np.empty(0, dtype=np.float64), np.empty(0, dtype=np.int64)
    index = pd.MultiIndex.from_arrays(
        [
            pd.Index(np.asarray(names, dtype=object)[codes[starts]], dtype=str, name="customer"),
            pd.DatetimeIndex(day[starts], name="timestamp"),
        ]
    )
    return pd.DataFrame({"sum": sums, "count": counts.astype(np.int64)}, index=index)


def _with_key(part: pd.DataFrame) -> pd.DataFrame:
    return part.assign(_cust=part["customer"].astype(str))


def _totals(part: pd.DataFrame) -> pd.DataFrame:
    return daily_totals_rows(part.drop(columns="_cust"))


def daily_totals_dask(frame: DaskInput) -> pd.DataFrame:
    """Run the Dask engine of :func:`nsp.datasets.daily_totals`.

    The rows are shuffled by customer and each partition applies :func:`daily_totals_rows`;
    the result (one row per customer and day) is gathered and sorted.
    """
    import dask  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

    dd = import_dask()
    if isinstance(frame, dd.DataFrame):
        check_meter_columns(list(frame.columns))
    columns = ["customer", "timestamp", "kwh"]
    has_channel = isinstance(frame, dd.DataFrame) and "channel" in frame.columns
    data = as_dask_frame(
        frame,
        columns=columns + (["channel"] if has_channel else []),
        name="frame",
        text=["customer"],
    )
    if data["timestamp"].dtype.kind != "M":  # CSV files: ISO 8601 text
        data = data.assign(timestamp=dd.to_datetime(data["timestamp"], format="ISO8601"))
    keyed = data.map_partitions(_with_key, meta=_with_key(data._meta))
    shuffled = keyed.shuffle(on="_cust", npartitions=data.npartitions)
    meta = daily_totals_rows(data._meta[columns])
    totals = shuffled.map_partitions(_totals, meta=meta)
    if has_channel:
        result, n_channels = dask.compute(totals, data["channel"].nunique())
        if n_channels > 1:
            raise ValueError(SEVERAL_CHANNELS)
    else:
        (result,) = dask.compute(totals)
    return result.sort_index()
