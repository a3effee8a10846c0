"""The registry of every data file nsp uses: name, sha256, size, origin, licence, stand-in status.

The table lives in ``registry.json`` next to this module (one entry per dataset folder and one
per file). A dataset key is the folder name used both in the mirror (``<mirror>/<key>/<file>``)
and in the data folder (``data_dir()/<key>/<file>``).

``fidelity`` says how close a dataset is to what its paper used:

``exact``
    the paper's own file(s);
``partial``
    a genuine piece of the paper's dataset (one customer, a 4.7-hour fragment, nine rows);
``stand-in``
    another dataset that replaces the paper's (``stand_in_for`` names the paper's dataset).

``download["method"]`` says how ``fetch`` gets a file when no mirror has it:

``uci``
    the UCI dataset archive (``url``, the zip behind the "Download" button of UCI dataset
    ``uci_id``), from which ``member`` is extracted; ``newlines="lf"`` converts CRLF to LF
    before the checksum (the registered copies have LF line ends);
``https``
    a plain HTTPS download of ``url``;
``convert``
    no publisher serves these bytes, but they are rebuilt exactly from a commit-pinned public
    ``source`` (another registered file, ``{"registered": "<dataset>/<file>"}``, or ``{"url":
    ..., "git_blob": ..., "sha256": ...}``) by a ``recipe`` (see ``nsp/datasets/_convert.py``);
    the source is verified before the conversion, the result against ``sha256`` after it; a
    recipe that reads more than one file names the others in ``extra_sources`` (a list of
    sources of the same form, verified the same way);
``mirror-only``
    no public URL serves these bytes and there is no recipe; ``reason`` says why.

Examples
--------
>>> entry = REGISTRY.get("redd", "house_1_channel_1_head16686.dat.gz")
>>> entry.method, entry.source["git_blob"]
('convert', '7376bb633b870a4548047cf0688012a8c4a528dd')
>>> REGISTRY.get("nyc_taxi", "yellow_tripdata_2016-01_sample10k.csv.gz").url
'https://raw.githubusercontent.com/beanumber/nyctaxi/975e5011a495924f52297c7109733dc21fca851c/data/yellow_2016_01_sample.rda'
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from nsp._validation import as_path

from ._convert import RECIPES, describe_recipe
from ._errors import ChecksumError

__all__ = [
    "ChecksumError",
    "DatasetInfo",
    "FileEntry",
    "Registry",
    "REGISTRY",
    "load_registry",
    "sha256_file",
]

_CHUNK = 1 << 20


@dataclass(frozen=True)
class DatasetInfo:
    """One dataset folder of the registry (see ``registry.json``)."""

    key: str
    title: str
    publisher: str
    publisher_url: str
    citation: str
    licence: str
    licence_short: str
    papers: tuple[str, ...]
    fidelity: str
    stand_in_for: str | None
    copy_origin: str


@dataclass(frozen=True)
class FileEntry:
    """One registered file: where it comes from, what it is, and its checksum.

    Attributes
    ----------
    dataset : str
        The dataset the file belongs to (a key of :attr:`Registry.datasets`).
    file : str
        The file's name under ``data/<dataset>/``.
    kind : str
        What the file is: ``"data"``, ``"documentation"``, ``"format-reference"``,
        ``"duplicate"`` or ``"fragment"``.
    sha256 : str
        The registered digest (hex).
    size : int
        The size in bytes.
    origin : str
        Where the file comes from and how it was made, in words.
    download : dict
        How to fetch it (``method`` and its details; see :attr:`method`).
    info : DatasetInfo
        The dataset's description, licence and fidelity.
    file_fidelity : str or None
        The file's own fidelity, if it differs from its dataset's (see :attr:`fidelity`).
    """

    dataset: str
    file: str
    kind: str
    sha256: str
    size: int
    origin: str
    download: dict[str, Any] = field(hash=False, compare=False)
    info: DatasetInfo = field(hash=False, compare=False, repr=False)
    file_fidelity: str | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        """``"<dataset>/<file>"``, the name ``fetch`` and ``verify`` accept for one file."""
        return f"{self.dataset}/{self.file}"

    @property
    def licence(self) -> str:
        """The licence of the file's dataset, in full."""
        return self.info.licence

    @property
    def stand_in_for(self) -> str | None:
        """The paper's dataset that the file's dataset stands in for, or ``None``."""
        return self.info.stand_in_for

    @property
    def fidelity(self) -> str:
        """``exact``, ``partial`` or ``stand-in`` (the file's own value, else its dataset's)."""
        return self.file_fidelity or self.info.fidelity

    @property
    def method(self) -> str:
        """The publisher download method.

        One of ``"uci"``, ``"https"``, ``"convert"`` or ``"mirror-only"``.
        """
        return str(self.download["method"])

    @property
    def source(self) -> dict[str, Any] | None:
        """A ``convert`` entry's source; ``None`` for other methods.

        The source has a ``url``, a ``sha256`` and/or ``git_blob``, and ``registered`` when it is
        another registry entry.
        """
        if self.method != "convert":
            return None
        return dict(self.download["source"])

    @property
    def extra_sources(self) -> list[dict[str, Any]]:
        """A ``convert`` entry's further sources (same form as :attr:`source`); else empty."""
        if self.method != "convert":
            return []
        return [dict(s) for s in self.download.get("extra_sources", ())]

    @property
    def url(self) -> str | None:
        """The URL ``fetch`` downloads from, or ``None`` for mirror-only files.

        For a ``convert`` entry it is the URL of its source.
        """
        if self.method == "convert":
            return self.download["source"].get("url")
        return self.download.get("url")

    def manual_fix(self, dest: Path) -> str:
        """Say how a user gets this file by hand into ``dest``.

        Parameters
        ----------
        dest : pathlib.Path
            Where the file belongs (in the data folder).

        Returns
        -------
        str
            One or two ways, e.g. setting ``NSP_DATA_MIRROR`` or downloading a URL into ``dest``.
        """
        mirror = (
            f"set NSP_DATA_MIRROR (or pass mirror=) to a folder holding {self.dataset}/{self.file}"
        )
        if self.method == "uci":
            how = (
                f"download {self.url} (UCI dataset id {self.download['uci_id']}), extract "
                f"{self.download['member']} and save it as {dest}"
            )
            if self.download.get("newlines") == "lf":
                how += " with LF line ends"
            return f"{mirror}, or {how}"
        if self.method == "https":
            return f"{mirror}, or download {self.url} into {dest}"
        if self.method == "convert":
            extra = (
                " (needs pip install 'nsp-privacy[rdata]')"
                if "rdata" in self.download["recipe"]
                else ""
            )
            return (
                f"{mirror}, or run `nsp data fetch {self.key}` with internet{extra}: it "
                f"downloads {self.url} and rebuilds the file ({describe_recipe(self.download)})"
            )
        return f"{mirror} (no public URL serves this file: {self.download.get('reason', '')})"


