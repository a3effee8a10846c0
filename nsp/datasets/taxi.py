"""NYC yellow-taxi trips: two stand-in samples and the Kaggle 2014 file of the paper.

The stand-ins are 10,000 trips sampled from January 2016 and 32,615 trips of one night
(2015-01-09/10). Every format is returned in the Kaggle 2014 schema (the one of the
noiseless-privacy paper's ``nyc_taxi_data_2014.csv``), so experiments need not care which file
they got.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd

from nsp._validation import check_choice
from nsp.paths import data_dir

from . import registry as _reg
from ._io import MalformedFileError, first_line, read_table
from .fetching import registered_path

__all__ = [
    "KAGGLE_2014_FILE",
    "NYC_BBOX_PAPER",
    "TAXI_COLUMNS",
    "TAXI_SAMPLES",
    "load_nyc_taxi",
    "parse_bbox",
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


def _read_taxi(path: Path, nrows: int | None) -> tuple[pd.DataFrame, str]:
    header = [c.strip().lower() for c in first_line(path).split(",")]
    if "tpep_pickup_datetime" in header:
        fmt = "tlc-2016"
        # Payment as codes (TLC files) or as their labels (R conversions); no
        # improvement_surcharge before its introduction in 2015 files of some redistributions.
        kinds = {**_KINDS_2016, "payment_type": "str"}
        if "improvement_surcharge" not in header:
            del kinds["improvement_surcharge"]
    elif "pickup_datetime" in header:
        fmt = "kaggle-2014"
        kinds = _KINDS_2014
    else:
        raise MalformedFileError(
            path,
            1,
            f"not a taxi trip file: the header has neither pickup_datetime (Kaggle 2014) "
            f"nor tpep_pickup_datetime (TLC 2015+); found {header}",
        )
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
    if fmt == "tlc-2016":
        frame = frame.rename(columns=RENAME_2016)
        vid = frame["vendor_id"]
        frame["vendor_id"] = vid.map(
            lambda v: VENDORS_2016.get(v, str(v)) if pd.notna(v) else pd.NA
        )
        frame["payment_type"] = frame["payment_type"].map(_payment_label)
    return frame, fmt


def load_nyc_taxi(
    *,
    data_home: str | os.PathLike[str] | None = None,
    path: str | os.PathLike[str] | None = None,
    bbox: Literal["paper"] | Iterable[float] | None = None,
    nrows: int | None = None,
    sample: Literal["auto", "kaggle-2014", "2016-sample", "2015-night"] = "auto",
) -> pd.DataFrame:
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
    path : path, optional
        An explicit trip file (``.csv`` or ``.csv.gz``) in either format; not checksummed.
    bbox : None, "paper" or (lon_min, lon_max, lat_min, lat_max)
        Keep only trips whose pickup **and** dropoff lie in the closed box. ``"paper"`` is the
        box of the paper's Fig. 5: longitude [-74.27, -73.68], latitude [40.49, 40.92]
        (:data:`NYC_BBOX_PAPER`).
    nrows : int, optional
        Read only the first ``nrows`` trips of the file (before any filtering), e.g.
        1,000,000 for the paper's "first million trips".
    sample : {"auto", "kaggle-2014", "2016-sample", "2015-night"}
        Which trips when no ``path`` is given (see above; :data:`TAXI_SAMPLES`).

    Returns
    -------
    pandas.DataFrame
        The 18 columns of :data:`TAXI_COLUMNS`: ``vendor_id``, ``store_and_fwd_flag``,
        ``payment_type`` category; ``pickup_datetime``, ``dropoff_datetime``
        datetime64[ns] (NYC local time, naive); ``passenger_count``, ``rate_code`` Int64;
        the rest float64 (coordinates in degrees, amounts in USD, distance in miles).
        ``attrs``: ``source``, ``format`` (``kaggle-2014`` or ``tlc-2016``), ``path``,
        ``sample`` (the ``sample`` read, ``"user file"`` for ``path``), ``fidelity``,
        ``stand_in_for``, ``n_read``, ``dropped_zero_coordinates``,
        ``dropped_missing_coordinates``, ``dropped_outside_bbox``, ``bbox``.

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
    if path is not None:
        if chosen != "auto":
            raise ValueError(f"sample must be 'auto' when a path is given; got {sample!r}")
        file = Path(path)
        if not file.is_file():
            raise FileNotFoundError(f"{file} not found (a taxi trip CSV was expected)")
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
    frame, fmt = _read_taxi(file, nrows)
    if fmt == "tlc-2016":  # any 2015+ TLC file replaces the paper's 2014 trips
        stand_in = entry.stand_in_for
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
    log.info(
        "nyc_taxi: read %d trips from %s; dropped %d with a zero coordinate, %d with a missing "
        "one, %d outside the bbox; %d kept",
        n_read,
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
