"""The ``nsp`` command: list and run notebooks, regenerate figures, manage data.

Examples
--------
``nsp list`` · ``nsp run privacy_funnel/01_fig1_census --quick`` ·
``nsp figures -j 2`` · ``nsp handouts course/00_measures`` · ``nsp data fetch`` ·
``nsp data status`` ·
``nsp compare records.csv --secret income --public age,sex``
"""

from nsp.cli._commands import (
    build_parser,
    main,
)

__all__ = [
    "build_parser",
    "main",
]
