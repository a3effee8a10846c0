"""The columns of the evaluation: their names, their groups, and what both kernels share.

:data:`COLUMNS` and :func:`sibson_column` name the columns of
:func:`nsp.notions.evaluate_many`; the groups say which columns depend on the probabilities of
``p(s, x)`` (:data:`STACK_COLUMNS`, with the Sibson orders: the bootstrap resamples them), on
its support only (:data:`SUPPORT_COLUMNS`) or on the channel alone (:data:`FIXED_COLUMNS`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from nsp import _kernels
from nsp._validation import check_real

__all__ = [
    "COLUMNS",
    "FIXED_COLUMNS",
    "STACK_COLUMNS",
    "SUPPORT_COLUMNS",
    "measure_columns",
    "sibson_column",
]

#: The columns of :func:`evaluate_many` before and after the ``sibson_<alpha>`` columns.
COLUMNS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("method", "parameter", "value", "deterministic", "mutual_information", "maximal_leakage"),
    (
        "nonstochastic_leakage",
        "maximin_information",
        "ldp_epsilon",
        "individual_channel_capacity",
        "individual_channel_capacity_gap",
        "noiseless_epsilon",
        "utility_information",
        "hamming_distortion",
        "numeric_distortion",
        "relations_ok",
        "relations_failed",
        # What the relations read besides the notions (same base):
        "secret_information",
        "output_entropy",
        "secret_hartley_entropy",
        "output_hartley_entropy",
        "range_is_product",
        "prior_error",
        "data_entropy",
        "data_hartley_entropy",
        "base",
    ),
)


#: The columns that depend on the probabilities of ``p(s, x)`` (not only on its support),
#: besides the Sibson orders: what the resampling kernel computes on every replicate.
STACK_COLUMNS: tuple[str, ...] = (
    "mutual_information",
    "maximal_leakage",
    "utility_information",
    "hamming_distortion",
    "numeric_distortion",
    "secret_information",
    "output_entropy",
    "prior_error",
    "data_entropy",
)
#: The columns that see only the support of ``p(s, x)``: no bootstrap interval is valid.
SUPPORT_COLUMNS: tuple[str, ...] = (
    "nonstochastic_leakage",
    "maximin_information",
    "noiseless_epsilon",
    "secret_hartley_entropy",
    "output_hartley_entropy",
    "data_hartley_entropy",
)
#: The columns that do not depend on the joint (a property of the channel alone).
FIXED_COLUMNS: tuple[str, ...] = ("ldp_epsilon", "individual_channel_capacity")
#: The Shannon columns (entropies and mutual informations), which the estimators correct.
SHANNON_COLUMNS: tuple[str, ...] = (
    "mutual_information",
    "utility_information",
    "secret_information",
    "output_entropy",
    "data_entropy",
)

# Bytes of one (chunk, n_x, n_y) float64 stack in evaluate_many and the resampling kernel.
CHUNK_BYTES = 16 * 2**20


def sibson_column(alpha: float) -> str:
    """Return the column name of Sibson's ``I_alpha(S;Y)``: ``f"sibson_{alpha:g}"``.

    Parameters
    ----------
    alpha : float
        The order, in ``[0, inf]``.

    Returns
    -------
    str

    See Also
    --------
    sibson_orders : The orders of a record.

    Examples
    --------
    >>> sibson_column(2.0), sibson_column(0.5), sibson_column(float("inf"))
    ('sibson_2', 'sibson_0.5', 'sibson_inf')
    """
    a = check_real("alpha", alpha, low=0.0, allow_inf=True)
    return f"sibson_{a:g}"


def measure_columns(alphas: Sequence[float]) -> list[str]:
    """Return the numeric measure columns of :func:`evaluate_many`, in its order.

    Every column that holds a number measured on the joint: the notions, the utilities and
    what the relations read, with ``sibson_<alpha>`` for each order of ``alphas`` (assumed
    validated); not ``value``, ``base``, the booleans and names, nor the certified gap of the
    capacity (a numerical accuracy, not a measure).

    Examples
    --------
    >>> measure_columns([2.0])[:4]
    ['mutual_information', 'maximal_leakage', 'sibson_2', 'nonstochastic_leakage']
    """
    head, tail = COLUMNS
    names = [*head[4:], *(sibson_column(a) for a in alphas), *tail]
    drop = {
        "relations_ok",
        "relations_failed",
        "range_is_product",
        "base",
        "individual_channel_capacity_gap",
    }
    return [n for n in names if n not in drop]


def leakage_columns(
    p_sy: NDArray[np.float64], alphas: Sequence[float], ln_b: float
) -> dict[str, NDArray[np.float64]]:
    """I(S;Y), maximal leakage and Sibson's orders of a stack of joints ``p_sy[k, s, y]``.

    The kernels of :mod:`nsp.info`'s measures, applied to the whole stack: each value is the
    one the measure gives on ``p_sy[k]`` alone, to the bit. ``p_sy`` must be C-contiguous.
    """
    col = {
        "mutual_information": _kernels.mutual_information_stack(p_sy) / ln_b,
        "maximal_leakage": _kernels.maximal_leakage_stack(p_sy) / ln_b,
    }
    for a in alphas:
        if a == 1:
            col[sibson_column(a)] = col["mutual_information"]
        elif math.isinf(a):
            col[sibson_column(a)] = col["maximal_leakage"]
        else:
            col[sibson_column(a)] = _kernels.sibson_stack(p_sy, a) / ln_b
    return col
