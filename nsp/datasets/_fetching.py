"""Fill the data folder from a local mirror or the publishers, and check what is there.

``fetch`` copies every registered file from the mirror (``mirror=`` or ``$NSP_DATA_MIRROR``,
laid out as ``<mirror>/<dataset>/<file>``) into ``data_dir(data_home)/<dataset>/<file>``.
Each file is written to a temporary file in the destination folder, its sha256 is checked
against the registry, and only then is it renamed into place, so an interrupted or corrupt
copy never looks like a good one. Where no mirror has a file, ``fetch`` downloads it from
the publisher (HTTPS with a timeout, checked against the same sha256) unless the machine is
offline: ``allow_network=False``, ``$CI`` set, ``$NSP_OFFLINE`` set, or the download fails.
A converted file (registry method ``convert``, see ``nsp/datasets/_convert.py``) is rebuilt
from its commit-pinned source: the source is taken verified from the data folder or the
mirror when it is registered and there, else downloaded and checked by its sha256 or git
blob id (as is each of its ``extra_sources``, for a recipe reading two files); the result must
have the registered sha256. R files need ``pip install
'nsp-privacy[rdata]'``. Files that could not be had are reported together in one
:class:`DataUnavailableError` that names each file and the fix.

``verify`` and ``status`` hash what is in the data folder and report one row per file.
"""

from __future__ import annotations

import logging
import os
import shlex
import shutil
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd
from tqdm.auto import tqdm

from nsp._atomic import atomic_path
from nsp._validation import as_path
from nsp.paths import data_dir, data_mirror

from . import _registry as _reg
from ._convert import MissingExtraError, check_requirements, convert_file, verify_source
from ._errors import ChecksumError
from ._registry import FileEntry, sha256_file

__all__ = [
    "DataUnavailableError",
    "fetch",
    "format_status",
    "registered_path",
    "status",
    "unregistered_mirror_files",
    "verify",
]

log = logging.getLogger("nsp.datasets")

#: Seconds before a publisher download gives up.
DEFAULT_TIMEOUT: float = 60.0

_FALSY = {"", "0", "false", "no", "off"}

STATES = ("verified", "present-but-mismatch", "missing")


class DataUnavailableError(FileNotFoundError):
    """One or more registered files are not in the data folder or a mirror and not downloadable.

    The message names every file and how to get it.
    """


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in _FALSY


def _network_allowed(allow_network: bool | None) -> bool:
    if allow_network is not None:
        return bool(allow_network)
    return not (_env_flag("CI") or _env_flag("NSP_OFFLINE"))


def _download(url: str, dest: Path, *, timeout: float) -> None:
    """Download ``url`` into the file ``dest`` (the one place that touches the network).

    Tests replace this function to exercise the network path offline.
    """
    req = urllib.request.Request(url, headers={"User-Agent": "nsp-data-fetch"})
    with urllib.request.urlopen(req, timeout=timeout) as resp, open(dest, "wb") as out:
        shutil.copyfileobj(resp, out, length=1 << 20)


#: The loaders that read a file of the user's own (``path=``, not checksummed) in place of a
#: dataset's registered files; the other datasets' loaders read only the registered files.
_OWN_FILE_LOADERS: dict[str, str] = {
    "nilm_refit_ukdale": "load_nilm_household",
    "nyc_taxi": "load_nyc_taxi",
    "redd": "load_redd",
    "sgsc_smart_meter": "load_smart_meter",
}


def _replace_fix(entry: FileEntry) -> str:
    """Return the fix for a file in the data folder whose sha256 is not the registered one."""
    loader = _OWN_FILE_LOADERS.get(entry.dataset)
    own = f" To use a file of your own instead, pass path= to {loader}()." if loader else ""
    return (
        f"Run `nsp data fetch --force {entry.key}` to replace it with the registered version "
        f"(in Python: fetch({entry.key!r}, force=True)); `make data` then verifies every "
        f"file.{own}"
    )


