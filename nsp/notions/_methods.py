"""Every method of the five papers as a sweep of mechanisms (:class:`~nsp.notions.Mechanism`).

Adapters, not rewrites: each function calls the method's own implementation over the
method's own parameter and wraps every release it finds as a channel ``W[x, y] = p(y | x)``
on the alphabet of X, so that :func:`nsp.notions.evaluate_many` can measure all of them by
every notion on the same joint.

==============================================  ======================  ========================
family (function)                               parameter               needs
==============================================  ======================  ========================
agglomerative (:func:`agglomerative_sweep`)     λ (one release per      U2 (distortion) utility
Algorithms 1, 2 and §V-C, Ding & Farokhi        reachable λ window)     when X is ordered, else
                                                                        U1
privacy funnel (:func:`funnel_sweep`)           R, disclosure budget    —
Algorithms 1, 2′, ratio greedy                  (bits)
noiseless quantizer (:func:`noiseless_sweep`)   ε (bits), q = ⌊2^ε⌋     X ordered
Γ(D)-optimal sanitizer                          D, distortion budget    — (Hamming, or squared
(:func:`equivocation_sweep`), Sankar et al.                             error when X is
                                                                        ordered)
local DP (:func:`local_dp_sweep`)               ε (nats)                exponential mechanism:
k-ary randomized response, exponential                                  X ordered
mechanism
k-anonymity (:func:`k_anonymity_sweep`)         k                       ``"interval"``: X
                                                                        ordered
==============================================  ======================  ========================

A family that needs an ordered X returns no mechanism (an empty list) on an unordered joint;
:func:`nsp.notions.definedness` says why. Every function takes ``quick=True`` to shrink its
sweep (for tests and quick notebook runs).

Every function takes an :class:`nsp.joint.Joint` in which every value of S and of X has
positive mass (a value of zero probability is not in the alphabet: drop it first).

Sweeps of deterministic methods keep one mechanism per distinct release (the first parameter
value that gives it); a release is identified by its partition of X.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Literal, cast

import numpy as np
from numpy.typing import NDArray

from nsp._algorithms import ALIASES, PathAlgorithm, check_algorithm
from nsp._resampling import Mechanism
from nsp._validation import Base, as_sequence, check_bool, check_choice, check_int, check_real
from nsp.clustering.baselines import generalize_to_k_anonymity
from nsp.clustering.funnel import (
    Algorithm,
    greedy_max_leakage,
    greedy_privacy_funnel,
    greedy_ratio_funnel,
    greedy_sweep,
)
from nsp.clustering.nonstochastic import (
    merge_across_components,
    merge_by_leakage,
    merge_path,
    merge_until_connected,
)
from nsp.info import entropy
from nsp.joint import Joint
from nsp.noiseless import LinearQuantizer, local_levels
from nsp.pareto import default_lambdas, lambda_windows
from nsp.privacy_channels import ProductUniverse, exponential_mechanism_channel, kary_rr_channel
from nsp.ratedistortion import hamming_distortion, max_equivocation

__all__ = [
    "FAMILIES",
    "METHODS",
    "agglomerative_sweep",
    "all_methods",
    "equivocation_sweep",
    "funnel_sweep",
    "k_anonymity_sweep",
    "local_dp_sweep",
    "noiseless_sweep",
]


class _DisplayNames(Mapping[str, str]):
    """Display names by method key; a lookup also takes the aliases of :mod:`nsp._algorithms`.

    The keys (iteration, ``keys()``, ``in``) are the descriptive names only. An alias is looked
    up as Ding & Farokhi's first (``"algorithm1"`` is their Algorithm 1, as in
    :func:`agglomerative_sweep`), then as the privacy funnel's (``"alg1"``, ``"ratio"``), then
    as k-anonymity's (``"k_merge_low"``).
    """

    def __init__(self, names: Mapping[str, str]) -> None:
        self._names = dict(names)

    def __getitem__(self, key: str) -> str:
        if key in self._names:
            return self._names[key]
        for family in ("nonstochastic", "funnel", "k_anonymity"):
            if key in ALIASES[family]:
                return self._names[ALIASES[family][key]]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return repr(self._names)


#: The display name of every method, by its key: the merge algorithms by their function's
#: name (:mod:`nsp._algorithms`; an alias such as ``"alg1"`` is looked up too), the other
#: methods by a key of their own.
METHODS: Mapping[str, str] = _DisplayNames(
    {
        "merge_by_leakage": "Algorithm 1 (Ding & Farokhi)",
        "merge_across_components": "Algorithm 2 (Ding & Farokhi)",
        "merge_until_connected": "§V-C variant (Ding & Farokhi)",
        "greedy_privacy_funnel": "Algorithm 1 (privacy funnel)",
        "greedy_max_leakage": "Algorithm 2′ (privacy funnel)",
        "greedy_ratio_funnel": "ratio greedy (privacy funnel)",
        "noiseless": "linear quantizer (Farokhi)",
        "equivocation": "Γ(D)-optimal sanitizer (Sankar et al.)",
        "kary_rr": "k-ary randomized response (local DP)",
        "exponential": "exponential mechanism (local DP)",
        "generalize_to_k_anonymity_merge_low": "k-anonymity, merge low",
        "generalize_to_k_anonymity_interval": "k-anonymity, intervals",
    }
)

#: The method keys of every family, in the order :func:`all_methods` runs them.
FAMILIES: dict[str, tuple[str, ...]] = {
    "agglomerative": ("merge_by_leakage", "merge_across_components", "merge_until_connected"),
    "funnel": ("greedy_privacy_funnel", "greedy_max_leakage", "greedy_ratio_funnel"),
    "noiseless": ("noiseless",),
    "equivocation": ("equivocation",),
    "local_dp": ("kary_rr", "exponential"),
    "k_anonymity": ("generalize_to_k_anonymity_merge_low", "generalize_to_k_anonymity_interval"),
}


def _check_joint(joint: object) -> Joint:
    if not isinstance(joint, Joint):
        raise ValueError(f"joint must be an nsp.joint.Joint; got {type(joint).__name__}")
    for axis, what in ((1, "row (value of S)"), (0, "column (value of X)")):
        empty = np.flatnonzero(joint.p_sx.sum(axis=axis) <= 0)
        if empty.size:
            raise ValueError(
                f"joint.p_sx has a {what} of zero mass at index {int(empty[0])}; drop it"
            )
    return joint


#: The family of :mod:`nsp._algorithms` whose aliases a family of methods takes.
_ALIASED: dict[str, Literal["nonstochastic", "funnel", "k_anonymity"]] = {
    "agglomerative": "nonstochastic",
    "funnel": "funnel",
    "k_anonymity": "k_anonymity",
}


def _check_keys(name: str, keys: Iterable[str], family: str) -> tuple[str, ...]:
    if family in _ALIASED:  # a merge algorithm: its function's name, or an alias of it
        out = tuple(
            check_algorithm(k, _ALIASED[family], FAMILIES[family], name=name)
            for k in as_sequence(name, keys)
        )
    else:
        out = tuple(check_choice(name, k, FAMILIES[family]) for k in as_sequence(name, keys))
    if not out:
        raise ValueError(f"{name} must name at least one of {FAMILIES[family]}")
    return out


def _distinct(mechanisms: Iterable[Mechanism]) -> list[Mechanism]:
    """Keep the first mechanism of every distinct deterministic release (by its labels)."""
    seen: set[bytes] = set()
    out = []
    for m in mechanisms:
        key = m.labels.tobytes() if m.deterministic else m.channel.tobytes()
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


# The releases as procedures: each builder runs one method at one parameter value on a joint
# and returns its release with ``fit`` set to itself (a picklable partial), so that
# nsp.estimate can refit the release on a resample or on part of the records.


def _agglomerative_release(
    joint: Joint, *, key: str, lam: float, utility: Literal["U1", "U2"], base: Base
) -> Mechanism:
    """Ding & Farokhi's Algorithm 1, 2 or §V-C at ``λ = lam`` on the support of ``joint``."""
    key = check_algorithm(key, "nonstochastic", name="key")  # the one resolver of aliases
    run = {
        "merge_by_leakage": merge_by_leakage,
        "merge_across_components": merge_across_components,
        "merge_until_connected": merge_until_connected,
    }[key]
    u: Literal["U1", "U2"] = utility if joint.ordered else "U1"
    part = run(joint.support, lam, utility=u, values=joint.x_values, base=base).partition
    fit = partial(_agglomerative_release, key=key, lam=lam, utility=utility, base=base)
    return Mechanism.from_partition(part, method=METHODS[key], parameter="λ", value=lam, fit=fit)


