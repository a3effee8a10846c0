"""Privacy channels and individual channel capacity (Wu, *Constructing privacy channels from
information channels*, arXiv:1910.09235).

Submodules: :mod:`~nsp.privacy_channels.core` (product universe, channels, composition,
post-processing, group channels, sampling, DP epsilon), :mod:`~nsp.privacy_channels.capacity`
(``C_1`` by Theorem 3.1: literal enumeration and the exact set-DP, bounds, searches, balance
function, data-independent checks), :mod:`~nsp.privacy_channels.mechanisms` (randomized
response, exponential and Gaussian channels, DP counterparts) and
:mod:`~nsp.privacy_channels.examples` (Example 1, the spec's instances, comparison tables).

Units: information (``C_1``, the IP epsilon) in units of ``base`` (default 2, bits); DP
epsilon in nats.

Examples
--------
>>> from nsp.privacy_channels import example1_rr, individual_channel_capacity, dp_epsilon
>>> ch = example1_rr(0.1)
>>> round(individual_channel_capacity(ch).value, 6), round(dp_epsilon(ch), 6)   # bits, nats
(0.531004, 2.197225)
"""

from nsp.privacy_channels.capacity import *  # noqa: F401,F403
from nsp.privacy_channels.capacity import __all__ as _cap_all
from nsp.privacy_channels.core import *  # noqa: F401,F403
from nsp.privacy_channels.core import __all__ as _core_all
from nsp.privacy_channels.examples import *  # noqa: F401,F403
from nsp.privacy_channels.examples import __all__ as _ex_all
from nsp.privacy_channels.mechanisms import *  # noqa: F401,F403
from nsp.privacy_channels.mechanisms import __all__ as _mech_all

__all__ = [*_core_all, *_cap_all, *_mech_all, *_ex_all]