def _cached_download(url: str, *, cache: dict[str, Path], workdir: Path, timeout: float) -> Path:
    """Download ``url`` once per :func:`fetch` call into ``workdir``; return the local copy."""
    if url not in cache:
        target = workdir / f"download{len(cache)}"
        try:
            _download(url, target, timeout=timeout)
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        cache[url] = target
    return cache[url]


def _check(tmp: Path, entry: FileEntry, *, source: str, fix: str) -> None:
    """Raise :class:`ChecksumError` unless ``tmp`` has the registered sha256."""
    actual = sha256_file(tmp, use_cache=False)
    if actual != entry.sha256:
        raise ChecksumError(source, entry.sha256, actual, fix)


def _copy_from_mirror(entry: FileEntry, src: Path, dest: Path) -> None:
    """Copy ``src`` into ``dest`` (checked against the registry, atomic)."""
    with atomic_path(dest) as tmp:
        shutil.copyfile(src, tmp)
        _check(
            tmp,
            entry,
            source=str(src),
            fix=(
                f"The mirror copy is damaged or another version: replace {src} with the file "
                f"described in data/README.md ({entry.origin}), or point NSP_DATA_MIRROR at a "
                f"good mirror."
            ),
        )


def _download_entry(
    entry: FileEntry, dest: Path, *, timeout: float, cache: dict[str, Path], workdir: Path
) -> None:
    """Download one registered file from its publisher into ``dest`` (checked, atomic)."""
    url = entry.url
    assert url is not None
    local = _cached_download(url, cache=cache, workdir=workdir, timeout=timeout)
    with atomic_path(dest) as tmp:
        if entry.method == "uci":
            member = entry.download["member"]
            with zipfile.ZipFile(local) as zf:
                names = [n for n in zf.namelist() if n == member or n.endswith("/" + member)]
                if not names:
                    raise OSError(f"{url} has no member {member!r}")
                data = zf.read(names[0])
            if entry.download.get("newlines") == "lf":
                data = data.replace(b"\r\n", b"\n")
            tmp.write_bytes(data)
        else:
            shutil.copyfile(local, tmp)
        _check(
            tmp,
            entry,
            source=url,
            fix=(
                f"The publisher's file differs from the registered version; set NSP_DATA_MIRROR "
                f"to a mirror holding {entry.key}, or report it (the registry may need an update)."
            ),
        )


def _local_source(
    entry: FileEntry, *, root: Path, mirror_root: Path | None, source: dict | None = None
) -> Path | None:
    """Return a verified local copy of a ``convert`` entry's registered source, or ``None``.

    ``source`` is one of the entry's ``extra_sources`` (default: its main source). The data
    folder is looked in first, then the mirror.
    """
    key = (source if source is not None else entry.source or {}).get("registered")
    if key is None:
        return None
    expected = _reg.REGISTRY.get(*key.split("/", 1)).sha256
    for base in (root, mirror_root):
        if base is not None and (base / key).is_file() and sha256_file(base / key) == expected:
            return base / key
    return None


def _convert_entry(
    entry: FileEntry, dest: Path, *, source: Path, where: str, extra: Sequence[Path] = ()
) -> None:
    """Rebuild a ``convert`` entry from its source file(s) into ``dest`` (all checked, atomic)."""
    verify_source(source.read_bytes(), entry.source or {}, where=where)
    for path, spec in zip(extra, entry.extra_sources, strict=True):
        verify_source(path.read_bytes(), spec, where=str(path))
    with atomic_path(dest) as tmp:
        convert_file(entry.download, source, tmp, extra_sources=extra)
        _check(
            tmp,
            entry,
            source=f"{entry.key} rebuilt from {where}",
            fix=(
                f"The conversion here does not reproduce the registered bytes (they come from "
                f"pyreadr 0.5.8 for R files, numpy/scipy for the REDD house-1 alignment, "
                f"pandas' CSV writer and zlib 1.2/1.3 deflate; a zlib-ng build compresses "
                f"differently). Nothing was written. Set NSP_DATA_MIRROR to a mirror "
                f"holding {entry.key}, or report it with your versions of pyreadr, pandas and "
                f"zlib."
            ),
        )