def _funnel_release(joint: Joint, *, key: str, r: float, base: Base) -> Mechanism:
    """Run the privacy funnel's Algorithm 1, 2′ or ratio greedy at disclosure budget ``r``.

    A joint with ``H(X) < r`` (a resample) admits no merge: the release is ``Y = X``, as at
    ``r = H(X)``.
    """
    key = check_algorithm(key, "funnel", name="key")  # the one resolver of aliases
    algo = {
        "greedy_privacy_funnel": greedy_privacy_funnel,
        "greedy_max_leakage": greedy_max_leakage,
        "greedy_ratio_funnel": greedy_ratio_funnel,
    }[key]
    fit = partial(_funnel_release, key=key, r=r, base=base)
    r_max = entropy(joint.p_sx.sum(axis=0), base=base)
    return Mechanism.from_partition(
        algo(joint.p_sx, min(r, r_max), base=base).partition,
        method=METHODS[key],
        parameter="R",
        value=r,
        fit=fit,
    )


def _equivocation_release(
    joint: Joint, *, budget: float, tol: float, max_iter: int, base: Base
) -> Mechanism:
    """Solve the Γ(D)-optimal sanitizer at distortion budget ``budget`` on ``joint``."""
    res = max_equivocation(
        joint.p_sx.T, _distortion(joint), budget, tol=tol, max_iter=max_iter, base=base
    )
    fit = partial(_equivocation_release, budget=budget, tol=tol, max_iter=max_iter, base=base)
    return Mechanism(
        res.channel,
        method=METHODS["equivocation"],
        parameter="D",
        value=budget,
        codewords=joint.x_values,
        fit=fit,
    )


