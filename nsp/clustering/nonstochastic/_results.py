"""Results of an agglomerative run: iterations, the run's outcome, the common stopping rule."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from nsp._resources import progress
from nsp._validation import check_real
from nsp.clustering.nonstochastic._utilities import TOL
from nsp.partition import Partition

__all__ = ["ClusteringResult", "Iteration"]


class Iteration:
    """One iteration of an agglomerative run.

    Its quantization :attr:`partition` and decomposition :attr:`decomposition` are properties,
    built on first use.

    Parameters
    ----------
    t : int
        Iteration index, as :attr:`t`.
    step : object
        The run's record of the iteration, from which :attr:`partition` and
        :attr:`decomposition` are built on first use (runs make it; it is not built by hand).
    leakage, utility, lagrangian, delta, merges
        As the attributes of the same names.

    Attributes
    ----------
    t : int
        Iteration index (0 = singletons).
    leakage : float
        ``L0(S → X̂)`` (Algorithm 1, §V-C) or ``I*(S; X̂)`` (Algorithm 2), in units of ``base``.
    utility : float
        ``U1`` or ``U2`` of ``Q^(t)``.
    lagrangian : float
        ``leakage − λ·utility`` (the paper's ``𝓛`` for Algorithm 2; for Algorithm 1 the paper's
        ``𝓛 = −B0 − λU`` is this minus ``H0(S)``).
    delta : float or None
        ``ΔL = 𝓛(Q^(t)) − 𝓛(Q^(t−1))`` (None at t = 0). For §V-C it is eq. (12).
    merges : tuple of (tuple, tuple)
        The merged pairs of clusters (original indices), in order.
    """

    __slots__ = ("t", "leakage", "utility", "lagrangian", "delta", "merges", "_step")

    def __init__(
        self,
        t: int,
        step: _Step,
        leakage: float,
        utility: float,
        lagrangian: float,
        delta: float | None,
        merges: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = (),
    ) -> None:
        # the partitions are built from the step's label arrays on first use (a long run
        # would otherwise spend most of its time building Partitions nobody reads)
        self.t = t
        self._step = step
        self.leakage = leakage
        self.utility = utility
        self.lagrangian = lagrangian
        self.delta = delta
        self.merges = merges

    @property
    def partition(self) -> Partition:
        """The quantization ``Q^(t)`` of ``[[X]]``."""
        return self._step.partition

    @property
    def decomposition(self) -> Partition | None:
        """The finest decomposition ``P^(t)`` of ``G_X̂`` over ``[[X]]`` (Algorithm 2), or None."""
        return self._step.decomposition

    def __repr__(self) -> str:
        return (
            f"Iteration(t={self.t}, partition={self.partition!r}, leakage={self.leakage!r}, "
            f"utility={self.utility!r}, lagrangian={self.lagrangian!r}, delta={self.delta!r})"
        )


@dataclass(frozen=True)
class ClusteringResult:
    """The outcome of one run: the returned partition, the history and why it stopped.

    Attributes
    ----------
    partition : Partition
        The returned quantization.
    history : tuple of Iteration
        Every accepted iteration, from t = 0; ``history[-1].partition == partition``.
    rejected : Iteration or None
        The step that was computed and rejected (``ΔL ≥ 0``), if any.
    stop_reason : str
        ``"delta_nonnegative"``, ``"single_cluster"`` (Alg. 1) or ``"connected"`` (Alg. 2, §V-C).
    lam : float
        The Lagrange multiplier λ.
    algorithm : str
        The function that ran: ``"merge_by_leakage"``, ``"merge_across_components"`` or
        ``"merge_until_connected"``.
    """

    partition: Partition
    history: tuple[Iteration, ...]
    rejected: Iteration | None
    stop_reason: str
    lam: float
    algorithm: str

    @property
    def iterations(self) -> int:
        """Number of accepted iterations."""
        return len(self.history) - 1

    @property
    def leakage(self) -> float:
        """Privacy leakage of the returned partition."""
        return self.history[-1].leakage

    @property
    def utility(self) -> float:
        """Utility of the returned partition."""
        return self.history[-1].utility

    @property
    def decomposition(self) -> Partition | None:
        """Finest decomposition of the returned partition's graph (Algorithm 2, §V-C)."""
        return self.history[-1].decomposition

    def to_frame(self) -> pd.DataFrame:
        """Return the history as a table (one row per accepted iteration, then the rejected one).

        Returns
        -------
        pandas.DataFrame
            Columns ``t``, ``accepted``, ``lagrangian``, ``leakage``, ``utility``, ``delta``,
            ``n_clusters``, ``partition``, ``decomposition``.
        """
        rows = []
        for it, accepted in [(h, True) for h in self.history] + (
            [(self.rejected, False)] if self.rejected is not None else []
        ):
            rows.append(
                {
                    "t": it.t,
                    "accepted": accepted,
                    "lagrangian": it.lagrangian,
                    "leakage": it.leakage,
                    "utility": it.utility,
                    "delta": np.nan if it.delta is None else it.delta,
                    "n_clusters": len(it.partition),
                    "partition": _fmt(it.partition),
                    "decomposition": "" if it.decomposition is None else _fmt(it.decomposition),
                }
            )
        return pd.DataFrame(rows)