class Registry:
    """The datasets and files nsp knows, in the order of ``registry.json``.

    Parameters
    ----------
    datasets : dict of str to DatasetInfo
        The datasets, by name.
    files : sequence of FileEntry
        The files, each of a listed dataset and listed once.

    Attributes
    ----------
    datasets : dict of str to DatasetInfo
        The datasets, by name, in the order of ``registry.json``.
    files : list of FileEntry
        The files, in the order of ``registry.json``.
    """

    def __init__(self, datasets: dict[str, DatasetInfo], files: Sequence[FileEntry]) -> None:
        self.datasets = dict(datasets)
        seen: set[str] = set()
        for f in files:
            if f.key in seen:
                raise ValueError(f"registry lists {f.key} twice")
            seen.add(f.key)
            if f.dataset not in self.datasets:
                raise ValueError(f"registry file {f.key} names an unknown dataset {f.dataset!r}")
        by_key = {f.key: f for f in files}
        self.files = [_resolve_source(f, by_key) for f in files]

    def __iter__(self) -> Iterator[FileEntry]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)

    def get(self, dataset: str, file: str) -> FileEntry:
        """Return the entry of ``dataset/file``.

        Parameters
        ----------
        dataset : str
            The dataset key, e.g. ``"adult"``.
        file : str
            The file's name in the dataset's folder, e.g. ``"adult.data"``.

        Returns
        -------
        FileEntry
            The registered file.

        Raises
        ------
        KeyError
            If ``dataset/file`` is not registered.
        """
        for f in self.files:
            if f.dataset == dataset and f.file == file:
                return f
        raise KeyError(f"{dataset}/{file} is not in the nsp data registry")

    def select(self, names: str | Iterable[str] | None = None) -> list[FileEntry]:
        """Return the files named by ``names``.

        Parameters
        ----------
        names : str, iterable of str, or None
            Dataset keys (``"adult"``: all its files) or single files (``"adult/adult.data"``).
            ``None`` selects every registered file.

        Returns
        -------
        list of FileEntry
            The files in registry order, each once.

        Raises
        ------
        ValueError
            If a name is neither a dataset key nor a registered ``dataset/file``.
        """
        if names is None:
            return list(self.files)
        if isinstance(names, str):
            names = [names]
        chosen: list[FileEntry] = []
        for name in names:
            name = str(name).strip().strip("/")
            if name in self.datasets:
                matches = [f for f in self.files if f.dataset == name]
            else:
                matches = [f for f in self.files if f.key == name]
            if not matches:
                raise ValueError(
                    f"unknown dataset or file {name!r}; known datasets: {sorted(self.datasets)} "
                    f"(or '<dataset>/<file>' for one file)"
                )
            chosen.extend(m for m in matches if m not in chosen)
        return chosen


