"""Discrete memoryless channels: validation, conversions, composition, capacity and DP ε.

A channel is a row-stochastic matrix ``W[x, y] = p(y | x)`` (rows = inputs, columns =
outputs). A joint pmf of an input and an output is a 2-D array ``p[x, y]``.

Information is in bits by default (``base=2``); the differential-privacy level
:func:`dp_epsilon` is in nats by default, as in the DP literature. 0·log 0 = 0 throughout.

The capacity :func:`channel_capacity` is computed by Blahut–Arimoto warm-up iterations followed
by an active-set Newton method on the Karush–Kuhn–Tucker conditions, and it is *certified*: the
returned ``lower`` is the mutual information ``I(p; W)`` of the returned input pmf and the
returned ``upper`` is ``max_x D(W_x || pW)`` (Blahut 1972, Thm. 2; Csiszár & Körner, Ch. 8), both
recomputed from their formulas on the full channel, so ``lower <= C <= upper`` holds whatever
the iteration did. A channel with exactly two distinct rows is solved directly (closed form for
2 × 2, else a bracketed root of the derivative of the mutual information) and certified by the
same two formulas.

Every name below is imported from here (``from nsp.channels import channel_capacity``):

Validation and conversions
    :func:`validate_channel`, :func:`validate_joint`, :func:`joint_from_channel`,
    :func:`channel_from_joint`.
Combining channels
    :func:`compose_serial` (in series: post-processing), :func:`product_channel` (side by side
    on two inputs), :func:`parallel_channel` (two releases of one input).
Building channels
    :func:`random_channel`, :func:`binary_symmetric_channel`, :func:`deterministic_channel`,
    :func:`unique_rows` (the distinct rows of a channel).
Information and capacity
    :func:`mutual_information_channel`, :func:`capacity_bounds` (:class:`CapacityBounds`),
    :func:`channel_capacity` (:class:`CapacityResult`).
Differential privacy
    :func:`dp_epsilon`.

Examples
--------
Two binary symmetric channels with crossover 0.1 in series make one with crossover 0.18,
whose capacity is ``1 - h(0.18)`` bits:

>>> from nsp.channels import binary_symmetric_channel, channel_capacity, compose_serial
>>> W = compose_serial(binary_symmetric_channel(0.1), binary_symmetric_channel(0.1))
>>> res = channel_capacity(W)
>>> round(res.capacity, 6), res.converged
(0.319923, True)
"""

from nsp.channels._capacity import (
    CapacityBounds,
    CapacityResult,
    capacity_bounds,
    channel_capacity,
)
from nsp.channels._compose import compose_serial, parallel_channel, product_channel
from nsp.channels._dp import dp_epsilon
from nsp.channels._generate import (
    binary_symmetric_channel,
    deterministic_channel,
    random_channel,
    unique_rows,
)
from nsp.channels._information import mutual_information_channel
from nsp.channels._validate import (
    channel_from_joint,
    joint_from_channel,
    validate_channel,
    validate_joint,
)

__all__ = [
    "CapacityBounds",
    "CapacityResult",
    "binary_symmetric_channel",
    "capacity_bounds",
    "channel_capacity",
    "channel_from_joint",
    "compose_serial",
    "deterministic_channel",
    "dp_epsilon",
    "joint_from_channel",
    "mutual_information_channel",
    "parallel_channel",
    "product_channel",
    "random_channel",
    "unique_rows",
    "validate_channel",
    "validate_joint",
]
