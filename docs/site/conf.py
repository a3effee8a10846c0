"""Sphinx configuration of the nsp site (built by ``make site`` from ``build/site-src``).

One setting comes from the environment: ``NSP_LAUNCH_URL``, the address of a JupyterHub,
Binder or similar that opens a notebook, with ``{path}`` where the notebook's source path in
the repository goes (``notebooks/<paper>/<name>.py``) and/or ``{notebook}`` for
``<paper>/<name>``. When it is set, every notebook page has a *Launch* button beside its
downloads; when it is not, there is none.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote

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
# A figure in a notebook links to its full-size image (Sphinx links scaled images; 100 % is the
# size the page shows anyway): wide figures stay readable.
nb_render_image_options = {"scale": 100}
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_dmath_double_inline = True
myst_heading_anchors = 3

autosummary_generate = True
# Members with a docstring only: a dataclass's fields are described once, by the Attributes
# section of its docstring (``"undoc-members": False`` would switch them on: any value does).
autodoc_default_options = {"members": True}
autodoc_typehints = "description"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
# Module docstrings list their parts under "Contents": a heading, not a section of the page.
napoleon_custom_sections = ["Contents"]

html_theme = "pydata_sphinx_theme"
html_title = f"nsp {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    # the sections' short names on one line, the search a button beside them
    "header_links_before_dropdown": 7,
    "navbar_persistent": ["search-button"],
    "article_header_end": ["nsp-notebook-links.html"],
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_context = {"default_mode": "light"}
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["nsp.css"]
# the browser's tab shows it (and asks for no /favicon.ico the site does not have)
html_favicon = "_static/favicon.svg"
# The notebooks to take away (make_site.py writes them): copied as they are to notebooks/
html_extra_path = ["_extra"] if (Path(__file__).parent / "_extra").is_dir() else []
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False

exclude_patterns = ["_build", "_extra", "**.ipynb_checkpoints"]
# A short attribute name (path, n, labels) that several public classes share is "more than one
# target" for a cross-reference from a docstring; the reference still resolves to one of them.
suppress_warnings = ["ref.python"]

LAUNCH_URL = os.environ.get("NSP_LAUNCH_URL", "").strip()
if LAUNCH_URL and "{path}" not in LAUNCH_URL and "{notebook}" not in LAUNCH_URL:
    raise ValueError(
        f"NSP_LAUNCH_URL must contain {{path}} or {{notebook}} (where the notebook goes), got "
        f"{LAUNCH_URL!r}"
    )


def launch_url(template: str, key: str, stem: str) -> str:
    """Return the launch address of notebook ``key/stem`` from ``template`` (empty: none)."""
    if not template:
        return ""
    return template.replace("{path}", quote(f"notebooks/{key}/{stem}.py", safe="/")).replace(
        "{notebook}", quote(f"{key}/{stem}", safe="/")
    )


_NOTEBOOK_PAGE = re.compile(r"^papers/(?P<key>[a-z_]+)/(?P<stem>[^/]+)$")


def _notebook_links(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Give a notebook page its downloads (.ipynb, .py) and, if configured, its launch link."""
    match = _NOTEBOOK_PAGE.match(pagename)
    if not match or context.get("page_source_suffix") != ".ipynb":
        context["nsp_notebook"] = None
        return
    key, stem = match["key"], match["stem"]
    context["nsp_notebook"] = {
        "ipynb": f"notebooks/{key}/{stem}.ipynb",
        "py": f"notebooks/{key}/{stem}.py",
        "launch": launch_url(LAUNCH_URL, key, stem),
    }


def _no_empty_section_navigation(app, pagename, templatename, context, doctree) -> None:
    """Leave out the primary sidebar's "Section Navigation" where it would list nothing."""
    suppress = context.get("suppress_sidebar_toctree")
    generate = context.get("generate_toctree_html")
    if suppress is None or generate is None:
        return

    def suppress_when_empty(**kwargs) -> bool:
        if suppress(**kwargs):
            return True
        html = generate("sidebar", includehidden=kwargs.get("includehidden", True))
        return "<li" not in str(html)

    context["suppress_sidebar_toctree"] = suppress_when_empty


_FOOTNOTE_DEF = re.compile(r"^(\s*)\.\. \[(\d+)\]")
_FOOTNOTE_REF = re.compile(r"\[(\d+)\]_")


def _scope_footnotes(app, what, name, obj, options, lines: list[str]) -> None:
    """Make the references ``[1]`` of a docstring footnotes of that docstring alone.

    numpydoc's convention numbers each docstring's references from 1; an API page holds many
    docstrings, where plain ``[1]`` footnotes would be the same target several times. A
    reference the text cites (``[1]_``) becomes an auto-numbered footnote labelled with the
    object's name; one it only lists stays a numbered line of the References list.
    """
    cited = {n for line in lines for n in _FOOTNOTE_REF.findall(line)}
    defined = {m[2] for line in lines if (m := _FOOTNOTE_DEF.match(line))}
    for i, line in enumerate(lines):
        match = _FOOTNOTE_DEF.match(line)
        if match:
            indent, number = match[1], match[2]
            label = f".. [#{name}-{number}]" if number in cited else f"| [{number}]"
            # "N. Ding, ..." would open an enumerated list (N.) inside the footnote
            body = re.sub(r"^(\s*[A-Z])\.(\s)", r"\1\\.\2", line[match.end() :])
            lines[i] = f"{indent}{label}{body}"
        else:
            lines[i] = _FOOTNOTE_REF.sub(
                lambda m: f"[#{name}-{m[1]}]_" if m[1] in defined else m[0], line
            )


def setup(app) -> dict:
    """Connect the site's own handlers."""
    # sphinx-mathjax-offline only copies MathJax at the end of the build and sets
    # mathjax_path; it does not say so, and Sphinx would read every page serially.
    offline = app.extensions.get("sphinx-mathjax-offline")
    if offline is not None:
        offline.parallel_read_safe = offline.parallel_write_safe = True
    app.connect("autodoc-process-docstring", _scope_footnotes)
    app.connect("html-page-context", _notebook_links)
    app.connect("html-page-context", _no_empty_section_navigation, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
