"""The error of a file whose checksum differs from the registry.

It sits apart from the registry so that the conversions, which the registry describes, can
raise it without importing the registry.
"""

from __future__ import annotations

import os
from pathlib import Path


class ChecksumError(ValueError):
    """A file's sha256 differs from the registry.

    Parameters
    ----------
    source : str or os.PathLike
        The file (or URL) that was checked.
    expected, actual : str
        The registered and the computed digest (hex).
    fix : str
        What to do about it, appended to the message.
    algorithm : str, default "sha256"
        The digest's algorithm (``"git blob id"`` for a commit-pinned source).

    Attributes
    ----------
    source : str
        The file (or URL) that was checked.
    path : pathlib.Path or None
        The file, when ``source`` is not a URL.
    expected, actual : str
        The registered and the computed digest (hex).
    algorithm : str
        ``"sha256"``, or ``"git blob id"`` for a commit-pinned source checked by its git object id.
    """

    def __init__(
        self,
        source: os.PathLike[str] | str,
        expected: str,
        actual: str,
        fix: str,
        *,
        algorithm: str = "sha256",
    ) -> None:
        self.source = str(source)
        self.path = None if "://" in self.source else Path(source)
        self.expected = expected
        self.actual = actual
        self.algorithm = algorithm
        super().__init__(
            f"checksum mismatch for {self.source}: expected {algorithm} {expected}, "
            f"got {actual}. {fix}"
        )
