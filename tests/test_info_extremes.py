"""The order-alpha measures at extreme orders, against a 50-digit oracle written with mpmath.

Every parametric measure of :mod:`nsp.info` (Rényi entropy, divergence and leakage, Sibson's
mutual information), the shared kernel :func:`nsp._kernels.sibson_stack` on single pmfs and on
stacks, and the batched Sibson columns of :mod:`nsp.notions` (``evaluate_many`` and the
bootstrap's ``stack_columns``), at orders from 1e-6 to 1e6, within 1e-15 of 1, and the limits
0, 1 and infinity, on seeded random pmfs with zeros, near-deterministic rows and tiny
probabilities.

The oracle evaluates each definition as written, in 50-digit arithmetic whose exponent range
is unbounded (``p ** 1e6`` neither underflows nor overflows there), on the exact values of the
float inputs. The tolerance, in bits, is ``ABS + REL * |value|``: a measure of order 1 is
computed to a few ulps (``REL = 1e-9`` leaves a wide margin: the errors seen are below 1e-15
on values of order 1, 3e-13 on divergences of hundreds of bits), but renormalizing the input
in floating point moves every ``ln p`` by up to a few ulps, which a value near 0 (the Rényi
entropy of a pmf ``(1 - 1e-12, 1e-12)``, the divergence of nearly equal pmfs) cannot absorb
relatively: ``ABS = 1e-12`` bounds that absolute error with margin. Tighter tests below hold
small orders and orders near 1 to a few ulps where the inputs allow it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import mpmath
import numpy as np
import pytest

from nsp import _kernels, info
from nsp._resampling._bootstrap import stack_columns
from nsp.notions import Mechanism, evaluate_many, sibson_column

INF = math.inf
LN2 = math.log(2.0)
ABS, REL = 1e-12, 1e-9
#: The orders of the issue's checks and beyond: tiny, moderate, near 1, large, and the limits.
ORDERS = (
    0.0,
    1e-6,
    1e-4,
    0.01,
    0.5,
    1 - 1e-9,
    1.0,
    1 + 1e-9,
    2.0,
    10.0,
    300.0,
    1e4,
    1e6,
    INF,
)
#: Seeded instances per measure (the oracle is slow: a few seconds for the whole module).
N_INSTANCES = 40
DIGITS = 50

MP = mpmath.mp.clone()
MP.dps = DIGITS


# --------------------------------------------------------------------------- random instances


def random_pmf(rng: np.random.Generator, shape: tuple[int, ...], kind: int) -> np.ndarray:
    """A random pmf of ``shape``; ``kind % 4`` adds zeros, a near-deterministic row, tiny masses.

    0: Dirichlet only; 1: about a third of exact zeros; 2: one row (the whole pmf if 1-D) puts
    ``1 - 1e-12`` of its mass on one entry; 3: a few entries of ``1e-20`` to ``1e-300``, and zeros.
    """
    p = rng.dirichlet(np.full(math.prod(shape), rng.choice([0.3, 1.0, 3.0]))).reshape(shape)
    if kind % 4 in (1, 3):
        p[rng.random(shape) < 0.3] = 0.0
    if kind % 4 == 2:
        row = p.reshape(-1, shape[-1])[rng.integers(p.size // shape[-1])]
        mass = row.sum()
        row[:] = mass * 1e-12 / shape[-1]
        row[rng.integers(shape[-1])] = mass * (1 - 1e-12)
    if kind % 4 == 3:
        tiny = rng.random(shape) < 0.3
        p[tiny] = 10.0 ** -rng.uniform(20, 300, size=int(tiny.sum()))
    if p.sum() == 0:
        p.flat[rng.integers(p.size)] = 1.0
    return p / p.sum()


def instances(seed: int, shape: tuple[int, ...], n: int = N_INSTANCES) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [random_pmf(rng, shape, k) for k in range(n)]


def random_channel(rng: np.random.Generator, n_x: int, n_y: int) -> np.ndarray:
    """A row-stochastic matrix with zeros (at least one positive entry a row)."""
    w = rng.dirichlet(np.ones(n_y), n_x) * (rng.random((n_x, n_y)) < 0.7)
    w[np.arange(n_x), rng.integers(n_y, size=n_x)] += 0.1
    return w / w.sum(axis=1, keepdims=True)


# --------------------------------------------------------------------------- the oracle (nats)


def _mp(values: np.ndarray) -> list:
    """The exact values of the float entries, divided by their exact total."""
    exact = [MP.mpf(float(v)) for v in np.ravel(values)]
    total = MP.fsum(exact)
    return [v / total for v in exact]


def ref_renyi_entropy(p: np.ndarray, alpha: float):
    """``ln(sum p^alpha) / (1 - alpha)``; Hartley, Shannon and min-entropy at 0, 1, inf."""
    w = [v for v in _mp(p) if v > 0]
    if alpha == 0:
        return MP.log(len(w))
    if alpha == 1:
        return -MP.fsum(v * MP.log(v) for v in w)
    if math.isinf(alpha):
        return -MP.log(max(w))
    a = MP.mpf(alpha)
    return MP.log(MP.fsum(v**a for v in w)) / (1 - a)


def _ref_divergence(p: list, q: list, alpha: float):
    """``D_alpha(p || q)`` of exact pmfs, with van Erven & Harremoës' conventions."""
    pairs = [(x, y) for x, y in zip(p, q, strict=True) if x > 0]
    if alpha == 0:
        mass = MP.fsum(y for _, y in pairs)
        return MP.inf if mass == 0 else -MP.log(mass)
    if alpha >= 1 and any(y == 0 for _, y in pairs):
        return MP.inf
    both = [(x, y) for x, y in pairs if y > 0]
    if not both:
        return MP.inf
    if alpha == 1:
        return MP.fsum(x * MP.log(x / y) for x, y in both)
    if math.isinf(alpha):
        return max(MP.log(x / y) for x, y in both)
    a = MP.mpf(alpha)
    return MP.log(MP.fsum(x**a * y ** (1 - a) for x, y in both)) / (a - 1)


