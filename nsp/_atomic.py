"""Atomic file writing: a file appears complete under its name, or not at all.

Every writer of the project (figures, CSVs, executed notebooks, fetched data) goes through
:func:`atomic_path`, so an interrupted or failed run never leaves a half-written file. The
temporary file is named ``.nsp-tmp-<pid>-<name>.<random><suffix>`` beside its target: the
name matches the ignore pattern ``.nsp-tmp-*``, and a run that was killed before it could
delete its temporaries is recognised by its process id, so that :func:`remove_stale_temporaries`
can clean up after it without touching the files of a run still going on.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["TEMP_PREFIX", "atomic_path", "remove_stale_temporaries"]

#: Every temporary file or folder of the project starts with this (an ignore pattern).
TEMP_PREFIX = ".nsp-tmp-"

_OWNER = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; on success rename it to ``target``.

    The temporary file gets the permissions a normally created file would have (``0o666``
    less the umask), not ``mkstemp``'s private ``0o600``. On any exception (Ctrl-C included)
    the temporary file is deleted and ``target`` is left as it was.

    Parameters
    ----------
    target : path
        The file to write; its folder is created if needed.

    Yields
    ------
    pathlib.Path
        The temporary file (it exists, empty) to write instead of ``target``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_path(target) as tmp:
    ...     _ = tmp.write_text("done")
    >>> target.read_text(), [p.name for p in target.parent.iterdir()]
    ('done', ['out.txt'])
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(
        prefix=f"{TEMP_PREFIX}{os.getpid()}-{target.name}.",
        suffix=target.suffix or ".part",
        dir=target.parent,
    )
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def remove_stale_temporaries(folders: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Delete the temporary files that killed runs left in ``folders`` (searched recursively).

    Only files named by :func:`atomic_path` whose process is no longer running are removed.

    Parameters
    ----------
    folders : iterable of path
        The folders to search; a folder that does not exist is passed over.

    Returns
    -------
    list of pathlib.Path
        The removed files.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / ".nsp-tmp-999999999-fig.png.abc.png").write_bytes(b"partial")
    >>> [p.name for p in remove_stale_temporaries([folder])]
    ['.nsp-tmp-999999999-fig.png.abc.png']
    """
    removed = []
    for folder in folders:
        root = Path(folder)
        if not root.is_dir():
            continue
        for path in root.rglob(TEMP_PREFIX + "*"):
            owner = _OWNER.match(path.name)
            if owner and path.is_file() and not _alive(int(owner.group(1))):
                path.unlink(missing_ok=True)
                removed.append(path)
    return removed
