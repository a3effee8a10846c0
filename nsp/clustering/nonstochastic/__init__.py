"""Agglomerative clustering for non-stochastic privacy (Ding & Farokhi).

A curator releases a deterministic quantization ``X̂ = f(X)`` of the public variable ``X``,
i.e. a partition ``Q`` of ``[[X]]``, so that an adversary who only knows ranges learns little
about the sensitive ``S``. The conditional range of a cluster is the union of its columns,
``[[S | 𝒳]] = ⋃_{x ∈ 𝒳} [[S | x]]`` (eq. (2) of the paper). Three greedy algorithms, each
under a descriptive name with the paper's name kept as an alias:

* :func:`merge_by_leakage` (the paper's ``algorithm1``, Algorithm 1) — minimize
  ``L0(S → X̂) − λ U_i`` (problem (3)); every outer iteration merges every cluster of minimum
  ``|[[S|𝒳]]|`` with its utility-best partner.
* :func:`merge_across_components` (the paper's ``algorithm2``, Algorithm 2) — minimize
  ``I*(S; X̂) − λ U_i`` (problem (5)); every iteration merges the utility-best pair of clusters
  lying in two different connected components of the confusability graph.
* :func:`merge_until_connected` (formerly ``indistinguishable_l0``, the variant of §V-C) —
  minimize ``L0`` subject to ``I* = 0`` (problem (10)); merges the pair of smallest ``ΔL``
  across components until ``I* = 0``.

Utilities (§V-A): ``U1 = I0(X → X̂) = log|[[X]]| − log max_𝒳 |𝒳|`` (worst-case resolution)
and ``U2 = −max_𝒳 d̄(𝒳)``, the largest distance of a value from its cluster's codeword, the
centroid (unweighted mean of the cluster's distinct values; ``codeword="centroid"``,
default) or the medoid (the member of least largest distance, ``codeword="medoid"``);
distance ``|x − x̂|`` (``distance="abs"``, default) or ``(x − x̂)²`` (``"sq"``).

Extensions of §V-C: side information ``A`` known to the adversary (the three algorithms take
a three-way range ``mask[s, x, a]``, quantize X alone and measure ``L0(S → X̂|A)`` or
``I*(S; X̂, A)``), and an observable S (:mod:`~nsp.clustering.nonstochastic.observable`:
sanitise ``Y = (S, X)`` by running the algorithms on :func:`observable_range`).

Large inputs: the algorithms estimate their memory before starting
(:func:`nsp._resources.check_memory`) and show a progress bar over the merges when a run takes
more than two seconds.

The merge path of Algorithms 1 and 2 does not depend on λ (λ only decides where the loop
stops), so :func:`merge_path` computes it once and :meth:`MergePath.result` derives every λ's
run from it; the algorithms walk the same path lazily and stop at the first non-negative
``ΔL``.

Deterministic rules (the paper leaves ties open; these reproduce Examples 2–5 exactly, see
``docs/papers/agglomerative.md``):

* clusters are in canonical order (by their smallest original index);
* Algorithm 1: ``Π`` (clusters of minimum S-range size) is fixed per outer iteration and
  processed in canonical order; partners are searched in the current, partially merged
  partition, among clusters with a different S-range; the key is ``|𝒳 ⊔ 𝒳'|`` (U1) or
  ``d̄(𝒳 ⊔ 𝒳')`` (U2, ties within 1e-12); ties go to the first candidate in canonical order;
  a cluster with no candidate is dropped from ``Π``; ``ΔL`` is evaluated once per outer
  iteration;
* Algorithm 2: key ``|𝒳1| + |𝒳2|`` (U1) or ``d̄(𝒳1 ⊔ 𝒳2)`` (U2, tol 1e-12), then the pair
  joining the largest two subgraphs (most original values), then canonical order of the
  earlier cluster, then of the later one;
* §V-C: key ``ΔL`` of eq. (12) (tol 1e-9), then the smallest ``|[[S|𝒳1]]| + |[[S|𝒳2]]|``,
  then the largest two subgraphs, then canonical order;
* stopping: a step is rejected when ``ΔL ≥ −1e-12`` and the last accepted partition is
  returned; otherwise the loop also ends when one cluster (Alg. 1) or one component (Alg. 2)
  remains, and that partition is returned (the paper's Example 2 does so, although the
  pseudo-code's last line returns the previous partition).

Everything is in bits by default (``base=2``); λ multiplies utility in the units of ``U_i``
(bits for U1, units of ``values`` — or their squares — for U2).

Submodules: :mod:`~nsp.clustering.nonstochastic.results` (iterations and run outcomes),
:mod:`~nsp.clustering.nonstochastic.utilities` (U1, U2, distortions),
:mod:`~nsp.clustering.nonstochastic.state` (the incremental state),
:mod:`~nsp.clustering.nonstochastic.leakage` (Algorithm 1),
:mod:`~nsp.clustering.nonstochastic.components` (Algorithm 2),
:mod:`~nsp.clustering.nonstochastic.connected` (the §V-C variant),
:mod:`~nsp.clustering.nonstochastic.paths` (merge paths),
:mod:`~nsp.clustering.nonstochastic.observable` (sanitising ``Y = (S, X)``), and
:mod:`~nsp.clustering.nonstochastic.reference` (slow from-scratch versions for tests and
benchmarks; not imported here).

References
----------
N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

import warnings
from typing import Any

from nsp.clustering.nonstochastic import (
    components,
    connected,
    leakage,
    observable,
    paths,
    results,
    state,
    utilities,
)
from nsp.clustering.nonstochastic.components import (
    _alg2_pick_u1,
    _alg2_steps,
    _RowBest,
    algorithm2,
    merge_across_components,
)
from nsp.clustering.nonstochastic.connected import _vc_steps, merge_until_connected
from nsp.clustering.nonstochastic.leakage import _alg1_steps, algorithm1, merge_by_leakage
from nsp.clustering.nonstochastic.observable import (
    observable_pairs,
    observable_range,
    observable_values,
)
from nsp.clustering.nonstochastic.paths import MergePath, merge_path
from nsp.clustering.nonstochastic.results import (
    ClusteringResult,
    Iteration,
    _check_lam,
    _run_from_steps,
    _Step,
)
from nsp.clustering.nonstochastic.state import _Graph, _prepare, _State, start_point
from nsp.clustering.nonstochastic.utilities import (
    TOL,
    TOL_VC,
    Distance,
    Utility,
    _dbar,
    _log,
    cluster_codeword,
    cluster_distortion,
    distortion_utility,
    resolution_utility,
    utility_value,
)

__all__ = [
    "ClusteringResult",
    "Iteration",
    "MergePath",
    "algorithm1",
    "algorithm2",
    "cluster_codeword",
    "cluster_distortion",
    "distortion_utility",
    "merge_across_components",
    "merge_by_leakage",
    "merge_path",
    "merge_until_connected",
    "observable_pairs",
    "observable_range",
    "observable_values",
    "resolution_utility",
    "start_point",
    "utility_value",
]

# private names the tests and benchmarks of earlier releases imported from the one module
_PRIVATE = (
    TOL,
    TOL_VC,
    Distance,
    Utility,
    _Graph,
    _RowBest,
    _State,
    _Step,
    _alg1_steps,
    _alg2_pick_u1,
    _alg2_steps,
    _check_lam,
    _dbar,
    _log,
    _prepare,
    _run_from_steps,
    _vc_steps,
    components,
    connected,
    leakage,
    observable,
    paths,
    results,
    state,
    utilities,
)

_DEPRECATED = {"indistinguishable_l0": "merge_until_connected"}
__all__ += list(_DEPRECATED)


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        new = _DEPRECATED[name]
        warnings.warn(
            f"nsp.clustering.nonstochastic.{name} is deprecated; use {new}",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