def _resolve_source(entry: FileEntry, by_key: dict[str, FileEntry]) -> FileEntry:
    """Check a ``convert`` entry's download table; fill a registered source's url and sha256."""
    if entry.method != "convert":
        return entry
    download = dict(entry.download)
    if download.get("recipe") not in RECIPES:
        raise ValueError(
            f"registry file {entry.key}: unknown recipe {download.get('recipe')!r} "
            f"(known: {list(RECIPES)})"
        )
    download["source"] = _resolve_one(entry, dict(download.get("source") or {}), by_key)
    download["extra_sources"] = [
        _resolve_one(entry, dict(s), by_key) for s in download.get("extra_sources", ())
    ]
    return replace(entry, download=download)


def _resolve_one(
    entry: FileEntry, source: dict[str, Any], by_key: dict[str, FileEntry]
) -> dict[str, Any]:
    """Check one source of a ``convert`` entry; fill a registered source's url and sha256."""
    key = source.get("registered")
    if key is not None:
        if key not in by_key or by_key[key].method != "https":
            raise ValueError(
                f"registry file {entry.key}: its source {key!r} is not a registered "
                f"downloadable file"
            )
        source.update(url=by_key[key].url, sha256=by_key[key].sha256)
    if not source.get("url") or not (source.get("sha256") or source.get("git_blob")):
        raise ValueError(
            f"registry file {entry.key}: a convert source needs a url and a "
            f"sha256 or git_blob to verify it by"
        )
    return source


def load_registry(path: os.PathLike[str] | str | None = None) -> Registry:
    """Read a registry table (default: the packaged ``registry.json``).

    Parameters
    ----------
    path : path, optional
        A JSON file laid out as ``registry.json`` (``"datasets"`` and ``"files"``).

    Returns
    -------
    Registry
        The datasets and files, checked (no file twice, every dataset known, every
        ``convert`` entry with a known recipe and a verifiable source).

    Raises
    ------
    ValueError
        If the table breaks one of those rules, or ``path`` is not a path or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    fetch : Fetch the files it lists.
    unregistered_mirror_files : The mirror's files it does not list.
    """
    if path is None:
        text = resources.files(__package__).joinpath("registry.json").read_text(encoding="utf-8")
    else:
        text = as_path("path", path, kind="file").read_text(encoding="utf-8")
    raw = json.loads(text)
    datasets = {
        key: DatasetInfo(
            key=key,
            title=d["title"],
            publisher=d["publisher"],
            publisher_url=d["publisher_url"],
            citation=d["citation"],
            licence=d["licence"],
            licence_short=d.get("licence_short", d["licence"]),
            papers=tuple(d.get("papers", ())),
            fidelity=d["fidelity"],
            stand_in_for=d.get("stand_in_for"),
            copy_origin=d.get("copy_origin", ""),
        )
        for key, d in raw["datasets"].items()
    }
    files = [
        FileEntry(
            dataset=f["dataset"],
            file=f["file"],
            kind=f["kind"],
            sha256=f["sha256"].lower(),
            size=int(f["size"]),
            origin=f["origin"],
            download=dict(f["download"]),
            file_fidelity=f.get("fidelity"),
            info=datasets[f["dataset"]],
        )
        for f in raw["files"]
    ]
    return Registry(datasets, files)


#: The packaged registry. Tests may replace it (``monkeypatch.setattr(registry, "REGISTRY", …)``);
#: every function of :mod:`nsp.datasets` looks it up at call time.
REGISTRY: Registry = load_registry()


# A small cache so that loaders do not re-hash an unchanged file: (path, size, mtime_ns) -> sha256.
_HASH_CACHE: dict[tuple[str, int, int], str] = {}


def sha256_file(path: os.PathLike[str] | str, *, use_cache: bool = True) -> str:
    """Return the sha256 (hex) of a file, read in 1 MiB chunks.

    The result is cached per (path, size, modification time), so hashing a file that did not
    change is free.

    Parameters
    ----------
    path : path
        The file.
    use_cache : bool
        Reuse the digest of an unchanged file; ``False`` always reads the file (the result is
        cached either way).

    Returns
    -------
    str
        The 64 hexadecimal digits of the sha256.

    Raises
    ------
    ValueError
        If ``path`` is not a path, or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    verify : Hash every registered file.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.txt"
    >>> _ = p.write_bytes(b"abc")
    >>> sha256_file(p)[:16]
    'ba7816bf8f01cfea'
    """
    p = as_path("path", path, kind="file")
    st = p.stat()
    key = (str(p.resolve()), st.st_size, st.st_mtime_ns)
    if use_cache and key in _HASH_CACHE:
        return _HASH_CACHE[key]
    h = hashlib.sha256()
    with open(p, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            h.update(chunk)
    digest = h.hexdigest()
    _HASH_CACHE[key] = digest
    return digest
