"""Sphinx configuration of the nsp site (built by ``make site`` from ``build/site-src``)."""

from __future__ import annotations

import nsp

project = "nsp"
author = "the nsp developers"
copyright = "2026, the nsp developers (code BSD-3-Clause; datasets under their own licences)"
version = release = nsp.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",  # MathJax served from the site itself: math renders offline
]

# Notebooks are the ones `make figures` executed: never run them again here.
nb_execution_mode = "off"
nb_output_stderr = "remove"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_dmath_double_inline = True
myst_heading_anchors = 3

autosummary_generate = True
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "description"
napoleon_numpy_docstring = True
napoleon_google_docstring = False

html_theme = "pydata_sphinx_theme"
html_title = f"nsp {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_context = {"default_mode": "light"}
html_static_path: list[str] = []
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False

exclude_patterns = ["_build", "**.ipynb_checkpoints"]
# Re-exported names are documented once per public module; "more than one target" for a short
# attribute name (path, n, labels) is expected and harmless.
suppress_warnings = ["mystnb.unknown_mime_type", "ref.python"]
