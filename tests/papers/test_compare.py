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
from nsp.estimate import FIXED_COLUMNS
from nsp.joint import Joint
from nsp.notions import (
    LEAKAGES,
    METHODS,
    MIN_MARGIN,
    TIE_TOL,
    WIN_KINDS,
    Mechanism,
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
    shares_markdown,
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
        ("merge_by_leakage", "nonstochastic_leakage"),
        ("merge_across_components", "maximin_information"),
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
        METHODS["greedy_privacy_funnel"]: greedy_privacy_funnel,
        METHODS["greedy_max_leakage"]: greedy_max_leakage,
        METHODS["greedy_ratio_funnel"]: greedy_ratio_funnel,
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
    won = best.status.isin(WIN_KINDS)
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
        [2.0, "a", "margin_only"],  # no intervals: a win on the values alone
    ]
    assert t.margin.tolist() == pytest.approx([0.0004, 0.1])
    # the minimum margin is a keyword: at 0.0001 the lead of 0.0004 is a win
    t = best_methods(f, leakage="mutual_information", utility="information_loss", min_margin=1e-4)
    assert t.status.tolist() == ["margin_only"]
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
    assert t[["best", "status"]].to_numpy().tolist() == [["a", "backed"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_win_rule_matches_brute_force(seed):
    f = with_random_intervals(random_frame(seed), seed)
    table = best_methods(f, leakage="mutual_information", utility="information_loss")
    for b in np.unique(f.information_loss):
        row = table[_covers(table, min(b, table.loss_to.max()))].iloc[0]
        leaders, decided = _brute_standing(
            f, "mutual_information", "information_loss", b, MIN_MARGIN
        )
        assert (row.status == "backed") == decided
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
        assert (row.status == "backed") == (da and db)


def _brute_counted(front, b, min_margin):
    """Whether the lead at budget b is backed with the loss intervals counted, as stated."""
    within = front[front.loss <= b + TIE_TOL]
    if within.empty:
        return False
    entry = within.groupby("method").leakage.min()
    leaders = set(entry.index[entry <= entry.min() + TIE_TOL])
    _, plain = _brute_standing(
        within.rename(columns={"leakage": "x", "leakage_low": "x_low", "leakage_high": "x_high"}),
        "x",
        "loss",
        b + TIE_TOL,
        min_margin,
    )
    sure = front[front.method.isin(leaders) & (front.loss_high <= b + TIE_TOL)]
    if not plain or sure.empty:
        return False
    lead = sure.leakage.min()
    top = sure[sure.leakage <= lead + TIE_TOL].leakage_high.max()
    rivals = front[~front.method.isin(leaders) & (front.loss_low <= b + TIE_TOL)]
    for _, r in rivals.groupby("method"):
        if not (r.leakage.min() - lead > min_margin and r.leakage_low.min() > top):
            return False
    return True


@pytest.mark.parametrize("seed", SEEDS)
def test_counting_the_loss_intervals_holds_inside_every_range(seed):
    # the status of a range holds at every budget inside it, not only where it starts (the
    # ends of the loss intervals are budgets too)
    f = with_random_intervals(random_frame(seed), seed)
    rng = np.random.default_rng(400 + seed)
    half = rng.choice([0.0, 0.1, 0.5], size=len(f))
    f = f.assign(
        information_loss_low=f.information_loss - half * rng.random(len(f)),
        information_loss_high=f.information_loss + half * rng.random(len(f)),
    )
    kw = {"leakage": "maximal_leakage", "utility": "information_loss"}
    front = frontiers(f, **kw)
    for row in best_methods(f, **kw, loss_intervals=True).itertuples():
        inside = (
            np.linspace(row.loss_from, row.loss_to, 5)[:-1]
            if row.loss_to > row.loss_from
            else [row.loss_from]
        )
        for b in inside:
            assert (row.status == "backed") == _brute_counted(front, b, MIN_MARGIN), (row, b)


def test_reversals_counting_the_loss_intervals_exact_case():
    # a leads under I(S;Y), b under maximal leakage, both at a loss of 1.0; counted with the
    # loss's own interval (up to 1.1), neither release is surely within the budget 1.0
    f = pd.DataFrame(
        {
            "method": ["a", "b"],
            "mutual_information": [0.1, 0.2],
            "maximal_leakage": [0.9, 0.5],
            "information_loss": [1.0, 1.0],
            "information_loss_low": [0.9, 0.9],
            "information_loss_high": [1.1, 1.1],
        }
    )
    kw = {"leakages": ["mutual_information", "maximal_leakage"], "utilities": ["information_loss"]}
    cols = ["winner_a", "winner_b", "status"]
    assert reversals(f, **kw)[cols].to_numpy().tolist() == [["a", "b", "margin_only"]]
    counted = reversals(f, **kw, loss_intervals=True)
    assert counted[cols].to_numpy().tolist() == [["a", "b", "undecided"]]
    with pytest.raises(ValueError, match="loss_intervals must be True or False"):
        reversals(f, **kw, loss_intervals="yes")


@pytest.mark.parametrize("seed", SEEDS)
def test_reversals_counting_the_loss_intervals_agree_with_best_methods(seed):
    # decided exactly where both notions' best_methods (loss intervals counted) are won there
    f = with_random_intervals(random_frame(seed), seed)
    rng = np.random.default_rng(300 + seed)
    half = rng.choice([0.0, 0.1, 0.5], size=len(f))
    f = f.assign(
        information_loss_low=f.information_loss - half * rng.random(len(f)),
        information_loss_high=f.information_loss + half * rng.random(len(f)),
    )
    notions = ["mutual_information", "maximal_leakage"]
    kw = {"utilities": ["information_loss"], "min_width": 0.0}
    plain = reversals(f, leakages=notions, **kw)
    counted = reversals(f, leakages=notions, **kw, loss_intervals=True)

    # who leads does not depend on the loss intervals: the same budgets are reversals (the
    # ranges may split where the status changes)
    def covered(rev: pd.DataFrame) -> float:
        return float((rev.loss_to - rev.loss_from).sum())

    assert covered(counted) == pytest.approx(covered(plain), abs=1e-12)
    assert (
        covered(counted[counted.status == "backed"])
        <= covered(plain[plain.status == "backed"]) + 1e-12
    )
    best = {
        n: best_methods(f, leakage=n, utility="information_loss", loss_intervals=True)
        for n in notions
    }
    for row in counted.itertuples():
        won = [
            standing_on_grid(best[n], [row.loss_from]).status.iloc[0] == "backed" for n in notions
        ]
        assert (row.status == "backed") == all(won)


def test_evaluate_methods_with_intervals():
    """With the channels fixed, the intervals of evaluate_many (same seed), and one for the
    information loss; by default, the fitted releases' intervals are refitted ones."""
    rng = np.random.default_rng(4)
    counts = rng.multinomial(5000, rng.dirichlet(np.ones(12)) * 1.0).reshape(2, 6)
    counts[:, counts.sum(axis=0) == 0] = 1  # every value of X seen
    j = Joint.from_counts(counts, name="toy", x_values=np.arange(6.0))
    mechs = all_methods(j, quick=True)
    f = evaluate_methods(mechs, j, ci=0.9, n_boot=200, seed=3, selection="fixed")
    wide = evaluate_many(
        mechs, j.p_sx, x_values=j.x_values, counts=counts, ci=0.9, n_boot=200, seed=3
    )
    extra = ["dataset", "information_loss", "information_loss_low", "information_loss_high"]
    pd.testing.assert_frame_equal(f.drop(columns=[*extra, "estimand"]), wide)
    assert (f.estimand == "channel").all() and f.attrs["selection"] == "fixed"
    refit = evaluate_methods(mechs, j, ci=0.9, n_boot=50, seed=3)
    fitted = np.array([m.fit is not None for m in mechs])
    assert fitted.any() and not fitted.all()  # randomized response is not fitted
    assert (refit.estimand == np.where(fitted, "refit", "channel")).all()
    # a channel that does not depend on the data keeps the fixed-channel interval
    same = ["mutual_information", "mutual_information_low", "mutual_information_high"]
    fixed50 = evaluate_methods(mechs, j, ci=0.9, n_boot=50, seed=3, selection="fixed")
    pd.testing.assert_frame_equal(refit.loc[~fitted, same], fixed50.loc[~fitted, same])
    # a fitted release's value is optimism-corrected: it moves, and stays in its interval
    moved = refit.loc[fitted, "mutual_information"] != fixed50.loc[fitted, "mutual_information"]
    assert moved.any()
    for col in ("mutual_information", "maximal_leakage", "information_loss"):
        assert (refit[f"{col}_low"] <= refit[col] + 1e-12).all()
        assert (refit[col] <= refit[f"{col}_high"] + 1e-12).all()
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


def _caveat_frame() -> pd.DataFrame:
    """A deterministic method, randomized response and a constant release on a 2 x 3 joint."""
    j = Joint([[0.4, 0.1, 0.0], [0.0, 0.1, 0.4]], name="toy", x_values=[1.0, 2.0, 4.0])
    mechs = [
        Mechanism.from_labels([0, 1, 2], method="det", parameter="k", value=3),
        Mechanism.from_labels([0, 0, 1], method="det", parameter="k", value=2),
        Mechanism.from_labels([0, 0, 0], method="det", parameter="k", value=1),
    ]
    for keep in (0.5, 0.8):
        w = np.full((3, 3), (1 - keep) / 2)
        np.fill_diagonal(w, keep)
        mechs.append(Mechanism(w, method="rr", parameter="p", value=keep))
    return evaluate_methods(mechs, j)


def test_frontier_figure_shares_one_x_range_and_marks_its_caveats():
    frame = _caveat_frame()
    leaks = ["maximal_leakage", "nonstochastic_leakage", "ldp_epsilon", "noiseless_epsilon"]
    fig, data = frontier_figure(frame, utility="information_loss", leakages=leaks, ncols=2)
    loss = frame.information_loss.to_numpy()
    limits = {ax.get_xlim() for ax in fig.axes}
    assert len(limits) == 1  # one x range for every panel ...
    (lo, hi), span = limits.pop(), loss.max() - loss.min()
    assert lo == pytest.approx(loss.min() - 0.02 * span)  # ... that of every release's loss
    assert hi == pytest.approx(loss.max() + 0.02 * span)
    notes = {ax.get_title(): ax.get_xlabel().splitlines()[1:] for ax in fig.axes}
    assert notes["maximal leakage L(S→Y)"] == []
    # rr has full support: L0 = 0 for both releases
    assert notes["non-stochastic L0(S→Y)"] == ["degenerate — 0 for every release: rr"]
    ldp = " ".join(notes["local DP ε of W (Wu's baseline)"])
    assert "one point — ε = ∞ (rows of W with different supports) but for its one-output" in ldp
    assert ldp.endswith("release: det")
    noiseless = " ".join(notes["noiseless ε"])
    assert noiseless == "absent — undefined (not a deterministic map) for every release: rr"
    # the data is what the panels draw, each row naming its utility
    assert set(data.utility_kind) == {"information_loss"}
    one = data[(data.leakage_notion == "ldp_epsilon") & (data.method == "det")]
    assert one.leakage.tolist() == [0.0] and one.loss.tolist() == [pytest.approx(loss.max())]
    footer = fig.texts[0].get_text()
    assert "one range [0, " in footer and "x = information loss" in footer
    plt.close(fig)


def test_frontier_figure_continues_each_frontier_and_rings_a_single_point():
    frame = _caveat_frame()
    fig, _ = frontier_figure(frame, utility="information_loss", leakages=["ldp_epsilon"])
    ax = fig.axes[0]
    right = frame.information_loss.max()
    dotted = [ln for ln in ax.lines if ln.get_linestyle() == ":"]
    ends = sorted(float(ln.get_xdata()[-1]) for ln in dotted)
    assert ends and all(e == pytest.approx(right) for e in ends)  # continued to the edge
    rings = [ln for ln in ax.lines if ln.get_markersize() == 9]
    assert len(rings) == 1 and rings[0].get_xdata()[0] == pytest.approx(right)  # det's one point
    plt.close(fig)


def test_frontier_figure_explains_the_squared_error_axis_and_alg2prime():
    j = random_joint(3, 3, 6)
    frame = evaluate_methods(all_methods(j, quick=True), j)
    fig, _ = frontier_figure(frame, utility="numeric_distortion", leakages=["maximal_leakage"])
    assert fig.axes[0].get_xlabel().splitlines()[0] == "squared error E[(X − x̂(Y))²]"
    assert "E[X|Y] (the MMSE) for every method but the Γ(D) sanitizer" in fig.texts[0].get_text()
    plt.close(fig)
    alg2 = frame.method == METHODS["greedy_max_leakage"]
    worse = frame.assign(noiseless_epsilon=frame.noiseless_epsilon + 10.0 * alg2)
    for f, leads in ((frame, True), (worse, False), (frame[~alg2], False)):
        shares = winner_shares(
            best_methods(f, leakage="noiseless_epsilon", utility="information_loss")
        )
        share = shares.loc[shares.method == METHODS["greedy_max_leakage"], "share"].sum()
        assert (share >= 0.25) == leads  # Alg. 2′ wins here, or loses everywhere
        fig, _ = frontier_figure(f, utility="information_loss", leakages=["noiseless_epsilon"])
        label = fig.axes[0].get_xlabel().replace("\n", " ")
        assert ("built to maximise I(S;Y)" in label) == leads
        if leads:
            assert f"wins {share:.0%} of the range" in label
        plt.close(fig)


def test_frontier_figure_says_which_methods_need_an_ordered_x():
    j = random_joint(1, 2, 5, ordered=False)
    frame = evaluate_methods(all_methods(j, quick=True), j)
    fig, _ = frontier_figure(frame, utility="information_loss", leakages=["maximal_leakage"])
    text = fig.texts[0].get_text().replace("\n", " ")
    assert "Not run on this X (it has no order): quantizer, exp. mechanism" in text
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


# --- the sample-size rule: no win from a table too small for its cells -----------------------

#: The notions whose value is estimated from the counts (all but the local-DP ε of W).
# the channel's own notions (local-DP ε, Wu's capacity) are not estimated from the records
ESTIMATED = [leak for leak in LEAKAGES if leak not in FIXED_COLUMNS]


def _breaks_rule(counts: np.ndarray) -> bool:
    """The rule, recomputed here: < 5 records per cell, or cells seen once over records > 1 %."""
    n = counts.sum()
    return n / counts.size < 5 or np.count_nonzero(counts == 1) / n > 0.01


def small_joint(seed: int, n_records: int) -> Joint:
    """Records of a random source on 3 × 6 cells, every value of S and X seen."""
    rng = np.random.default_rng(seed)
    p = rng.dirichlet(np.full(18, 0.7))
    while True:
        counts = rng.multinomial(n_records, p).reshape(3, 6)
        if (counts.sum(axis=0) > 0).all() and (counts.sum(axis=1) > 0).all():
            return Joint.from_counts(counts, name=f"s{seed}", x_values=np.arange(6.0))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_table_that_breaks_the_sample_size_rule_decides_no_win(seed):
    j = small_joint(seed, n_records=20 + 8 * seed)  # 20 to 76 records on 18 cells
    assert _breaks_rule(j.counts)
    frame = evaluate_methods(all_methods(j, quick=True), j, ci=0.95, n_boot=50, seed=seed)
    best = best_methods_summary(frame)
    est = best[best.leakage_notion.isin(ESTIMATED)]
    assert not est.empty and (est.status == "too_few_records").all()
    assert est.reason.str.contains("fewer than 5 records per cell").all()
    # the local-DP ε and C1 are the channel's: no sample changes them, and they are still decided
    assert (best[best.leakage_notion.isin(FIXED_COLUMNS)].status != "too_few_records").all()
    # the rule changes the status only: the same frame read as a source names the same methods
    plain = frame.copy()
    plain.attrs.clear()
    as_source = best_methods_summary(plain)
    for (util, leak), grp in best.groupby(["utility_kind", "leakage_notion"]):
        ref = as_source[(as_source.utility_kind == util) & (as_source.leakage_notion == leak)]
        budgets = np.union1d(grp.loss_from, ref.loss_from)
        assert standing_on_grid(grp, budgets).best.tolist() == (
            standing_on_grid(ref, budgets).best.tolist()
        )
    # no reversal involving an estimated notion is decided, and no share of one is a method's
    rev = reversals(frame, min_width=0.0)
    involved = rev.leakage_notion_a.isin(ESTIMATED) | rev.leakage_notion_b.isin(ESTIMATED)
    assert (rev[involved].status == "too_few_records").all()
    shares = winner_shares(best)
    assert set(shares[shares.leakage_notion.isin(ESTIMATED)].method) == {"too_few_records"}


def test_the_rule_refuses_wins_the_margins_alone_would_give():
    # not vacuous: on the small tables above, leads read as if the pmf were the source win
    # budgets that the rule refuses
    for seed in SEEDS:
        j = small_joint(seed, n_records=20 + 8 * seed)
        frame = evaluate_methods(all_methods(j, quick=True), j)
        refused = best_methods_summary(frame, leakages=ESTIMATED).status == "too_few_records"
        frame.attrs.clear()
        won = best_methods_summary(frame, leakages=ESTIMATED).status.isin(WIN_KINDS)
        assert refused.all()
        if won.any():
            break
    assert won.any()


def separated_pair(seed: int, n_records: int) -> tuple[Joint, list[Mechanism]]:
    """X = (S, Z), Z independent of S: releasing Z leaks nothing, releasing S all of H(S).

    Both releases lose the same: H(X) − H(Y) = H(Z) and H(S), equal for S and Z uniform on
    two values, and the same Bayes error 1/2.
    """
    rng = np.random.default_rng(seed)
    q = 0.5 + 0.02 * rng.standard_normal(2)  # near uniform, to vary the sample
    p_s, p_z = np.array([q[0], 1 - q[0]]), np.array([q[1], 1 - q[1]])
    p_sx = np.zeros((2, 4))
    for s in range(2):
        for z in range(2):
            p_sx[s, 2 * s + z] = p_s[s] * p_z[z]
    counts = rng.multinomial(n_records, p_sx.ravel()).reshape(2, 4)
    j = Joint.from_counts(counts, name=f"pair{seed}")
    release_z = Mechanism.from_labels([0, 1, 0, 1], method="release Z")
    release_s = Mechanism.from_labels([0, 0, 1, 1], method="release S")
    return j, [release_z, release_s]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_large_sample_of_a_clearly_separated_pair_is_still_won(seed):
    # 20,000 records on 8 cells (4 of them possible): the rule holds, the lead is ~1 bit
    j, mechs = separated_pair(seed, 20_000)
    assert not _breaks_rule(j.counts)
    frame = evaluate_methods(mechs, j, ci=0.95, n_boot=200, seed=seed)
    assert frame.attrs["diagnostics"]["warning"] is False
    best = best_methods_summary(
        frame,
        leakages=["mutual_information", "maximal_leakage", "sibson_2", "nonstochastic_leakage"],
        utilities=["hamming_distortion"],
    )
    kinds = best.leakage_notion.map(
        lambda n: "margin_only" if n == "nonstochastic_leakage" else "backed"
    )
    assert (best.status == kinds).all() and (best.reason == "").all()
    # once both releases are within the budget, releasing Z wins by about a bit
    both = best.groupby("leakage_notion").tail(1)
    assert len(both) == 4 and (both.best == "release Z").all() and (both.margin > 0.9).all()


@pytest.mark.parametrize(
    ("counts", "why"),
    [
        ([[10, 10, 0, 0], [0, 0, 10, 10]], ""),  # 40 records on 8 cells: 5 per cell
        ([[10, 10, 0, 0], [0, 0, 10, 9]], "fewer than 5 records per cell (4.88)"),
        ([[30, 30, 0, 0], [0, 0, 39, 1]], ""),  # one cell seen once in 100 records: 1 %
        ([[30, 30, 0, 0], [0, 0, 38, 1]], "unseen mass n1/N = 0.0101 above 0.01"),
    ],
)
def test_the_rule_refuses_exactly_at_its_lines(counts, why):
    j = Joint.from_counts(counts, name="edge")
    mechs = [
        Mechanism.from_labels([0, 1, 0, 1], method="release Z"),
        Mechanism.from_labels([0, 0, 1, 1], method="release S"),
    ]
    frame = evaluate_methods(mechs, j)  # no intervals: the margin alone, and the rule
    # (noiseless ε counts outputs only: both releases tie there)
    best = best_methods_summary(
        frame,
        leakages=[k for k in LEAKAGES if k != "noiseless_epsilon"],
        utilities=["hamming_distortion"],
    )
    est = best[best.leakage_notion.isin(ESTIMATED)]
    if why:
        assert (est.status == "too_few_records").all()
        assert est.reason.str.contains(why, regex=False).all()
    else:
        # no intervals: a win on the plug-in values alone
        assert (est.status == "margin_only").all() and (est.reason == "").all()
    assert set(est.best) == {"release Z"}  # the same leader either way
    assert (best[best.leakage_notion == "ldp_epsilon"].status == "channel_property").all()


def test_refused_ranges_in_reversals_shares_and_markdown():
    f = pd.DataFrame(
        {
            "method": ["a", "b"],
            "mutual_information": [0.1, 0.5],
            "maximal_leakage": [0.9, 0.2],
            "ldp_epsilon": [1.0, 2.0],
            "information_loss": [1.0, 1.0],
        }
    )
    f.attrs["diagnostics"] = {"warning": True, "message": "fewer than 5 records per cell (1)"}
    best = best_methods_summary(f, utilities=["information_loss"])
    assert best[["leakage_notion", "best", "status"]].to_numpy().tolist() == [
        ["mutual_information", "a", "too_few_records"],
        ["maximal_leakage", "b", "too_few_records"],
        ["ldp_epsilon", "a", "channel_property"],
    ]
    assert best.reason.tolist() == [
        "sample-size rule broken: fewer than 5 records per cell (1)"
    ] * 2 + [""]
    rev = reversals(f, utilities=["information_loss"])
    assert rev[["leakage_notion_a", "leakage_notion_b", "status"]].to_numpy().tolist() == [
        ["mutual_information", "maximal_leakage", "too_few_records"],
        ["maximal_leakage", "ldp_epsilon", "too_few_records"],
    ]
    shares = winner_shares(best.assign(loss_from=0.0))  # give each range a width
    assert shares[["leakage_notion", "method", "share"]].to_numpy().tolist() == [
        ["mutual_information", "too_few_records", 1.0],
        ["maximal_leakage", "too_few_records", 1.0],
        ["ldp_epsilon", "a", 1.0],
    ]
    text = markdown_table(best)
    assert "too few records (a)" in text and "too few records (b)" in text
    columns = {"toy": shares}
    assert "too few records 100%" in shares_markdown(columns)


@pytest.mark.parametrize("n_records", [20, 60, 200, 2_000, 20_000])
def test_the_estimates_and_the_comparison_read_one_rule(n_records):
    from nsp.estimate import estimate_many

    j = small_joint(1, n_records)
    mechs = [Mechanism.from_labels([0, 0, 1, 1, 2, 2], method="pairs")]
    flagged = (estimate_many(mechs, j, n_boot=20).status == "interval_small_sample").any()
    best = best_methods(
        evaluate_methods(mechs, j), leakage="mutual_information", utility="information_loss"
    )
    refused = (best.status == "too_few_records").all()
    assert flagged == refused == _breaks_rule(j.counts)


# --- the loss axis: counting the loss's own intervals ----------------------------------------


def test_counting_the_loss_intervals_exact_cases():
    f = pd.DataFrame(
        {
            "method": ["a", "b", "b"],
            "mutual_information": [0.1, 0.5, 0.4],
            "information_loss": [1.0, 0.5, 2.0],
            "information_loss_low": [0.9, 0.45, 1.95],
            "information_loss_high": [1.1, 0.55, 2.05],
        }
    )
    kw = {"leakage": "mutual_information", "utility": "information_loss"}
    plain = best_methods(f, **kw)
    assert plain[["loss_from", "loss_to", "best", "status"]].to_numpy().tolist() == [
        [0.5, 1.0, "b", "margin_only"],
        [1.0, 2.0, "a", "margin_only"],
    ]
    counted = best_methods(f, **kw, loss_intervals=True)
    # the status changes inside the plug-in ranges, at the ends of the loss intervals: from
    # 0.5 and from 1.0 the leader's own release may lie beyond the budget (up to 0.55, 1.1),
    # and from 0.9 a's release (as low as 0.9) may be within it and leaks less than b's
    assert counted[["loss_from", "loss_to", "best", "status"]].to_numpy().tolist() == [
        [0.5, 0.55, "b", "undecided"],
        [0.55, 0.9, "b", "margin_only"],
        [0.9, 1.0, "b", "undecided"],
        [1.0, 1.1, "a", "undecided"],
        [1.1, 2.0, "a", "margin_only"],
    ]
    assert counted.reason.tolist()[0] == "loss intervals straddle the budget"
    # a rival release whose loss may be within the budget (2.5, as low as 1.9) is a rival
    g = pd.concat(
        [
            f,
            pd.DataFrame(
                {
                    "method": ["b"],
                    "mutual_information": [0.05],
                    "information_loss": [2.5],
                    "information_loss_low": [1.9],
                    "information_loss_high": [3.0],
                }
            ),
        ],
        ignore_index=True,
    )
    assert best_methods(g, **kw).status.tolist() == ["margin_only"] * 3
    counted_g = best_methods(g, **kw, loss_intervals=True)
    late = counted_g.loss_from >= 1.9
    assert counted_g.loss_from.tolist()[-2:] == [1.9, 2.5]
    assert (counted_g.status[late] == "undecided").all()
    # below 1.9 the new release cannot be within the budget: the standings of f
    cols = ["loss_from", "best", "status"]
    assert counted_g.loc[~late, cols].equals(counted[cols])
    # tied leaders win together when one of them surely reaches the least leakage: c ties a
    # at 1.0 (0.1 bit) but its loss may be up to 1.5; a's release is surely within 1.2
    h = pd.DataFrame(
        {
            "method": ["a", "c", "b"],
            "mutual_information": [0.1, 0.1, 0.5],
            "information_loss": [1.0, 1.0, 1.2],
            "information_loss_low": [0.9, 0.5, 1.1],
            "information_loss_high": [1.1, 1.5, 1.3],
        }
    )
    counted = best_methods(h, **kw, loss_intervals=True)
    assert counted[["loss_from", "best", "status"]].to_numpy().tolist() == [
        [1.0, "a = c", "undecided"],
        [1.1, "a = c", "margin_only"],
    ]


@pytest.mark.parametrize("seed", SEEDS)
def test_counting_the_loss_intervals_only_takes_wins_away(seed):
    f = with_random_intervals(random_frame(seed), seed)
    rng = np.random.default_rng(200 + seed)
    kw = {"leakage": "maximal_leakage", "utility": "information_loss"}
    # zero-width loss intervals change nothing
    exact = f.assign(
        information_loss_low=f.information_loss, information_loss_high=f.information_loss
    )
    pd.testing.assert_frame_equal(
        best_methods(exact, **kw, loss_intervals=True), best_methods(exact, **kw)
    )
    half = rng.choice([0.0, 0.1, 0.5], size=len(f))
    wide = f.assign(
        information_loss_low=f.information_loss - half * rng.random(len(f)),
        information_loss_high=f.information_loss + half * rng.random(len(f)),
    )
    plain = best_methods(wide, **kw)
    counted = best_methods(wide, **kw, loss_intervals=True)
    grid = np.unique(np.concatenate([plain.loss_from, counted.loss_from]))
    a, b = standing_on_grid(plain, grid), standing_on_grid(counted, grid)
    assert not ((b.status == "backed") & (a.status != "backed")).any()
    # who leads, and whom the leads cannot separate, is the same: only the status may change
    assert a.best.tolist() == b.best.tolist()


@pytest.mark.slow
@pytest.mark.data
def test_the_census_comparison_holds_against_the_census_as_population():
    """The census pmf as the population, census-sized samples, every method refitted.

    Quick sweeps and 40 replicates keep it to about a minute on 2 cores; the intervals of the
    fitted releases must hold the population value of the release fitted to each sample in
    at least 90 % of (sample, release, notion) cases, and in at least 85 % for each notion (4
    samples), and a backed win may be contradicted by the population on at most 5 % of the
    backed range, for every notion that reports backed wins.
    """
    from nsp.papers.compare import population_check

    population = census_income_joint()
    cover, wins = population_check(
        population,
        lambda j: all_methods(j, quick=True),
        n_samples=4,
        n_boot=40,
        n_jobs=2,
    )
    fitted = cover[cover.estimand == "refit"]
    assert len(fitted) > 100
    per_notion = fitted.groupby("leakage_notion").covered.mean()
    assert fitted.covered.mean() >= 0.90 and (per_notion >= 0.85).all(), per_notion
    by_notion = wins.groupby("leakage_notion")[["backed_width", "wrong_width"]].sum()
    backed = by_notion[by_notion.backed_width > 0]
    assert not backed.empty
    assert (backed.wrong_width <= 0.05 * backed.backed_width).all(), backed


def test_on_population_measures_a_samples_releases_on_the_population():
    """A value the sample lacks is released as itself; the channel's own properties are kept."""
    from nsp.notions import evaluate_many
    from nsp.papers.compare import on_population

    pop = Joint(
        [[0.30, 0.05, 0.10, 0.05], [0.05, 0.20, 0.05, 0.20]],
        name="pop",
        x_labels=["a", "b", "c", "d"],
    )
    sample = Joint.from_counts([[6, 2, 1], [1, 1, 4]], name="pop", x_labels=["a", "c", "d"])
    merge = Mechanism.from_labels([0, 0, 1], method="merge a, c")  # on the sample's a, c, d
    rr = Mechanism(np.full((3, 3), 1 / 3), method="uniform")
    got = on_population([merge, rr], sample, pop)
    # by hand: on the population's alphabet a, b, c, d, b (unseen) gets an output of its own
    by_hand = Mechanism.from_labels([0, 2, 0, 1], method="merge a, c")
    want = evaluate_many([by_hand], pop.p_sx)
    for col in ("mutual_information", "maximal_leakage", "sibson_2", "hamming_distortion"):
        assert got[col].iloc[0] == pytest.approx(want[col].iloc[0], abs=1e-12), col
    assert got.ldp_epsilon.iloc[1] == 0.0  # the uniform channel's own ε, not that of b alone
    assert math.isinf(got.ldp_epsilon.iloc[0])  # a deterministic merge has ε = ∞ anyway
    with pytest.raises(ValueError, match="values of X that population lacks: \\['e'\\]"):
        on_population([merge], Joint.from_counts([[1, 1, 1]], x_labels=["a", "c", "e"]), pop)