def fetch_command(data_home: str | os.PathLike[str] | None = None, dataset: str = "") -> str:
    """Return the command that fills the data folder ``data_home``, as a message quotes it.

    ``make data`` fills the default folder (``$NSP_DATA_DIR`` or ``data/``); another folder
    needs ``--data-home``.

    Examples
    --------
    >>> fetch_command()
    '`make data` (= `nsp data fetch`)'
    >>> fetch_command("/tmp/my data", "adult")
    "`nsp data fetch --data-home '/tmp/my data' adult`"
    """
    if data_home is None:
        also = f" or `nsp data fetch {dataset}`" if dataset else ""
        return "`make data` (= `nsp data fetch`)" + also
    folder = shlex.quote(str(Path(data_home).expanduser()))
    return f"`nsp data fetch --data-home {folder}" + (f" {dataset}`" if dataset else "`")


def fetch(
    names: str | Iterable[str] | None = None,
    *,
    mirror: str | os.PathLike[str] | None = None,
    data_home: str | os.PathLike[str] | None = None,
    allow_network: bool | None = None,
    force: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    progress: bool | None = None,
) -> list[Path]:
    """Copy (or download) registered data files into the data folder, checking each sha256.

    Parameters
    ----------
    names : str, iterable of str, or None
        Dataset keys (``"adult"``) or single files (``"adult/adult.data"``); ``None`` = all.
    mirror : path, optional
        A folder laid out as ``<mirror>/<dataset>/<file>``. Default ``$NSP_DATA_MIRROR``.
    data_home : path, optional
        Destination root; default ``$NSP_DATA_DIR`` or the repository's ``data/``.
    allow_network : bool, optional
        Whether files missing from the mirror may be downloaded from their publisher.
        Default: yes, unless ``$CI`` or ``$NSP_OFFLINE`` is set.
    force : bool
        Copy again even when a verified file is present; replace a mismatched file.
    timeout : float
        Seconds before a download gives up.
    progress : bool, optional
        Show a tqdm progress bar (default: only on a terminal).

    Returns
    -------
    list of pathlib.Path
        The destination path of every requested file, in registry order.

    Raises
    ------
    ChecksumError
        A file already in the data folder, a mirror copy, a download, a rebuilt file or the
        source it is rebuilt from does not have the registered sha256 (or git blob id); the
        message names the file, both hashes and the fix, and nothing is written.
    DataUnavailableError
        Some files are in no mirror and could not be downloaded or rebuilt (offline, a failed
        download, pyreadr missing); the message lists each with the URL to get it from, the
        path to save it to, or the ``pip install`` command.
    ValueError
        An unknown dataset or file name; ``mirror`` or ``data_home`` not a path, or a file.
    FileNotFoundError
        ``mirror`` is given and does not exist.

    See Also
    --------
    verify : Check the files in the data folder.
    status : Report every file's state.
    registered_path : The path of one checked file.

    Examples
    --------
    >>> [p.name for p in fetch(["heart_disease_hungarian"])]  # already present: only verified
    ['processed.hungarian.data', 'hungarian.data', 'heart-disease.names']
    """
    entries = _reg.REGISTRY.select(names)
    root = data_dir(data_home)
    mirror_root = (
        as_path("mirror", mirror, kind="folder").resolve() if mirror is not None else data_mirror()
    )
    network = _network_allowed(allow_network)

    done: list[Path] = []
    unavailable: list[str] = []
    cache: dict[str, Path] = {}
    with tempfile.TemporaryDirectory(prefix="nsp-fetch-") as work:
        disable = None if progress is None else not progress  # None: only on a terminal
        bar = tqdm(entries, desc="nsp data", unit="file", disable=disable)
        for entry in bar:
            bar.set_postfix_str(entry.key, refresh=False)
            dest = root / entry.dataset / entry.file
            if dest.exists() and not force:
                actual = sha256_file(dest)
                if actual == entry.sha256:
                    log.debug("%s already present and verified", dest)
                    done.append(dest)
                    continue
                raise ChecksumError(dest, entry.sha256, actual, _replace_fix(entry))
            dest.parent.mkdir(parents=True, exist_ok=True)
            src = mirror_root / entry.dataset / entry.file if mirror_root is not None else None
            if src is not None and src.is_file():
                _copy_from_mirror(entry, src, dest)
                log.info("copied %s from %s", entry.key, src)
                done.append(dest)
                continue
            local = (
                _local_source(entry, root=root, mirror_root=mirror_root)
                if entry.method == "convert"
                else None
            )
            extra_local = [
                _local_source(entry, root=root, mirror_root=mirror_root, source=s)
                for s in entry.extra_sources
            ]
            offline_ok = local is not None and all(p is not None for p in extra_local)
            if entry.method != "mirror-only" and (network or offline_ok):
                origin = str(entry.url if local is None else local)
                try:
                    if entry.method != "convert":
                        _download_entry(
                            entry, dest, timeout=timeout, cache=cache, workdir=Path(work)
                        )
                    else:
                        check_requirements(entry.download)
                        if local is None:
                            local = _cached_download(
                                entry.url, cache=cache, workdir=Path(work), timeout=timeout
                            )
                        extra = [
                            p
                            if p is not None
                            else _cached_download(
                                s["url"], cache=cache, workdir=Path(work), timeout=timeout
                            )
                            for p, s in zip(extra_local, entry.extra_sources, strict=True)
                        ]
                        _convert_entry(entry, dest, source=local, where=origin, extra=extra)
                except ChecksumError:
                    raise
                except MissingExtraError as exc:
                    unavailable.append(
                        f"- {entry.key}: {exc}; or set NSP_DATA_MIRROR to a folder "
                        f"holding {entry.key}"
                    )
                    continue
                except (OSError, zipfile.BadZipFile) as exc:  # URLError, timeouts, HTTP errors
                    log.warning("download of %s from %s failed: %s", entry.key, entry.url, exc)
                    unavailable.append(
                        f"- {entry.key}: download from {entry.url} failed ({exc}); "
                        f"{entry.manual_fix(dest)}"
                    )
                    continue
                how = "rebuilt" if entry.method == "convert" else "downloaded"
                log.info("%s %s from %s", how, entry.key, origin)
                done.append(dest)
                continue
            where = (
                f"not in the mirror {mirror_root}"
                if mirror_root is not None
                else "no mirror set (NSP_DATA_MIRROR)"
            )
            why = "mirror only" if entry.method == "mirror-only" else "offline"
            unavailable.append(f"- {entry.key} ({where}; {why}): {entry.manual_fix(dest)}")
    if unavailable:
        raise DataUnavailableError(
            f"{len(unavailable)} data file(s) could not be fetched into {root}:\n"
            + "\n".join(unavailable)
            + "\nA data mirror is a folder laid out as <dataset>/<file> (see data/README.md): "
            f"set NSP_DATA_MIRROR to it and run {fetch_command(data_home)}, or fetch on "
            "a machine with internet. Another data folder: data_home= or NSP_DATA_DIR."
        )
    return done