def _k_anonymity_release(joint: Joint, *, key: str, k: int) -> Mechanism:
    """k-anonymity generalization of the support of ``joint`` (``k`` capped at ``|S|``).

    A joint with fewer than ``k`` values of S (a resample that lost some) can only be made
    ``|S|``-anonymous: the cap keeps the refit defined there.
    """
    how: Literal["merge_low", "interval"] = (
        "merge_low" if key == "generalize_to_k_anonymity_merge_low" else "interval"
    )
    part = generalize_to_k_anonymity(
        joint.support, min(k, joint.n_s), values=joint.x_values, method=how
    )
    fit = partial(_k_anonymity_release, key=key, k=k)
    return Mechanism.from_partition(
        part, method=METHODS[key], parameter="k", value=float(k), fit=fit
    )


def agglomerative_sweep(
    joint: Joint,
    *,
    algorithms: Sequence[str] = FAMILIES["agglomerative"],
    utility: Literal["U1", "U2"] | None = None,
    n_lambdas: int = 25,
    quick: bool = False,
    base: Base = 2,
) -> list[Mechanism]:
    """Run Ding & Farokhi's Algorithms 1, 2 and the §V-C variant over λ on the joint range.

    The joint range is the support of ``p(s, x)``. Algorithms 1 and 2 are read off their
    λ-independent merge path (:func:`nsp.clustering.nonstochastic.merge_path`): one mechanism
    per partition some λ returns, with ``value`` the smallest such λ
    (:func:`nsp.pareto.lambda_windows`). The §V-C variant
    (:func:`~nsp.clustering.nonstochastic.merge_until_connected`), whose path depends on λ,
    is run on ``n_lambdas`` values of :func:`nsp.pareto.default_lambdas`.

    Parameters
    ----------
    joint : Joint
        The joint.
    algorithms : sequence of {"merge_by_leakage", "merge_across_components", \
"merge_until_connected"}
        Which algorithms, by their function's name (the paper's numbers ``"algorithm1"`` and
        ``"algorithm2"`` are aliases, :mod:`nsp._algorithms`).
    utility : {"U1", "U2"}, optional
        The utility the algorithms trade against; default U2 (largest distance of a value
        from its cluster's centroid) when X is ordered, else U1 (worst-case resolution).
    n_lambdas : int
        λ values of the §V-C sweep (``>= 2``; 6 with ``quick``).
    quick : bool
        Shrink the sweep.
    base : float or {"e", "nats", "bits"}
        Logarithm base of L0, I* and U1.

    Returns
    -------
    list of Mechanism
        Deterministic; ``parameter="λ"``; in order of the algorithms, then of the path.

    Raises
    ------
    ValueError
        If an argument is invalid, or U2 is asked for on an unordered X.

    See Also
    --------
    nsp.clustering.nonstochastic.algorithm1 : One run of Algorithm 1.
    all_methods : Every family.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithms 1 and 2,
       §V-C.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> j = Joint([[0.2, 0.2, 0.0, 0.1], [0.0, 0.1, 0.2, 0.2]], name="toy")
    >>> [(m.method[:11], m.value, m.labels.tolist())
    ...  for m in agglomerative_sweep(j, algorithms=["merge_by_leakage"])]
    [('Algorithm 1', 1.0, [0, 1, 2, 3]), ('Algorithm 1', 0.0, [0, 0, 1, 1])]
    """
    j = _check_joint(joint)
    keys = _check_keys("algorithms", algorithms, "agglomerative")
    quick = check_bool("quick", quick)
    n_lambdas = check_int("n_lambdas", n_lambdas, low=2)
    n_lam = 6 if quick else n_lambdas
    u: Literal["U1", "U2"] = ("U2" if j.ordered else "U1") if utility is None else utility
    check_choice("utility", u, ("U1", "U2"))
    if u == "U2" and not j.ordered:
        raise ValueError("utility='U2' needs an ordered X (joint.x_values); use 'U1'")
    out: list[Mechanism] = []
    for key in keys:
        name = METHODS[key]
        if key in ("merge_by_leakage", "merge_across_components"):
            alg: PathAlgorithm = (
                "merge_by_leakage" if key == "merge_by_leakage" else "merge_across_components"
            )
            path = merge_path(j.support, algorithm=alg, utility=u, values=j.x_values, base=base)
            windows = lambda_windows(path)
            for t, low in zip(windows.t, windows.lam_low, strict=True):
                if windows.reachable[t]:
                    fit = partial(
                        _agglomerative_release, key=key, lam=float(low), utility=u, base=base
                    )
                    out.append(
                        Mechanism.from_partition(
                            path.steps[t].partition,
                            method=name,
                            parameter="λ",
                            value=float(low),
                            fit=fit,
                        )
                    )
        else:
            lams = default_lambdas(num=n_lam)[:n_lam]
            runs = [
                _agglomerative_release(j, key=key, lam=float(lam), utility=u, base=base)
                for lam in lams
            ]
            out.extend(_distinct(runs))
    return out


