"""Individual channel capacity ``C_1`` (Wu, Def. 3), one concept per private module.

The modules behind :mod:`nsp.privacy_channels`:

``_candidates``
    The sets ``S_i`` and ``Q_i`` of Theorem 3.1 (row types, candidate and effective channels,
    ``I(X_i; Y)`` of a prior).
``_exact``
    ``C_1`` by Theorem 3.1: literal enumeration and the exact set-DP; group capacity.
``_bounds``
    Certified cheap bounds, direct searches over priors, the entropy-constrained capacity and
    the balance function, the max-information capacity over independent priors.
``_symmetry``
    Data-independent channels, Corollary 1's bound, weak symmetry, reachable uniform output.
``_common``
    What they share: budgets, the budget error, result unpacking.

Import the public names from :mod:`nsp.privacy_channels`.
"""