def verify(
    names: str | Iterable[str] | None = None,
    *,
    data_home: str | os.PathLike[str] | None = None,
    strict: bool = False,
) -> pd.DataFrame:
    """Hash the registered files in the data folder and report their state.

    Parameters
    ----------
    names : str, iterable of str, or None
        Dataset keys or ``dataset/file`` names; ``None`` = every registered file.
    data_home : path, optional
        The data folder root (default ``$NSP_DATA_DIR`` or the repository's ``data/``).
    strict : bool
        Raise on the first file that is not verified (:class:`ChecksumError` for a mismatch,
        :class:`DataUnavailableError` for a missing file) instead of reporting it.

    Returns
    -------
    pandas.DataFrame
        One row per file, columns ``dataset`` (str), ``file`` (str), ``state`` (category:
        verified / present-but-mismatch / missing), ``kind`` (str), ``fidelity`` (str),
        ``stand_in_for`` (str or None), ``size`` (int64, registered bytes), ``licence`` (str,
        short form), ``sha256`` (registered), ``actual_sha256`` (str or None), ``path`` (str).

    See Also
    --------
    fetch : Copy or download the files.
    status : Verified, mismatching or missing, for every file.
    format_status : Render the report.

    Examples
    --------
    >>> frame = verify("adult", data_home="/nonexistent")
    >>> frame["state"].tolist()
    ['missing', 'missing', 'missing']
    """
    entries = _reg.REGISTRY.select(names)
    root = data_dir(data_home)
    rows = []
    for entry in entries:
        path = root / entry.dataset / entry.file
        actual = sha256_file(path) if path.is_file() else None
        if actual is None:
            state = "missing"
            if strict:
                raise DataUnavailableError(
                    f"{path} is missing: run {fetch_command(data_home, entry.dataset)}; "
                    f"{entry.manual_fix(path)}"
                )
        elif actual == entry.sha256:
            state = "verified"
        else:
            state = "present-but-mismatch"
            if strict:
                raise ChecksumError(path, entry.sha256, actual, _replace_fix(entry))
        rows.append(
            {
                "dataset": entry.dataset,
                "file": entry.file,
                "state": state,
                "kind": entry.kind,
                "fidelity": entry.fidelity,
                "stand_in_for": entry.stand_in_for,
                "size": entry.size,
                "licence": entry.info.licence_short,
                "sha256": entry.sha256,
                "actual_sha256": actual,
                "path": str(path),
            }
        )
    frame = pd.DataFrame(
        rows,
        columns=[
            "dataset",
            "file",
            "state",
            "kind",
            "fidelity",
            "stand_in_for",
            "size",
            "licence",
            "sha256",
            "actual_sha256",
            "path",
        ],
    )
    frame["state"] = pd.Categorical(frame["state"], categories=list(STATES))
    frame["size"] = frame["size"].astype("int64")
    for c in ("stand_in_for", "actual_sha256"):  # optional strings: None, not NaN
        frame[c] = pd.Series(
            [v if isinstance(v, str) else None for v in frame[c]], index=frame.index, dtype=object
        )
    return frame


