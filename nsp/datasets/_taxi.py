"""NYC yellow-taxi trips: two stand-in samples and the Kaggle 2014 file of the paper.

The stand-ins are 10,000 trips sampled from January 2016 and 32,615 trips of one night
(2015-01-09/10). Every format is returned in the Kaggle 2014 schema (the one of the
noiseless-privacy paper's ``nyc_taxi_data_2014.csv``), so experiments need not care which file
they got. :func:`uniqueness_vs_epsilon` counts the trips whose quantized start-end pair is
unique (:func:`grid_keys`, :func:`unique_count`), in memory, streamed from files on one machine
(``engine="stream"``) or on Dask (``engine="dask"``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._dask import check_pandas, expand_paths, file_kind, import_dask
from nsp._scale import (
    boxes_for,
    check_epsilons,
    coordinate_bins,
    curve_frame,
    uniqueness_dask,
    uniqueness_stream,
)
from nsp._validation import as_path, check_choice
from nsp.paths import data_dir

from . import _registry as _reg
from ._fetching import registered_path
from ._io import MalformedFileError, first_line, read_table

__all__ = [
    "KAGGLE_2014_FILE",
    "NYC_BBOX_PAPER",
    "TAXI_COLUMNS",
    "TAXI_SAMPLES",
    "grid_keys",
    "load_nyc_taxi",
    "parse_bbox",
    "unique_count",
    "uniqueness_vs_epsilon",
]

log = logging.getLogger("nsp.datasets")

#: Bounding box of the paper's Fig. 5 (noiseless privacy, Sec. V-C), as
#: (lon_min, lon_max, lat_min, lat_max): latitude in [40.49, 40.92], longitude in
#: [-74.27, -73.68] (the paper prints the latitude interval reversed).
NYC_BBOX_PAPER: tuple[float, float, float, float] = (-74.27, -73.68, 40.49, 40.92)

#: The paper's file name; looked up in ``data_dir()/nyc_taxi/`` before the stand-in.
KAGGLE_2014_FILE = "nyc_taxi_data_2014.csv"
KAGGLE_2014_URL = "https://www.kaggle.com/datasets/kentonnlp/2014-new-york-city-taxi-trips"

#: The registered stand-in samples, ``sample=`` name -> file in ``data_dir()/nyc_taxi/``:
#: 10,000 trips sampled from January 2016, and 32,615 trips of the night of 2015-01-09/10.
TAXI_SAMPLES: dict[str, str] = {
    "2016-sample": "yellow_tripdata_2016-01_sample10k.csv.gz",
    "2015-night": "yellow_2015-01-09_binfer_32615.csv.gz",
}
_SAMPLE_CHOICES = ("auto", "kaggle-2014", *TAXI_SAMPLES)

#: Columns of the Kaggle 2014 file, the schema every taxi frame is returned in.
TAXI_COLUMNS: tuple[str, ...] = (
    "vendor_id",
    "pickup_datetime",
    "dropoff_datetime",
    "passenger_count",
    "trip_distance",
    "pickup_longitude",
    "pickup_latitude",
    "rate_code",
    "store_and_fwd_flag",
    "dropoff_longitude",
    "dropoff_latitude",
    "payment_type",
    "fare_amount",
    "surcharge",
    "mta_tax",
    "tip_amount",
    "tolls_amount",
    "total_amount",
)
COORDINATES = ("pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude")

_KINDS_2014 = {
    "vendor_id": "str",
    "pickup_datetime": "datetime",
    "dropoff_datetime": "datetime",
    "passenger_count": "int",
    "trip_distance": "float",
    "pickup_longitude": "float",
    "pickup_latitude": "float",
    "rate_code": "int",
    "store_and_fwd_flag": "str",
    "dropoff_longitude": "float",
    "dropoff_latitude": "float",
    "payment_type": "str",
    "fare_amount": "float",
    "surcharge": "float",
    "mta_tax": "float",
    "tip_amount": "float",
    "tolls_amount": "float",
    "total_amount": "float",
}
#: TLC 2015+ names -> Kaggle 2014 names.
RENAME_2016 = {
    "vendorid": "vendor_id",
    "tpep_pickup_datetime": "pickup_datetime",
    "tpep_dropoff_datetime": "dropoff_datetime",
    "ratecodeid": "rate_code",
    "extra": "surcharge",
}
_KINDS_2016 = {
    **{k: v for k, v in _KINDS_2014.items() if k not in RENAME_2016.values()},
    "vendorid": "int",
    "tpep_pickup_datetime": "datetime",
    "tpep_dropoff_datetime": "datetime",
    "ratecodeid": "int",
    "extra": "float",
    "payment_type": "int",
    "improvement_surcharge": "float",
}
#: TLC codes (data dictionary) -> the Kaggle 2014 labels.
VENDORS_2016 = {1: "CMT", 2: "VTS"}
PAYMENT_TYPES_2016 = {1: "CRD", 2: "CSH", 3: "NOC", 4: "DIS", 5: "UNK", 6: "VOI"}
#: The same codes as some redistributions write them (R factor labels of the TLC dictionary).
PAYMENT_LABELS_2016 = {
    "Credit card": "CRD",
    "Cash": "CSH",
    "No charge": "NOC",
    "Dispute": "DIS",
    "Unknown": "UNK",
    "Voided trip": "VOI",
}


def _payment_label(value: object) -> object:
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return pd.NA
    text = str(value).strip()
    if text in PAYMENT_LABELS_2016:
        return PAYMENT_LABELS_2016[text]
    try:
        return PAYMENT_TYPES_2016.get(int(text), text)
    except ValueError:
        return text


_DT_FORMATS = ["%Y-%m-%d %H:%M:%S", "%m/%d/%Y %I:%M:%S %p", "ISO8601"]


def _is_parquet(path: Path) -> bool:
    return path.name.lower().endswith((".parquet", ".pq"))


def parse_bbox(
    bbox: Literal["paper"] | Iterable[float] | None,
) -> tuple[float, float, float, float] | None:
    """Return ``bbox`` as (lon_min, lon_max, lat_min, lat_max); ``"paper"`` is Fig. 5's box.

    Parameters
    ----------
    bbox : None, "paper" or (lon_min, lon_max, lat_min, lat_max)
        A bounding box in degrees, as :func:`load_nyc_taxi` takes it.

    Returns
    -------
    tuple of four float, or None
        The box, checked (``lon_min < lon_max``, ``lat_min < lat_max``, within the globe);
        ``None`` for no box.

    Raises
    ------
    ValueError
        If ``bbox`` is another string, not four numbers, or not a box on the globe.

    See Also
    --------
    load_nyc_taxi : The loader that takes it.

    Examples
    --------
    >>> parse_bbox("paper")
    (-74.27, -73.68, 40.49, 40.92)
    """
    if bbox is None:
        return None
    if isinstance(bbox, str):
        if bbox != "paper":
            raise ValueError(
                f"bbox must be None, 'paper' or (lon_min, lon_max, lat_min, lat_max); got {bbox!r}"
            )
        return NYC_BBOX_PAPER
    try:
        lon_min, lon_max, lat_min, lat_max = (float(v) for v in bbox)
    except (TypeError, ValueError):
        raise ValueError(
            f"bbox must be None, 'paper' or four numbers (lon_min, lon_max, lat_min, "
            f"lat_max); got {bbox!r}"
        ) from None
    if not (lon_min < lon_max and lat_min < lat_max):
        raise ValueError(f"bbox needs lon_min < lon_max and lat_min < lat_max; got {bbox!r}")
    if not (-180 <= lon_min and lon_max <= 180 and -90 <= lat_min and lat_max <= 90):
        raise ValueError(
            f"bbox must be (lon_min, lon_max, lat_min, lat_max) in degrees; got {bbox!r}"
        )
    return (lon_min, lon_max, lat_min, lat_max)


def _taxi_kinds(header: Sequence[str], path: Path) -> tuple[str, dict[str, str]]:
    """Return the format of a trip file from its (lower-case) columns, and the kinds to read."""
    if "tpep_pickup_datetime" in header:
        # Payment as codes (TLC files) or as their labels (R conversions); no
        # improvement_surcharge before its introduction in 2015 files of some redistributions.
        kinds = {**_KINDS_2016, "payment_type": "str"}
        if "improvement_surcharge" not in header:
            del kinds["improvement_surcharge"]
        return "tlc-2016", kinds
    if "pickup_datetime" in header:
        return "kaggle-2014", dict(_KINDS_2014)
    raise MalformedFileError(
        path,
        1,
        f"not a taxi trip file: the header has neither pickup_datetime (Kaggle 2014) "
        f"nor tpep_pickup_datetime (TLC 2015+); found {list(header)}",
    )


def _to_kaggle_names(frame: pd.DataFrame, fmt: str) -> pd.DataFrame:
    """Map a TLC 2015+ frame to the Kaggle 2014 names and labels (other formats unchanged)."""
    if fmt == "tlc-2016":
        frame = frame.rename(columns=RENAME_2016)
        vid = frame["vendor_id"]
        frame["vendor_id"] = vid.map(
            lambda v: VENDORS_2016.get(v, str(v)) if pd.notna(v) else pd.NA
        )
        frame["payment_type"] = frame["payment_type"].map(_payment_label)
    return frame


def _read_taxi(path: Path, nrows: int | None) -> tuple[pd.DataFrame, str]:
    header = [c.strip().lower() for c in first_line(path).split(",")]
    fmt, kinds = _taxi_kinds(header, path)
    dates = [c for c, k in kinds.items() if k == "datetime"]
    frame = read_table(
        path,
        kinds=kinds,
        header=True,
        normalize_header=lambda c: c.strip().lower(),
        required=[*dates, "total_amount"],
        nrows=nrows,
        datetime_formats={c: _DT_FORMATS for c in dates},
    )
    return _to_kaggle_names(frame, fmt), fmt


def _read_taxi_parquet(path: Path) -> tuple[pd.DataFrame, str]:
    """Read a Parquet trip file in either schema (column names in any case)."""
    frame = pd.read_parquet(path)
    return _parquet_to_kaggle(frame, path)


def _parquet_to_kaggle(frame: pd.DataFrame, path: Path) -> tuple[pd.DataFrame, str]:
    frame = frame.rename(columns=lambda c: str(c).strip().lower())
    fmt, kinds = _taxi_kinds(list(frame.columns), path)
    missing = [c for c in kinds if c not in frame.columns]
    if missing:
        raise MalformedFileError(path, None, f"missing the columns {missing}")
    frame = frame[list(kinds)].copy()
    for c, kind in kinds.items():
        if kind == "datetime":
            frame[c] = pd.to_datetime(frame[c]).astype("datetime64[ns]")
        elif kind in ("float", "int"):
            frame[c] = pd.to_numeric(frame[c]).astype("float64" if kind == "float" else "Int64")
        else:
            frame[c] = frame[c].astype("str").where(frame[c].notna())
    return _to_kaggle_names(frame, fmt), fmt


def _clean_taxi(
    frame: pd.DataFrame, box: tuple[float, float, float, float] | None
) -> tuple[pd.DataFrame, dict[str, int]]:
    """Clean as the loader does: drop zero, missing, outside-box coordinates; fix the dtypes.

    One place for both engines (the Dask one applies it to every partition).
    """
    n_read = len(frame)
    coords = frame[list(COORDINATES)].to_numpy(dtype="float64")
    missing = np.isnan(coords).any(axis=1)
    zero = ~missing & (coords == 0).any(axis=1)
    keep = ~missing & ~zero
    outside = np.zeros(len(frame), dtype=bool)
    if box is not None:
        lon_min, lon_max, lat_min, lat_max = box
        lon, lat = coords[:, [0, 2]], coords[:, [1, 3]]
        with np.errstate(invalid="ignore"):
            inside = (
                (lon >= lon_min) & (lon <= lon_max) & (lat >= lat_min) & (lat <= lat_max)
            ).all(axis=1)
        outside = keep & ~inside
        keep &= inside
    frame = frame.loc[keep, list(TAXI_COLUMNS)].reset_index(drop=True)

    for c in ("vendor_id", "store_and_fwd_flag", "payment_type"):
        values = frame[c].astype("str").where(frame[c].notna())
        frame[c] = values.astype(pd.CategoricalDtype(sorted(values.dropna().unique())))
    for c in ("passenger_count", "rate_code"):
        frame[c] = frame[c].astype("Int64")
    for c, kind in _KINDS_2014.items():
        if kind == "float":
            frame[c] = frame[c].astype("float64")
    counts = {
        "n_read": int(n_read),
        "dropped_zero_coordinates": int(zero.sum()),
        "dropped_missing_coordinates": int(missing.sum()),
        "dropped_outside_bbox": int(outside.sum()),
    }
    return frame, counts


def _read_clean(path: str, box: tuple[float, float, float, float] | None) -> pd.DataFrame:
    """One file -> one cleaned partition (the Dask engine's reader of CSV files)."""
    return _clean_taxi(_read_taxi(Path(path), None)[0], box)[0]


def _clean_parquet_part(
    part: pd.DataFrame, box: tuple[float, float, float, float] | None, name: str
) -> pd.DataFrame:
    return _clean_taxi(_parquet_to_kaggle(part, Path(name))[0], box)[0]


def _taxi_meta() -> pd.DataFrame:
    """Return an empty frame with the loader's dtypes (categories unknown, as Dask marks them)."""
    from dask.dataframe.utils import clear_known_categories  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

    kinds = {c: _KINDS_2014[c] for c in TAXI_COLUMNS}
    empty = pd.DataFrame({c: pd.Series([], dtype=object) for c in TAXI_COLUMNS})
    frame, _ = _clean_taxi(_to_kaggle_names(empty, "kaggle-2014"), None)
    for c, kind in kinds.items():
        if kind == "datetime":
            frame[c] = frame[c].astype("datetime64[ns]")
    return clear_known_categories(frame)


def _load_taxi_dask(files: list[str], box: tuple[float, float, float, float] | None) -> Any:

    dd = import_dask()
    meta = _taxi_meta()
    if file_kind(files) == "parquet":
        raw = dd.read_parquet(files)
        return raw.map_partitions(_clean_parquet_part, box, files[0], meta=meta)
    return dd.from_map(_read_clean, files, box=box, meta=meta)


def load_nyc_taxi(
    *,
    data_home: str | os.PathLike[str] | None = None,
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
    bbox: Literal["paper"] | Iterable[float] | None = None,
    nrows: int | None = None,
    sample: Literal["auto", "kaggle-2014", "2016-sample", "2015-night"] = "auto",
    engine: Literal["pandas", "dask"] = "pandas",
) -> Any:
    """Load NYC yellow-taxi trips in the Kaggle 2014 schema, without zero coordinates.

    Where the trips come from: ``path`` if given; else by ``sample``. ``"auto"`` (default) takes
    the paper's file ``data_dir(data_home)/nyc_taxi/nyc_taxi_data_2014.csv`` if a user put it
    there (Kaggle "2014 New York City Taxi Trips"), else the 2016 stand-in. ``"kaggle-2014"``
    insists on the paper's file; ``"2016-sample"`` is the offline **stand-in** of 10,000 trips
    sampled from January 2016, ``"2015-night"`` the one of 32,615 trips of one night
    (pickups 99.7 % between 2015-01-09 23:00 and 2015-01-10 00:59; both
    ``attrs["fidelity"] == "stand-in"``). Both the Kaggle 2014 format and the
    TLC 2015+ format (``tpep_pickup_datetime``, ``ratecodeid``, ``extra``, numeric vendor and
    payment codes or the payment labels "Credit card", "Cash", ...) are read; the latter is
    mapped to the 2014 names: ``tpep_*_datetime`` -> ``*_datetime``, ``ratecodeid`` ->
    ``rate_code``, ``extra`` -> ``surcharge``, vendor 1/2 -> ``CMT``/``VTS``, payment 1-6 ->
    ``CRD, CSH, NOC, DIS, UNK, VOI``; ``improvement_surcharge`` (2015+, included in
    ``total_amount``, absent from the 2015 night) and other extra columns are dropped.

    Trips with a coordinate equal to 0 (GPS missing) or missing are dropped; so are trips
    outside ``bbox`` if one is given. Every drop is counted in ``attrs`` and logged
    (logger ``nsp.datasets``, level INFO).

    Parameters
    ----------
    data_home : path, optional
        Data folder root.
    path : path, glob or list of paths, optional
        An explicit trip file (``.csv``, ``.csv.gz`` or ``.parquet``) in either format; not
        checksummed. With ``engine="dask"`` also a glob (``"trips/*.parquet"``) or a list of
        files, all CSV or all Parquet.
    bbox : None, "paper" or (lon_min, lon_max, lat_min, lat_max)
        Keep only trips whose pickup **and** dropoff lie in the closed box. ``"paper"`` is the
        box of the paper's Fig. 5: longitude [-74.27, -73.68], latitude [40.49, 40.92]
        (:data:`NYC_BBOX_PAPER`).
    nrows : int, optional
        Read only the first ``nrows`` trips of the file (before any filtering), e.g.
        1,000,000 for the paper's "first million trips".
    sample : {"auto", "kaggle-2014", "2016-sample", "2015-night"}
        Which trips when no ``path`` is given (see above; :data:`TAXI_SAMPLES`).
    engine : {"pandas", "dask"}
        ``"pandas"`` (default) reads into memory. ``"dask"`` returns a lazy
        :class:`dask.dataframe.DataFrame` over the files (``pip install "nsp-privacy[scale]"``): one
        partition per CSV file, Parquet row groups as Dask splits them. Every partition goes
        through the same reading and cleaning as the pandas engine, so ``.compute()`` gives the
        same rows, values and dtypes, except that the three categorical columns have
        per-partition categories ("unknown" to Dask; gathered, they are the union in order of
        appearance, where the pandas engine sorts them) and there are no ``attrs`` (the drop
        counts would need a pass over the data). ``nrows`` is not used.

    Returns
    -------
    pandas.DataFrame or dask.dataframe.DataFrame
        The 18 columns of :data:`TAXI_COLUMNS`: ``vendor_id``, ``store_and_fwd_flag``,
        ``payment_type`` category; ``pickup_datetime``, ``dropoff_datetime``
        datetime64[ns] (NYC local time, naive); ``passenger_count``, ``rate_code`` Int64;
        the rest float64 (coordinates in degrees, amounts in USD, distance in miles).
        ``attrs``: ``source``, ``format`` (``kaggle-2014`` or ``tlc-2016``), ``path``,
        ``sample`` (the ``sample`` read, ``"user file"`` for ``path``), ``fidelity``,
        ``stand_in_for``, ``n_read``, ``dropped_zero_coordinates``,
        ``dropped_missing_coordinates``, ``dropped_outside_bbox``, ``bbox``.

    See Also
    --------
    grid_keys : The quantized start and end of each trip.
    parse_bbox : The bounding box of the trips kept.

    Examples
    --------
    >>> trips = load_nyc_taxi(bbox="paper")
    >>> trips.attrs["n_read"], trips.attrs["dropped_zero_coordinates"]
    (10000, 159)
    >>> night = load_nyc_taxi(sample="2015-night", bbox="paper")
    >>> night.attrs["n_read"], len(night)
    (32615, 31867)
    """
    chosen = check_choice("sample", sample, _SAMPLE_CHOICES)
    box = parse_bbox(bbox)
    if nrows is not None and (not isinstance(nrows, (int, np.integer)) or nrows < 1):
        raise ValueError(f"nrows must be a positive integer or None; got {nrows!r}")
    entry = _reg.REGISTRY.get("nyc_taxi", TAXI_SAMPLES["2016-sample"])
    original = data_dir(data_home) / "nyc_taxi" / KAGGLE_2014_FILE
    engine = check_choice("engine", engine, ("pandas", "dask"))  # type: ignore[assignment]
    if engine == "dask":
        if nrows is not None:
            raise ValueError("nrows is not used with engine='dask' (use .head() or .partitions)")
        if path is not None:
            if chosen != "auto":
                raise ValueError(f"sample must be 'auto' when a path is given; got {sample!r}")

            return _load_taxi_dask(expand_paths(path), box)
    if path is not None:
        if chosen != "auto":
            raise ValueError(f"sample must be 'auto' when a path is given; got {sample!r}")
        if not isinstance(path, (str, os.PathLike)):
            raise ValueError(
                f"path must be one file with engine='pandas' (several need engine='dask'); "
                f"got {type(path).__name__}"
            )
        try:
            file = as_path("path", path, kind="file")
        except FileNotFoundError as exc:
            raise FileNotFoundError(f"{exc} (a taxi trip CSV was expected)") from None
        fidelity, stand_in, chosen = "user file", None, "user file"
    elif chosen == "kaggle-2014" or (chosen == "auto" and original.is_file()):
        if not original.is_file():
            raise FileNotFoundError(
                f"{original} not found: download {KAGGLE_2014_FILE} from {KAGGLE_2014_URL} "
                "and save it there, or choose sample='2016-sample' or '2015-night'"
            )
        file, fidelity, stand_in, chosen = original, "exact", None, "kaggle-2014"
        log.info("nyc_taxi: reading the paper's file %s", original)
    else:
        if chosen == "auto":
            chosen = "2016-sample"
        entry = _reg.REGISTRY.get("nyc_taxi", TAXI_SAMPLES[chosen])
        file = registered_path(entry.dataset, entry.file, data_home=data_home)
        fidelity, stand_in = entry.fidelity, entry.stand_in_for
    if engine == "dask":
        return _load_taxi_dask([str(file)], box)
    frame, fmt = _read_taxi_parquet(file) if _is_parquet(file) else _read_taxi(file, nrows)
    if nrows is not None:
        frame = frame.iloc[:nrows]
    if fmt == "tlc-2016":  # any 2015+ TLC file replaces the paper's 2014 trips
        stand_in = entry.stand_in_for
    frame, counts = _clean_taxi(frame, box)
    log.info(
        "nyc_taxi: read %d trips from %s; dropped %d with a zero coordinate, %d with a missing "
        "one, %d outside the bbox; %d kept",
        counts["n_read"],
        file.name,
        counts["dropped_zero_coordinates"],
        counts["dropped_missing_coordinates"],
        counts["dropped_outside_bbox"],
        len(frame),
    )
    frame.attrs.update(
        {
            "source": "nyc_taxi",
            "format": fmt,
            "sample": chosen,
            "path": str(file),
            "fidelity": fidelity,
            "stand_in_for": stand_in,
            **counts,
            "bbox": box,
        }
    )
    return frame


def grid_keys(
    trips: pd.DataFrame, boxes: int, *, bbox: Sequence[float] = NYC_BBOX_PAPER
) -> NDArray[np.int64]:
    """Return the quantized (pickup cell, dropoff cell) of every trip as an ``(N, 2)`` array.

    Each cell index is ``lat_bin · boxes + lon_bin`` with Definition 3's bins over the box edges.

    Parameters
    ----------
    trips : pandas.DataFrame
        Columns ``pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude``.
    boxes : int
        Boxes per coordinate, ``1..2**31``.
    bbox : (lon_min, lon_max, lat_min, lat_max)
        The box quantized.

    Returns
    -------
    numpy.ndarray of int64, shape (N, 2)

    Raises
    ------
    ValueError
        If a coordinate column is missing or a trip lies outside ``bbox`` (filter first, e.g.
        ``load_nyc_taxi(bbox="paper")``), or ``boxes`` exceeds 2**31.

    See Also
    --------
    unique_count : The trips with a unique key.
    uniqueness_vs_epsilon : Over a range of budgets.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 3.

    Examples
    --------
    >>> trips = pd.DataFrame({"pickup_latitude": [40.5], "pickup_longitude": [-74.2],
    ...                       "dropoff_latitude": [40.9], "dropoff_longitude": [-73.7]})
    >>> grid_keys(trips, 2).tolist()
    [[0, 3]]
    """
    plat, plon, dlat, dlon = coordinate_bins(trips, boxes, bbox)
    pick, drop = plat * boxes + plon, dlat * boxes + dlon
    return np.column_stack([pick, drop])


def unique_count(keys: ArrayLike) -> int:
    """Count the rows of ``keys`` (pairs of non-negative cell indices) that occur exactly once.

    The pair is packed into one integer when it fits in 63 bits (one sort), else each column is
    replaced by the rank of its value first.

    Parameters
    ----------
    keys : array_like of int, shape (N, 2)
        Non-negative cell indices.

    Returns
    -------
    int

    See Also
    --------
    grid_keys : The keys counted.

    Examples
    --------
    >>> unique_count([[0, 1], [0, 1], [2, 3], [4, 5]])
    2
    """
    raw = np.asarray(keys)
    if raw.size and not np.issubdtype(raw.dtype, np.integer):
        raise ValueError(f"keys must be integer cell indices; got dtype {raw.dtype}")
    keys = raw.astype(np.int64)
    if keys.ndim != 2 or keys.shape[1] != 2:
        raise ValueError(f"keys must be an (N, 2) array of cell indices; got shape {keys.shape}")
    if keys.shape[0] == 0:
        return 0
    if keys.min() < 0:
        raise ValueError("keys must be non-negative cell indices")
    first, second = keys[:, 0], keys[:, 1]
    span = int(second.max()) + 1
    if int(first.max()) >= (2**63 - 1) // span:
        # Too many cells to pack: replace each column by the rank of its value (< N).
        first = np.unique(first, return_inverse=True)[1].astype(np.int64)
        second = np.unique(second, return_inverse=True)[1].astype(np.int64)
        span = int(second.max()) + 1
    packed = np.sort(first * span + second)
    new = np.empty(packed.size + 1, dtype=bool)
    new[0], new[-1] = True, True
    new[1:-1] = packed[1:] != packed[:-1]
    starts = np.flatnonzero(new)
    return int(np.sum(np.diff(starts) == 1))


def uniqueness_vs_epsilon(
    trips: Any,
    epsilons: Sequence[float] = tuple(range(0, 50, 2)),
    *,
    bbox: Sequence[float] = NYC_BBOX_PAPER,
    engine: Literal["pandas", "stream", "dask"] = "pandas",
) -> pd.DataFrame:
    """Count the trips with a unique quantized start–end pair per budget (noiseless Fig. 6).

    Each coordinate of a trip's pickup and dropoff is quantized to ``⌊2^{ε/2}⌋`` boxes of
    ``bbox`` (a point costs ε bits, the start–end pair 2ε); a trip whose quantized 4-tuple no
    other trip shares is re-identifiable by anyone who knows its endpoints. All engines give
    equal counts.

    Parameters
    ----------
    trips : pandas.DataFrame, path glob or list of paths, or Dask DataFrame
        Trips inside ``bbox`` (see :func:`grid_keys`). ``engine="pandas"`` takes a frame;
        ``"stream"`` a frame or files; ``"dask"`` files or a Dask DataFrame. Files are Parquet
        or CSV (``.csv``, ``.csv.gz``) with a header; only the four coordinates are read.
    epsilons : sequence of float
        Point budgets in bits, finite, ``0 <= ε <= 62`` (at most 2^31 boxes a coordinate).
    bbox : (lon_min, lon_max, lat_min, lat_max)
        The box quantized (default the paper's, :data:`NYC_BBOX_PAPER`).
    engine : {"pandas", "stream", "dask"}
        ``"pandas"`` sorts one array of keys per budget in memory (for even budgets the bins
        are computed once, at the finest grid: a coarser bin is a right shift of it).
        ``"stream"`` reads the data once, a Parquet row group or CSV block at a time on all
        cores, keeps 12 bytes a trip (a packed key: the coordinates are not kept) and counts
        every nested budget with one sort: the fastest on one machine (needs pyarrow for
        files, ``pip install "nsp-privacy[scale]"``). ``"dask"`` counts the same keys on the
        active ``dask.distributed`` client (a cluster; without one, local threads), for data
        beyond one machine's memory (``pip install "nsp-privacy[scale]"``).

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon`` (= ``eps_point``, bits per reported point), ``eps_pair`` (= 2ε,
        the whole trip), ``boxes``, ``n_trips``, ``n_unique``, ``ratio``, one row per budget
        in the order given.

    Raises
    ------
    ValueError
        If a column is missing, ``trips`` holds no trip, a budget is negative or above 62, a
        coordinate is NaN, or a trip lies outside ``bbox``.
    FileNotFoundError
        If no file matches the glob (``engine="stream"`` or ``"dask"``).

    See Also
    --------
    grid_keys : The keys at one budget.
    nsp.papers.noiseless.taxi.annotation_points : The budgets the paper annotates.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-C and Fig. 6.

    Examples
    --------
    >>> trips = pd.DataFrame({"pickup_latitude": [40.6, 40.6, 40.8],
    ...                       "pickup_longitude": [-74.0, -74.0, -73.8],
    ...                       "dropoff_latitude": [40.7, 40.7, 40.7],
    ...                       "dropoff_longitude": [-73.9, -73.9, -73.9]})
    >>> uniqueness_vs_epsilon(trips, [0, 2]).n_unique.tolist()
    [0, 1]
    >>> uniqueness_vs_epsilon(trips, [0, 2, 48], engine="stream").n_unique.tolist()
    [0, 1, 1]
    """
    engine = check_choice("engine", engine, ("pandas", "stream", "dask"))  # type: ignore[assignment]
    if engine == "dask":
        return uniqueness_dask(trips, epsilons, bbox=bbox)
    if engine == "stream":
        return uniqueness_stream(trips, epsilons, bbox=bbox)
    check_pandas(trips, "trips")
    epsilons = check_epsilons(epsilons)
    if len(trips) == 0:
        raise ValueError("trips is empty")
    boxes = [boxes_for(eps) for eps in epsilons]
    finest = max(boxes)
    nested = all(
        b & (b - 1) == 0 for b in boxes
    )  # powers of two: every grid refines into the finest
    if nested:
        # Bins at the finest power-of-two grid, once; a coarser grid's bin is a right shift of it
        # (scaling by a power of two is exact in floating point, so this equals quantizing again).
        fine = coordinate_bins(trips, finest, bbox)
    uniques = []
    for b in boxes:
        if nested:
            shift = finest.bit_length() - b.bit_length()
            plat, plon, dlat, dlon = (c >> shift for c in fine)
            keys = np.empty((len(trips), 2), dtype=np.int64)
            np.multiply(plat, b, out=keys[:, 0])
            keys[:, 0] += plon
            np.multiply(dlat, b, out=keys[:, 1])
            keys[:, 1] += dlon
        else:
            keys = grid_keys(trips, b, bbox=bbox)
        uniques.append(unique_count(keys))
    return curve_frame(epsilons, boxes, len(trips), uniques)
