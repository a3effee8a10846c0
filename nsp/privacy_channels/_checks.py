"""Checks of :mod:`nsp.privacy_channels` that :mod:`nsp._validation` does not cover.

Scalars are checked with :mod:`nsp._validation` directly; this module only adds the sample shape
of the samplers (their seed is :func:`nsp._validation.check_seed`).

Examples
--------
>>> check_size((2, 0))
(2, 0)
>>> check_size(1.5)
Traceback (most recent call last):
...
ValueError: size must be an integer in [0, inf); got 1.5 (float)
"""

from __future__ import annotations

import math

from nsp._validation import check_int

#: Largest number of draws one call of a sampler may return.
MAX_SAMPLES: int = 10**8


def check_size(size: object, name: str = "size") -> int | tuple[int, ...] | None:
    """Return a sample shape: ``None``, an integer >= 0 or a tuple of them.

    Parameters
    ----------
    size : object
        The value to check.
    name : str
        The argument's name, for the message.

    Returns
    -------
    int, tuple of int or None

    Raises
    ------
    ValueError
        If a dimension is not an integer >= 0, or the sample would have more than
        :data:`MAX_SAMPLES` values.
    """
    if size is None:
        return None
    shape: int | tuple[int, ...]
    if isinstance(size, tuple):
        shape = tuple(check_int(f"{name}[{j}]", s, low=0) for j, s in enumerate(size))
        total = math.prod(shape)
    else:
        shape = total = check_int(name, size, low=0)
    if total > MAX_SAMPLES:
        raise ValueError(f"{name} asks for {total} draws, more than MAX_SAMPLES = {MAX_SAMPLES}")
    return shape