def status(*, data_home: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """Report every registered file: verified, present-but-mismatch or missing.

    Same columns as :func:`verify` (which it calls on the whole registry); print it with
    :func:`format_status`.

    Parameters
    ----------
    data_home : path, optional
        The data folder root (default ``$NSP_DATA_DIR`` or the repository's ``data/``).

    Returns
    -------
    pandas.DataFrame
        One row per registered file, as :func:`verify` returns it.

    See Also
    --------
    verify : Hash the files.
    format_status : Render the report.

    Examples
    --------
    >>> status(data_home="/nonexistent")["state"].unique().tolist()
    ['missing']
    """
    return verify(None, data_home=data_home)


def unregistered_mirror_files(mirror: str | os.PathLike[str] | None = None) -> list[str]:
    """List the files of a mirror that the registry does not know, as ``"<dataset>/<file>"``.

    A mirror may hold more than this version of nsp uses (a newer mirror, a file added by
    hand): such files are never copied, only reported, so that they can be registered.
    Markdown notes (``*.md``) are not data and are not listed.

    Parameters
    ----------
    mirror : path, optional
        A folder laid out as ``<mirror>/<dataset>/<file>``. Default ``$NSP_DATA_MIRROR``; with
        neither, or when the variable names no folder, the list is empty.

    Returns
    -------
    list of str
        Sorted ``dataset/file`` names.

    Raises
    ------
    ValueError
        If ``mirror`` is not a path, or is a file.
    FileNotFoundError
        If ``mirror`` is given and does not exist.

    See Also
    --------
    load_registry : The registry.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> mirror = pathlib.Path(tempfile.mkdtemp())
    >>> (mirror / "adult").mkdir()
    >>> _ = (mirror / "adult" / "adult.data.old").write_text("a copy kept by hand")
    >>> unregistered_mirror_files(mirror)
    ['adult/adult.data.old']
    """
    root = as_path("mirror", mirror, kind="folder") if mirror is not None else data_mirror()
    if root is None or not root.is_dir():
        return []
    known = {entry.key for entry in _reg.REGISTRY}
    found = (
        f"{p.parent.name}/{p.name}" for p in root.glob("*/*") if p.is_file() and p.suffix != ".md"
    )
    return sorted(key for key in found if key not in known)


def _human(n: int) -> str:
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{n} B"  # pragma: no cover


def format_status(frame: pd.DataFrame) -> str:
    """Render a :func:`status`/:func:`verify` frame as a fixed-width text table.

    The last column says ``exact``, or what a partial file or stand-in replaces. A summary line
    counts the states.

    Parameters
    ----------
    frame : pandas.DataFrame
        A frame returned by :func:`status` or :func:`verify`.

    Returns
    -------
    str
        The table, one line per file after two header lines, then the summary line.

    See Also
    --------
    status : The report to render.

    Examples
    --------
    >>> print(format_status(verify("redd", data_home="/nonexistent")).splitlines()[0])
    dataset  file                                state    size     licence              fidelity
    """
    headers = ["dataset", "file", "state", "size", "licence", "fidelity"]
    rows: list[list[str]] = []
    for r in frame.to_dict("records"):
        fid = str(r["fidelity"])
        stand_in_for = r["stand_in_for"]
        if isinstance(stand_in_for, str) and stand_in_for:
            fid += " for " + stand_in_for.split(" (")[0]
        size = _human(int(r["size"]))
        rows.append(
            [str(r["dataset"]), str(r["file"]), str(r["state"]), size, str(r["licence"]), fid]
        )
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]
    widths[-1] = len(headers[-1])  # the last column is not padded

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    out = [line(headers), line(["-" * w for w in widths[:-1]] + ["-" * 8])]
    out += [line(row) for row in rows]
    counts = frame["state"].astype(str).value_counts()
    summary = ", ".join(f"{int(counts.get(s, 0))} {s}" for s in STATES)
    out.append(f"{len(frame)} files: {summary}")
    return "\n".join(out)


