"""The paper's privacy channels (§4–§5) and their differential-privacy counterparts.

Information-privacy channels (``C_1`` in units of ``base``, default bits), one submodule each:

:mod:`~nsp.privacy_channels.mechanisms.randomized_response`
    The binary symmetric channel, eq. (29): ``C_1 = log 2 - H(p)`` exactly for any
    non-constant query (the paper proves ``<=``), calibration (36)–(37); DP randomized
    response; ``k``-ary randomized response (an extension, data-independent).
:mod:`~nsp.privacy_channels.mechanisms.exponential`
    The (discrete) exponential channel, Def. 13, with the stable form of eq. (62); the
    McSherry–Talwar exponential mechanism.
:mod:`~nsp.privacy_channels.mechanisms.gaussian`
    The Gaussian channel ``N(f(x), N)`` (``N`` = variance), bound (95), calibration
    (97)/(100), and the exact amplitude-constrained capacity by Blahut–Arimoto on a grid.
:mod:`~nsp.privacy_channels.mechanisms.dp_mechanisms`
    The Laplace and Gaussian DP mechanisms (epsilon in **nats**).

Every public name is importable from here, as before the split.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from nsp.privacy_channels.mechanisms import (
    dp_mechanisms,
    exponential,
    gaussian,
    randomized_response,
)
from nsp.privacy_channels.mechanisms.dp_mechanisms import *  # noqa: F403
from nsp.privacy_channels.mechanisms.dp_mechanisms import __all__ as _dp_all
from nsp.privacy_channels.mechanisms.exponential import *  # noqa: F403
from nsp.privacy_channels.mechanisms.exponential import __all__ as _exp_all

# private helpers, importable from here as before the split
from nsp.privacy_channels.mechanisms.exponential import (  # noqa: F401
    _default_distortion,
    _t_over_expm1,
)
from nsp.privacy_channels.mechanisms.gaussian import *  # noqa: F403
from nsp.privacy_channels.mechanisms.gaussian import __all__ as _gauss_all
from nsp.privacy_channels.mechanisms.gaussian import (  # noqa: F401
    _bin_probs,
    _check_grid,
    _gaussian_edges,
    _query_number,
)
from nsp.privacy_channels.mechanisms.randomized_response import *  # noqa: F403
from nsp.privacy_channels.mechanisms.randomized_response import __all__ as _rr_all

__all__ = [*_rr_all, *_exp_all, *_gauss_all, *_dp_all]
_SUBMODULES = (dp_mechanisms, exponential, gaussian, randomized_response)
