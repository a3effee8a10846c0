"""REDD (Kolter & Johnson 2011) low-frequency data: ``channel_K.dat`` and ``labels.dat`` files.

The files are laid out as ``low_freq/house_N/channel_K.dat`` and ``low_freq/house_N/labels.dat``.

A 4.7-hour fragment of house 1's first mains channel is registered as a loader test fixture;
users with REDD put the ``low_freq`` tree in ``data_dir()/redd/`` (or pass ``path=``), and
:func:`load_redd` reads it instead. House 1 itself, April-May 2011 (mains and all 16 submeters,
from two public redistributions aligned with each other), is read by :func:`load_redd_house1`.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import scipy.io

from nsp._validation import as_path, check_choice
from nsp.paths import data_dir

from . import _registry as _reg
from ._convert import REDD1_COLUMNS
from ._fetching import registered_path
from ._io import MalformedFileError, open_text, read_table

__all__ = [
    "REDD_HOUSE1_LABELS",
    "REDD_TZ",
    "load_redd",
    "load_redd_house1",
    "read_redd_channel",
    "read_redd_labels",
]

log = logging.getLogger("nsp.datasets")

#: REDD's local time zone (timestamps in the files are UTC seconds).
REDD_TZ = "America/New_York"

#: House-1 channel labels as in REDD's ``labels.dat`` (spelling ``dishwaser`` included), used
#: when a house-1 folder has no ``labels.dat`` (e.g. the registered fragment).
REDD_HOUSE1_LABELS: dict[int, str] = {
    1: "mains",
    2: "mains",
    3: "oven",
    4: "oven",
    5: "refrigerator",
    6: "dishwaser",
    7: "kitchen_outlets",
    8: "kitchen_outlets",
    9: "lighting",
    10: "washer_dryer",
    11: "microwave",
    12: "bathroom_gfi",
    13: "electric_heat",
    14: "stove",
    15: "kitchen_outlets",
    16: "kitchen_outlets",
    17: "lighting",
    18: "lighting",
    19: "washer_dryer",
    20: "washer_dryer",
}

_CHANNEL_RE = re.compile(r"channel_(\d+)\.dat(\.gz)?$")
_HOUSE_RE = re.compile(r"house_(\d+)$")
_FRAGMENT = ("redd", "house_1_channel_1_head16686.dat.gz")


def read_redd_channel(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read one REDD ``channel_K.dat`` (or ``.dat.gz``): lines ``<unix_ts> <watts>``.

    Parameters
    ----------
    path : path
        The channel file.

    Returns
    -------
    pandas.DataFrame
        Columns ``unix_ts`` (int64, UTC seconds) and ``watts`` (float64), in file order.

    Raises
    ------
    MalformedFileError
        (a ValueError) naming the file and line of the first bad row.
    ValueError
        If ``path`` is not a path, or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    load_redd : A whole house.
    read_redd_labels : The labels of the channels.
    """
    frame = read_table(
        as_path("path", path, kind="file"),
        kinds={"unix_ts": "int", "watts": "float"},
        names=("unix_ts", "watts"),
        header=False,
        sep=" ",
        required=("unix_ts", "watts"),
    )
    return frame.reset_index(drop=True)


def read_redd_labels(path: str | os.PathLike[str]) -> dict[int, str]:
    """Read a REDD ``labels.dat`` (lines ``<channel> <label>``) into {channel: label}.

    Parameters
    ----------
    path : path
        The labels file (blank lines are skipped).

    Returns
    -------
    dict of int to str
        The label of each channel, in file order.

    Raises
    ------
    MalformedFileError
        (a ValueError) naming the file and line of a line that is not ``<channel> <label>``
        (a label is a name, not a number) or of a channel labelled twice.
    ValueError
        If ``path`` is not a path, or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    read_redd_channel : One channel's readings.
    """
    path = as_path("path", path, kind="file")
    labels: dict[int, str] = {}
    with open_text(path) as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            parts = line.split()
            if len(parts) != 2 or not parts[0].isdigit():
                raise MalformedFileError(
                    path, lineno, f"expected '<channel> <label>', got {line.strip()!r}"
                )
            k = int(parts[0])
            if _is_number(parts[1]):
                raise MalformedFileError(
                    path,
                    lineno,
                    f"expected '<channel> <label>' with a name as label, got {line.strip()!r} "
                    "(a channel_K.dat reading? labels.dat names each channel)",
                )
            if k in labels:
                raise MalformedFileError(path, lineno, f"channel {k} labelled twice")
            labels[k] = parts[1]
    return labels


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _house_dir(root: Path, house: int) -> Path | None:
    for cand in (root / "low_freq" / f"house_{house}", root / f"house_{house}"):
        if cand.is_dir():
            return cand
    if any(root.glob("channel_*.dat*")):
        return root
    return None


