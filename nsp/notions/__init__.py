"""All five papers' privacy notions on one record: mechanisms, one evaluation, their relations.

A release mechanism is a channel ``W[x, y] = p(y | x)`` (:class:`Mechanism`; a deterministic
map — a partition, a quantizer, a generalization — is the 0/1 case) applied to a joint pmf
``p(s, x)`` of a secret ``S`` (axis 0) and the data ``X`` (axis 1). Then ``S - X - Y`` is a
Markov chain with ``p(s, y) = sum_x p(s, x) W[x, y]``. :func:`evaluate` returns one record
with every notion, :func:`evaluate_many` a table for a sweep, and :data:`RELATIONS` are the
theorems between the notions, checked on every record (``relations_ok``,
``relations_failed``).

Contents
--------
Mechanisms
    :class:`Mechanism` and its constructors from labels and partitions.
Evaluation
    :func:`evaluate` (the per-mechanism library functions), :func:`evaluate_many` (vectorised
    over a sweep), :data:`COLUMNS`, :class:`Evaluation`, :func:`sibson_column`.
Relations
    :data:`RELATIONS`, :class:`Relation`, :func:`check_relations`, :func:`sibson_orders`.
Every paper's method as a sweep of mechanisms
    :func:`agglomerative_sweep`, :func:`funnel_sweep`, :func:`noiseless_sweep`,
    :func:`equivocation_sweep`, :func:`local_dp_sweep`, :func:`k_anonymity_sweep`,
    :func:`all_methods`; :data:`METHODS`, :data:`FAMILIES`. Each takes an
    :class:`nsp.joint.Joint`.
The comparison's analysis
    :func:`evaluate_methods`, :func:`frontiers`, :func:`best_methods`,
    :func:`best_methods_summary`, :func:`winner_shares`, :func:`reversals`,
    :func:`definedness`; :data:`LEAKAGES`, :data:`UTILITIES`, :data:`TIE_TOL`,
    :data:`MIN_MARGIN` (the least lead that counts as a win; with intervals, they must also be
    apart), :data:`WIN_STATUSES` (a win backed by intervals, on plug-in margins only, or on
    a property of the channel — :data:`WIN_KINDS` —, undecided, or refused: too few records
    for the table).
    The comparison's joints, tables and figures are in :mod:`nsp.papers.compare`.

Units
-----
Every information quantity and both ε are in the unit of ``base=`` (bits by default; ``"e"``
for nats, as differential privacy usually states ε).

The notions (columns of :func:`evaluate_many`)
----------------------------------------------
``mutual_information``
    ``I(S;Y)``, the leakage of the privacy funnel (Makhdoumi et al.); Sankar et al.'s
    equivocation is ``H(S|Y) = H(S) − I(S;Y)``. Always defined.
``maximal_leakage``
    ``L(S→Y) = log sum_y max_{s: p(s) > 0} p(y|s)`` (Issa et al.; Farokhi §III-E), Sibson's
    mutual information of order ∞. Always defined.
``sibson_<alpha>``
    Sibson's ``I_α(S;Y)`` for each order of ``alphas`` (``alpha`` written with ``:g``:
    ``sibson_2``, ``sibson_10``, ``sibson_0.5``). Always defined.
``nonstochastic_leakage``
    ``L0(S→Y) = max_y log |[[S]]| / |[[S|y]]|`` (Ding & Farokhi; Farokhi eq. (6)) on the
    range ``[[S, Y]]``: the pairs ``(s, y)`` with ``p(s, x) > 0`` and ``W[x, y] > 0`` for
    some ``x`` (the support of the joint pushed through the support of ``W``). It sees only
    supports, never probabilities. Always defined.
``maximin_information``
    ``I*(S;Y) = log`` (number of overlap components of ``[[S, Y]]``) (Nair; Ding & Farokhi).
    Always defined.
``ldp_epsilon``
    The local differential-privacy level of ``W``, ``max_{x, x', y} log W[x, y] / W[x', y]``
    over **all** rows of ``W`` (whatever ``p(x)``), in the unit of ``base``; ``inf`` when two
    rows have different supports (Dwork et al.; Wu, Def. 9): infinite for every deterministic
    release with two outputs or more. It is the baseline Wu compares his notion with.
``individual_channel_capacity``, ``individual_channel_capacity_gap``
    Wu's own notion: the individual channel capacity ``C_1(W) = max_p I(X;Y)`` of the release
    channel (Wu, Def. 3 with one individual's record: the Shannon capacity of ``W``, a
    maximum over every prior, so it does not depend on the joint), certified by
    :func:`nsp.channels.channel_capacity`: the value is the midpoint of a bracket
    ``[lower, upper]`` (the information of an input, Blahut's upper bound) whose width is
    ``individual_channel_capacity_gap`` (at most 1e-9 in the unit of ``base``, unless the
    solver stopped at its cap of 2,000 Blahut–Arimoto iterations; the gap then says how far).
    For a deterministic release it is the log of its number of outputs (the noiseless ε when
    every ``x`` has mass); it is at most ``ldp_epsilon``. Always defined.
``noiseless_epsilon``
    Farokhi's noiseless privacy budget of a deterministic mechanism ``Y = g(X)`` with ``X``
    one individual's record: the local budget (Definition 2; Definition 1 with ``n = 1``)
    ``log |g([[X]])|``, the number of outputs the individual's value can produce, with
    ``[[X]] = supp p(x)``. **NaN for a stochastic channel**: noiseless privacy is defined
    for deterministic mechanisms only (a randomized output has no set of values that is a
    function of the input). The budget of a query over a dataset of ``n`` individuals
    (Definition 1 with a sensitivity) needs the dataset model, not a single channel: use
    :mod:`nsp.noiseless` for it.
``utility_information``
    ``I(X;Y)``, the utility of the privacy funnel and the rate of Sankar et al.
``hamming_distortion``
    ``1 − sum_y max_x p(x, y)``: the error probability of the Bayes (MAP) decoder of ``X``
    from ``Y``, the Hamming distortion of the best reconstruction.
``numeric_distortion``
    ``E[(X − x̂(Y))²]`` with ``x̂`` the mechanism's ``codewords`` when given, else the MMSE
    estimate ``E[X | Y]``. **NaN without** ``x_values`` (X has no numeric values then).
``relations_ok``, ``relations_failed``
    Whether every relation of :data:`RELATIONS` holds (the capacity's with its bracket); the
    names of those that fail.

Further columns the relations read: ``secret_information`` ``I(S;X)``, ``output_entropy``
``H(Y)``, ``secret_hartley_entropy`` ``log |supp S|``, ``output_hartley_entropy``
``log |supp Y|``, ``range_is_product``, ``prior_error`` ``1 − max_x p(x)``, ``data_entropy``
``H(X)``, ``data_hartley_entropy`` ``log |supp X|`` and ``base`` (the logarithm base as a
number).

Examples
--------
The worked example E1 of the privacy funnel (S is the parity of a uniform X): releasing the
upper bit of X leaks nothing about S and keeps one bit of X.

>>> from nsp.joint import Joint
>>> from nsp.notions import Mechanism, evaluate, evaluate_methods, funnel_sweep
>>> j = Joint([[.25, 0, .25, 0], [0, .25, 0, .25]], name="E1")
>>> r = evaluate(Mechanism.from_labels([0, 0, 1, 1], method="upper bit"), j.p_sx)
>>> round(r.mutual_information, 9), round(r.utility_information, 9)
(0.0, 1.0)
>>> frame = evaluate_methods(funnel_sweep(j, algorithms=["greedy_privacy_funnel"], n_budgets=3), j)
>>> frame[["value", "mutual_information", "information_loss"]].round(9).to_numpy().tolist()
[[0.0, 0.0, 2.0], [1.0, 0.0, 1.0], [2.0, 1.0, 0.0]]

References
----------
N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using
agglomerative clustering*, IEEE Trans. Inf. Forensics Security, 2020.
F. Farokhi, *Noiseless privacy: definition, guarantees, and applications*, arXiv:1910.13027.
G. Wu, *Constructing privacy channels from information channels*.
L. Sankar, S. R. Rajagopalan, H. V. Poor, *Utility-privacy tradeoff in databases: an
information-theoretic approach*, IEEE Trans. Inf. Forensics Security, 2013.
A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, *From the information bottleneck to the
privacy funnel*, IEEE ITW 2014.
I. Issa, A. B. Wagner, S. Kamath, *An operational approach to information leakage*, IEEE
Trans. Inf. Theory, 2020 (maximal leakage).
G. N. Nair, *A nonstochastic information theory for communication and state estimation*,
IEEE Trans. Automatic Control, 2013 (maximin information).
"""

