"""The five-notions comparison: joints, method adapters and the comparison tables.

Each adapter's mechanisms must reproduce, through :func:`nsp.notions.evaluate`, the numbers the
method itself reports (the funnel's I(S;Y) and I(X;Y), the agglomerative L0 / I* and utility,
Sankar et al.'s leakage and distortion, the ε of the DP channels); the comparison tables are
checked against brute force on random frames.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from nsp.clustering.funnel import greedy_max_leakage, greedy_privacy_funnel, greedy_ratio_funnel
from nsp.clustering.nonstochastic import merge_path, merge_until_connected, utility_value
from nsp.joint import Joint
from nsp.notions import (
    METHODS,
    MIN_MARGIN,
    TIE_TOL,
    agglomerative_sweep,
    all_methods,
    best_methods,
    best_methods_summary,
    definedness,
    equivocation_sweep,
    evaluate,
    evaluate_many,
    evaluate_methods,
    frontiers,
    funnel_sweep,
    k_anonymity_sweep,
    local_dp_sweep,
    noiseless_sweep,
    reversals,
    winner_shares,
)
from nsp.notions._methods import _distortion
from nsp.papers.compare import (
    census_income_joint,
    comparison_joint,
    frontier_figure,
    heart_joint,
    markdown_table,
    resample_joint,
    standing_on_grid,
)
from nsp.pareto import pareto_front
from nsp.partition import Partition
from nsp.ratedistortion import max_equivocation

SEEDS = range(8)


def random_joint(seed: int, n_s: int = 3, n_x: int = 6, *, ordered: bool = True):
    """A random joint with some zeros but every row and column used."""
    rng = np.random.default_rng(seed)
    p = rng.random((n_s, n_x)) * (rng.random((n_s, n_x)) < 0.6)
    p[rng.integers(n_s, size=n_x), np.arange(n_x)] += 0.1
    p[np.arange(n_s), rng.integers(n_x, size=n_s)] += 0.1
    values = np.sort(rng.choice(np.arange(100), size=n_x, replace=False)).astype(float)
    return Joint(p / p.sum(), name=f"r{seed}", x_values=values if ordered else None)


# --- data ------------------------------------------------------------------------------------


def test_sweeps_reject_a_joint_with_an_empty_value():
    # Joint allows a value of zero mass (an empty cell of a count table); the sweeps do not
    empty_x = Joint([[0.5, 0.0], [0.5, 0.0]], name="x")
    with pytest.raises(ValueError, match="column .* zero mass at index 1"):
        funnel_sweep(empty_x)
    empty_s = Joint([[0.5, 0.5], [0.0, 0.0]], name="s")
    with pytest.raises(ValueError, match="row .* zero mass at index 1"):
        all_methods(empty_s, quick=True)
    with pytest.raises(ValueError, match="nsp.joint.Joint"):
        evaluate_methods([], [[0.5, 0.5]])  # type: ignore[arg-type]


@pytest.mark.data
def test_joints_match_their_loaders():
    from nsp.papers.agglomerative import hungarian_age_chol
    from nsp.papers.privacy_funnel import adult_census_joint

    c = census_income_joint()
    ref = adult_census_joint().p_sx  # S = (age, income): summing out age gives S = income
    by_income = ref.reshape(-1, 2, ref.shape[1]).sum(axis=0)
    np.testing.assert_allclose(c.p_sx, by_income, atol=1e-15)
    h = heart_joint()
    assert comparison_joint("heart").p_sx.tobytes() == h.p_sx.tobytes()
    df = hungarian_age_chol(missing="drop")
    assert h.n_records == len(df)
    assert h.x_values.tolist() == sorted(df.chol.unique().tolist())
    mean_chol = float((h.p_sx.sum(axis=0) * h.x_values).sum())
    assert mean_chol == pytest.approx(df.chol.mean(), rel=1e-12)


# --- adapters reproduce the methods' own numbers ----------------------------------------------


def _check_agglomerative(j):
    mechs = agglomerative_sweep(j)
    u = "U2" if j.ordered else "U1"
    assert mechs
    for alg, col in (
        ("algorithm1", "nonstochastic_leakage"),
        ("algorithm2", "maximin_information"),
    ):
        path = merge_path(j.support, algorithm=alg, utility=u, values=j.x_values)
        ours = [m for m in mechs if m.method == METHODS[alg]]
        assert ours
        for m in ours:
            run = path.result(m.value)  # the λ we report returns this very partition
            assert Partition.from_labels(m.labels) == run.partition
            rec = evaluate(m, j.p_sx)
            assert rec[col] == pytest.approx(run.leakage, abs=1e-12)
            util = utility_value(Partition.from_labels(m.labels), u, values=j.x_values)
            assert util == pytest.approx(run.utility, abs=1e-12)
    for m in (m for m in mechs if m.method == METHODS["merge_until_connected"]):
        run = merge_until_connected(j.support, m.value, utility=u, values=j.x_values)
        assert evaluate(m, j.p_sx)["nonstochastic_leakage"] == pytest.approx(run.leakage)
        assert evaluate(m, j.p_sx)["maximin_information"] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_agglomerative_reproduces_l0_istar_and_utility(seed):
    _check_agglomerative(random_joint(seed, ordered=seed % 2 == 0))


@pytest.mark.data
def test_agglomerative_on_heart():
    _check_agglomerative(heart_joint())


def _check_funnel(j, n):
    mechs = funnel_sweep(j, n_budgets=n)
    algos = {
        METHODS["alg1"]: greedy_privacy_funnel,
        METHODS["alg2prime"]: greedy_max_leakage,
        METHODS["ratio"]: greedy_ratio_funnel,
    }
    frame = evaluate_many(mechs, j.p_sx)
    for m, row in zip(mechs, frame.itertuples(), strict=True):
        res = algos[m.method](j.p_sx, m.value)
        assert Partition.from_labels(m.labels) == res.partition
        assert row.mutual_information == pytest.approx(res.leakage, abs=1e-10)
        assert row.utility_information == pytest.approx(res.utility, abs=1e-10)
        assert row.utility_information >= m.value - 1e-9  # the constraint I(X;Y) >= R


@pytest.mark.parametrize("seed", SEEDS)
def test_funnel_reproduces_leakage_and_disclosure(seed):
    _check_funnel(random_joint(seed, 2, 7), 9)


@pytest.mark.data
def test_funnel_on_census():
    _check_funnel(census_income_joint(), 11)


@pytest.mark.parametrize("seed", SEEDS)
def test_noiseless_budget_is_respected(seed):
    j = random_joint(seed, 3, 9)
    for m in noiseless_sweep(j):
        rec = evaluate(m, j.p_sx, x_values=j.x_values)
        assert rec["noiseless_epsilon"] <= m.value + 1e-12  # at most ⌊2^ε⌋ outputs
        assert rec["noiseless_epsilon"] == pytest.approx(math.log2(m.n_y))
        # bins are intervals: the labels never decrease along the ordered X
        assert np.all(np.diff(m.labels) >= 0)
    assert noiseless_sweep(random_joint(seed, ordered=False)) == []


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("ordered", [True, False])
def test_equivocation_reproduces_leakage_and_distortion(seed, ordered):
    j = random_joint(seed, 2, 4, ordered=ordered)
    mechs = equivocation_sweep(j, n_budgets=3, tol=1e-6)
    d = _distortion(j)
    for m in mechs:
        res = max_equivocation(j.p_sx.T, d, m.value, tol=1e-6)
        rec = evaluate(m, j.p_sx, x_values=j.x_values)
        assert rec["mutual_information"] == pytest.approx(res.point.leakage, abs=1e-9)
        # the encoder's own distortion: E d(X, X̂) <= D; the best decoder does no worse
        own = float(np.sum(j.p_sx.sum(axis=0)[:, None] * m.channel * d))
        assert own <= m.value + 1e-9
        if ordered:
            assert rec["numeric_distortion"] == pytest.approx(own, rel=1e-9, abs=1e-12)
        else:
            assert rec["hamming_distortion"] <= own + 1e-12


@pytest.mark.data
def test_equivocation_on_census():
    j = census_income_joint()
    d = _distortion(j)
    (m,) = equivocation_sweep(j, budgets=[0.5], tol=1e-6)
    res = max_equivocation(j.p_sx.T, d, 0.5, tol=1e-6)
    rec = evaluate(m, j.p_sx)
    assert rec["mutual_information"] == pytest.approx(res.point.leakage, abs=1e-9)
    assert rec["hamming_distortion"] <= 0.5 + 1e-9


def test_frontier_figure_plots_the_frontiers():
    j = random_joint(2, 3, 6)
    frame = evaluate_methods(all_methods(j, quick=True), j)
    fig, data = frontier_figure(frame, utility="numeric_distortion", leakages=["maximal_leakage"])
    expected = frontiers(frame, leakage="maximal_leakage", utility="numeric_distortion")
    np.testing.assert_array_equal(data["leakage"], expected["leakage"])
    assert len(fig.axes) == 1 and fig.axes[0].get_title() == "maximal leakage L(S→Y)"
    plt.close(fig)


@pytest.mark.parametrize("seed", SEEDS)
def test_local_dp_channels_have_their_epsilon(seed):
    j = random_joint(seed, 2, 5)
    eps = [0.1, 1.0, 3.0]
    mechs = local_dp_sweep(j, epsilons=eps)
    frame = evaluate_many(mechs, j.p_sx, base="e")
    rr = frame[frame.method == METHODS["kary_rr"]]
    em = frame[frame.method == METHODS["exponential"]]
    np.testing.assert_allclose(rr.ldp_epsilon, eps, rtol=1e-12)
    # one record, utility −|y − x|, sensitivity Δ = max x − min x: the scores give e^(ε/2)
    # between the ends, the normalizers at most another e^(ε/2)
    e = np.array(eps)
    assert np.all(em.ldp_epsilon.to_numpy() >= e / 2 - 1e-12)
    assert np.all(em.ldp_epsilon.to_numpy() <= e + 1e-12)
    assert [
        m.method for m in local_dp_sweep(random_joint(seed, ordered=False), epsilons=[1.0])
    ] == [METHODS["kary_rr"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_k_anonymity_bounds_l0(seed):
    j = random_joint(seed, 4, 8)
    for m in k_anonymity_sweep(j):
        rec = evaluate(m, j.p_sx)
        # every output is consistent with >= k secrets
        assert rec["nonstochastic_leakage"] <= math.log2(j.n_s / m.value) + 1e-12


def test_all_methods_runs_every_family_and_every_relation_holds():
    j = random_joint(3, 3, 6)
    mechs = all_methods(j, quick=True)
    assert {m.method for m in mechs} == set(METHODS.values())
    frame = evaluate_methods(mechs, j)
    assert frame.relations_ok.all(), set(frame.relations_failed)
    unordered = all_methods(random_joint(3, 3, 6, ordered=False), quick=True)
    assert {m.method for m in unordered} == set(METHODS.values()) - {
        METHODS["noiseless"],
        METHODS["exponential"],
        METHODS["k_interval"],
    }


def test_adapters_reject_bad_input():
    j = random_joint(0)
    with pytest.raises(ValueError, match="joint"):
        funnel_sweep(j.p_sx)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="algorithms"):
        agglomerative_sweep(j, algorithms=["nope"])
    with pytest.raises(ValueError, match="U2"):
        agglomerative_sweep(random_joint(0, ordered=False), utility="U2")
    with pytest.raises(ValueError, match="ks"):
        k_anonymity_sweep(j, ks=[j.n_s + 1])
    with pytest.raises(ValueError, match="epsilons"):
        local_dp_sweep(j, epsilons=[0.0])


# --- comparison tables -----------------------------------------------------------------------


def random_frame(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 30
    return pd.DataFrame(
        {
            "dataset": "toy",
            "method": rng.choice(["a", "b", "c"], size=n),
            "parameter": "k",
            "value": np.arange(n, dtype=float),
            "mutual_information": rng.integers(0, 6, size=n) / 5,
            "maximal_leakage": rng.integers(0, 6, size=n) / 5,
            "information_loss": rng.integers(0, 8, size=n) / 4,
        }
    )


def _brute_winners(frame, leakage, utility, b):
    ok = frame[frame[utility] <= b]
    if ok.empty:
        return set()
    best = ok.groupby("method")[leakage].min()
    return set(best.index[best <= best.min() + 1e-9])


def _covers(table, b):
    """Rows whose range ``[loss_from, loss_to)`` holds ``b`` (the last range is closed)."""
    half_open = (table.loss_from <= b) & (b < table.loss_to)
    last = (table.loss_from <= b) & (table.loss_to == b) & (table.index == table.index[-1])
    return half_open | last


@pytest.mark.parametrize("seed", SEEDS)
def test_frontiers_are_non_dominated_and_complete(seed):
    f = random_frame(seed)
    front = frontiers(f, leakage="mutual_information", utility="information_loss")
    for method, grp in f.groupby("method"):
        fr = front[front.method == method]
        for row in grp.itertuples():  # every release is weakly dominated by a frontier point
            assert (
                (fr.loss <= row.information_loss) & (fr.leakage <= row.mutual_information)
            ).any()
        # frontier points: strictly decreasing leakage as loss grows
        assert np.all(np.diff(fr.leakage.to_numpy()) < 0)


@pytest.mark.parametrize("seed", SEEDS)
def test_frontiers_are_the_pareto_fronts_of_nsp_pareto(seed):
    f = random_frame(seed)
    front = frontiers(f, leakage="maximal_leakage", utility="information_loss")
    for method, grp in f.groupby("method"):
        ref = pareto_front(grp, x="information_loss", y="maximal_leakage", tol=TIE_TOL)
        ours = front[front.method == method]
        np.testing.assert_array_equal(ours.value, ref.value)
        np.testing.assert_array_equal(ours.leakage, ref.maximal_leakage)


@pytest.mark.parametrize("seed", SEEDS)
def test_best_methods_match_brute_force(seed):
    f = random_frame(seed)
    table = best_methods(f, leakage="mutual_information", utility="information_loss")
    for b in np.unique(f.information_loss):
        # past the last frontier loss no release is added: the last winner stays
        row = table[_covers(table, min(b, table.loss_to.max()))].iloc[0]
        assert set(row.best.split(" = ")) == _brute_winners(
            f, "mutual_information", "information_loss", b
        )


@pytest.mark.parametrize("seed", SEEDS)
def test_reversals_have_disjoint_winners(seed):
    f = random_frame(seed)
    rev = reversals(
        f,
        leakages=["mutual_information", "maximal_leakage"],
        utilities=["information_loss"],
        min_width=0.0,
    )
    budgets = np.unique(f.information_loss)
    expected = 0
    for b in budgets:
        wa = _brute_winners(f, "mutual_information", "information_loss", b)
        wb = _brute_winners(f, "maximal_leakage", "information_loss", b)
        expected += bool(wa and wb and not wa & wb)
        point = (rev.loss_from == b) & (rev.loss_to == b)  # a reversal at the last budget
        hit = rev[((rev.loss_from <= b) & (b < rev.loss_to)) | point]
        if wa and wb and not wa & wb:
            assert len(hit) == 1
            assert set(hit.winner_a.iloc[0].split(" = ")) == wa
            assert set(hit.winner_b.iloc[0].split(" = ")) == wb
        else:
            assert hit.empty
    assert (len(rev) > 0) == (expected > 0)


def test_definedness_and_markdown():
    j = random_joint(1, 3, 6)
    frame = evaluate_methods(all_methods(j, quick=True), j)
    d = definedness(frame)
    undefined = set(zip(d.method, d.notion, d.status, strict=True))
    assert (METHODS["kary_rr"], "noiseless_epsilon", "undefined") in undefined
    # a deterministic release with two outputs or more has rows of different supports
    det = frame[frame.deterministic & (frame.output_hartley_entropy > 0)]
    assert not det.empty and np.isinf(det.ldp_epsilon).all()
    assert (METHODS["kary_rr"], "maximin_information", "constant") in undefined
    text = markdown_table(best_methods_summary(frame))
    assert text.count("\n") >= 2 and text.startswith("| utility loss |")


@pytest.mark.parametrize("seed", SEEDS)
def test_winner_shares_add_up(seed):
    f = with_random_intervals(random_frame(seed), seed)
    best = best_methods(f, leakage="maximal_leakage", utility="information_loss")
    shares = winner_shares(best)
    width = best.loss_to - best.loss_from
    total = width.sum()
    # counting each tied winner once per range and each undecided range once, the shares add
    # up to the tie-weighted width
    won = best.status == "won"
    n_winners = best.best.str.count(" = ") + 1
    weighted = (width * n_winners)[won].sum() + width[~won].sum()
    assert shares.share.sum() == pytest.approx(weighted / total)
    assert shares.share.between(0, 1).all()
    methods = shares[shares.method != "undecided"]
    assert methods.share.is_monotonic_decreasing
    assert shares[shares.method == "undecided"].share.sum() == pytest.approx(
        width[~won].sum() / total
    )


# --- the honest win rule ---------------------------------------------------------------------


def with_random_intervals(frame: pd.DataFrame, seed: int) -> pd.DataFrame:
    """Random intervals around each leakage, some narrow, some wide."""
    rng = np.random.default_rng(100 + seed)
    out = frame.copy()
    for col in ("mutual_information", "maximal_leakage"):
        half = rng.choice([0.0, 0.05, 0.3], size=len(out))
        out[f"{col}_low"] = out[col] - half * rng.random(len(out))
        out[f"{col}_high"] = out[col] + half * rng.random(len(out))
    return out


def _brute_standing(frame, leakage, utility, b, min_margin):
    """(leaders, decided) at budget b, from the rule as stated, on the raw rows."""
    ok = frame[frame[utility] <= b].sort_values([utility, leakage], kind="stable")
    if ok.empty:
        return set(), False
    # each method's release of least leakage; of equal ones, the one of least loss (the
    # frontier point)
    best_row = ok.loc[ok.groupby("method")[leakage].idxmin()].set_index("method")
    least = best_row[leakage].min()
    leaders = set(best_row.index[best_row[leakage] <= least + 1e-9])
    top = best_row.loc[list(leaders), f"{leakage}_high"].max()
    others = best_row.drop(index=list(leaders))
    separated = (others[leakage] - least > min_margin) & (others[f"{leakage}_low"] > top)
    return leaders, bool(separated.all())


def test_a_tiny_margin_is_undecided_and_a_large_one_a_win():
    f = pd.DataFrame(
        {
            "method": ["a", "b", "a", "b"],
            "mutual_information": [0.3000, 0.3004, 0.1000, 0.2000],
            "information_loss": [1.0, 1.0, 2.0, 2.0],
        }
    )
    t = best_methods(f, leakage="mutual_information", utility="information_loss")
    assert t[["loss_from", "best", "status"]].to_numpy().tolist() == [
        [1.0, "a = b", "undecided"],
        [2.0, "a", "won"],
    ]
    assert t.margin.tolist() == pytest.approx([0.0004, 0.1])
    # the minimum margin is a keyword: at 0.0001 the lead of 0.0004 is a win
    t = best_methods(f, leakage="mutual_information", utility="information_loss", min_margin=1e-4)
    assert t.status.tolist() == ["won"]
    # and shares say what the data cannot decide
    shares = winner_shares(
        best_methods(f, leakage="mutual_information", utility="information_loss")
    )
    # (the last range, [2, 2], is closed and of width 0)
    assert shares[["method", "share"]].to_numpy().tolist() == [["a", 0.0], ["undecided", 1.0]]


def test_overlapping_intervals_leave_a_large_margin_undecided():
    f = pd.DataFrame(
        {
            "method": ["a", "b"],
            "mutual_information": [0.10, 0.20],
            "mutual_information_low": [0.05, 0.14],
            "mutual_information_high": [0.15, 0.26],
            "information_loss": [1.0, 1.0],
        }
    )
    t = best_methods(f, leakage="mutual_information", utility="information_loss")
    assert t[["best", "status"]].to_numpy().tolist() == [["a = b", "undecided"]]
    assert (t.leakage_low.iloc[0], t.leakage_high.iloc[0]) == (0.05, 0.15)
    f.loc[1, "mutual_information_low"] = 0.16  # now apart
    t = best_methods(f, leakage="mutual_information", utility="information_loss")
    assert t[["best", "status"]].to_numpy().tolist() == [["a", "won"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_win_rule_matches_brute_force(seed):
    f = with_random_intervals(random_frame(seed), seed)
    table = best_methods(f, leakage="mutual_information", utility="information_loss")
    for b in np.unique(f.information_loss):
        row = table[_covers(table, min(b, table.loss_to.max()))].iloc[0]
        leaders, decided = _brute_standing(
            f, "mutual_information", "information_loss", b, MIN_MARGIN
        )
        assert (row.status == "won") == decided
        named = set(row.best.split(" = "))
        assert named == leaders if decided else named >= leaders


@pytest.mark.parametrize("seed", SEEDS)
def test_reversals_are_decided_only_when_both_wins_are(seed):
    f = with_random_intervals(random_frame(seed), seed)
    rev = reversals(
        f,
        leakages=["mutual_information", "maximal_leakage"],
        utilities=["information_loss"],
        min_width=0.0,
    )
    for row in rev.itertuples():
        _, da = _brute_standing(f, "mutual_information", "information_loss", row.loss_from, 0.001)
        _, db = _brute_standing(f, "maximal_leakage", "information_loss", row.loss_from, 0.001)
        assert (row.status == "decided") == (da and db)


def test_evaluate_methods_with_intervals():
    """The intervals of evaluate_many (same seed), and one for the information loss."""
    rng = np.random.default_rng(4)
    counts = rng.multinomial(5000, rng.dirichlet(np.ones(12)) * 1.0).reshape(2, 6)
    counts[:, counts.sum(axis=0) == 0] = 1  # every value of X seen
    j = Joint.from_counts(counts, name="toy", x_values=np.arange(6.0))
    mechs = all_methods(j, quick=True)
    f = evaluate_methods(mechs, j, ci=0.9, n_boot=200, seed=3)
    wide = evaluate_many(
        mechs, j.p_sx, x_values=j.x_values, counts=counts, ci=0.9, n_boot=200, seed=3
    )
    pd.testing.assert_frame_equal(
        f.drop(
            columns=["dataset", "information_loss", "information_loss_low", "information_loss_high"]
        ),
        wide,
    )
    loss = f.information_loss.to_numpy()
    assert np.all(f.information_loss_low <= loss + 1e-12)
    assert np.all(loss <= f.information_loss_high + 1e-12)
    assert np.all(f.information_loss_high <= math.log2(6) + 1e-12)
    assert f.attrs["n_records"] == counts.sum()
    with pytest.raises(ValueError, match="record counts"):
        evaluate_methods(mechs, Joint(j.p_sx, x_values=j.x_values), ci=0.9)


def test_frontier_figure_draws_interval_bands():
    f = pd.DataFrame(
        {
            "method": ["a", "a", "b"],
            "parameter": "k",
            "value": [1, 2, 1],
            "maximal_leakage": [1.0, 0.5, 0.7],
            "maximal_leakage_low": [0.9, 0.4, 0.6],
            "maximal_leakage_high": [1.1, 0.6, 0.8],
            "information_loss": [0.0, 1.0, 0.5],
        }
    )
    fig, data = frontier_figure(f, utility="information_loss", leakages=["maximal_leakage"])
    assert data.leakage_low.tolist() == [0.9, 0.4, 0.6]
    assert len(fig.axes[0].collections) == 2  # one band per method
    plt.close(fig)
    fig, _ = frontier_figure(
        f.drop(columns=["maximal_leakage_low", "maximal_leakage_high"]),
        utility="information_loss",
        leakages=["maximal_leakage"],
    )
    assert not fig.axes[0].collections
    plt.close(fig)


# --- sampling ------------------------------------------------------------------------------


def test_resample_joint_draws_records_and_drops_unseen_values():
    j = Joint.from_counts(
        [[500, 300, 1, 200], [100, 400, 0, 500]], name="toy", x_values=[1.0, 2.0, 3.0, 4.0]
    )
    a = resample_joint(j, 300, seed=3)
    b = resample_joint(j, 300, seed=3)
    assert a.counts.sum() == 300 and np.array_equal(a.counts, b.counts)
    assert not np.array_equal(a.counts, resample_joint(j, 300, seed=4).counts)
    kept = [j.x_labels.index(lab) for lab in a.x_labels]
    assert a.x_values.tolist() == [j.x_values[i] for i in kept]
    assert (a.counts.sum(axis=0) > 0).all()
    # the rare value (1 record in 2,001) is almost never drawn in 300
    assert "2" not in a.x_labels
    # a draw of many records follows the source's pmf
    big = resample_joint(j, 200_000, seed=0)
    np.testing.assert_allclose(big.p_sx, j.p_sx, atol=0.005)
    with pytest.raises(ValueError, match="every value of S"):
        resample_joint(Joint.from_counts([[1000, 0], [0, 1]]), 5, seed=0)


def test_standing_on_grid_reads_the_covering_range():
    f = random_frame(3)
    table = best_methods(f, leakage="mutual_information", utility="information_loss")
    grid = np.linspace(-0.5, f.information_loss.max() + 1, 40)
    got = standing_on_grid(table, grid)
    assert len(got) == len(grid)
    for row in got.itertuples():
        if row.budget < table.loss_from.min():
            assert row.best == "" and row.status == ""
            continue
        want = table[_covers(table, min(row.budget, table.loss_to.max()))].iloc[0]
        assert (row.best, row.status) == (want.best, want.status)
