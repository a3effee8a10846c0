"""The theorems that relate the privacy notions, checked on every evaluated record.

Each :class:`Relation` is a statement that holds for every joint ``p(s, x)`` and every channel
``W`` within its stated conditions (``applies``); :func:`check_relations` returns the names
of those that fail on one record, so that a wrong number anywhere in the pipeline (an adapter
that builds a wrong channel, a measure evaluated on the wrong axis) shows up as a failed
theorem. Records are the rows of :func:`nsp.notions.evaluate_many` (or an
:class:`~nsp.notions.Evaluation`): a mapping with the columns named there, all
information quantities in one base.

Statements that are **not** theorems, and are therefore not checked (counterexamples in
``tests/test_notions.py``):

* maximal leakage ≤ ``L0`` for a deterministic channel (S uniform on {0, 1, 2}, ``X = Y``,
  every ``[[S|y]]`` of size 2 with ``p(y|s) ∈ {0.9, 0.1}``: maximal leakage ``log2 2.7`` >
  ``L0 = log2 1.5``): maximal leakage depends on the probabilities, ``L0`` only on the range.
  Its converse holds but is not checked (a record does not say that ``Y`` is a function of
  ``S``): if ``Y = f(S)``, maximal leakage ``= I* = log |[[Y]]| ≤ L0``;
* ``L0`` ≤ maximal leakage (an output of tiny probability that pins ``S`` down makes ``L0``
  large and maximal leakage small);
* ``I*`` ≤ ``I(S;Y)`` and ``I(S;Y)`` ≤ ``I*`` (a component of tiny mass; a channel with full
  support); but ``I*`` ≤ maximal leakage is a theorem (below);
* ``L0(S→Y)`` ≤ the noiseless ε of a deterministic channel (``S = X`` uniform on 4 values,
  three of them sharing one output: ``L0 = 2`` bits, ``ε = 1`` bit). Farokhi's Theorem 1
  bounds the leakage about the individual's value in the other direction, ``L0(Y→X)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from nsp._validation import check_tol

__all__ = ["RELATIONS", "Relation", "check_relations", "sibson_orders"]

Record = Mapping[str, Any]

_SIBSON = re.compile(r"^sibson_(.+)$")


@dataclass(frozen=True)
class Relation:
    """A theorem relating the notions of one record.

    Parameters
    ----------
    name : str
        Short identifier (reported in ``relations_failed``).
    statement : str
        The statement in words, with its conditions and where it comes from.
    applies : callable
        ``applies(record) -> bool``: whether the conditions hold (and the quantities are
        defined) on this record.
    holds : callable
        ``holds(record, tol) -> bool``: whether the statement holds up to ``tol``
        (relative to the size of the quantities, at least absolute ``tol``).

    Examples
    --------
    >>> rel = next(r for r in RELATIONS if r.name == "maximin_le_l0")
    >>> record = {"maximin_information": 1.0, "nonstochastic_leakage": 0.5}
    >>> rel.applies(record), rel.holds(record, 1e-9)
    (True, False)
    """

    name: str
    statement: str
    applies: Callable[[Record], bool]
    holds: Callable[[Record, float], bool]


def _check_record(record: object) -> None:
    if isinstance(record, str) or not (hasattr(record, "keys") and hasattr(record, "__getitem__")):
        raise ValueError(
            f"record must be a mapping of column names to values; got {type(record).__name__}"
        )


def _f(record: Record, key: str) -> float:
    return float(record[key])


def _le(a: float, b: float, tol: float) -> bool:
    """Tell whether ``a <= b`` up to ``tol`` times the larger magnitude (at least 1)."""
    if math.isnan(a) or math.isnan(b):
        return False
    if a == b:
        return True
    if math.isinf(b) and b > 0:
        return True
    if math.isinf(a):
        return a < 0
    return a <= b + tol * max(1.0, abs(a), abs(b))


def _eq(a: float, b: float, tol: float) -> bool:
    return _le(a, b, tol) and _le(b, a, tol)


def sibson_orders(record: Record) -> list[tuple[float, float]]:
    """Return the ``(alpha, I_alpha)`` pairs of a record, with ``I(S;Y)`` and maximal leakage.

    The order-1 value is the mutual information and the order-∞ value the maximal leakage;
    the ``sibson_<alpha>`` entries add the other orders.

    Parameters
    ----------
    record : mapping
        One evaluated record.

    Returns
    -------
    list of (float, float)
        Sorted by ``alpha``.

    See Also
    --------
    sibson_column : The column name of one order.
    nsp.info.sibson_mutual_information : The measure.

    Examples
    --------
    >>> sibson_orders({"mutual_information": 0.2, "maximal_leakage": 0.9, "sibson_2": 0.4})
    [(1.0, 0.2), (2.0, 0.4), (inf, 0.9)]
    """
    _check_record(record)
    pairs = {1.0: _f(record, "mutual_information"), math.inf: _f(record, "maximal_leakage")}
    for key in record:
        match = _SIBSON.match(str(key))
        if match:
            pairs[float(match.group(1))] = _f(record, key)
    return sorted(pairs.items())


def _sibson_monotone(record: Record, tol: float) -> bool:
    values = [v for _, v in sibson_orders(record)]
    return all(_le(a, b, tol) for a, b in zip(values, values[1:], strict=False))


def _always(record: Record) -> bool:
    return True


def _deterministic(record: Record) -> bool:
    return bool(record["deterministic"])


def _defined(*keys: str) -> Callable[[Record], bool]:
    def applies(record: Record) -> bool:
        return all(not math.isnan(_f(record, k)) for k in keys)

    return applies


def _rel_le(left: str, right: str) -> Callable[[Record, float], bool]:
    def holds(record: Record, tol: float) -> bool:
        return _le(_f(record, left), _f(record, right), tol)

    return holds


def _nonnegative(record: Record, tol: float) -> bool:
    keys = (
        "mutual_information",
        "maximal_leakage",
        "nonstochastic_leakage",
        "maximin_information",
        "ldp_epsilon",
        "individual_channel_capacity",
        "utility_information",
        "hamming_distortion",
    )
    values = [_f(record, k) for k in keys] + [v for _, v in sibson_orders(record)]
    return all(_le(0.0, v, tol) for v in values)


def _product_range(record: Record, tol: float) -> bool:
    return _eq(_f(record, "nonstochastic_leakage"), 0.0, tol) and _eq(
        _f(record, "maximin_information"), 0.0, tol
    )


def _finite_ldp(record: Record) -> bool:
    return math.isfinite(_f(record, "ldp_epsilon"))


def _is_product(record: Record, tol: float) -> bool:
    return bool(record["range_is_product"])


def _maximin_le_hartley(record: Record, tol: float) -> bool:
    bound = min(_f(record, "secret_hartley_entropy"), _f(record, "output_hartley_entropy"))
    return _le(_f(record, "maximin_information"), bound, tol)


def _ml_le_hartley(record: Record, tol: float) -> bool:
    bound = min(_f(record, "secret_hartley_entropy"), _f(record, "output_hartley_entropy"))
    return _le(_f(record, "maximal_leakage"), bound, tol)


def _det_utility(record: Record, tol: float) -> bool:
    return _eq(_f(record, "utility_information"), _f(record, "output_entropy"), tol)


def _noiseless_is_hartley(record: Record, tol: float) -> bool:
    return _eq(_f(record, "noiseless_epsilon"), _f(record, "output_hartley_entropy"), tol)


def _noiseless_bounds(record: Record, tol: float) -> bool:
    eps = _f(record, "noiseless_epsilon")
    keys = ("maximal_leakage", "maximin_information", "utility_information")
    return all(_le(_f(record, k), eps, tol) for k in keys)


def _capacity_ends(record: Record) -> tuple[float, float]:
    """Return the certified bracket of the capacity: the value (a midpoint) ± half the gap."""
    value = _f(record, "individual_channel_capacity")
    half = 0.5 * _f(record, "individual_channel_capacity_gap")
    return value - half, value + half


def _utility_le_capacity(record: Record, tol: float) -> bool:
    return _le(_f(record, "utility_information"), _capacity_ends(record)[1], tol)


def _capacity_le_ldp(record: Record, tol: float) -> bool:
    return _le(_capacity_ends(record)[0], _f(record, "ldp_epsilon"), tol)


def _noiseless_le_capacity(record: Record, tol: float) -> bool:
    return _le(_f(record, "noiseless_epsilon"), _capacity_ends(record)[1], tol)


def _fano(record: Record, tol: float) -> bool:
    pe = min(max(_f(record, "hamming_distortion"), 0.0), 1.0)
    ln_b = math.log(_f(record, "base"))
    n_x = round(math.exp(_f(record, "data_hartley_entropy") * ln_b))
    h_pe = 0.0 if pe in (0.0, 1.0) else -(pe * math.log(pe) + (1 - pe) * math.log1p(-pe))
    bound = (h_pe + (pe * math.log(n_x - 1) if n_x > 1 else 0.0)) / ln_b
    equivocation = _f(record, "data_entropy") - _f(record, "utility_information")
    return _le(equivocation, bound, tol)


def _hamming(record: Record, tol: float) -> bool:
    d = _f(record, "hamming_distortion")
    return _le(0.0, d, tol) and _le(d, _f(record, "prior_error"), tol)


#: The theorems between the notions, each checked on every record (:func:`check_relations`).
RELATIONS: tuple[Relation, ...] = (
    Relation(
        "nonnegative",
        "Every information measure, ε and the Hamming distortion are >= 0.",
        _always,
        _nonnegative,
    ),
    Relation(
        "sibson_monotone",
        "Sibson's I_α(S;Y) is non-decreasing in α, with I_1 = I(S;Y) and I_∞ = maximal "
        "leakage (Sibson 1969; Issa, Wagner & Kamath 2020, Thm. 2): in particular "
        "I(S;Y) <= I_α <= maximal leakage for every α >= 1.",
        _always,
        _sibson_monotone,
    ),
    Relation(
        "data_processing_secret",
        "I(S;Y) <= I(S;X): S - X - Y is a Markov chain (data processing).",
        _always,
        _rel_le("mutual_information", "secret_information"),
    ),
    Relation(
        "data_processing_utility",
        "I(S;Y) <= I(X;Y): S - X - Y is a Markov chain (data processing).",
        _always,
        _rel_le("mutual_information", "utility_information"),
    ),
    Relation(
        "maximin_le_l0",
        "I*(S;Y) <= L0(S→Y) on the range [[S, Y]] (Ding & Farokhi, §III): the smallest of the "
        "k overlap components holds at most |[[S]]|/k values of S, and so does the "
        "conditional range of any y in it.",
        _always,
        _rel_le("maximin_information", "nonstochastic_leakage"),
    ),
    Relation(
        "maximin_le_maximal_leakage",
        "I*(S;Y) <= maximal leakage L(S→Y): every output y with p(y|s) > 0 lies in the overlap "
        "component of s, so picking one s per component, sum_y max_s p(y|s) >= sum over the "
        "k components of sum_{y in it} p(y|s) = k.",
        _always,
        _rel_le("maximin_information", "maximal_leakage"),
    ),
    Relation(
        "maximal_leakage_le_ldp",
        "Maximal leakage L(S→Y) <= ε of an ε-LDP channel W: max_s p(y|s) <= max_x W[x, y] <= "
        "e^ε min_x W[x, y], and the minima sum to at most 1.",
        _always,
        _rel_le("maximal_leakage", "ldp_epsilon"),
    ),
    Relation(
        "utility_le_capacity",
        "I(X;Y) <= C_1(W), Wu's individual channel capacity of the release channel: for one "
        "individual's record it is max_p I(X;Y) over every input pmf (Wu, Def. 3), the "
        "joint's own p(x) among them. With data processing, I(S;Y) <= C_1(W) too.",
        _always,
        _utility_le_capacity,
    ),
    Relation(
        "capacity_le_ldp",
        "C_1(W) <= ε of an ε-LDP channel W: W[x, y] <= e^ε min_x' W[x', y] <= e^ε q(y) for "
        "every output pmf q = pW, so each term of I(X;Y) = E log W[X, Y] / q(Y) is at most ε.",
        _always,
        _capacity_le_ldp,
    ),
    Relation(
        "noiseless_le_capacity",
        "For a deterministic channel Y = g(X), the noiseless ε = log |g([[X]])| <= C_1(W) = "
        "log |g(𝒳)| (the input uniform on one x per output gives H(Y) = log |g(𝒳)|, and "
        "I(X;Y) = H(Y) cannot exceed it); equal when every x has positive mass.",
        _defined("noiseless_epsilon"),
        _noiseless_le_capacity,
    ),
    Relation(
        "maximal_leakage_le_hartley",
        "Maximal leakage <= log min(|supp S|, |supp Y|) (Issa, Wagner & Kamath, Lemma 1).",
        _always,
        _ml_le_hartley,
    ),
    Relation(
        "l0_le_hartley_secret",
        "L0(S→Y) <= H0(S) = log |[[S]]|: a conditional range holds at least one value.",
        _always,
        _rel_le("nonstochastic_leakage", "secret_hartley_entropy"),
    ),
    Relation(
        "maximin_le_hartley",
        "I*(S;Y) <= log min(|[[S]]|, |[[Y]]|): every overlap component holds a value of each.",
        _always,
        _maximin_le_hartley,
    ),
    Relation(
        "product_range_no_leakage",
        "If the range [[S, Y]] is a product [[S]] × [[Y]], then L0(S→Y) = I*(S;Y) = 0.",
        lambda r: bool(r["range_is_product"]),
        _product_range,
    ),
    Relation(
        "finite_ldp_product_range",
        "If W is ε-LDP with ε < ∞, all its rows have the same support, so the range "
        "[[S, Y]] is a product (and L0 = I* = 0).",
        _finite_ldp,
        _is_product,
    ),
    Relation(
        "deterministic_utility_is_output_entropy",
        "For a deterministic channel Y = g(X), I(X;Y) = H(Y) (H(Y|X) = 0).",
        _deterministic,
        _det_utility,
    ),
    Relation(
        "noiseless_is_output_hartley",
        "For a deterministic channel the local noiseless ε is log |g([[X]])| = H0(Y) "
        "(Farokhi, Def. 2 with one individual).",
        _defined("noiseless_epsilon"),
        _noiseless_is_hartley,
    ),
    Relation(
        "noiseless_bounds",
        "For a deterministic channel, maximal leakage, I*(S;Y) and I(X;Y) are at most the "
        "noiseless ε = log |[[Y]]| (Farokhi, Thm. 1 and §III-E; H(Y) <= H0(Y)).",
        _defined("noiseless_epsilon"),
        _noiseless_bounds,
    ),
    Relation(
        "fano",
        "Fano's inequality: H(X|Y) = H(X) − I(X;Y) <= h(P_e) + P_e log(|supp X| − 1), with "
        "P_e the Bayes decoder's error (the Hamming distortion).",
        _always,
        _fano,
    ),
    Relation(
        "hamming_le_prior_error",
        "0 <= Hamming distortion (the Bayes decoder's error) <= 1 − max_x p(x), the error "
        "of guessing the most likely x without looking at Y.",
        _always,
        _hamming,
    ),
)


def check_relations(record: Record, *, tol: float = 1e-9) -> list[str]:
    """Return the names of the relations of :data:`RELATIONS` that fail on ``record``.

    Parameters
    ----------
    record : mapping
        One evaluated record (a row of :func:`nsp.notions.evaluate_many` as a dict, or an
        :class:`~nsp.notions.Evaluation`).
    tol : float, default 1e-9
        Tolerance of each inequality, relative to the size of its sides (at least absolute).

    Returns
    -------
    list of str
        Empty when every relation that applies holds.

    Raises
    ------
    ValueError
        If ``tol`` is not a tolerance, or ``record`` lacks a column a relation reads.

    See Also
    --------
    evaluate : The record it checks.

    Examples
    --------
    >>> import numpy as np
    >>> from nsp.notions import Mechanism, evaluate
    >>> rr = Mechanism([[0.75, 0.25], [0.25, 0.75]], method="randomized response")
    >>> check_relations(evaluate(rr, np.diag([0.5, 0.5])))
    []
    """
    _check_record(record)
    tol = check_tol("tol", tol)
    failed = []
    for rel in RELATIONS:
        try:
            if rel.applies(record) and not rel.holds(record, tol):
                failed.append(rel.name)
        except KeyError as err:
            raise ValueError(f"record lacks the column {err} that {rel.name!r} reads") from None
    return failed
