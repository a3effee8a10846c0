"""The experiments' tables: runs, merge paths, the k-anonymity baseline and the §V-C variants.

The iterations of several runs (:func:`trace_table`, tables T1), the k-anonymity baseline
on the axes of Fig. 9 and the points that beat it (:func:`k_anonymity_points`,
:func:`dominating_points`), the points of a merge path (:func:`path_points`) and the
extensions of §V-C: an observable S (:func:`observable_comparison`), side information
(:func:`side_information_comparison`) and the medoid codeword (:func:`codeword_comparison`,
:func:`codeword_table`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._algorithms import PathAlgorithm
from nsp._validation import as_real_array, as_sequence, check_bool, check_real
from nsp.clustering.baselines import generalize_to_k_anonymity
from nsp.clustering.nonstochastic import (
    ClusteringResult,
    Distance,
    MergePath,
    cluster_codeword,
    cluster_distortion,
    distortion_utility,
    merge_path,
    merge_until_connected,
    observable_range,
    observable_values,
    resolution_utility,
)
from nsp.papers.agglomerative._common import _cluster_text
from nsp.papers.agglomerative._instances import (
    EXAMPLE2_VALUES,  # noqa: F401  (the examples use it)
    example1_range,  # noqa: F401  (the examples use it)
    example1_side_range,  # noqa: F401  (the examples use it)
)
from nsp.pareto import lambda_windows, normalize
from nsp.partition import Partition
from nsp.uncertain import (
    JointRange,
    maximin_information,
    nonstochastic_leakage,
    quantize,
    quantize_side_range,
    side_information_leakage,
    side_information_maximin,
    side_range_mask,
)

__all__ = [
    "codeword_comparison",
    "codeword_table",
    "dominating_points",
    "k_anonymity_points",
    "observable_comparison",
    "path_points",
    "side_information_comparison",
    "trace_table",
]

#: Ding & Farokhi's Algorithms 1 and 2, by function name: the ``algorithm`` of the tables.
_PATHS: tuple[PathAlgorithm, ...] = ("merge_by_leakage", "merge_across_components")


def k_anonymity_points(
    r: JointRange,
    k: int,
    *,
    u2_hat: float,
    methods: Sequence[str] = ("merge_low", "interval"),
    values: ArrayLike | None = None,
    distance: Distance = "abs",
) -> pd.DataFrame:
    """Place the k-anonymity baseline of Fig. 9 on the axes of the Algorithm-1 curves.

    Each reading of the generalization baseline
    (:func:`nsp.clustering.baselines.generalize_to_k_anonymity`) gives one quantization, whose
    leakage ``L0(S → X̂) / L0(S → X)`` and utility losses (U1 and U2) are normalized by
    :func:`nsp.pareto.normalize` as the curves are.

    Parameters
    ----------
    r : JointRange
        The joint range; its x labels are the values of X unless ``values`` is given.
    k : int
        Required anonymity.
    u2_hat : float
        ``Û2`` of the U2 curve the points are drawn beside (its smallest utility, < 0).
    methods : sequence of str
        Readings of the baseline (``"merge_low"``, ``"interval"``).
    values : array_like of float, optional
        Numeric value of every x (default: the x labels).
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``method``, ``k``, ``n_clusters``, ``leakage_norm``, ``loss_norm_U1``,
        ``loss_norm_U2``; one row per method.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VII-B, Fig. 9.
    """
    u2_hat = check_real("u2_hat", u2_hat)
    vals = np.asarray(r.x_labels if values is None else values, dtype=float)
    rows = []
    for method in methods:
        q = generalize_to_k_anonymity(r, k, values=vals, method=method)  # type: ignore[arg-type]
        rows.append(
            {
                "method": method,
                "k": k,
                "n_clusters": len(q),
                "leakage": nonstochastic_leakage(quantize(r, q.labels)),
                "U1": resolution_utility(q),
                "U2": distortion_utility(vals, q, distance=distance),
            }
        )
    df = pd.DataFrame(rows)
    p0 = nonstochastic_leakage(r)
    u1 = normalize(
        df.rename(columns={"U1": "utility"}),
        utility="U1",
        leakage_max=p0,
        utility_max=math.log2(r.n_x),
    )
    u2 = normalize(
        df.rename(columns={"U2": "utility"}),
        utility="U2",
        leakage_max=p0,
        utility_max=0.0,
        u2_hat=u2_hat,
    )
    return df[["method", "k", "n_clusters"]].assign(
        leakage_norm=u1["leakage_norm"],
        loss_norm_U1=u1["loss_norm"],
        loss_norm_U2=u2["loss_norm"],
    )


def dominating_points(sweeps: Mapping[str, pd.DataFrame], baseline: pd.DataFrame) -> pd.DataFrame:
    """Count the points of each Algorithm-1 curve left of a baseline point at no worse privacy.

    The check of the paper's claim (footnote 17) that Algorithm 1 finds a quantization with a
    lower utility loss than k-anonymity at no worse privacy.

    Parameters
    ----------
    sweeps : mapping of str to pandas.DataFrame
        ``"U1"`` and ``"U2"`` to the λ sweeps of Algorithm 1 (:func:`nsp.pareto.lambda_sweep`,
        columns ``leakage_norm``, ``loss_norm``, ``source``).
    baseline : pandas.DataFrame
        The baseline points (:func:`k_anonymity_points`).

    Returns
    -------
    pandas.DataFrame
        One row per baseline method and utility: ``method``, ``utility_kind`` (``"U1"`` or
        ``"U2"``), ``sweep_points`` and ``path_points`` (how many points do better),
        ``best_loss`` (NaN if none) and ``baseline_loss``.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VII-B, Fig. 9.
    """
    rows = []
    for _, point in baseline.iterrows():
        for u, df in sweeps.items():
            loss = point[f"loss_norm_{u}"]
            better = df[(df.leakage_norm <= point.leakage_norm + 1e-12) & (df.loss_norm < loss)]
            rows.append(
                {
                    "method": point.method,
                    "utility_kind": u,
                    "sweep_points": int((better.source == "sweep").sum()),
                    "path_points": int((better.source == "path").sum()),
                    "best_loss": better.loss_norm.min(),
                    "baseline_loss": loss,
                }
            )
    return pd.DataFrame(rows)


def trace_table(
    runs: Mapping[str, ClusteringResult], *, label: str = "run", merges: bool = False
) -> pd.DataFrame:
    """Put every iteration of several runs in one table (tables T1), the rejected step last.

    Parameters
    ----------
    runs : mapping of str to ClusteringResult
        Named runs.
    label : str
        Name of the column that holds each run's name.
    merges : bool
        Add a ``merges`` column: the merged pairs of every iteration, written
        ``{x1}+{x2}; {x3}+{x5}``.

    Returns
    -------
    pandas.DataFrame
        :meth:`ClusteringResult.to_frame` of every run, with the columns ``label``, ``lam`` and
        ``stop_reason`` (and ``merges``) added.
    """
    merges = check_bool("merges", merges)
    frames = []
    for name, res in runs.items():
        frame = res.to_frame().assign(**{label: name}, lam=res.lam, stop_reason=res.stop_reason)
        if merges:
            steps = list(res.history) + ([res.rejected] if res.rejected else [])
            frame["merges"] = [
                "; ".join("+".join(_cluster_text(c) for c in m) for m in it.merges) for it in steps
            ]
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def path_points(path: MergePath) -> pd.DataFrame:
    """Return every partition of a merge path with its leakage, utility and λ-window.

    Parameters
    ----------
    path : MergePath
        From :func:`nsp.clustering.nonstochastic.merge_path`.

    Returns
    -------
    pandas.DataFrame
        Columns ``t``, ``leakage``, ``utility``, ``n_clusters``, ``lam_low``, ``lam_high`` and
        ``reachable`` (some λ returns it: the points of the λ sweep's frontier).

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-A.

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> df = path_points(merge_path(example1_range(), algorithm="merge_across_components"))
    >>> df[df.reachable].t.tolist()
    [0, 4]
    """
    if not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath; got {type(path).__name__}")
    w = lambda_windows(path)
    return pd.DataFrame(
        {
            "t": w.t,
            "leakage": path.leakage,
            "utility": path.utility,
            "n_clusters": [len(p) for p in path.partitions],
            "lam_low": w.lam_low,
            "lam_high": w.lam_high,
            "reachable": w.reachable,
        }
    )


def observable_comparison(
    r: ArrayLike,
    values: ArrayLike,
    *,
    codeword: Literal["centroid", "medoid"] = "centroid",
    distance: Distance = "abs",
    vc_lambdas: Sequence[float] = (0.0, 0.3, 1.0, 3.0),
) -> pd.DataFrame:
    """Sanitise X, or ``Y = (S, X)``: the points of Algorithms 1, 2 and the §V-C variant.

    The utility is U2 measured on X (a cluster of pairs ``(s, x)`` releases one codeword of
    their X values; :func:`nsp.clustering.nonstochastic.observable_range`), so both releases are on
    the same axes; the leakage is ``L0`` (Algorithm 1, §V-C) or ``I*`` (Algorithm 2), in bits.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    values : array_like of float
        The value of every x.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    distance : {"abs", "sq"}
        Distance of U2.
    vc_lambdas : sequence of float
        The λ of the §V-C variant's runs (its path depends on λ).

    Returns
    -------
    pandas.DataFrame
        Columns ``release`` (``"X"`` or ``"Y"``), ``algorithm`` (the function's name:
        ``"merge_by_leakage"``, ``"merge_across_components"``, ``"merge_until_connected"``),
        ``lam`` (§V-C runs; NaN for the path points of Algorithms 1 and 2), ``t``,
        ``leakage``, ``utility``, ``n_clusters``, ``reachable``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithms 1 and 2,
       §V-C.

    Examples
    --------
    >>> df = observable_comparison(example1_range(), EXAMPLE2_VALUES, vc_lambdas=[0.3])
    >>> start = df[(df.t == 0) & (df.algorithm == "merge_by_leakage")]
    >>> start[["release", "leakage"]].round(4).values.tolist()
    [['X', 2.585], ['Y', 2.585]]
    """
    vals = as_real_array(values, name="values")
    vc_lambdas = as_sequence("vc_lambdas", vc_lambdas)
    for lam in vc_lambdas:
        check_real("vc_lambdas", lam, low=0.0)
    releases: dict[str, tuple[Any, NDArray[np.float64]]] = {
        "X": (r, vals),
        "Y": (observable_range(r), observable_values(r, vals)),
    }
    frames = []
    kw: dict[str, Any] = dict(utility="U2", codeword=codeword, distance=distance)
    for name, (rr, vv) in releases.items():
        for alg in _PATHS:
            pts = path_points(merge_path(rr, algorithm=alg, values=vv, **kw))
            frames.append(pts.assign(release=name, algorithm=alg, lam=np.nan))
        for lam in vc_lambdas:
            res = merge_until_connected(rr, lam, values=vv, **kw)
            frames.append(
                pd.DataFrame(
                    {
                        "t": [res.iterations],
                        "leakage": [res.leakage],
                        "utility": [res.utility],
                        "n_clusters": [len(res.partition)],
                        "reachable": [True],
                    }
                ).assign(release=name, algorithm="merge_until_connected", lam=float(lam))
            )
    cols = ["release", "algorithm", "lam", "t", "leakage", "utility", "n_clusters", "reachable"]
    return pd.concat(frames, ignore_index=True)[cols]


def side_information_comparison(
    mask: ArrayLike,
    values: ArrayLike,
    *,
    utility: Literal["U1", "U2"] = "U2",
    codeword: Literal["centroid", "medoid"] = "centroid",
    distance: Distance = "abs",
) -> pd.DataFrame:
    """Design for an adversary without side information, or with it; measure both with A.

    For Algorithms 1 and 2, the merge path computed on ``[[S, X]]`` (A ignored) and the one
    computed on ``[[S, X, A]]``; every partition of both is measured against the adversary
    who knows A (``L0(S → X̂|A)``, ``I*(S; X̂, A)``) and against one who does not.

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The range ``[[S, X, A]]``.
    values : array_like of float
        The value of every x (U2).
    utility : {"U1", "U2"}
        The utility.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``design`` (``"ignores A"`` or ``"accounts for A"``), ``algorithm``
        (``"merge_by_leakage"`` or ``"merge_across_components"``), ``t``,
        ``leakage_with_a``, ``leakage_without_a``, ``utility``, ``n_clusters``,
        ``reachable`` (on its own path's λ sweep).

    Examples
    --------
    >>> df = side_information_comparison(example1_side_range(), EXAMPLE2_VALUES, utility="U1")
    >>> a2 = df[(df.algorithm == "merge_across_components") & (df.design == "accounts for A")]
    >>> a2.leakage_with_a.round(4).tolist()
    [2.3219, 2.0, 1.585, 1.0]
    """
    m3 = side_range_mask(mask)
    m2 = m3.any(axis=2)
    kw: dict[str, Any] = dict(utility=utility, values=values, codeword=codeword, distance=distance)
    frames = []
    for alg in _PATHS:
        with_a = side_information_leakage if alg == "merge_by_leakage" else side_information_maximin
        without_a = nonstochastic_leakage if alg == "merge_by_leakage" else maximin_information
        for design, rr in (("ignores A", m2), ("accounts for A", m3)):
            path = merge_path(rr, algorithm=alg, **kw)
            pts = path_points(path)
            parts = path.partitions
            pts["leakage_with_a"] = [with_a(quantize_side_range(m3, p)) for p in parts]
            pts["leakage_without_a"] = [without_a(quantize(m2, p.labels)) for p in parts]
            frames.append(pts.assign(design=design, algorithm=alg))
    cols = [
        "design",
        "algorithm",
        "t",
        "leakage_with_a",
        "leakage_without_a",
        "utility",
        "n_clusters",
        "reachable",
    ]
    return pd.concat(frames, ignore_index=True)[cols]


def codeword_comparison(
    r: ArrayLike, values: ArrayLike, *, distance: Distance = "abs"
) -> pd.DataFrame:
    """Return the merge-path points of Algorithms 1 and 2 with the centroid and the medoid.

    Parameters
    ----------
    r : JointRange or array_like of bool
        The joint range (or a three-way range with side information).
    values : array_like of float
        The value of every x.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``codeword``, ``algorithm`` (``"merge_by_leakage"`` or
        ``"merge_across_components"``) and those of :func:`path_points`.

    Examples
    --------
    >>> df = codeword_comparison(example1_range(), EXAMPLE2_VALUES)
    >>> sorted(df.codeword.unique())
    ['centroid', 'medoid']
    """
    frames = []
    for cw in ("centroid", "medoid"):
        for alg in _PATHS:
            path = merge_path(
                r, algorithm=alg, utility="U2", values=values, codeword=cw, distance=distance
            )
            frames.append(path_points(path).assign(codeword=cw, algorithm=alg))
    df = pd.concat(frames, ignore_index=True)
    return df[
        ["codeword", "algorithm", *[c for c in df.columns if c not in ("codeword", "algorithm")]]
    ]


def codeword_table(
    values: ArrayLike, partition: Partition | ArrayLike, *, distance: Distance = "abs"
) -> pd.DataFrame:
    """Return every cluster's centroid and medoid with their largest distortions.

    Parameters
    ----------
    values : array_like of float
        The value of every x.
    partition : Partition or array_like of int
        The quantization.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``cluster`` (1-based text), ``centroid``, ``medoid``, ``dbar_centroid``,
        ``dbar_medoid``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §V-A1 and Example 2.

    Examples
    --------
    Example 2's U2 solution ``{x1,x2,x4},{x3,x5},{x6,x7}``:

    >>> t = codeword_table(EXAMPLE2_VALUES, [0, 0, 1, 0, 1, 2, 2])
    >>> t.round(4).values.tolist()[0]
    ['{x1,x2,x4}', 0.2, 0.2, 0.1, 0.1]
    """
    if not isinstance(partition, Partition) and np.ndim(partition) != 1:
        raise ValueError(
            "partition must be a Partition or a 1-D array of cluster labels; "
            f"got {type(partition).__name__} of shape {np.shape(partition)}"
        )
    p = (
        partition
        if isinstance(partition, Partition)
        else Partition.from_labels(np.asarray(partition))
    )
    rows = []
    for c in p.clusters:
        idx = list(c)
        rows.append(
            {
                "cluster": _cluster_text(c),
                "centroid": cluster_codeword(values, idx),
                "medoid": cluster_codeword(values, idx, codeword="medoid"),
                "dbar_centroid": cluster_distortion(values, idx, distance=distance),
                "dbar_medoid": cluster_distortion(
                    values, idx, distance=distance, codeword="medoid"
                ),
            }
        )
    return pd.DataFrame(rows)