def registered_path(
    dataset: str,
    file: str,
    *,
    data_home: str | os.PathLike[str] | None = None,
    check: bool = True,
) -> Path:
    """Return the path of a registered file in the data folder, checked against its sha256.

    When the file is missing and ``$NSP_DATA_MIRROR`` holds it, it is first copied from the
    mirror (verified, no network), so that a fresh clone with the mirror set works without
    ``make data``.

    Parameters
    ----------
    dataset : str
        The dataset key, e.g. ``"adult"``.
    file : str
        The file's name in the dataset's folder, e.g. ``"adult.data"``.
    data_home : path, optional
        The data folder root (default ``$NSP_DATA_DIR`` or the repository's ``data/``).
    check : bool
        Check the file's sha256 against the registry (hashing takes a moment for large files).

    Returns
    -------
    pathlib.Path
        ``<data folder>/<dataset>/<file>``, which exists.

    Raises
    ------
    DataUnavailableError
        (a :class:`FileNotFoundError`) naming the path and ``make data``.
    ChecksumError
        If ``check`` and the file's sha256 differs from the registry.

    See Also
    --------
    fetch : Get a missing file.
    sha256_file : The digest it checks.
    """
    entry = _reg.REGISTRY.get(dataset, file)
    path = data_dir(data_home) / dataset / file
    if not path.is_file():
        mirror = data_mirror()
        if mirror is not None and (mirror / dataset / file).is_file():
            log.info("%s missing: copying it from the mirror %s", path, mirror)
            fetch(
                [entry.key], mirror=mirror, data_home=data_home, allow_network=False, progress=False
            )
        else:
            raise DataUnavailableError(
                f"{path} not found. Run {fetch_command(data_home)}, with NSP_DATA_MIRROR "
                f"set to a data mirror (a folder laid out as <dataset>/<file>) or with internet; "
                f"or {entry.manual_fix(path)}. A different data folder can be chosen with "
                f"data_home= or $NSP_DATA_DIR."
            )
    if check:
        actual = sha256_file(path)
        if actual != entry.sha256:
            raise ChecksumError(path, entry.sha256, actual, _replace_fix(entry))
    return path