def funnel_sweep(
    joint: Joint,
    *,
    algorithms: Sequence[str] = FAMILIES["funnel"],
    n_budgets: int = 41,
    quick: bool = False,
    base: Base = 2,
) -> list[Mechanism]:
    """Run the privacy funnel's greedy algorithms over the disclosure budget R.

    Algorithm 1 (:func:`~nsp.clustering.funnel.greedy_privacy_funnel`: least I(S;Y) with
    I(X;Y) ≥ R), Algorithm 2′ (:func:`~nsp.clustering.funnel.greedy_max_leakage`, the
    paper's Note 1: a local maximum of I(S;Y) with I(X;Y) ≥ R, the curve the funnel is
    compared with) and the ratio greedy (:func:`~nsp.clustering.funnel.greedy_ratio_funnel`,
    not in the paper), each at ``n_budgets`` values of R evenly spaced in ``[0, H(X)]``.

    Parameters
    ----------
    joint : Joint
        The joint.
    algorithms : sequence of {"greedy_privacy_funnel", "greedy_max_leakage", \
"greedy_ratio_funnel"}
        Which algorithms, by their function's name (aliases: the paper's numbers
        ``"algorithm1"``, ``"algorithm2_prime"`` and the short keys ``"alg1"``, ``"alg2prime"``,
        ``"ratio"``, :mod:`nsp._algorithms`).
    n_budgets : int
        Values of R (``>= 2``; 6 with ``quick``).
    quick : bool
        Shrink the sweep.
    base : float or {"e", "nats", "bits"}
        Logarithm base of R.

    Returns
    -------
    list of Mechanism
        Deterministic; ``parameter="R"``; one per distinct partition.

    See Also
    --------
    nsp.clustering.funnel.greedy_privacy_funnel : One run of Algorithm 1.
    all_methods : Every family.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Algorithms 1 and 2, Note 1.

    Examples
    --------
    The worked example E1 (S is the parity of a uniform X): perfect privacy at one bit.

    >>> from nsp.joint import Joint
    >>> j = Joint([[.25, 0, .25, 0], [0, .25, 0, .25]], name="E1")
    >>> sweep = funnel_sweep(j, algorithms=["greedy_privacy_funnel"], n_budgets=3)
    >>> [(m.value, m.labels.tolist()) for m in sweep]
    [(0.0, [0, 0, 0, 0]), (1.0, [0, 0, 1, 1]), (2.0, [0, 1, 2, 3])]
    >>> [m.labels.tolist() for m in funnel_sweep(j, algorithms=["alg1"], n_budgets=3)][1]
    [0, 0, 1, 1]
    """
    j = _check_joint(joint)
    keys = _check_keys("algorithms", algorithms, "funnel")
    quick = check_bool("quick", quick)
    n_budgets = check_int("n_budgets", n_budgets, low=2)
    n = 6 if quick else n_budgets
    h_x = entropy(j.p_sx.sum(axis=0), base=base)
    budgets = [float(r) for r in np.linspace(0.0, h_x, n)]
    out: list[Mechanism] = []
    for key in keys:
        # the budgets at once (the runs share their common merges): the partitions of
        # _funnel_release at each budget, which stays the releases' fit
        algorithm = cast(Algorithm, key)
        runs = greedy_sweep(j.p_sx, [min(r, h_x) for r in budgets], algorithm=algorithm, base=base)
        sweep = [
            Mechanism.from_partition(
                res.partition,
                method=METHODS[key],
                parameter="R",
                value=r,
                fit=partial(_funnel_release, key=key, r=r, base=base),
            )
            for r, res in zip(budgets, runs, strict=True)
        ]
        out.extend(_distinct(sweep))
    return out