def ref_renyi_divergence(p: np.ndarray, q: np.ndarray, alpha: float):
    return _ref_divergence(_mp(p), _mp(q), alpha)


def _rows(joint: np.ndarray) -> list[list]:
    flat = _mp(joint)
    n_b = joint.shape[1]
    return [flat[i : i + n_b] for i in range(0, len(flat), n_b)]


def ref_renyi_leakage(joint: np.ndarray, alpha: float):
    """``max_b D_alpha(p(a | b) || p(a))`` over the ``b`` with ``p(b) > 0``."""
    rows = _rows(joint)
    pa = [MP.fsum(r) for r in rows]
    cols = [[r[b] for r in rows] for b in range(joint.shape[1])]
    return max(
        _ref_divergence([v / MP.fsum(c) for v in c], pa, alpha) for c in cols if MP.fsum(c) > 0
    )


def ref_sibson(joint: np.ndarray, alpha: float):
    """``alpha / (alpha - 1) ln sum_b (sum_a p(a) p(b|a)^alpha)^(1/alpha)``, with its limits.

    0: ``-ln max_b P_A({a: p(a, b) > 0})``; 1: the mutual information; inf: the maximal leakage
    ``ln sum_b max_{a: p(a) > 0} p(b | a)``.
    """
    rows = [r for r in _rows(joint) if MP.fsum(r) > 0]
    pa = [MP.fsum(r) for r in rows]
    cond = [[v / m for v in r] for r, m in zip(rows, pa, strict=True)]
    n_b = joint.shape[1]
    if alpha == 0:
        covered = [
            MP.fsum(m for c, m in zip(cond, pa, strict=True) if c[b] > 0) for b in range(n_b)
        ]
        return -MP.log(max(covered))
    if math.isinf(alpha):
        return MP.log(MP.fsum(max(c[b] for c in cond) for b in range(n_b)))
    if alpha == 1:
        pb = [MP.fsum(r[b] for r in rows) for b in range(n_b)]
        return MP.fsum(
            r[b] * MP.log(r[b] / (m * pb[b]))
            for r, m in zip(rows, pa, strict=True)
            for b in range(n_b)
            if r[b] > 0
        )
    a = MP.mpf(alpha)
    inner = [MP.fsum(m * c[b] ** a for c, m in zip(cond, pa, strict=True)) for b in range(n_b)]
    return a / (a - 1) * MP.log(MP.fsum(s ** (1 / a) for s in inner if s > 0))


