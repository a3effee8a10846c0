"""Deprecated alias of :mod:`nsp.papers.noiseless.nilm`: every name is served from there."""

from nsp.experiments import _deprecated
from nsp.papers.noiseless import nilm as _new
from nsp.papers.noiseless.nilm import *  # noqa: F403
from nsp.papers.noiseless.nilm import __all__ as __all__

__getattr__ = _deprecated(__name__, _new)
