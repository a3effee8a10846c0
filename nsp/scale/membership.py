"""The membership game's per-household statistics on Dask: daily totals of half-hourly readings.

What the game (:mod:`nsp.papers.noiseless.membership`) needs from the readings is the
households × days matrix of daily consumption; everything after it is small and stays in memory.
The expensive part, summing and counting billions of half-hours per (customer, day), runs here:
the rows are shuffled by customer and each partition applies the pandas step
(:func:`~nsp.papers.noiseless.membership.daily_totals`), which adds a day's readings in a
canonical order (by timestamp) whatever the order of the rows: equal floats, not merely close
ones.
"""

from __future__ import annotations

import pandas as pd

from nsp.papers.noiseless import membership as _m

from ._core import DaskInput, as_dask_frame, import_dask

__all__ = ["daily_totals"]


def _with_key(part: pd.DataFrame) -> pd.DataFrame:
    return part.assign(_cust=part["customer"].astype(str))


def _totals(part: pd.DataFrame) -> pd.DataFrame:
    return _m.daily_totals(part.drop(columns="_cust"))


def daily_totals(frame: DaskInput) -> pd.DataFrame:
    """Sum and count the readings of each (customer, day) of a Dask frame or many files.

    Equal to :func:`nsp.papers.noiseless.membership.daily_totals` on the frame gathered in
    memory (same index, dtypes and floats). The result has one row per customer and day, small
    enough for memory even for tens of thousands of households;
    :func:`~nsp.papers.noiseless.membership.complete_days_matrix` turns it into the game's
    matrix (``daily_matrix`` does both when given a Dask frame).

    Parameters
    ----------
    frame : dask.dataframe.DataFrame, path glob or list of paths
        Columns ``customer``, ``timestamp`` (datetime64), ``kwh`` and optionally ``channel``
        (one channel only), e.g. from ``load_smart_meter(engine="dask", ...)``; or Parquet or
        CSV files with those columns (CSV timestamps in ISO 8601).

    Returns
    -------
    pandas.DataFrame
        Index (customer as str, day), sorted; columns ``sum`` (kWh) and ``count``.

    Raises
    ------
    ValueError
        If a column is missing, the frame holds several channels, or ``frame`` is of another
        type.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> f = pd.DataFrame({"customer": ["a"] * 3 + ["b"] * 3, "kwh": [0.5, 0.25, 1.0] * 2,
    ...                   "timestamp": pd.date_range("2012-07-01 23:00", periods=3,
    ...                                              freq="30min").tolist() * 2})
    >>> daily_totals(dd.from_pandas(f, npartitions=2)).equals(_m.daily_totals(f))
    True
    """
    import dask

    dd = import_dask()
    if isinstance(frame, dd.DataFrame):
        _m.check_meter_columns(list(frame.columns))
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
    meta = _m.daily_totals(data._meta[columns])
    totals = shuffled.map_partitions(_totals, meta=meta)
    if has_channel:
        result, n_channels = dask.compute(totals, data["channel"].nunique())
        if n_channels > 1:
            raise ValueError(_m.SEVERAL_CHANNELS)
    else:
        (result,) = dask.compute(totals)
    return result.sort_index()
