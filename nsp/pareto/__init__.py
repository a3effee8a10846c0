"""λ sweeps and Pareto fronts of privacy-utility trade-offs.

The Lagrangian ``𝓛 = leakage − λ·utility`` of Ding & Farokhi's problems (3) and (5) is a
weighted sum of privacy leakage and utility loss; each λ gives a (locally) Pareto-optimal
point and the set over λ is the frontier (Sec. VII-A). Because the merge path of Algorithms 1
and 2 does not depend on λ, a whole sweep is read off one path (:func:`lambda_windows` gives,
for every point of the path, the exact interval of λ that returns it).

Normalized axes (Figs. 7 and 9): ``leakage_norm`` ``P(X̂)/P(X)`` (``L0`` or ``I*`` divided by its
value without quantization) and ``loss_norm``, the utility loss ``1 − U1(X;X̂)/U1(X;X) =
1 − I0(X→X̂)/H0(X)`` for U1 and ``U2(X;X̂)/Û2`` for U2, where ``Û2`` is the minimum of U2 over
the points of that curve.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from nsp.pareto._fronts import (
    default_lambdas,
    lambda_sweep,
    lambda_windows,
    normalize,
    pareto_front,
)

__all__ = [
    "default_lambdas",
    "lambda_windows",
    "lambda_sweep",
    "normalize",
    "pareto_front",
]
