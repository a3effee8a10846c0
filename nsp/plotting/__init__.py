"""One style and one way to save a figure.

Every figure of the project is saved through :func:`savefig`, which writes PNG, PDF and SVG
with fixed metadata (so that saving the same figure twice gives identical bytes) and the CSV
of the numbers the figure plots, all into ``nsp.paths.figures_dir()/<key>``. Files are written
to a temporary name and renamed, so an interrupted run never leaves a half-written figure.
"""

from nsp.plotting._figures import (
    CSV_SIGNIFICANT_DIGITS,
    FORMATS,
    STYLE,
    certified,
    mark_stand_in,
    save_table,
    savefig,
    unit_label,
    use_style,
    write_csv,
)

__all__ = [
    "CSV_SIGNIFICANT_DIGITS",
    "FORMATS",
    "STYLE",
    "certified",
    "mark_stand_in",
    "save_table",
    "savefig",
    "unit_label",
    "use_style",
    "write_csv",
]