def ref_maximal_leakage(joint: np.ndarray):
    return ref_sibson(joint, INF)


# --------------------------------------------------------------------------- comparison


def close(got: float, ref, what: object) -> None:
    """``got`` (bits) within ``ABS + REL |ref|`` of the oracle ``ref`` (nats); ``inf`` exactly."""
    if ref == MP.inf:
        assert got == INF, (what, got)
        return
    want = float(ref / MP.log(2))
    assert math.isfinite(got) and abs(got - want) <= ABS + REL * abs(want), (what, got, want)


def check_all(
    measure: Callable[[float], float], oracle: Callable[[float], object], what: object
) -> list[float]:
    """Compare ``measure(alpha)`` with ``oracle(alpha)`` at every order; return the values."""
    values = []
    for alpha in ORDERS:
        got = measure(alpha)
        close(got, oracle(alpha), (what, alpha))
        values.append(got)
    return values


def monotone(values: Sequence[float], *, increasing: bool) -> bool:
    """Monotone over :data:`ORDERS` up to the tolerance of each value."""
    v = list(values) if increasing else [-x for x in values]
    return all(
        b == a if math.isinf(a) else b >= a - (ABS + REL * abs(a))
        for a, b in zip(v, v[1:], strict=False)
    )


# --------------------------------------------------------------------------- the cases


#: A plain 2 x 4 joint pmf (no zeros) of maximal leakage 0.4861 bits.
PLAIN = np.array([[0.02, 0.21, 0.22, 0.03], [0.08, 0.34, 0.03, 0.07]])


def test_regression_sibson_at_large_orders_reaches_the_maximal_leakage():
    # The linear-domain kernel took p(b|a) ** alpha, which underflows (0.15 ** 400 < 1e-308):
    # the columns whose p(b|a) were all small vanished, 0.151 bits at alpha = 400 where the
    # value is 0.4848, and at 1e4 every column did: 0.0.
    leak = info.maximal_leakage(PLAIN)
    for alpha in (300.0, 400.0, 700.0, 1e4, 1e6):
        got = info.sibson_mutual_information(PLAIN, alpha)
        close(got, ref_sibson(PLAIN, alpha), alpha)
        assert leak - 0.005 < got <= leak
    assert info.sibson_mutual_information(PLAIN, 1e6) == pytest.approx(leak, abs=1e-6)


def test_regression_sibson_at_tiny_orders_on_pmfs_with_zeros():
    # Every column has a zero, so every inner sum stays below 1 (about 0.6 to 0.75) and its
    # 1/alpha-th power, a power 1e4 at alpha = 1e-4, underflowed: the value was inf.
    p = np.array([[0.1, 0.0, 0.15, 0.05], [0.05, 0.3, 0.0, 0.1], [0.0, 0.1, 0.15, 0.0]])
    for alpha in (1e-6, 1e-4, 0.01):
        got = info.sibson_mutual_information(p, alpha)
        close(got, ref_sibson(p, alpha), alpha)
        assert got <= info.sibson_mutual_information(p, 0.5)


# --------------------------------------------------------------------------- nsp.info


@pytest.mark.parametrize("shape", [(2,), (5,)])
def test_renyi_entropy_matches_the_oracle_and_is_nonincreasing(shape):
    for i, p in enumerate(instances(11, shape)):
        h = check_all(
            lambda a, p=p: info.renyi_entropy(p, a),
            lambda a, p=p: ref_renyi_entropy(p, a),
            ("entropy", i),
        )
        assert monotone(h, increasing=False), (i, h)


@pytest.mark.parametrize("shape", [(2,), (5,)])
def test_renyi_divergence_matches_the_oracle_and_is_nondecreasing(shape):
    ps, qs = instances(12, shape), instances(13, shape)
    for i, (p, q) in enumerate(zip(ps, qs, strict=True)):
        d = check_all(
            lambda a, p=p, q=q: info.renyi_divergence(p, q, a),
            lambda a, p=p, q=q: ref_renyi_divergence(p, q, a),
            ("divergence", i),
        )
        assert monotone(d, increasing=True), (i, d)