def _quantizer_labels(x_values: NDArray[np.float64], q: int) -> NDArray[np.intp]:
    """Bins of the ``q``-level linear quantizer of ``[min x, max x]``, renumbered 0..n_y−1."""
    quant = LinearQuantizer(float(x_values[0]), float(x_values[-1]), q)
    _, labels = np.unique(quant.index(x_values), return_inverse=True)
    return labels.astype(np.intp)


def noiseless_sweep(
    joint: Joint, *, epsilons: Sequence[float] | None = None, quick: bool = False
) -> list[Mechanism]:
    """Sweep Farokhi's linear quantizer of X over local noiseless budgets ε (bits).

    At budget ε each individual may produce at most ``2**ε`` outputs (Definition 2), so the
    quantizer of ``[min x, max x]`` has ``q = ⌊2**ε⌋`` levels (:func:`nsp.noiseless.local_levels`,
    :class:`nsp.noiseless.LinearQuantizer`); its realized budget is ``log2`` of the number of
    bins some x falls in. Needs an ordered X: returns ``[]`` otherwise.

    Parameters
    ----------
    joint : Joint
        The joint.
    epsilons : sequence of float, optional
        Budgets in bits (finite, ``>= 0``). Default ``log2 q`` for q = 1, 2, 3, 4, 6, 8, 12,
        … up to ``|X|`` (about 4 per doubling; q = 1, 2, 4, 8, … with ``quick``).
    quick : bool
        Shrink the default sweep.

    Returns
    -------
    list of Mechanism
        Deterministic; ``parameter="ε [bits]"``; one per distinct quantization.

    See Also
    --------
    nsp.noiseless.local_levels : The levels of a local quantizer.
    local_dp_sweep : The differentially private counterpart.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 2 and Theorem 8.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> j = Joint([[.2, .1, .1, .1], [.1, .1, .1, .2]], name="toy",
    ...                x_values=[0.0, 1.0, 2.0, 3.0])
    >>> [(m.value, m.labels.tolist()) for m in noiseless_sweep(j, epsilons=[0, 1, 2])]
    [(0.0, [0, 0, 0, 0]), (1.0, [0, 0, 1, 1]), (2.0, [0, 1, 2, 3])]
    """
    j = _check_joint(joint)
    quick = check_bool("quick", quick)
    if j.x_values is None:
        return []
    if epsilons is None:
        per = 1 if quick else 4
        qs = np.unique(np.round(2.0 ** (np.arange(0, per * math.log2(j.n_x) + 1) / per)))
        eps = [math.log2(q) for q in qs]
    else:
        eps = [check_real("epsilons", e, low=0.0) for e in epsilons]
    sweep = [
        Mechanism.from_labels(
            _quantizer_labels(j.x_values, local_levels(e)),
            method=METHODS["noiseless"],
            parameter="ε [bits]",
            value=float(e),
        )
        for e in eps
    ]
    return _distinct(sweep)


