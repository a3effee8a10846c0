"""The Laplace and Gaussian DP mechanisms that §5.2 compares with the Gaussian privacy channel.

ε in nats. The paper calls the Laplace scale and the Gaussian σ "variances"; both are
standard deviations up to a factor (the Laplace standard deviation is ``sqrt(2)`` times its
scale).

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math

import numpy as np

from nsp._validation import check_real, check_seed
from nsp.privacy_channels._checks import check_size


def laplace_scale(sensitivity: float, eps: float) -> float:
    """Return the Laplace mechanism's scale ``b = Df / eps`` (eps in nats).

    The paper calls it a "variance"; it is a scale (the standard deviation is ``sqrt(2) b``).

    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.

    Returns
    -------
    float

    See Also
    --------
    laplace_std : The noise's standard deviation.
    sample_laplace_mechanism : Draw the mechanism's output.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2 (the Laplace mechanism).

    Examples
    --------
    >>> laplace_scale(1.0, 0.1)
    10.0
    """
    return check_real("sensitivity", sensitivity, low=0.0, closed="neither") / check_real(
        "eps", eps, low=0.0, closed="neither"
    )


def laplace_std(sensitivity: float, eps: float) -> float:
    """Return the standard deviation ``sqrt(2) Df / eps`` of the Laplace mechanism's noise.

    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.

    Returns
    -------
    float

    See Also
    --------
    laplace_scale : The scale.
    gaussian_mechanism_sigma : The Gaussian mechanism's noise.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2.

    Examples
    --------
    >>> round(laplace_std(1.0, 0.1), 4)
    14.1421
    """
    return math.sqrt(2) * laplace_scale(sensitivity, eps)


def sample_laplace_mechanism(
    value: float,
    sensitivity: float,
    eps: float,
    *,
    seed: int | np.random.Generator | None = None,
    size: int | None = None,
):
    """Draw ``f(x) + Laplace(Df/eps)``.

    Parameters
    ----------
    value : float
        The query value ``f(x)`` (finite).
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.
    seed : int or Generator, optional
        Seed of the draws.
    size : int or tuple of int, optional
        Sample shape; ``None`` draws one value.

    Returns
    -------
    float or numpy.ndarray

    See Also
    --------
    laplace_scale : Its scale.
    sample_gaussian_channel : Draw the Gaussian channel's output.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2 (the Laplace mechanism).

    Examples
    --------
    >>> sample_laplace_mechanism(3.0, 1.0, 0.5, seed=0, size=3).round(4).tolist()
    [3.6402, 1.766, -2.0034]
    """
    value = check_real("value", value)
    scale = laplace_scale(sensitivity, eps)
    rng = np.random.default_rng(check_seed(seed))
    return value + rng.laplace(0.0, scale, check_size(size))


def gaussian_mechanism_sigma(sensitivity: float, eps: float, delta: float) -> float:
    """Return the Gaussian mechanism's noise ``sigma = sqrt(2 ln(1.25/delta)) Df / eps`` (98).

    The classical guarantee holds for ``eps < 1``; ``eps = 1`` is accepted as the boundary
    (so that tables may include it) and ``eps > 1`` is refused.

    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP ε in (0, 1], nats.
    delta : float
        The δ of (ε, δ)-DP, in (0, 1).

    Returns
    -------
    float
        The noise standard deviation σ.

    See Also
    --------
    laplace_std : The Laplace mechanism's noise.
    gaussian_noise_for_epsilon : The Gaussian privacy channel's noise.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (98).

    Examples
    --------
    >>> round(gaussian_mechanism_sigma(1.0, 0.1, 1e-5), 4)
    48.4481
    """
    eps = check_real("eps", eps, low=0.0, high=1.0, closed="right")
    delta = check_real("delta", delta, low=0.0, high=1.0, closed="neither")
    return (
        math.sqrt(2 * math.log(1.25 / delta))
        * check_real("sensitivity", sensitivity, low=0.0, closed="neither")
        / eps
    )