def _channel_files(house_dir: Path) -> dict[int, Path]:
    found: dict[int, Path] = {}
    for p in sorted(house_dir.iterdir()):
        m = _CHANNEL_RE.fullmatch(p.name)
        if m:
            k = int(m.group(1))
            if k in found:
                raise ValueError(f"{house_dir} holds channel {k} twice ({found[k].name}, {p.name})")
            found[k] = p
    return found


def load_redd(
    house: int = 1,
    *,
    channels: int | Sequence[int] | None = None,
    data_home: str | os.PathLike[str] | None = None,
    path: str | os.PathLike[str] | None = None,
    tz: str = REDD_TZ,
) -> pd.DataFrame:
    """Load REDD low-frequency power readings of one house as a tidy long frame.

    Where the data comes from, in order:

    1. ``path``: a REDD root (holding ``low_freq/house_N`` or ``house_N``), a house folder
       (holding ``channel_K.dat`` files and ``labels.dat``), or one channel file
       ``channel_K.dat[.gz]``;
    2. a REDD tree in the data folder: ``data_dir(data_home)/redd/low_freq/house_N/``;
    3. for house 1 only, the registered fragment (channel 1 = mains leg 1, the first 16,686
       seconds of 2011-04-18, ``attrs["fidelity"] == "partial"``): enough for tests and a
       trace, **not** for NILM.

    Parameters
    ----------
    house : int
        REDD house number (1-6).
    channels : int or sequence of int, optional
        Channels to load (default: every ``channel_K.dat`` present).
    data_home, path : path, optional
        See above. Files under ``path`` or a user's tree are not checksummed.
    tz : str
        Time zone of ``timestamp`` (REDD's houses are in Massachusetts).

    Returns
    -------
    pandas.DataFrame
        Columns ``house`` (int64), ``channel`` (int64), ``label`` (category; from
        ``labels.dat``, else REDD's house-1 labels, else ``"channel_K"``), ``timestamp``
        (datetime64[ns, tz], from the files' UTC seconds) and ``watts`` (float64; apparent
        power for the mains, active power for circuits), sorted by channel then time.
        ``attrs``: ``source``, ``path``, ``fidelity``, ``stand_in_for``.

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist, or the house or a requested channel is not available
        (the message says where it was looked for).
    MalformedFileError
        (a ValueError) naming file and line of a malformed row.
    ValueError
        If ``path`` or ``data_home`` is not a path.

    See Also
    --------
    read_redd_channel : One channel file.
    read_redd_labels : The channel labels.
    load_redd_house1 : House 1 with all its submeters.

    Examples
    --------
    >>> mains = load_redd(1, channels=[1])  # the fragment, without a REDD tree
    >>> len(mains), str(mains["timestamp"].iloc[0])
    (16686, '2011-04-18 09:22:09-04:00')
    """
    if channels is not None:
        channels = (
            [int(channels)]
            if isinstance(channels, (int, np.integer))
            else [int(c) for c in channels]
        )
        if not channels:
            raise ValueError("channels must name at least one channel")
    fidelity, stand_in, labels_known = "exact", None, None
    entry = _reg.REGISTRY.get(*_FRAGMENT)

    files: dict[int, Path]
    if path is not None:
        path = as_path("path", path, kind="any")
        if path.is_file():
            m = _CHANNEL_RE.search(path.name)
            if not m:
                raise ValueError(f"cannot tell the channel of {path}: name it channel_<K>.dat")
            hm = _HOUSE_RE.fullmatch(path.parent.name)
            house = int(hm.group(1)) if hm else house
            files = {int(m.group(1)): path}
            house_dir = path.parent
            fidelity = "user file"
        elif path.is_dir():
            hd = _house_dir(path, house)
            if hd is None:
                raise FileNotFoundError(
                    f"no REDD house {house} under {path} (looked for low_freq/house_{house}/, "
                    f"house_{house}/ and channel_*.dat)"
                )
            house_dir, files = hd, _channel_files(hd)
            fidelity = "user file"
    else:
        tree = data_dir(data_home) / "redd" / "low_freq" / f"house_{house}"
        if tree.is_dir():
            house_dir, files = tree, _channel_files(tree)
        elif house == 1 and (channels is None or set(channels) <= {1}):
            frag = registered_path(*_FRAGMENT, data_home=data_home)
            house_dir, files = frag.parent, {1: frag}
            fidelity, stand_in = entry.fidelity, entry.stand_in_for
            labels_known = REDD_HOUSE1_LABELS
            log.info(
                "REDD: only the 4.7-hour fragment of house 1 channel 1 is available (%s)", frag
            )
        else:
            raise FileNotFoundError(
                f"{tree} not found: REDD house {house}"
                + (f" channel(s) {channels}" if channels else "")
                + " is not in the offline mirror (which has only a fragment of house 1 channel 1). "
                "If you have REDD (http://redd.csail.mit.edu, offline; ask the authors or a "
                f"mirror), copy its low_freq/ folder to {tree.parent.parent}, set data_home= / "
                "$NSP_DATA_DIR, or pass path=."
            )

    wanted = sorted(files) if channels is None else channels
    missing = [k for k in wanted if k not in files]
    if missing:
        raise FileNotFoundError(
            f"REDD house {house}: no file for channel(s) {missing} in {house_dir} "
            f"(present: {sorted(files)})"
        )
    if not wanted:
        raise FileNotFoundError(f"no channel_*.dat files in {house_dir}")

    if labels_known is None:
        lab = house_dir / "labels.dat"
        if lab.is_file():
            labels_known = read_redd_labels(lab)
        elif house == 1:
            labels_known = REDD_HOUSE1_LABELS
        else:
            labels_known = {}
    labels = {k: labels_known.get(k, f"channel_{k}") for k in wanted}

    parts = []
    for k in wanted:
        ch = read_redd_channel(files[k])
        parts.append(
            pd.DataFrame(
                {
                    "house": np.full(len(ch), house, dtype="int64"),
                    "channel": np.full(len(ch), k, dtype="int64"),
                    "label": labels[k],
                    "timestamp": pd.to_datetime(ch["unix_ts"].to_numpy(), unit="s", utc=True),
                    "watts": ch["watts"].to_numpy("float64"),
                }
            )
        )
    frame = pd.concat(parts, ignore_index=True)
    frame = frame.sort_values(["channel", "timestamp"], kind="stable").reset_index(drop=True)
    frame["timestamp"] = frame["timestamp"].dt.tz_convert(tz).astype(f"datetime64[ns, {tz}]")
    frame["label"] = pd.Categorical(frame["label"], categories=sorted(set(labels.values())))
    frame.attrs.update(
        {
            "source": "redd",
            "path": str(house_dir if len(wanted) > 1 else files[wanted[0]]),
            "fidelity": fidelity,
            "stand_in_for": stand_in,
        }
    )
    return frame