from nsp._resampling import COLUMNS, Mechanism, sibson_column
from nsp.notions._compare import (
    LEAKAGES,
    MIN_MARGIN,
    TIE_TOL,
    UTILITIES,
    WIN_KINDS,
    WIN_STATUSES,
    best_methods,
    best_methods_summary,
    definedness,
    evaluate_methods,
    frontiers,
    reversals,
    winner_shares,
)
from nsp.notions._evaluation import Evaluation, evaluate, evaluate_many
from nsp.notions._methods import (
    FAMILIES,
    METHODS,
    agglomerative_sweep,
    all_methods,
    equivocation_sweep,
    funnel_sweep,
    k_anonymity_sweep,
    local_dp_sweep,
    noiseless_sweep,
)
from nsp.notions._relations import RELATIONS, Relation, check_relations, sibson_orders

__all__ = [
    "COLUMNS",
    "Evaluation",
    "FAMILIES",
    "LEAKAGES",
    "METHODS",
    "MIN_MARGIN",
    "Mechanism",
    "RELATIONS",
    "Relation",
    "TIE_TOL",
    "UTILITIES",
    "WIN_KINDS",
    "WIN_STATUSES",
    "agglomerative_sweep",
    "all_methods",
    "best_methods",
    "best_methods_summary",
    "check_relations",
    "definedness",
    "equivocation_sweep",
    "evaluate",
    "evaluate_many",
    "evaluate_methods",
    "frontiers",
    "funnel_sweep",
    "k_anonymity_sweep",
    "local_dp_sweep",
    "noiseless_sweep",
    "reversals",
    "sibson_column",
    "sibson_orders",
    "winner_shares",
]