def _distortion(joint: Joint) -> NDArray[np.float64]:
    """Squared error on the values of an ordered X, else Hamming (X̂ on the alphabet of X)."""
    if joint.x_values is None:
        return hamming_distortion(joint.n_x)
    v = joint.x_values
    return np.asarray((v[:, None] - v[None, :]) ** 2, dtype=np.float64)


def equivocation_sweep(
    joint: Joint,
    *,
    budgets: Sequence[float] | None = None,
    n_budgets: int = 7,
    tol: float = 1e-4,
    max_iter: int = 2000,
    quick: bool = False,
    base: Base = 2,
) -> list[Mechanism]:
    """Sankar et al.'s Γ(D)-optimal sanitizer: the encoder maximizing H(S|X̂) at E d ≤ D.

    Solved by :func:`nsp.ratedistortion.max_equivocation` with the encoder seeing X only
    (the Markov case, Remark 3), X̂ on the alphabet of X and ``d`` the squared error of the
    values of an ordered X, else the Hamming distortion. The encoder is the channel;
    ``codewords`` are the values of X (reconstructions) when X is ordered.

    Parameters
    ----------
    joint : Joint
        The joint.
    budgets : sequence of float, optional
        Distortion budgets D (each ``>= 0``). Default: ``n_budgets`` values halving from
        ``D_max = min_x̂ E d(X, x̂)`` (the budget of a constant release): ``D_max / 2**k`` for
        ``k = n_budgets − 1, …, 1, 0`` (the other methods' releases crowd at small distortion).
    n_budgets : int
        Default number of budgets (``>= 1``; 2 with ``quick``).
    tol, max_iter
        Certified accuracy of Γ and iteration cap (:func:`~nsp.ratedistortion.max_equivocation`).
    quick : bool
        Shrink the default sweep.
    base : float or {"e", "nats", "bits"}
        Logarithm base.

    Returns
    -------
    list of Mechanism
        ``parameter="D"``, in increasing D.

    See Also
    --------
    nsp.ratedistortion.max_equivocation : The optimal encoder at one distortion.
    all_methods : Every family.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Prop. 2,
       Remarks 3 and 4.

    Examples
    --------
    Remark 4's instance: X = (A, B) uniform on {0, 1}², S = A, Hamming distortion; the
    optimal sanitizer at D = 1/4 leaks I(S; X̂) = 1 − h(1/4) bits:

    >>> from nsp.notions import evaluate
    >>> from nsp.joint import Joint
    >>> j = Joint([[.25, .25, 0, 0], [0, 0, .25, .25]], name="remark4")
    >>> (m,) = equivocation_sweep(j, budgets=[0.25], tol=1e-8)
    >>> m.value, round(evaluate(m, j.p_sx)["mutual_information"], 6)
    (0.25, 0.188722)
    """
    j = _check_joint(joint)
    quick = check_bool("quick", quick)
    n_budgets = check_int("n_budgets", n_budgets, low=1)
    tol = check_real("tol", tol, low=0.0, closed="neither")
    max_iter = check_int("max_iter", max_iter, low=1)
    d = _distortion(j)
    if budgets is None:
        n = 2 if quick else n_budgets
        d_max = float((j.p_sx.sum(axis=0) @ d).min())
        ds = [d_max * 2.0 ** (i - n + 1) for i in range(n)]
    else:
        ds = [check_real("budgets", b, low=0.0) for b in budgets]
    return [
        _equivocation_release(j, budget=float(D), tol=tol, max_iter=max_iter, base=base) for D in ds
    ]