def test_renyi_leakage_matches_the_oracle_and_is_nondecreasing():
    for i, p in enumerate(instances(14, (3, 3))):
        v = check_all(
            lambda a, p=p: info.renyi_leakage(p, a),
            lambda a, p=p: ref_renyi_leakage(p, a),
            ("leakage", i),
        )
        assert monotone(v, increasing=True), (i, v)


@pytest.mark.parametrize("shape", [(2, 4), (3, 3)])
def test_sibson_matches_the_oracle_and_is_nondecreasing(shape):
    for i, p in enumerate(instances(15, shape)):
        v = check_all(
            lambda a, p=p: info.sibson_mutual_information(p, a),
            lambda a, p=p: ref_sibson(p, a),
            ("sibson", i),
        )
        assert monotone(v, increasing=True), (i, v)
        close(info.maximal_leakage(p), ref_maximal_leakage(p), ("maximal leakage", i))


#: Orders near 1, where the naive division by alpha - 1 cost 1e-16 / |alpha - 1| (1.6e-4 bits
#: at 1e-12): the expm1/log1p forms keep a few ulps.
NEAR_ONE = tuple(1 + s * 10.0**-k for k in (1, 3, 6, 9, 12, 15) for s in (-1, 1))


@pytest.mark.parametrize("seed", range(6))
def test_orders_near_one_match_the_oracle_to_a_few_ulps(seed):
    rng = np.random.default_rng(30 + seed)
    p, q = random_pmf(rng, (6,), seed), random_pmf(rng, (6,), 0)  # supp p inside supp q
    joint = random_pmf(rng, (3, 4), seed)
    for alpha in NEAR_ONE:
        for got, ref in (
            (info.renyi_entropy(p, alpha), ref_renyi_entropy(p, alpha)),
            (info.renyi_divergence(p, q, alpha), ref_renyi_divergence(p, q, alpha)),
            (info.sibson_mutual_information(joint, alpha), ref_sibson(joint, alpha)),
        ):
            want = float(ref / MP.log(2))
            assert got == pytest.approx(want, rel=1e-13, abs=1e-14), alpha


def test_sibson_approaches_the_maximal_leakage_within_its_bound():
    # With L the maximal leakage and p_min the smallest positive p(a), the alpha-norms of
    # p(b | .) lie between p_min^(1/alpha) max_a p(b | a) and the maximum, so
    # (alpha L + ln p_min) / (alpha - 1) <= I_alpha <= alpha L / (alpha - 1).
    for i, p in enumerate(instances(16, (3, 4))):
        leak = info.maximal_leakage(p, base="e")
        p_min = float(p.sum(axis=1)[p.sum(axis=1) > 0].min())
        for alpha in (300.0, 1e4, 1e6, 1e9, 1e15):
            got = info.sibson_mutual_information(p, alpha, base="e")
            low, high = (alpha * leak + math.log(p_min)) / (alpha - 1), alpha * leak / (alpha - 1)
            assert low - 1e-12 <= got <= high + 1e-12, (i, alpha, low, got, high)


def test_small_orders_keep_the_relative_precision_of_small_values():
    # On pmfs of full support the divergence, the leakage and Sibson's I_alpha are of order
    # alpha as alpha -> 0; a logarithm of a sum near 1 divided by alpha would leave them a
    # relative error of u / alpha (5e-9 at 1e-6). The expm1 forms keep a few ulps.
    ps = [p for k, p in enumerate(instances(24, (3, 3))) if k % 4 in (0, 2)]
    qs = [p for k, p in enumerate(instances(25, (3, 3))) if k % 4 in (0, 2)]
    for i, (p, q) in enumerate(zip(ps, qs, strict=True)):
        for alpha in (1e-6, 1e-4, 0.01):
            for got, ref in (
                (
                    info.renyi_divergence(p.ravel(), q.ravel(), alpha),
                    _ref_divergence(_mp(p), _mp(q), alpha),
                ),
                (info.renyi_leakage(p, alpha), ref_renyi_leakage(p, alpha)),
                (info.sibson_mutual_information(p, alpha), ref_sibson(p, alpha)),
            ):
                want = float(ref / MP.log(2))
                assert got == pytest.approx(want, rel=1e-12, abs=0), (i, alpha)


