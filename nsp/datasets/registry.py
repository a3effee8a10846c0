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
``mirror-only``
    no public URL serves these bytes (the file was converted on the mirror); ``reason`` says why.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

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


class ChecksumError(ValueError):
    """A file's sha256 differs from the registry.

    Attributes
    ----------
    source : str
        The file (or URL) that was checked.
    path : pathlib.Path or None
        The file, when ``source`` is not a URL.
    expected, actual : str
        The registered and the computed sha256 (hex).
    """

    def __init__(self, source: os.PathLike[str] | str, expected: str, actual: str, fix: str) -> None:
        self.source = str(source)
        self.path = None if "://" in self.source else Path(source)
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"checksum mismatch for {self.source}: expected sha256 {expected}, got {actual}. {fix}"
        )


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
    """One registered file: where it comes from, what it is, and its checksum."""

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
        return self.info.licence

    @property
    def stand_in_for(self) -> str | None:
        return self.info.stand_in_for

    @property
    def fidelity(self) -> str:
        """``exact``, ``partial`` or ``stand-in`` (the file's own value, else its dataset's)."""
        return self.file_fidelity or self.info.fidelity

    @property
    def method(self) -> str:
        """The publisher download method: ``"uci"``, ``"https"`` or ``"mirror-only"``."""
        return str(self.download["method"])

    @property
    def url(self) -> str | None:
        """The URL ``fetch`` downloads from, or ``None`` for mirror-only files."""
        return self.download.get("url")

    def manual_fix(self, dest: Path) -> str:
        """Say how a user gets this file by hand into ``dest``."""
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
        return f"{mirror} (no public URL serves this file: {self.download.get('reason', '')})"


class Registry:
    """The datasets and files nsp knows, in the order of ``registry.json``."""

    def __init__(self, datasets: dict[str, DatasetInfo], files: Sequence[FileEntry]) -> None:
        self.datasets = dict(datasets)
        self.files = list(files)
        seen: set[str] = set()
        for f in self.files:
            if f.key in seen:
                raise ValueError(f"registry lists {f.key} twice")
            seen.add(f.key)
            if f.dataset not in self.datasets:
                raise ValueError(f"registry file {f.key} names an unknown dataset {f.dataset!r}")

    def __iter__(self):
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)

    def get(self, dataset: str, file: str) -> FileEntry:
        """Return the entry of ``dataset/file``; ``KeyError`` if it is not registered."""
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


def load_registry(path: os.PathLike[str] | str | None = None) -> Registry:
    """Read a registry table (default: the packaged ``registry.json``)."""
    if path is None:
        text = resources.files(__package__).joinpath("registry.json").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
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

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.txt"
    >>> _ = p.write_bytes(b"abc")
    >>> sha256_file(p)[:16]
    'ba7816bf8f01cfea'
    """
    p = Path(path)
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