_HOUSE1 = "redd_house1"


def _house1_meters(meters: Sequence[str] | None) -> list[str]:
    if meters is None:
        return list(REDD1_COLUMNS)
    if isinstance(meters, str):
        raise ValueError("meters must be a list of meter names, not one string")
    chosen = [str(m) for m in meters]
    unknown = [m for m in chosen if m not in REDD1_COLUMNS]
    if unknown or not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(f"meters must be distinct names among {list(REDD1_COLUMNS)}; got {chosen}")
    return chosen


def load_redd_house1(
    *,
    resolution: str = "1min",
    meters: Sequence[str] | None = None,
    tz: str = REDD_TZ,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """REDD house 1, 2011-04-18 .. 05-24: mains and all 16 submeters, per minute or per 3 s.

    The registered ``redd_house1`` files: BaseNILM's ``redd1.mat`` (3-s samples of the mains,
    channels 1+2, and NILMTK's 16 submeters, without timestamps) placed on real minutes by
    aligning its mains with a timestamped 1-minute REDD table (see ``data/README.md``). Only
    instants where the mains and every circuit were recorded are present (18.3 days).

    Parameters
    ----------
    resolution : {"1min", "3s"}
        ``"1min"``: the mean of each minute's 3-s samples (26,303 minutes); ``"3s"``: the
        525,757 samples, each at its minute's start plus 3 s times its place in the minute (the
        phase of the samples inside a minute is not recorded, so times are exact to the minute).
    meters : sequence of str, optional
        Columns to keep, among ``mains_1_2`` and the submeters (``fridge_5``,
        ``dish_washer_6``, ``sockets_7``, ``sockets_8``, ``light_9``, ``microwave_11``, ...,
        ``washer_dryer_10_20``: NILMTK's label and the REDD channels). Default: all 17.
    tz : str
        Time zone of the index (default REDD's, ``America/New_York``).
    data_home : path, optional
        The data folder root.

    Returns
    -------
    pandas.DataFrame
        Index ``time`` (time-zone aware: minute starts, or sample times), one float column of
        watts per meter; with ``"1min"`` also ``n_samples`` (3-s samples in the minute, 1..20)
        first. ``attrs``: ``source``, ``resolution``, ``fidelity`` (``"partial"``: the paper's
        house and period, resampled to 3 s and rounded to whole watts by the redistributor).

    Raises
    ------
    ValueError
        An unknown resolution or meter.
    DataUnavailableError
        If the files are not in the data folder (run ``make data``).

    See Also
    --------
    load_redd : Any REDD house.
    load_nilm_household : A REFIT or UK-DALE household.

    Examples
    --------
    >>> frame = load_redd_house1(meters=["mains_1_2", "fridge_5"])
    >>> frame.shape, str(frame.index.tz), frame.index[0].isoformat()
    ((26303, 3), 'America/New_York', '2011-04-18T09:22:00-04:00')
    >>> round(float(frame["fridge_5"].mean()), 1)
    55.0
    """
    resolution = check_choice("resolution", resolution, ("1min", "3s"))
    chosen = _house1_meters(meters)
    if resolution == "1min":
        path = registered_path(_HOUSE1, "redd_house1_1min.csv.gz", data_home=data_home)
        raw = pd.read_csv(path, usecols=["minute_utc", "n_samples", *chosen])
        index = pd.DatetimeIndex(pd.to_datetime(raw.pop("minute_utc"), utc=True), name="time")
        out = raw[["n_samples", *chosen]].astype({m: np.float64 for m in chosen})
        out.index = index.tz_convert(tz)
    else:
        mat = registered_path(_HOUSE1, "redd1.mat", data_home=data_home)
        rows = pd.read_csv(
            registered_path(_HOUSE1, "redd1_rows_per_minute.csv.gz", data_home=data_home)
        )
        data = scipy.io.loadmat(str(mat))["data"]
        if data.shape[1] != len(REDD1_COLUMNS) + 1 or len(data) != int(rows["n_rows"].sum()):
            raise MalformedFileError(mat, None, f"unexpected shape {data.shape}")
        n_rows = rows["n_rows"].to_numpy()
        start = pd.DatetimeIndex(pd.to_datetime(rows["minute_utc"], utc=True)).repeat(n_rows)
        within = np.arange(len(data)) - np.repeat(rows["first_row"].to_numpy(), n_rows)
        index = (start + pd.to_timedelta(3 * within, unit="s")).rename("time")
        cols = [REDD1_COLUMNS.index(m) + 1 for m in chosen]
        out = pd.DataFrame(data[:, cols].astype(np.float64), columns=chosen)
        out.index = index.tz_convert(tz)
    out.attrs.update(source="REDD house 1", resolution=resolution, fidelity="partial")
    return out
