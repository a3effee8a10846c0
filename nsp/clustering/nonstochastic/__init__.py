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
* :func:`merge_until_connected` (the variant of §V-C) —
  minimize ``L0`` subject to ``I* = 0`` (problem (10)); merges the pair of smallest ``ΔL``
  across components until ``I* = 0``.

Utilities (§V-A): ``U1 = I0(X → X̂) = log|[[X]]| − log max_𝒳 |𝒳|`` (worst-case resolution)
and ``U2 = −max_𝒳 d̄(𝒳)``, the largest distance of a value from its cluster's codeword, the
centroid (unweighted mean of the cluster's distinct values; ``codeword="centroid"``,
default) or the medoid (the member of least largest distance, ``codeword="medoid"``);
distance ``|x − x̂|`` (``distance="abs"``, default) or ``(x − x̂)²`` (``"sq"``): the type
``Distance``.

Extensions of §V-C: side information ``A`` known to the adversary (the three algorithms take
a three-way range ``mask[s, x, a]``, quantize X alone and measure ``L0(S → X̂|A)`` or
``I*(S; X̂, A)``), and an observable S (sanitise ``Y = (S, X)`` by running the algorithms on
:func:`observable_range`; :func:`observable_values`, :func:`observable_pairs`).

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

``algorithm=`` (:func:`merge_path`, :func:`nsp.pareto.lambda_sweep`) takes the function names
``"merge_by_leakage"``, ``"merge_across_components"`` (and ``"merge_until_connected"`` where
λ-dependent runs are accepted), with the paper's numbers ``"algorithm1"`` and ``"algorithm2"``
as aliases; results record the function name (:attr:`ClusteringResult.algorithm`).

Examples
--------
Example 2 of the paper: Algorithm 1 with λ = 0.3; its first iteration merges ``{x1, x2, x7}``,
``{x3, x5}`` and ``{x4, x6}`` (0-based below).

>>> from nsp.clustering.nonstochastic import merge_by_leakage
>>> from nsp.papers.agglomerative import example1_range
>>> res = merge_by_leakage(example1_range(), 0.3)
>>> res.history[1].partition.clusters, res.algorithm
(((0, 1, 6), (2, 4), (3, 5)), 'merge_by_leakage')

References
----------
N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from nsp.clustering.nonstochastic._components import algorithm2, merge_across_components
from nsp.clustering.nonstochastic._connected import merge_until_connected
from nsp.clustering.nonstochastic._leakage import algorithm1, merge_by_leakage
from nsp.clustering.nonstochastic._observable import (
    observable_pairs,
    observable_range,
    observable_values,
)
from nsp.clustering.nonstochastic._paths import MergePath, merge_path
from nsp.clustering.nonstochastic._results import ClusteringResult, Iteration
from nsp.clustering.nonstochastic._state import start_point
from nsp.clustering.nonstochastic._utilities import (
    Distance,
    cluster_codeword,
    cluster_distortion,
    distortion_utility,
    resolution_utility,
    utility_value,
)

__all__ = [
    "ClusteringResult",
    "Distance",
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