def _kary_flip(eps: float, k: int) -> float:
    """Return the probability of not reporting x: k-ary randomized response is then ε-LDP."""
    return (k - 1) / (math.exp(eps) + k - 1)


def local_dp_sweep(
    joint: Joint,
    *,
    mechanisms: Sequence[str] = FAMILIES["local_dp"],
    epsilons: Sequence[float] | None = None,
    quick: bool = False,
) -> list[Mechanism]:
    """Sweep k-ary randomized response and the exponential mechanism on X (local-DP channels).

    Each individual's X is released through a channel of one record
    (:class:`nsp.privacy_channels.ProductUniverse` of one individual):

    * ``"kary_rr"``: :func:`nsp.privacy_channels.kary_rr_channel` keeping x with probability
      ``e^ε / (e^ε + k − 1)`` (``k = |X|``), exactly ε-LDP (binary randomized response is the case
      k = 2);
    * ``"exponential"``: :func:`nsp.privacy_channels.exponential_mechanism_channel` with
      utility ``−|y − x|`` on the values of an ordered X (skipped on an unordered X), with
      the sensitivity ``max x − min x``: ε-LDP (the scores give at most ``e^{ε/2}`` between
      two rows, the normalizers at most another ``e^{ε/2}``); measured, it is between ε/2
      and ε.

    Parameters
    ----------
    joint : Joint
        The joint.
    mechanisms : sequence of {"kary_rr", "exponential"}
        Which mechanisms.
    epsilons : sequence of float, optional
        DP budgets in **nats** (finite, ``> 0``). Default 25 values log-spaced in
        ``[0.05, 20]`` (6 with ``quick``).
    quick : bool
        Shrink the default sweep.

    Returns
    -------
    list of Mechanism
        Stochastic; ``parameter="ε [nats]"``.

    See Also
    --------
    nsp.privacy_channels.kary_rr_channel : The k-ary randomized response channel.
    noiseless_sweep : The noiseless counterpart.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> j = Joint([[.3, .2, 0], [.1, .2, .2]], name="toy", x_values=[0, 1, 2])
    >>> rr, em = local_dp_sweep(j, epsilons=[math.log(2)])
    >>> rr.channel[0].round(4).tolist(), em.channel[0].round(4).tolist()
    ([0.5, 0.25, 0.25], [0.3925, 0.33, 0.2775])
    """
    j = _check_joint(joint)
    keys = _check_keys("mechanisms", mechanisms, "local_dp")
    quick = check_bool("quick", quick)
    if epsilons is None:
        eps = np.geomspace(0.05, 20.0, 6 if quick else 25).tolist()
    else:
        eps = [check_real("epsilons", e, low=0.0, closed="neither") for e in epsilons]
    k = j.n_x
    one = ProductUniverse([tuple(range(k))])
    out: list[Mechanism] = []
    for key in keys:
        if key == "exponential" and j.x_values is None:
            continue
        for e in eps:
            if key == "kary_rr":
                w = kary_rr_channel(one, lambda a: a, p=_kary_flip(e, k)).array
            else:
                vals = tuple(float(v) for v in j.x_values)  # type: ignore[union-attr]
                w = exponential_mechanism_channel(
                    ProductUniverse([vals]), lambda a: a, eps=e, outputs=vals
                ).array
            out.append(Mechanism(w, method=METHODS[key], parameter="ε [nats]", value=float(e)))
    return out


