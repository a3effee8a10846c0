"""Individual channel capacity ``C_1`` (Wu, Def. 3), exactly, and what surrounds it.

Submodules, one concept each:

:mod:`~nsp.privacy_channels.capacity.candidates`
    The sets ``S_i`` and ``Q_i`` of Theorem 3.1 (row types, candidate and effective channels,
    ``I(X_i; Y)`` of a prior).
:mod:`~nsp.privacy_channels.capacity.exact`
    ``C_1`` by Theorem 3.1: literal enumeration and the exact set-DP; group capacity.
:mod:`~nsp.privacy_channels.capacity.bounds`
    Certified cheap bounds, direct searches over priors, the entropy-constrained capacity and
    the balance function, the max-information capacity over independent priors.
:mod:`~nsp.privacy_channels.capacity.symmetry`
    Data-independent channels, Corollary 1's bound, weak symmetry, reachable uniform output.

Every public name is importable from here, as before the split.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from nsp.privacy_channels.capacity import bounds, candidates, exact, symmetry
from nsp.privacy_channels.capacity._common import (  # noqa: F401
    DECIMALS,
    MAX_CANDIDATES,
    EnumerationBudgetError,
    _capacity,
    _check_individual,
)
from nsp.privacy_channels.capacity.bounds import *  # noqa: F403
from nsp.privacy_channels.capacity.bounds import __all__ as _bounds_all
from nsp.privacy_channels.capacity.candidates import *  # noqa: F403
from nsp.privacy_channels.capacity.candidates import __all__ as _candidates_all
from nsp.privacy_channels.capacity.exact import *  # noqa: F403
from nsp.privacy_channels.capacity.exact import __all__ as _exact_all

# private helpers, importable from here as before the split (tests check some directly)
from nsp.privacy_channels.capacity.exact import (  # noqa: F401
    _bits,
    _leakage_bound,
    _match,
    _maximal_sets,
    _prune_dominated,
    _shortcut_sets,
    _witness,
)
from nsp.privacy_channels.capacity.symmetry import *  # noqa: F403
from nsp.privacy_channels.capacity.symmetry import __all__ as _symmetry_all
from nsp.privacy_channels.capacity.symmetry import uniform_output_reachable  # noqa: F401

__all__ = [
    "EnumerationBudgetError",
    *_candidates_all,
    *_exact_all,
    *_bounds_all,
    *_symmetry_all,
]
_SUBMODULES = (bounds, candidates, exact, symmetry)
_CONSTANTS = (DECIMALS, MAX_CANDIDATES)
