"""UCI's own description of the Adult and Heart Disease variables, through ``ucimlrepo``.

The loaders :func:`~nsp.datasets.load_adult` and :func:`~nsp.datasets.load_hungarian_heart`
read the original, checksummed UCI files and work offline. :func:`uci_metadata` is the other
route: it asks UCI's web API (``ucimlrepo.fetch_ucirepo(id=...)``) for the dataset's metadata —
each variable's name, role, type, description, units and whether it has missing values — and
UCI's processed table. It needs the network, so nothing in nsp calls it by default (not the
tests, not the notebooks); offline it fails with a message saying so.

=========================  ======  ===================================================
dataset                    UCI id  ``table`` served by UCI
=========================  ======  ===================================================
``"adult"``                2       48,842 rows, the 15 attributes of ``load_adult()``
``"heart_disease"``        45      the processed **Cleveland** table (303 rows), not the
                                   Hungarian file the agglomerative experiment uses
=========================  ======  ===================================================

Examples
--------
>>> UCI_IDS["adult"], UCI_IDS["heart_disease"]
(2, 45)

With internet (skipped here):

>>> meta = uci_metadata("adult")  # doctest: +SKIP
>>> meta.variables.set_index("name").loc["fnlwgt", "type"]  # doctest: +SKIP
'Integer'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ._fetching import _network_allowed

__all__ = ["UCI_IDS", "UCIMetadata", "UCIUnavailableError", "VARIABLE_COLUMNS", "uci_metadata"]

#: UCI dataset ids of the datasets nsp loads (``"heart_disease_hungarian"`` is an alias of 45).
UCI_IDS: dict[str, int] = {"adult": 2, "heart_disease": 45, "heart_disease_hungarian": 45}

#: The columns of :attr:`UCIMetadata.variables`, in this order.
VARIABLE_COLUMNS: tuple[str, ...] = (
    "name",
    "role",
    "type",
    "demographic",
    "description",
    "units",
    "missing_values",
)


class UCIUnavailableError(ConnectionError):
    """UCI's web API could not be asked (offline, network disabled, or an API error)."""


@dataclass(frozen=True)
class UCIMetadata:
    """What UCI's API says about one dataset.

    Attributes
    ----------
    uci_id : int
        The UCI dataset id.
    name : str
        UCI's name of the dataset.
    doi : str or None
        The dataset's DOI, to cite.
    variables : pandas.DataFrame
        One row per variable, columns :data:`VARIABLE_COLUMNS` (all object dtype; absent fields
        are ``None``): ``role`` is ``Feature``/``Target``/``ID``/``Other``, ``type`` e.g.
        ``Integer``/``Categorical``/``Continuous``, ``missing_values`` ``"yes"``/``"no"``.
    table : pandas.DataFrame or None
        UCI's processed table (``fetch_ucirepo(...).data.original``) as UCI serves it.
    metadata : dict
        The rest of UCI's metadata (abstract, licence, creators, ...), as plain values.
    """

    uci_id: int
    name: str
    doi: str | None
    variables: pd.DataFrame
    table: pd.DataFrame | None = field(repr=False)
    metadata: dict[str, Any] = field(repr=False)


def _uci_id(dataset: str | int) -> int:
    if isinstance(dataset, bool):
        raise TypeError("dataset must be a name or a UCI id, not a bool")
    if isinstance(dataset, int):
        return dataset
    try:
        return UCI_IDS[str(dataset)]
    except KeyError:
        raise ValueError(
            f"unknown dataset {dataset!r}; known: {sorted(UCI_IDS)} (or pass a UCI id)"
        ) from None


def _plain(value: Any) -> Any:
    """Turn ucimlrepo's nested ``dotdict`` values into plain dicts."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _variables(raw: Any) -> pd.DataFrame:
    frame = pd.DataFrame(raw).copy()
    for col in VARIABLE_COLUMNS:
        if col not in frame.columns:
            frame[col] = None
    frame = frame.loc[:, list(VARIABLE_COLUMNS)].astype(object)
    return frame.where(frame.notna(), None).reset_index(drop=True)


def uci_metadata(dataset: str | int, *, allow_network: bool | None = None) -> UCIMetadata:
    """Ask UCI (``ucimlrepo.fetch_ucirepo``) for a dataset's variables and processed table.

    Needs the network; the checksummed files read by the loaders do not.

    Parameters
    ----------
    dataset : {"adult", "heart_disease", "heart_disease_hungarian"} or int
        A dataset nsp uses, or any UCI dataset id.
    allow_network : bool, optional
        As in :func:`nsp.datasets.fetch`: default yes, unless ``$CI`` or ``$NSP_OFFLINE`` is set.

    Returns
    -------
    UCIMetadata
        ``variables`` (names, roles, types, descriptions, units, missing values), ``table``
        (UCI's processed table), ``doi``, ``name`` and the remaining ``metadata``.

    Raises
    ------
    UCIUnavailableError
        (a :class:`ConnectionError`) offline, with the network disabled, or when UCI's API
        fails; the message says that ``load_adult()``/``load_hungarian_heart()`` work offline.
    ValueError
        An unknown dataset name.

    Examples
    --------
    >>> uci_metadata("adult", allow_network=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nsp.datasets._uci.UCIUnavailableError: uci_metadata('adult') ... needs the network, ...

    With internet (skipped here):

    >>> meta = uci_metadata("heart_disease")  # doctest: +SKIP
    >>> meta.variables["name"].tolist()[:4]  # doctest: +SKIP
    ['age', 'sex', 'cp', 'trestbps']
    """
    uci_id = _uci_id(dataset)
    asked = f"uci_metadata({dataset!r}) asks UCI's web API (ucimlrepo.fetch_ucirepo(id={uci_id}))"
    offline_fix = (
        "The original UCI files work offline: load_adult(), load_hungarian_heart() "
        "(after `make data` or `nsp data fetch`)."
    )
    if not _network_allowed(allow_network):
        raise UCIUnavailableError(
            f"{asked} and needs the network, which is disabled (allow_network=False, $CI or "
            f"$NSP_OFFLINE). {offline_fix}"
        )
    import ucimlrepo  # noqa: PLC0415  (optional dependency: ucimlrepo, asked only online)

    try:
        result = ucimlrepo.fetch_ucirepo(id=uci_id)
    except Exception as exc:  # ConnectionError offline, DatasetNotFoundError, HTTP/CSV errors
        raise UCIUnavailableError(
            f"{asked} and that failed ({type(exc).__name__}: {exc}); it needs the network. "
            f"{offline_fix}"
        ) from exc
    metadata = _plain(dict(result["metadata"]))
    data = result.get("data") or {}
    return UCIMetadata(
        uci_id=int(metadata.get("uci_id", uci_id)),
        name=str(metadata.get("name", "")),
        doi=metadata.get("dataset_doi"),
        variables=_variables(result["variables"]),
        table=data.get("original"),
        metadata=metadata,
    )