def _fmt(p: Partition) -> str:
    """1-based text of a partition, e.g. ``{x1,x2},{x3}``."""
    return p.format()


class _Step:
    """One point of a merge path; the partitions are built from label arrays on first use."""

    __slots__ = (
        "labels",
        "leakage",
        "utility",
        "merges",
        "decomp_labels",
        "_partition",
        "_decomposition",
    )

    def __init__(
        self, labels, leakage: float, utility: float, merges: tuple = (), decomp_labels=None
    ):
        self.labels = labels
        self.leakage = leakage
        self.utility = utility
        self.merges = merges
        self.decomp_labels = decomp_labels
        self._partition: Partition | None = None
        self._decomposition: Partition | None = None

    @property
    def partition(self) -> Partition:
        if self._partition is None:
            self._partition = Partition.from_labels(self.labels)
        return self._partition

    @property
    def decomposition(self) -> Partition | None:
        if self._decomposition is None and self.decomp_labels is not None:
            self._decomposition = Partition.from_labels(self.decomp_labels)
        return self._decomposition


def _delta(prev: _Step, cur: _Step, lam: float) -> float:
    """ΔL of a path step (same formula for the lazy runs and for path-derived results)."""
    return (cur.leakage - prev.leakage) - lam * (cur.utility - prev.utility)


def _check_lam(lam: object) -> float:
    """λ as a float: a finite real number ``≥ 0`` (not a bool or a string)."""
    return check_real("lam", lam, low=0.0)


def _iteration(step: _Step, t: int, lam: float, delta: float | None) -> Iteration:
    return Iteration(
        t, step, step.leakage, step.utility, step.leakage - lam * step.utility, delta, step.merges
    )


def _run_from_steps(steps: Iterator[_Step], lam: float, algorithm: str) -> ClusteringResult:
    """Accept steps while ΔL < −TOL; the common stopping rule of Algorithms 1 and 2.

    A progress bar over the merges appears when the run takes more than two seconds.
    """
    first = next(steps)
    history = [_iteration(first, 0, lam, None)]
    prev = first
    for step in progress(steps, desc=f"{algorithm} merges", unit="merge"):
        d = _delta(prev, step, lam)
        it = _iteration(step, len(history), lam, d)
        if d >= -TOL:
            return ClusteringResult(
                prev.partition, tuple(history), it, "delta_nonnegative", lam, algorithm
            )
        history.append(it)
        prev = step
    reason = "single_cluster" if algorithm == "merge_by_leakage" else "connected"
    return ClusteringResult(prev.partition, tuple(history), None, reason, lam, algorithm)
