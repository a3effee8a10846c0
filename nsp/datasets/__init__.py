"""Datasets: the registry of every data file, fetching from a mirror or the publishers, loaders.

Files live in ``data_dir()/<dataset>/<file>`` (``data_home=``, ``$NSP_DATA_DIR`` or the
repository's ``data/``), are filled by ``make data`` (= ``python -m nsp data fetch``) from
``$NSP_DATA_MIRROR`` or the publishers, and are checked against the sha256 in
``registry.json`` whenever a loader reads them. See ``data/README.md`` for provenance and
licences.

=======================================  ==============================================  ==========
loader                                   data                                            fidelity
=======================================  ==============================================  ==========
:func:`load_adult`                       UCI Adult, 48,842 people (privacy funnel)       exact
:func:`load_hungarian_heart`             UCI heart disease, Hungary (agglomerative)      exact
:func:`load_smart_meter`                 SGSC 50 homes, half-hourly (noiseless Fig. 3)   stand-in
:func:`load_ausgrid`                     Ausgrid solar home CSV (user's own file)        exact
:func:`load_ausgrid_customer12`          Ausgrid customer 12, 2011-12                    partial
:func:`load_redd`                        REDD low_freq (fragment, or user's tree)        partial
:func:`load_redd_house1`                 REDD house 1, Apr-May 2011, 1 min / 3 s         partial
:func:`load_nilm_household`              REFIT 2, 20 and UK-DALE 2, 30 s (Fig. 4)        stand-in
:func:`load_nyc_taxi`                    NYC taxi Jan 2016 sample (or Kaggle 2014)       stand-in
=======================================  ==============================================  ==========

Beside the loaders, the counting steps of the experiments, each with ``engine="pandas"``
(in memory, the default) or ``engine="dask"`` (a Dask DataFrame, a path glob or a list of
Parquet/CSV files, for data beyond memory; ``pip install "nsp-privacy[scale]"``, see
``docs/scale.md``).
Both engines give exactly the same result:

=======================================  =====================================================
counting step                            what it counts
=======================================  =====================================================
:func:`discretize_adult`                 Adult's age, sex, education, income as small codes
:func:`census_joint`                     Adult's records per (S, X) cell (privacy funnel)
:func:`joint_counts`                     records per pair of values of two columns
                                         (agglomerative: Hungarian age, cholesterol)
:func:`cell_counts`                      records per combination of values of any columns
                                         (a user's own table, :mod:`nsp.papers.compare`)
:func:`daily_totals`                     meter readings per (household, day) (noiseless Fig. 3)
:func:`uniqueness_vs_epsilon`            taxi trips with a unique quantized start-end pair
                                         per budget (noiseless Fig. 6; :func:`grid_keys`,
                                         :func:`unique_count`)
=======================================  =====================================================

Six files no publisher serves as they are (the SGSC and taxi CSV conversions of R files, the
gzipped REDD fragment, the two aligned REDD house-1 tables) are rebuilt from their
commit-pinned public sources with the registered sha256 when no mirror has them (R files need
``pip install 'nsp-privacy[rdata]'``).

Beside the checksummed UCI files, :func:`uci_metadata` asks UCI's web API (``ucimlrepo``) for
the Adult and Heart Disease variables' names, roles, types, descriptions, units and missing
values, and UCI's processed table. It needs the network and is never called by default.

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({"age": [20, 30, 30], "sex": ["Male", "Female", "Female"],
...                    "education-num": [9, 13, 13], "income": ["<=50K", ">50K", ">50K"]})
>>> int(census_joint(df).to_numpy().max())
2
"""

from ._adult import (
    ADULT_ATTRIBUTES,
    ADULT_COLUMNS,
    AGE_BINNINGS,
    EDUCATION_SCHEMES,
    census_joint,
    discretize_adult,
    load_adult,
)
from ._counts import cell_counts
from ._errors import ChecksumError
from ._fetching import (
    DataUnavailableError,
    fetch,
    format_status,
    registered_path,
    status,
    unregistered_mirror_files,
    verify,
)
from ._heart import HEART_COLUMNS, joint_counts, load_hungarian_heart
from ._io import MalformedFileError
from ._nilm_households import (
    NILM_APPLIANCES,
    NILM_HOUSEHOLDS,
    load_nilm_household,
    nilm_household_months,
    read_nilm_household_file,
)
from ._redd import (
    REDD_HOUSE1_LABELS,
    REDD_TZ,
    load_redd,
    load_redd_house1,
    read_redd_channel,
    read_redd_labels,
)
from ._registry import REGISTRY, FileEntry, Registry, load_registry, sha256_file
from ._smart_meter import (
    SMART_METER_COLUMNS,
    daily_totals,
    load_ausgrid,
    load_ausgrid_customer12,
    load_smart_meter,
)
from ._summary import describe, format_columns
from ._taxi import (
    NYC_BBOX_PAPER,
    TAXI_COLUMNS,
    grid_keys,
    load_nyc_taxi,
    parse_bbox,
    unique_count,
    uniqueness_vs_epsilon,
)
from ._uci import UCIMetadata, UCIUnavailableError, uci_metadata

__all__ = [
    "ADULT_ATTRIBUTES",
    "ADULT_COLUMNS",
    "AGE_BINNINGS",
    "ChecksumError",
    "DataUnavailableError",
    "EDUCATION_SCHEMES",
    "FileEntry",
    "HEART_COLUMNS",
    "MalformedFileError",
    "NILM_APPLIANCES",
    "NILM_HOUSEHOLDS",
    "NYC_BBOX_PAPER",
    "REDD_HOUSE1_LABELS",
    "REDD_TZ",
    "REGISTRY",
    "Registry",
    "SMART_METER_COLUMNS",
    "TAXI_COLUMNS",
    "UCIMetadata",
    "UCIUnavailableError",
    "cell_counts",
    "census_joint",
    "daily_totals",
    "describe",
    "discretize_adult",
    "fetch",
    "format_columns",
    "format_status",
    "grid_keys",
    "joint_counts",
    "load_adult",
    "load_ausgrid",
    "load_ausgrid_customer12",
    "load_hungarian_heart",
    "load_nilm_household",
    "load_nyc_taxi",
    "load_redd",
    "load_redd_house1",
    "load_registry",
    "load_smart_meter",
    "nilm_household_months",
    "parse_bbox",
    "read_nilm_household_file",
    "read_redd_channel",
    "read_redd_labels",
    "registered_path",
    "sha256_file",
    "status",
    "uci_metadata",
    "unique_count",
    "uniqueness_vs_epsilon",
    "unregistered_mirror_files",
    "verify",
]
