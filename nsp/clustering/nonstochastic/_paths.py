"""The λ-independent merge path of Algorithms 1 and 2, from which every λ's run follows."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._algorithms import PathAlgorithm, check_algorithm
from nsp._resources import progress
from nsp._validation import Base
from nsp.clustering.nonstochastic._components import _alg2_steps
from nsp.clustering.nonstochastic._leakage import _alg1_steps
from nsp.clustering.nonstochastic._results import (
    ClusteringResult,
    _check_lam,
    _delta,
    _run_from_steps,
    _Step,
)
from nsp.clustering.nonstochastic._state import _prepare
from nsp.clustering.nonstochastic._utilities import TOL, Codeword, Distance, Utility
from nsp.partition import Partition

__all__ = ["MergePath", "merge_path"]

_PATH_ALGORITHMS = ("merge_by_leakage", "merge_across_components")


@dataclass(frozen=True)
class MergePath:
    """The λ-independent merge path of Algorithm 1 or 2, from which every λ's run follows.

    Attributes
    ----------
    algorithm : str
        ``"merge_by_leakage"`` (Algorithm 1) or ``"merge_across_components"`` (Algorithm 2).
    steps : tuple
        The partitions ``Q^(0), Q^(1), …`` with their leakage and utility.
    end_reason : str
        Why the path ends: ``"single_cluster"``, ``"connected"``, or ``"no_candidates"``
        (Algorithm 1 when every cluster has the same S-range: the last step repeats the
        partition, so ``ΔL = 0`` rejects it for every λ).
    """

    algorithm: str
    steps: tuple[_Step, ...]
    end_reason: str

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def partitions(self) -> list[Partition]:
        """The partitions along the path."""
        return [s.partition for s in self.steps]

    @property
    def leakage(self) -> NDArray[np.float64]:
        """Leakage of every partition on the path."""
        return np.array([s.leakage for s in self.steps])

    @property
    def utility(self) -> NDArray[np.float64]:
        """Utility of every partition on the path."""
        return np.array([s.utility for s in self.steps])

    def result(self, lam: float) -> ClusteringResult:
        """Return the run of the algorithm for ``lam``, read off the path (as a direct run).

        Parameters
        ----------
        lam : float
            λ ≥ 0 (finite).

        Returns
        -------
        ClusteringResult
            Identical to running the algorithm with ``lam``.
        """
        lam = _check_lam(lam)
        return _run_from_steps(iter(self.steps), lam, self.algorithm)

    def stop_index(self, lam: float) -> int:
        """Return the index on the path of the partition returned for ``lam``.

        Parameters
        ----------
        lam : float
            λ ≥ 0 (finite).

        Returns
        -------
        int
            ``t`` such that ``partitions[t]`` is the run's result.
        """
        lam = _check_lam(lam)
        for t in range(1, len(self.steps)):
            if _delta(self.steps[t - 1], self.steps[t], lam) >= -TOL:
                return t - 1
        return len(self.steps) - 1

    def thresholds(self) -> NDArray[np.float64]:
        """Return ``c[t]``: step ``t`` is accepted iff ``λ < c[t]`` (``c[0] = +inf``).

        ``a_t`` is the leakage drop and ``b_t`` the utility drop of step ``t``; the step is
        accepted iff ``λ b_t < a_t`` (up to the stopping tolerance), so ``c_t = a_t / b_t``
        (``b_t > 0``), ``+inf`` (``b_t ≤ 0 < a_t``) or ``0`` — never accepted — when
        ``a_t ≤ TOL``, and for the repeated last step of a path ending ``"no_candidates"``.

        Returns
        -------
        numpy.ndarray
            One threshold per partition of the path.
        """
        p, u = self.leakage, self.utility
        c = np.empty(len(p))
        c[0] = np.inf
        for t in range(1, len(p)):
            a, b = p[t - 1] - p[t], u[t - 1] - u[t]
            # on the paths of Algorithms 1 and 2 every real step has a > 0 (B0 rises, |P| falls)
            c[t] = (a / b if b > 0 else np.inf) if a > TOL else 0.0
        if self.end_reason == "no_candidates":
            c[-1] = 0.0
        return c

    def breakpoints(self) -> NDArray[np.float64]:
        """Return the λ values ``a_t / b_t`` at which a step turns from accepted to rejected.

        These are the finite, positive :meth:`thresholds`, sorted and unique.

        Returns
        -------
        numpy.ndarray
            The breakpoints, increasing.
        """
        c = self.thresholds()[1:]
        return np.unique(c[np.isfinite(c) & (c > 0)])


def merge_path(
    r: ArrayLike,
    *,
    algorithm: PathAlgorithm = "merge_by_leakage",
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> MergePath:
    """Compute the whole λ-independent merge path of Algorithm 1 or 2 (to its last merge).

    ``merge_path(r, ...).result(lam)`` equals ``merge_by_leakage(r, lam, ...)`` (or
    ``merge_across_components``) for every λ, so a λ sweep costs one run.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x) or (n_s, n_x, n_a)
        The joint range ``mask[s, x]``; every row and column must hold a True, or a
        three-way range ``mask[s, x, a]`` with side information ``A``.
    algorithm : {"merge_by_leakage", "merge_across_components"}
        Algorithm 1 (:func:`merge_by_leakage`) or 2 (:func:`merge_across_components`); the
        paper's numbers ``"algorithm1"`` and ``"algorithm2"`` are aliases.
    utility : {"U1", "U2"}
        ``U1 = I0(X → X̂)`` or ``U2 = −max distortion`` (centroid codewords).
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance for U2.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    base : float or str
        Logarithm base of the privacy measure and of U1.

    Returns
    -------
    MergePath
        The partitions ``Q^(0), Q^(1), …`` with their leakage and utility.

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithms 1 and 2.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> path = merge_path(mask)
    >>> len(path), [round(float(b), 4) for b in path.breakpoints()]
    (4, [0.6309, 1.2386, 1.4094])
    >>> path.result(0.7).iterations, path.result(0.3).iterations
    (0, 3)
    """
    alg = check_algorithm(algorithm, "nonstochastic", _PATH_ALGORITHMS)
    pair_table = alg == "merge_across_components"
    mask, vals, b = _prepare(
        r, utility, values, distance, base, pair_table=pair_table, codeword=codeword
    )
    desc = f"{alg} merge path"
    if alg == "merge_by_leakage":
        end: list[str] = []
        gen = _alg1_steps(mask, utility, vals, distance, b, end, codeword)
        steps = tuple(progress(gen, desc=desc, unit="merge"))
        return MergePath("merge_by_leakage", steps, end[0])
    gen = _alg2_steps(mask, utility, vals, distance, b, codeword)
    steps = tuple(progress(gen, desc=desc, unit="merge"))
    return MergePath("merge_across_components", steps, "connected")