def k_anonymity_sweep(
    joint: Joint,
    *,
    methods: Sequence[str] = FAMILIES["k_anonymity"],
    ks: Sequence[int] | None = None,
    quick: bool = False,
) -> list[Mechanism]:
    """Generalize X to k-anonymity (every release consistent with ≥ k values of S), over k.

    :func:`nsp.clustering.baselines.generalize_to_k_anonymity` on the joint range, with
    ``"merge_low"`` (one new value for every x with fewer than k values of S) and
    ``"interval"`` (bins of consecutive values; ordered X only, skipped otherwise).

    Parameters
    ----------
    joint : Joint
        The joint.
    methods : sequence of str
        Which generalizations: ``"generalize_to_k_anonymity_merge_low"``,
        ``"generalize_to_k_anonymity_interval"`` (or their aliases ``"k_merge_low"``,
        ``"k_interval"``).
    ks : sequence of int, optional
        Values of k in ``[1, |S|]``; default all (about 8 with ``quick``).
    quick : bool
        Shrink the default sweep.

    Returns
    -------
    list of Mechanism
        Deterministic; ``parameter="k"``; one per distinct generalization.

    See Also
    --------
    nsp.clustering.baselines.generalize_to_k_anonymity : One release.
    all_methods : Every family.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> j = Joint([[.2, .1, 0, 0], [0, .1, .2, 0], [0, 0, .2, .2]], name="toy",
    ...                x_values=[1, 2, 3, 4])
    >>> [(m.method[-9:], m.value, m.labels.tolist()) for m in k_anonymity_sweep(j, ks=[2, 3])]
    [('merge low', 2.0, [0, 1, 2, 0]), ('merge low', 3.0, [0, 0, 0, 0]), \
('intervals', 2.0, [0, 0, 1, 1]), ('intervals', 3.0, [0, 0, 0, 0])]
    """
    j = _check_joint(joint)
    keys = _check_keys("methods", methods, "k_anonymity")
    quick = check_bool("quick", quick)
    if ks is None:
        kk = list(range(1, j.n_s + 1))
        if quick and len(kk) > 8:
            kk = sorted({int(round(v)) for v in np.linspace(1, j.n_s, 8)})
    else:
        kk = [check_int("ks", k, low=1, high=j.n_s) for k in ks]
    out: list[Mechanism] = []
    for key in keys:
        how: Literal["merge_low", "interval"] = (
            "merge_low" if key == "generalize_to_k_anonymity_merge_low" else "interval"
        )
        if how == "interval" and j.x_values is None:
            continue
        out.extend(_distinct(_k_anonymity_release(j, key=key, k=k) for k in kk))
    return out


def all_methods(
    joint: Joint,
    *,
    families: Sequence[str] = tuple(FAMILIES),
    quick: bool = False,
    base: Base = 2,
) -> list[Mechanism]:
    """Run every method family on ``joint`` with its default sweep.

    Parameters
    ----------
    joint : Joint
        The joint.
    families : sequence of str
        Keys of :data:`FAMILIES` to run (default all, in that order).
    quick : bool
        Shrink every sweep (for tests).
    base : float or {"e", "nats", "bits"}
        Logarithm base of the methods' own parameters (λ, R, D).

    Returns
    -------
    list of Mechanism
        Every mechanism, family by family.

    See Also
    --------
    evaluate_methods : Measure them.
    agglomerative_sweep : One family.
    funnel_sweep : One family.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> j = Joint([[.3, .2, 0], [.1, .2, .2]], name="toy")
    >>> sorted({m.method for m in all_methods(j, quick=True)})[:3]
    ['Algorithm 1 (Ding & Farokhi)', 'Algorithm 1 (privacy funnel)', 'Algorithm 2 (Ding & Farokhi)']
    """
    j = _check_joint(joint)
    fams = [check_choice("families", f, tuple(FAMILIES)) for f in families]
    quick = check_bool("quick", quick)
    out: list[Mechanism] = []
    for f in fams:
        if f == "agglomerative":
            out += agglomerative_sweep(j, quick=quick, base=base)
        elif f == "funnel":
            out += funnel_sweep(j, quick=quick, base=base)
        elif f == "noiseless":
            out += noiseless_sweep(j, quick=quick)
        elif f == "equivocation":
            out += equivocation_sweep(j, quick=quick, base=base)
        elif f == "local_dp":
            out += local_dp_sweep(j, quick=quick)
        else:
            out += k_anonymity_sweep(j, quick=quick)
    return out
