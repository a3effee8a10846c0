"""The paper's privacy channels (§4–§5) and their differential-privacy counterparts.

The private modules behind :mod:`nsp.privacy_channels`:

``_randomized_response``
    The binary symmetric channel, eq. (29): ``C_1 = log 2 - H(p)`` exactly for any
    non-constant query (the paper proves ``<=``), calibration (36)–(37); DP randomized
    response; ``k``-ary randomized response (an extension, data-independent).
``_exponential``
    The (discrete) exponential channel, Def. 13, with the stable form of eq. (62); the
    McSherry–Talwar exponential mechanism.
``_gaussian``
    The Gaussian channel ``N(f(x), N)`` (``N`` = variance), bound (95), calibration
    (97)/(100), and the exact amplitude-constrained capacity by Blahut–Arimoto on a grid.
``_dp_mechanisms``
    The Laplace and Gaussian DP mechanisms (epsilon in **nats**).

Import the public names from :mod:`nsp.privacy_channels`.
"""
