"""Privacy channels and individual channel capacity (Wu, arXiv:1910.09235).

Submodules: :mod:`~nsp.privacy_channels.core` (product universe, channels, composition,
post-processing, group channels, sampling, DP epsilon over neighbouring datasets), the
subpackage :mod:`~nsp.privacy_channels.capacity` (``candidates``: the sets of Theorem 3.1;
``exact``: ``C_1`` by literal enumeration and by the exact set-DP; ``bounds``: bounds, searches,
balance function; ``symmetry``: data-independent channels and Corollary 1) and the subpackage
:mod:`~nsp.privacy_channels.mechanisms` (``randomized_response``, ``exponential``,
``gaussian``, ``dp_mechanisms``). The paper's own instances (Example 1, ...) and tables are in
:mod:`nsp.papers.privacy_channels`.

Units: information (``C_1``, the IP epsilon) in units of ``base`` (default 2, bits); DP
epsilon in nats.

Deprecated names (one release, with a :class:`DeprecationWarning`): ``compose`` (now
:func:`compose_parallel`), ``dp_epsilon`` (now :func:`dataset_dp_epsilon`; not the same
neighbour relation as :func:`nsp.channels.dp_epsilon`), ``uniform_output_reachable`` (now
:func:`uniform_output_witness`), and the paper's instances and tables formerly in
``nsp.privacy_channels.examples`` (now in :mod:`nsp.papers.privacy_channels`).

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.

Examples
--------
>>> from nsp.papers.privacy_channels import example1_rr
>>> ch = example1_rr(0.1)
>>> round(individual_channel_capacity(ch).value, 6), round(dataset_dp_epsilon(ch), 6)
(0.531004, 2.197225)
"""

import importlib
from typing import Any

from nsp.privacy_channels import capacity, core, mechanisms
from nsp.privacy_channels.capacity import *  # noqa: F403
from nsp.privacy_channels.capacity import __all__ as _cap_all
from nsp.privacy_channels.capacity import uniform_output_reachable
from nsp.privacy_channels.core import *  # noqa: F403
from nsp.privacy_channels.core import __all__ as _core_all
from nsp.privacy_channels.core import compose, dp_epsilon
from nsp.privacy_channels.mechanisms import *  # noqa: F403
from nsp.privacy_channels.mechanisms import __all__ as _mech_all

__all__ = [*_core_all, *_cap_all, *_mech_all]

# Deprecated aliases, kept importable (they warn when called).
_DEPRECATED_FUNCTIONS = (compose, dp_epsilon, uniform_output_reachable)
_SUBMODULES = (capacity, core, mechanisms)


def __getattr__(name: str) -> Any:
    examples = importlib.import_module("nsp.privacy_channels.examples")
    if name in examples.MOVED:
        return examples.moved(name)
    if name == "examples":
        return examples
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