def test_order_zero_is_the_limit_of_small_orders_on_pmfs_with_zeros():
    # The conventions at alpha = 0 (Hartley entropy, -log Q(supp p), Sibson's
    # -log max_b P_A(a: p(a, b) > 0)) are the limits as alpha -> 0, not separate definitions:
    # an order of 1e-12 is within 1e-9 of them (the distance is O(alpha log(1 / p_min))).
    for i, (p, q) in enumerate(zip(instances(22, (3, 4)), instances(23, (3, 4)), strict=True)):
        for measure in (
            lambda a, p=p: info.renyi_entropy(p, a),
            lambda a, p=p, q=q: info.renyi_divergence(p.ravel(), q.ravel(), a),
            lambda a, p=p: info.renyi_leakage(p, a),
            lambda a, p=p: info.sibson_mutual_information(p, a),
        ):
            at_zero, near_zero = measure(0.0), measure(1e-12)
            assert near_zero == pytest.approx(at_zero, abs=1e-9) or at_zero == near_zero == INF, i


# --------------------------------------------------------------------------- the shared kernel


def test_sibson_kernel_on_a_stack_matches_the_oracle_slice_by_slice():
    stack = np.stack(instances(17, (3, 4)))
    for alpha in ORDERS:
        if alpha in (1.0, INF):  # routed to the mutual information and the maximal leakage
            continue
        values = _kernels.sibson_stack(stack, alpha) / LN2
        for i, p in enumerate(stack):
            close(float(values[i]), ref_sibson(p, alpha), ("stack", i, alpha))
            single = float(_kernels.sibson_stack(p[None], alpha)[0]) / LN2
            assert single == values[i]  # the same arithmetic, one slice or many
    leak = _kernels.maximal_leakage_stack(stack) / LN2  # the limit alpha -> inf
    for i, p in enumerate(stack):
        close(float(leak[i]), ref_maximal_leakage(p), ("maximal leakage", i))


# --------------------------------------------------------------------------- nsp.notions


#: Orders whose column names are distinct (``sibson_1`` would name 1 - 1e-9, 1 and 1 + 1e-9).
COLUMN_ORDERS = tuple(a for a in ORDERS if a not in (1 - 1e-9, 1 + 1e-9))


def test_evaluate_many_sibson_columns_match_the_oracle():
    rng = np.random.default_rng(18)
    for i, p_sx in enumerate(instances(19, (3, 4), n=10)):
        chans = [random_channel(rng, 4, n_y) for n_y in (2, 3, 5)]
        mechs = [Mechanism(w, method="random") for w in chans]
        frame = evaluate_many(mechs, p_sx, alphas=COLUMN_ORDERS)
        assert frame["relations_ok"].all(), frame["relations_failed"].tolist()  # monotone too
        for k, w in enumerate(chans):
            p_sy = _exact_product(p_sx, w)
            for alpha in COLUMN_ORDERS:
                close(frame.loc[k, sibson_column(alpha)], ref_sibson(p_sy, alpha), (i, k, alpha))


def test_bootstrap_stack_columns_sibson_match_the_oracle():
    rng = np.random.default_rng(20)
    pmfs = np.stack(instances(21, (3, 4), n=10))
    chans = [random_channel(rng, 4, n_y) for n_y in (2, 3, 5)]
    mechs = [Mechanism(w, method="random") for w in chans]
    cols = stack_columns(mechs, pmfs, alphas=COLUMN_ORDERS)
    for i, p_sx in enumerate(pmfs):
        for k, w in enumerate(chans):
            p_sy = _exact_product(p_sx, w)
            for alpha in COLUMN_ORDERS:
                got = float(cols[sibson_column(alpha)][i, k])
                close(got, ref_sibson(p_sy, alpha), (i, k, alpha))


def _exact_product(p_sx: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``p(s, y) = sum_x p(s, x) W(y | x)``, rounded once from the 50-digit sum."""
    exact = [[MP.mpf(float(v)) for v in row] for row in p_sx]
    cw = [[MP.mpf(float(v)) for v in row] for row in w]
    return np.array(
        [
            [float(MP.fsum(r[x] * cw[x][y] for x in range(w.shape[0]))) for y in range(w.shape[1])]
            for r in exact
        ]
    )
