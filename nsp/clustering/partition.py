"""Alias of :mod:`nsp.partition`, where :class:`Partition` lives (kept for old imports)."""

from __future__ import annotations

from nsp.partition import Partition

__all__ = ["Partition"]
