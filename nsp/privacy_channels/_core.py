"""Privacy channels over a product universe (Wu, §2): the data type and its operations.

A dataset is ``x = (x_1, ..., x_n)`` with ``x_i`` in the finite record universe
``X_i``; a privacy channel ``p(y|x)`` is stored as one array ``P`` of shape
``(|X_1|, ..., |X_n|, |Y|)`` with ``P[x_1, ..., x_n, y] = p(y|x)``, i.e. row-stochastic
in the **last** axis (the paper writes columns = distributions; :meth:`PrivacyChannel.paper_matrix`
gives its orientation). Records and outputs carry hashable labels; every index is 0-based.

Operations (all return new channels over the same universe unless stated): independent
composition (:func:`compose_parallel`, also adaptive :func:`compose_adaptive`),
post-processing (:func:`post_process`), group channels (:func:`group_channel`) and sampling
(:meth:`PrivacyChannel.sample`). The DP level of a channel (Def. 9) over datasets that differ in
one individual's record, in **nats**, is :func:`dataset_dp_epsilon` (through
:func:`nsp.channels.dp_epsilon` with those neighbour pairs) and :func:`dp_epsilon_axis_lines`
(the paper's §6 reading: ratios along axis-parallel lines).

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp import _validation
from nsp._validation import as_channel, as_sequence, check_callable, check_int, check_seed
from nsp.channels import dp_epsilon as _dp
from nsp.noiseless import sensitivity
from nsp.privacy_channels._checks import check_size


@dataclass(frozen=True)
class ProductUniverse:
    """The dataset universe ``X = X_1 x ... x X_n`` of ``n`` individuals.

    Parameters
    ----------
    records : sequence of sequences
        ``records[i]`` lists the distinct (hashable) values of individual ``i``'s record.

    Examples
    --------
    >>> U = ProductUniverse([(0, 1, 2), (0, 1)])    # Example 1 of the paper
    >>> U.sizes, U.n, U.size
    ((3, 2), 2, 6)
    >>> U.index((2, 1))
    (2, 1)
    >>> list(U.iter_datasets())[:3]
    [(0, 0), (0, 1), (1, 0)]
    """

    records: tuple[tuple, ...]
    _lookup: tuple[dict, ...] = field(init=False, repr=False, compare=False)

    def __init__(self, records: Sequence[Sequence[Hashable]]):
        recs = tuple(tuple(r) for r in records)
        if len(recs) == 0:
            raise ValueError("records must list at least one individual's record universe")
        lookups = []
        for i, r in enumerate(recs):
            if len(r) == 0:
                raise ValueError(f"records[{i}] is empty: every record universe needs a value")
            lk = {v: j for j, v in enumerate(r)}
            if len(lk) != len(r):
                raise ValueError(f"records[{i}] repeats a value: {r}")
            lookups.append(lk)
        object.__setattr__(self, "records", recs)
        object.__setattr__(self, "_lookup", tuple(lookups))

    @classmethod
    def binary(cls, n: int) -> ProductUniverse:
        """``n`` individuals with records in ``{0, 1}``.

        Parameters
        ----------
        n : int
            Number of individuals (>= 1).

        Returns
        -------
        ProductUniverse
        """
        return cls([(0, 1)] * check_int("n", n, low=1))

    @property
    def sizes(self) -> tuple[int, ...]:
        """``(|X_1|, ..., |X_n|)``."""
        return tuple(len(r) for r in self.records)

    @property
    def n(self) -> int:
        """The number of individuals."""
        return len(self.records)

    @property
    def size(self) -> int:
        """``|X|``, the number of datasets."""
        return int(np.prod(self.sizes))

    def iter_datasets(self) -> Iterator[tuple]:
        """Yield the datasets (label tuples) in C order (the last individual varies fastest).

        Returns
        -------
        iterator of tuple
        """
        return itertools.product(*self.records)

    def index(self, x: Sequence[Hashable]) -> tuple[int, ...]:
        """Return the index tuple of the dataset with labels ``x``.

        Parameters
        ----------
        x : sequence
            One record label per individual.

        Returns
        -------
        tuple of int

        Raises
        ------
        ValueError
            If ``x`` has the wrong length or a record outside its universe.
        """
        x = tuple(x)
        if len(x) != self.n:
            raise ValueError(f"x must have one record per individual ({self.n}), got {len(x)}")
        try:
            return tuple(lk[v] for lk, v in zip(self._lookup, x, strict=True))
        except KeyError as err:
            raise ValueError(
                f"x = {x} holds a record {err.args[0]!r} outside its universe"
            ) from None


#: Largest number of datasets a universe may have for the functions that list them all.
MAX_DATASETS: int = 10**7


def _real_array(name: str, value: ArrayLike) -> NDArray[np.float64]:
    """``value`` as float64, refusing complex, text and dates (nsp._validation's rule)."""
    return _validation.as_real_array(value, name=name)


def _check_listable(universe: ProductUniverse) -> None:
    if not isinstance(universe, ProductUniverse):
        raise ValueError(f"universe must be a ProductUniverse, got {type(universe).__name__}")
    if universe.size > MAX_DATASETS:
        raise ValueError(
            f"universe has {universe.size} datasets, more than MAX_DATASETS = {MAX_DATASETS}: "
            "too many to list"
        )


def _check_outputs(outputs: Sequence[Hashable], k: int) -> tuple:
    outs = tuple(outputs)
    if len(outs) != k:
        raise ValueError(f"outputs must have one label per output (expected {k}, got {len(outs)})")
    if len(set(outs)) != len(outs):
        raise ValueError("outputs must not repeat a label")
    return outs


@dataclass(frozen=True, eq=False)
class PrivacyChannel:
    """A privacy channel ``p(y|x)`` (Def. 2) for datasets of a :class:`ProductUniverse`.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets ``X = X_1 × ... × X_n``, one coordinate per individual.
    array : array_like, shape ``universe.sizes + (k,)``
        ``array[x_1, ..., x_n, y] = p(y|x)``; each ``array[x]`` is a pmf (checked, never
        normalized silently).
    outputs : sequence, optional
        Labels of the ``k`` outputs (default ``0..k-1``).

    Examples
    --------
    >>> U = ProductUniverse.binary(1)
    >>> ch = PrivacyChannel(U, [[0.9, 0.1], [0.1, 0.9]])
    >>> ch.k, ch.matrix().shape, ch.paper_matrix().shape
    (2, (2, 2), (2, 2))
    >>> float(ch.prob((1,), 1))
    0.9
    """

    universe: ProductUniverse
    array: NDArray[np.float64]
    outputs: tuple = ()

    def __init__(
        self, universe: ProductUniverse, array: ArrayLike, outputs: Sequence[Hashable] | None = None
    ):
        if not isinstance(universe, ProductUniverse):
            raise ValueError("universe must be a ProductUniverse")
        arr = _real_array("array", array)
        if arr.ndim != universe.n + 1 or arr.shape[:-1] != universe.sizes:
            raise ValueError(
                f"array must have shape {universe.sizes} + (k,) (one axis per individual, then y); "
                f"got {arr.shape}"
            )
        as_channel(arr.reshape(-1, arr.shape[-1]), name="array")
        arr = arr.copy()
        arr.setflags(write=False)
        outs = _check_outputs(range(arr.shape[-1]) if outputs is None else outputs, arr.shape[-1])
        object.__setattr__(self, "universe", universe)
        object.__setattr__(self, "array", arr)
        object.__setattr__(self, "outputs", outs)

    @property
    def k(self) -> int:
        """``|Y|``, the number of outputs."""
        return int(self.array.shape[-1])

    @property
    def n(self) -> int:
        """The number of individuals."""
        return self.universe.n

    def matrix(self) -> NDArray[np.float64]:
        """Return the ``|X| x |Y|`` row-stochastic matrix (datasets in C order).

        Returns
        -------
        numpy.ndarray, shape ``(|X|, k)``
        """
        return self.array.reshape(-1, self.k)

    def paper_matrix(self) -> NDArray[np.float64]:
        """Return the paper's orientation: ``|Y| x |X|``, columns are distributions.

        Returns
        -------
        numpy.ndarray, shape ``(k, |X|)``
        """
        return self.matrix().T.copy()

    def prob(self, x: Sequence[Hashable], y: Hashable) -> float:
        """``p(y|x)`` for labels ``x`` (a dataset) and ``y`` (an output).

        Parameters
        ----------
        x : sequence
            The dataset (record labels).
        y : hashable
            The output label.

        Returns
        -------
        float
        """
        try:
            j = self.outputs.index(y)
        except ValueError:
            raise ValueError(f"y = {y!r} is not an output label") from None
        return float(self.array[self.universe.index(x) + (j,)])

    def sample(
        self,
        x: Sequence[Hashable],
        *,
        seed: int | np.random.Generator | None = None,
        size: int | None = None,
    ):
        """Draw output label(s) ``Y ~ p(.|x)``.

        Parameters
        ----------
        x : sequence
            The dataset (record labels).
        seed : int or Generator, optional
            Seed of the random draws (every random choice takes one).
        size : int, optional
            Number of draws; ``None`` returns one label, otherwise a list.

        Returns
        -------
        label or list of labels

        Examples
        --------
        >>> ch = PrivacyChannel(ProductUniverse.binary(1), [[1.0, 0.0], [0.0, 1.0]], outputs="ab")
        >>> ch.sample((1,), seed=0), ch.sample((0,), seed=0, size=3)
        ('b', ['a', 'a', 'a'])
        """
        rng = np.random.default_rng(check_seed(seed))
        row = self.array[self.universe.index(x)]
        idx = rng.choice(self.k, size=check_size(size), p=row)
        if size is None:
            return self.outputs[int(idx)]
        return [self.outputs[int(j)] for j in np.atleast_1d(idx)]


def as_privacy_channel(ch: PrivacyChannel | ArrayLike) -> PrivacyChannel:
    """Accept a :class:`PrivacyChannel` or a raw array (last axis = y) and return a channel.

    A raw array of shape ``(s_1, ..., s_n, k)`` gets the universe ``{0..s_i-1}`` per individual.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        A channel, or an array of shape ``(s_1, ..., s_n, k)`` whose last axis is ``y``.

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    query_channel : A channel from a query and a kernel.

    Examples
    --------
    >>> as_privacy_channel([[0.5, 0.5], [0.2, 0.8]]).universe.sizes
    (2,)
    """
    if isinstance(ch, PrivacyChannel):
        return ch
    arr = _real_array("channel", ch)
    if arr.ndim < 2:
        raise ValueError(
            f"channel must have at least 2 axes (individuals..., y); got shape {arr.shape}"
        )
    try:
        return PrivacyChannel(ProductUniverse([range(s) for s in arr.shape[:-1]]), arr)
    except ValueError as exc:
        raise ValueError(f"channel is not a privacy channel: {exc}") from None


def _as_named_channel(name: str, ch: PrivacyChannel | ArrayLike) -> PrivacyChannel:
    """:func:`as_privacy_channel`, its message naming the argument ``name``."""
    try:
        return as_privacy_channel(ch)
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def query_values(universe: ProductUniverse, f: Callable[..., Hashable]) -> NDArray[np.object_]:
    """``f(x_1, ..., x_n)`` for every dataset, as an object array of shape ``universe.sizes``.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, called as ``f(x_1, ..., x_n)`` with record labels.

    Returns
    -------
    numpy.ndarray of object, shape ``universe.sizes``

    See Also
    --------
    query_channel : The channel of a query and a kernel.
    query_sensitivity : The sensitivity of the query.

    Examples
    --------
    >>> query_values(ProductUniverse([(0, 1, 2), (0, 1)]), lambda a, b: int(a == b)).tolist()
    [[1, 0], [0, 1], [0, 0]]
    """
    check_callable("f", f)
    _check_listable(universe)
    vals = np.empty(universe.size, dtype=object)
    for j, x in enumerate(universe.iter_datasets()):
        vals[j] = f(*x)
    return vals.reshape(universe.sizes)


def _default_outputs(vals: NDArray[np.object_]) -> tuple:
    distinct = set(vals.ravel().tolist())
    try:
        return tuple(sorted(distinct))
    except TypeError:
        return tuple(sorted(distinct, key=repr))


def query_channel(
    universe: ProductUniverse,
    f: Callable[..., Hashable],
    kernel: Callable[[Hashable], ArrayLike],
    *,
    outputs: Sequence[Hashable] | None = None,
) -> PrivacyChannel:
    """Return the query-based channel ``p(.|x) = kernel(f(x))``.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets ``X = X_1 × ... × X_n``, one coordinate per individual.
    f : callable
        The query, called as ``f(x_1, ..., x_n)`` with record labels.
    kernel : callable
        ``kernel(v)`` returns the pmf over ``outputs`` given the query value ``v``
        (evaluated once per distinct value).
    outputs : sequence, optional
        Output labels; default: the sorted range of ``f`` (``Y = f(X)`` as in §2.2).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    query_values : The query's value on every dataset.
    exponential_channel : The exponential privacy channel of a query.
    discretized_gaussian_channel : The Gaussian privacy channel of a query.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §2.2 (a query's channel).

    Examples
    --------
    >>> U = ProductUniverse.binary(2)
    >>> ch = query_channel(U, lambda a, b: a + b, lambda v: [1.0 * (v == y) for y in range(3)])
    >>> ch.outputs, ch.array[1, 1].tolist()
    ((0, 1, 2), [0.0, 0.0, 1.0])
    """
    check_callable("f", f)
    check_callable("kernel", kernel, n_args=1)
    vals = query_values(universe, f)
    outs = _default_outputs(vals) if outputs is None else tuple(outputs)
    cache: dict = {}
    rows = np.empty((universe.size, len(outs)))
    for j, v in enumerate(vals.ravel()):
        if v not in cache:
            row = _real_array(f"kernel({v!r})", kernel(v))
            if row.shape != (len(outs),):
                raise ValueError(
                    f"kernel({v!r}) must return {len(outs)} probabilities, got shape {row.shape}"
                )
            cache[v] = row
        rows[j] = cache[v]
    return PrivacyChannel(universe, rows.reshape(universe.sizes + (len(outs),)), outs)


def compose_parallel(ch1: PrivacyChannel, ch2: PrivacyChannel) -> PrivacyChannel:
    """Independent (parallel) composition: ``p(y1, y2 | x) = p1(y1|x) p2(y2|x)``.

    Both channels see the same dataset and add independent noise; the output is the pair.

    Parameters
    ----------
    ch1, ch2 : PrivacyChannel
        Channels over the same :class:`ProductUniverse`.

    Returns
    -------
    PrivacyChannel
        Outputs are the pairs ``(y1, y2)`` in C order.

    See Also
    --------
    compose_adaptive : The second channel chosen after the first output.
    post_process : A channel applied to the output.
    nsp.channels.parallel_channel : The same composition of plain channels.

    Examples
    --------
    >>> U = ProductUniverse.binary(1)
    >>> c1 = PrivacyChannel(U, [[0.9, 0.1], [0.1, 0.9]])
    >>> c = compose_parallel(c1, PrivacyChannel(U, [[1, 0], [0, 1]]))
    >>> c.outputs, c.array[0].tolist()
    (((0, 0), (0, 1), (1, 0), (1, 1)), [0.9, 0.0, 0.1, 0.0])
    """
    ch1, ch2 = _as_named_channel("ch1", ch1), _as_named_channel("ch2", ch2)
    _same_universe(ch1, ch2)
    arr = ch1.array[..., :, None] * ch2.array[..., None, :]
    outs = tuple(itertools.product(ch1.outputs, ch2.outputs))
    return PrivacyChannel(ch1.universe, arr.reshape(ch1.universe.sizes + (-1,)), outs)


def compose_adaptive(
    ch1: PrivacyChannel, ch2_given_y1: Mapping[Hashable, PrivacyChannel] | Sequence[PrivacyChannel]
) -> PrivacyChannel:
    """Adaptive composition ``p(y1, y2 | x) = p1(y1|x) p2^{(y1)}(y2|x)``.

    Parameters
    ----------
    ch1 : PrivacyChannel
        The first channel, whose output ``y1`` chooses the second.
    ch2_given_y1 : mapping or sequence
        The second channel chosen after seeing ``y1``: one channel per output of ``ch1``
        (keyed by label, or listed in output order), all with the same outputs.

    Returns
    -------
    PrivacyChannel
        Outputs are the pairs ``(y1, y2)``.

    See Also
    --------
    compose_parallel : The non-adaptive composition.

    Examples
    --------
    >>> U = ProductUniverse.binary(1)
    >>> c1 = PrivacyChannel(U, [[0.5, 0.5], [0.5, 0.5]])
    >>> seconds = [PrivacyChannel(U, [[1, 0], [0, 1]]), PrivacyChannel(U, [[0, 1], [1, 0]])]
    >>> c = compose_adaptive(c1, seconds)
    >>> c.array[1].tolist()
    [0.0, 0.5, 0.5, 0.0]
    """
    ch1 = _as_named_channel("ch1", ch1)
    if isinstance(ch2_given_y1, Mapping):
        try:
            seconds = [ch2_given_y1[y] for y in ch1.outputs]
        except KeyError as err:
            raise ValueError(f"ch2_given_y1 has no channel for y1 = {err.args[0]!r}") from None
    else:
        seconds = as_sequence("ch2_given_y1", ch2_given_y1)
        if len(seconds) != ch1.k:
            raise ValueError(
                f"ch2_given_y1 must hold one channel per output of ch1 ({ch1.k}), "
                f"got {len(seconds)}"
            )
    seconds = [as_privacy_channel(c) for c in seconds]
    for c in seconds:
        _same_universe(ch1, c)
        if c.outputs != seconds[0].outputs:
            raise ValueError("ch2_given_y1: every second-stage channel must have the same outputs")
    stack = np.stack([c.array for c in seconds], axis=-2)  # sizes + (k1, k2)
    arr = ch1.array[..., :, None] * stack
    outs = tuple(itertools.product(ch1.outputs, seconds[0].outputs))
    return PrivacyChannel(ch1.universe, arr.reshape(ch1.universe.sizes + (-1,)), outs)


def post_process(
    ch: PrivacyChannel, K: ArrayLike, *, outputs: Sequence[Hashable] | None = None
) -> PrivacyChannel:
    """Post-processing by a row-stochastic ``K[y, z] = p(z|y)``: ``p(z|x) = sum_y p(y|x) K[y, z]``.

    Parameters
    ----------
    ch : PrivacyChannel
        The channel.
    K : array_like, shape (k, m)
        Row-stochastic post-processing matrix.
    outputs : sequence, optional
        Labels of the ``m`` new outputs (default ``0..m-1``).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    compose_parallel : Two releases of the same data.
    nsp.channels.compose_serial : The same composition of plain channels.

    Examples
    --------
    >>> ch = PrivacyChannel(ProductUniverse.binary(1), [[0.9, 0.1], [0.1, 0.9]])
    >>> post_process(ch, [[0.5, 0.5], [0.5, 0.5]]).array.tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    """
    ch = as_privacy_channel(ch)
    Km = as_channel(_real_array("K", K), name="K")
    if Km.shape[0] != ch.k:
        raise ValueError(
            f"K must have one row per output of the channel ({ch.k}), got {Km.shape[0]}"
        )
    return PrivacyChannel(ch.universe, ch.array @ Km, outputs)


def group_channel(ch: PrivacyChannel, group: Sequence[int]) -> tuple[PrivacyChannel, int]:
    """Merge the individuals in ``group`` into one super-individual.

    The super-individual's records are the label tuples of the group (C order) and it takes
    the place of the group's first (smallest) individual; the other individuals keep their
    order. Returns the new channel and the super-individual's index.

    Parameters
    ----------
    ch : PrivacyChannel
        The channel.
    group : sequence of int
        Distinct individuals (0-based) to merge.

    Returns
    -------
    channel : PrivacyChannel
        The channel over the merged universe.
    position : int
        The super-individual's index in it.

    See Also
    --------
    group_capacity : The capacity of the merged group.

    Examples
    --------
    >>> ch = as_privacy_channel(np.full((2, 3, 2, 2), 0.5))
    >>> g, pos = group_channel(ch, [2, 0])
    >>> g.universe.sizes, pos
    ((4, 3), 0)
    """
    ch = as_privacy_channel(ch)
    n = ch.n
    group = as_sequence("group", group)
    grp = sorted({check_int("group member", a) for a in group})
    if len(grp) != len(list(group)) or not grp or grp[0] < 0 or grp[-1] >= n:
        raise ValueError(f"group must list distinct individuals in 0..{n - 1}; got {list(group)}")
    pos = grp[0]
    rest = [a for a in range(n) if a not in grp]
    before = [a for a in rest if a < pos]
    after = [a for a in rest if a > pos]
    order = before + grp + after + [n]
    arr = np.transpose(ch.array, order)
    sizes = ch.universe.sizes
    gsize = int(np.prod([sizes[a] for a in grp]))
    new_shape = (
        tuple(sizes[a] for a in before) + (gsize,) + tuple(sizes[a] for a in after) + (ch.k,)
    )
    recs = (
        [ch.universe.records[a] for a in before]
        + [tuple(itertools.product(*(ch.universe.records[a] for a in grp)))]
        + [ch.universe.records[a] for a in after]
    )
    return PrivacyChannel(ProductUniverse(recs), arr.reshape(new_shape), ch.outputs), len(before)


def _same_universe(a: PrivacyChannel, b: PrivacyChannel) -> None:
    if a.universe.records != b.universe.records:
        raise ValueError("both channels must be defined on the same ProductUniverse")


def hamming_neighbours(universe: ProductUniverse) -> NDArray[np.int64]:
    """Return the ordered pairs ``(x, x')`` of datasets that differ in one record (Def. 9).

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.

    Returns
    -------
    numpy.ndarray of int64, shape (n_pairs, 2)
        Flat (C-order) dataset indices, each unordered pair listed in both orders.

    See Also
    --------
    dataset_dp_epsilon : The DP level over these pairs.
    query_sensitivity : The sensitivity over these pairs.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 9.

    Examples
    --------
    >>> hamming_neighbours(ProductUniverse.binary(2)).tolist()
    [[0, 2], [2, 0], [1, 3], [3, 1], [0, 1], [1, 0], [2, 3], [3, 2]]
    """
    _check_listable(universe)
    sizes = universe.sizes
    flat = np.arange(universe.size).reshape(sizes)
    pairs = []
    for i, s in enumerate(sizes):
        moved = np.moveaxis(flat, i, -1).reshape(-1, s)
        for a, b in itertools.combinations(range(s), 2):
            pairs.append(np.stack([moved[:, a], moved[:, b]], axis=1))
            pairs.append(np.stack([moved[:, b], moved[:, a]], axis=1))
    if not pairs:
        return np.zeros((0, 2), dtype=np.int64)
    return _interleave(pairs)


def _interleave(pairs: list[NDArray[np.int64]]) -> NDArray[np.int64]:
    out = []
    for j in range(0, len(pairs), 2):
        fwd, bwd = pairs[j], pairs[j + 1]
        both = np.empty((2 * len(fwd), 2), dtype=np.int64)
        both[0::2], both[1::2] = fwd, bwd
        out.append(both)
    return np.concatenate(out)


def query_sensitivity(universe: ProductUniverse, f: Callable[..., float]) -> float:
    """Global sensitivity ``max |f(x) - f(x')|`` over datasets differing in one record (§4.5).

    The same quantity as :func:`nsp.noiseless.sensitivity` (which it calls), for a query
    called with one argument per individual; here a query value that is not a finite real
    number is refused instead of turning the result into NaN.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, called as ``f(x_1, ..., x_n)`` with record labels; real-valued.

    Returns
    -------
    float
        The largest change of ``f`` when one individual's record changes.

    Raises
    ------
    ValueError
        If ``f`` returns something that is not a finite real number.

    See Also
    --------
    hamming_neighbours : The pairs of datasets it maximizes over.
    laplace_scale : The Laplace mechanism's scale for this sensitivity.
    nsp.noiseless.sensitivity : The noiseless paper's sensitivity.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2 (the global sensitivity Δf of eq. (98)).

    Examples
    --------
    >>> query_sensitivity(ProductUniverse.binary(4), lambda *x: sum(x))
    1.0
    """
    _check_listable(universe)

    def value(x: tuple) -> float:
        try:
            v = float(f(*x))
        except (TypeError, ValueError):
            raise ValueError("f must return real numbers to have a sensitivity") from None
        if not math.isfinite(v):
            raise ValueError(
                "f must return finite numbers to have a sensitivity (found NaN or inf)"
            )
        return v

    return float(sensitivity(value, universe.records))


def dataset_dp_epsilon(ch: PrivacyChannel | ArrayLike) -> float:
    """Return the DP level of a privacy channel (Def. 9, eq. (11)), in **nats**.

    Neighbouring datasets are those that differ in one individual's record (Hamming
    distance 1): ``max`` over such ``x ~ x'`` and outputs ``y`` of ``|ln p(y|x) - ln p(y|x')|``
    (``inf`` when a zero meets a positive entry). This is :func:`nsp.channels.dp_epsilon` on
    the flattened channel with those neighbour pairs; :func:`nsp.channels.dp_epsilon` alone
    treats every pair of inputs as neighbours (the local model). By Proposition 1 it equals
    the max-individual channel capacity w.r.t. independent priors.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).

    Returns
    -------
    float
        ε in nats (0 for a universe with no neighbouring datasets).

    See Also
    --------
    dp_epsilon_axis_lines : The paper's §6 reading of the same level.
    individual_channel_capacity : The information privacy level ``C_1``.
    nsp.channels.dp_epsilon : The DP level of a plain channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 9 and Proposition 1.

    Examples
    --------
    Example 1 with randomized response at ``p = 0.1``: ``ln 9``.

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(dataset_dp_epsilon(example1_rr(0.1)), 10)
    2.1972245773
    """
    ch = as_privacy_channel(ch)
    pairs = hamming_neighbours(ch.universe)
    if len(pairs) == 0:
        return 0.0
    return float(_dp(ch.matrix(), neighbours=pairs))


def dp_epsilon_axis_lines(ch: PrivacyChannel | ArrayLike) -> float:
    """Return the DP level (nats) by the paper's §6 reading of the transition array.

    The largest log-ratio of two entries on a line of the ``(n+1)``-dimensional array
    parallel to an ``x_i`` axis.

    Independent of :func:`dataset_dp_epsilon` (vectorized over axes, no neighbour list); the
    two agree.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.

    Returns
    -------
    float
        ε in nats.

    See Also
    --------
    dataset_dp_epsilon : The DP level over neighbouring datasets.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §6.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(dp_epsilon_axis_lines(example1_rr(0.1)), 10)
    2.1972245773
    """
    ch = as_privacy_channel(ch)
    A = ch.array
    best = 0.0
    for i in range(ch.n):
        hi = A.max(axis=i)
        lo = A.min(axis=i)
        if np.any((lo == 0) & (hi > 0)):
            return math.inf
        pos = hi > 0
        if np.any(pos):
            best = max(best, float(np.max(np.log(hi[pos]) - np.log(lo[pos]))))
    return best


def expected_distortion(
    ch: PrivacyChannel,
    f: Callable[..., float],
    *,
    distortion: Callable[[float, float], float] | None = None,
) -> float:
    """Mean distortion ``E d(Y, f(X))`` of a channel over uniformly distributed datasets.

    Parameters
    ----------
    ch : PrivacyChannel
        A channel with real-valued outputs.
    f : callable
        The real-valued query ``f(x_1, ..., x_n)``.
    distortion : callable, optional
        ``d(y, v)``; default ``|y - v|``.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the outputs, the query values or the distortions are not finite real numbers.

    See Also
    --------
    exponential_expected_rank : The closed form for the exponential channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 12.

    Examples
    --------
    >>> ch = PrivacyChannel(ProductUniverse.binary(1), [[0.9, 0.1], [0.1, 0.9]])
    >>> round(expected_distortion(ch, lambda a: a), 12)
    0.1
    """
    ch = as_privacy_channel(ch)
    try:
        vals = np.asarray(query_values(ch.universe, f), dtype=np.float64).ravel()
        ys = np.asarray(ch.outputs, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(
            "f and the channel's outputs must be real numbers for a distortion"
        ) from None
    D = (
        np.abs(ys[None, :] - vals[:, None])
        if distortion is None
        else np.array([[distortion(y, v) for y in ys] for v in vals], dtype=np.float64)
    )
    if not np.all(np.isfinite(D)):
        raise ValueError("f and distortion must give finite numbers (found NaN or inf)")
    return float(np.mean(np.sum(ch.matrix() * D, axis=1)))
