"""Assemble and build the nsp site: ``make site`` runs ``python docs/site/make_site.py``.

The site is made from what the repository already has, with no network and no second
execution of any notebook:

* ``docs/site/*`` — the landing page, the course path, the API page and the Sphinx
  configuration;
* ``docs/papers/<key>.md`` — our notes on each paper, the introduction of its section, and
  ``docs/scale.md``, the page on running the counting steps on Dask;
* ``build/executed/<key>/*.ipynb`` — the notebooks as ``make figures`` executed them;
* ``figures/<key>/*.png|csv`` — the committed figures and their numbers, for the gallery.

Everything is copied into ``build/site-src`` (the gallery page is generated there) and
Sphinx writes the HTML into ``build/site``. Each notebook is also offered for download, as
``notebooks/<key>/<name>.ipynb`` (executed, with its outputs) and ``.py`` (its jupytext source),
beside the pages.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from nsp.papers import PAPERS as _KEYS

ROOT = Path(__file__).resolve().parents[2]

#: The papers' keys, from nsp.papers (the comparison is a section of its own).
PAPERS = tuple(key for key in _KEYS if key != "compare")
SECTIONS = ("course", *PAPERS, "compare", "datasets")
_START = time.monotonic()


def _say(message: str) -> None:
    """Print a progress line, with the seconds since the start (make site / make handouts)."""
    print(f"[{time.monotonic() - _START:5.0f} s] {message}", flush=True)


TITLES = {
    "course": "Course notebooks",
    "datasets": "The datasets",
    "compare": "All five notions side by side",
    "agglomerative": "Agglomerative clustering (Ding & Farokhi)",
    "noiseless": "Noiseless privacy (Farokhi)",
    "privacy_channels": "Privacy channels (Wu)",
    "utility_privacy": "Utility–privacy tradeoff (Sankar, Rajagopalan & Poor)",
    "privacy_funnel": "Privacy funnel (Makhdoumi, Salamatian, Fawaz & Médard)",
}


def _executed(key: str) -> list[Path]:
    folder = ROOT / "build" / "executed" / key
    return sorted(p for p in folder.glob("*.ipynb") if not p.name.startswith("."))


def _not_executed() -> list[str]:
    """Return the notebooks (``key/name``) of the site's sections that have no executed copy."""
    return [
        f"{key}/{src.stem}"
        for key in SECTIONS
        for src in sorted((ROOT / "notebooks" / key).glob("*.py"))
        if not src.name.startswith("_")
        and not (ROOT / "build" / "executed" / key / f"{src.stem}.ipynb").is_file()
    ]


def _clean_notebook(src: Path, dest: Path, *, standalone: bool = False) -> None:
    """Copy an executed notebook without stderr streams and progress-bar widget outputs.

    ``standalone``: a notebook to download, paired with no text file (JupyterLab with jupytext
    refuses to open an ``.ipynb`` whose pairing names only ``py:percent``).
    """
    nb = json.loads(src.read_text(encoding="utf-8"))
    if standalone:
        nb.get("metadata", {}).pop("jupytext", None)
    for cell in nb.get("cells", []):
        outputs = cell.get("outputs")
        if not outputs:
            continue
        cell["outputs"] = [
            o
            for o in outputs
            if not (o.get("output_type") == "stream" and o.get("name") == "stderr")
            and "application/vnd.jupyter.widget-view+json" not in o.get("data", {})
        ]
    nb.get("metadata", {}).pop("widgets", None)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def _paper_section(src: Path, key: str) -> list[str]:
    """Write ``papers/<key>/index.md`` (notes + notebooks); return the notebooks' stems."""
    folder = src / "papers" / key
    folder.mkdir(parents=True, exist_ok=True)
    downloads = src / "_extra" / "notebooks" / key
    downloads.mkdir(parents=True, exist_ok=True)
    stems = []
    for nb in _executed(key):
        _clean_notebook(nb, folder / nb.name)
        _clean_notebook(nb, downloads / nb.name, standalone=True)
        shutil.copy2(ROOT / "notebooks" / key / f"{nb.stem}.py", downloads / f"{nb.stem}.py")
        stems.append(nb.stem)
    notes = ROOT / "docs" / "papers" / f"{key}.md"
    body = notes.read_text(encoding="utf-8") if notes.is_file() else f"# {TITLES[key]}\n"
    if not body.lstrip().startswith("# "):
        body = f"# {TITLES[key]}\n\n{body}"
    toc = "\n".join(stems)
    (folder / "index.md").write_text(
        f"{body.rstrip()}\n\n## Notebooks\n\n```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n",
        encoding="utf-8",
    )
    return stems


def _gallery(src: Path, notebooks: dict[str, list[str]]) -> None:
    """Write ``gallery.md``: every committed PNG, its notebook page and its CSV."""
    out = src / "_figures"
    lines = [
        "# Gallery",
        "",
        "Every committed figure, with the notebook that makes it and its numbers.",
        "",
    ]
    for key in SECTIONS:
        pngs = sorted(
            p for p in (ROOT / "figures" / key).glob("*.png") if not p.name.startswith(".")
        )
        if not pngs:
            continue
        lines += [f"## {TITLES[key]}", ""]
        (out / key).mkdir(parents=True, exist_ok=True)
        full = src / "_extra" / "figures" / key  # the full-size image each figure links to
        full.mkdir(parents=True, exist_ok=True)
        for png in pngs:
            shutil.copy2(png, out / key / png.name)
            shutil.copy2(png, full / png.name)
            csv = png.with_suffix(".csv")
            shutil.copy2(csv, out / key / csv.name)
            maker = _maker(key, png.stem, notebooks)
            link = f"[{maker}](papers/{key}/{maker})" if maker else f"a notebook of {key}"
            lines += [
                f"### {png.stem}",
                "",
                f"```{{image}} _figures/{key}/{png.name}",
                f":alt: {key}/{png.stem}",
                ":width: 640px",
                f":target: figures/{key}/{png.name}",
                "```",
                "",
                f"Made by {link}; numbers: {{download}}`{csv.name} <_figures/{key}/{csv.name}>`.",
                "",
            ]
    (src / "gallery.md").write_text("\n".join(lines), encoding="utf-8")


def _maker(key: str, stem: str, notebooks: dict[str, list[str]]) -> str | None:
    """Return the notebook of ``key`` whose source names the figure ``key/stem``.

    A notebook names a figure as a string literal, ``"key/stem"`` or ``"stem"``, or as an
    f-string whose fields stand for any part of the name (``f"key/census_frontiers_{u}"``).
    """
    for nb in notebooks.get(key, []):
        source = (ROOT / "notebooks" / key / f"{nb}.py").read_text(encoding="utf-8")
        if f"{key}/{stem}" in source or f'"{stem}"' in source:
            return nb
        for template in re.findall(rf"""\bf["']{re.escape(key)}/([^"'\n]+)["']""", source):
            parts = re.split(r"(\{[^}]*\})", template)
            pattern = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
            if re.fullmatch(pattern, stem):
                return nb
    return None


def public_modules() -> list[str]:
    """Return the modules whose ``__all__`` the API reference documents, parents first.

    ``nsp`` itself, every subpackage reachable from ``import nsp``, every submodule a package
    lists in its own ``__all__`` (such as ``nsp.clustering.funnel`` or
    ``nsp.papers.noiseless.taxi``, at any depth), and one module per paper.
    """
    import importlib
    from types import ModuleType

    import nsp
    from nsp.papers import PAPERS as KEYS

    names: list[str] = []

    def visit(module: ModuleType) -> None:
        if module.__name__ in names:
            return
        names.append(module.__name__)
        for public in getattr(module, "__all__", []):
            if hasattr(module, "__path__") and importlib.util.find_spec(
                f"{module.__name__}.{public}"
            ):
                visit(importlib.import_module(f"{module.__name__}.{public}"))

    visit(nsp)
    for key in KEYS:
        visit(importlib.import_module(f"nsp.papers.{key}"))
    return names


def _lazy_members(name: str) -> str:
    """Directives for the names of ``__all__`` a module resolves on first use (``__getattr__``).

    ``automodule :members:`` reads the module's namespace, where such names (those waiting for
    an optional dependency) are not yet; each gets its own ``autofunction`` or ``autoclass``
    instead.
    """
    import importlib
    import inspect

    module = importlib.import_module(name)
    lines = []
    for public in getattr(module, "__all__", []):
        if public in vars(module):
            continue
        obj = getattr(module, public, None)
        kind = "autoclass" if inspect.isclass(obj) else "autofunction"
        if inspect.isclass(obj) or inspect.isfunction(obj):
            lines.append(f"\n.. {kind}:: {name}.{public}\n")
    return "".join(lines)


def _data_members(name: str) -> str:
    """Directives for the data of ``__all__`` that ``automodule :members:`` leaves out.

    ``automodule`` documents a constant only where the module it reads has a ``#:`` comment
    for it; a face re-exports constants defined, and commented, in its private modules. Each
    gets a ``py:data`` entry with that comment, and its value when the value is short.
    """
    import importlib
    import inspect
    import pkgutil

    from sphinx.pycode import ModuleAnalyzer

    import nsp

    module = importlib.import_module(name)
    here = ModuleAnalyzer.for_module(name).find_attr_docs()
    # where the constant is defined: in the face's own package first, then anywhere in nsp
    inside = [name]
    if hasattr(module, "__path__"):
        inside += [m.name for m in pkgutil.walk_packages(module.__path__, f"{name}.")]
    inside += [
        m.name
        for m in pkgutil.walk_packages(nsp.__path__, "nsp.")
        if m.name not in inside and not m.name.endswith("__main__")
    ]
    lines = []
    for public in getattr(module, "__all__", []):
        special = public.startswith("__")  # automodule leaves out __version__ and the like
        if public not in vars(module) or (("", public) in here and not special):
            continue
        obj = vars(module)[public]
        if inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isroutine(obj):
            continue
        doc: list[str] = []
        for other in inside:
            try:
                found = ModuleAnalyzer.for_module(other).find_attr_docs().get(("", public))
            except Exception:  # a module without source: nothing to read
                continue
            if found and getattr(importlib.import_module(other), public, None) is obj:
                doc = [line for line in found if line.strip()]
                break
        # py:data, not autodata: autodata would show a dict's or a tuple's own docstring
        value = repr(obj)
        lines.append(f"\n.. py:data:: {public}\n   :module: {name}\n")
        if len(value) <= 80:
            lines.append(f"   :value: {value}\n")
        lines += [f"\n   {line}" for line in doc]
        lines.append("\n" if doc else "")
    return "".join(lines)


def _api(src: Path) -> None:
    """Write ``api.md`` and one page per public module (its ``__all__``, from the docstrings)."""
    folder = src / "api"
    folder.mkdir(parents=True, exist_ok=True)
    modules = public_modules()
    for name in modules:
        # a lazy package's names enter its namespace when first looked up: look them all up
        # here, so that automodule documents each once and the data get their entries
        module = importlib.import_module(name)
        for public in getattr(module, "__all__", []):
            getattr(module, public, None)
        # reStructuredText pages, not MyST: the docstrings' footnotes ([1]_) resolve only there
        title = f"``{name}``"
        (folder / f"{name}.rst").write_text(
            f"{title}\n{'=' * len(title)}\n\n.. automodule:: {name}\n   :members:\n"
            f"{_lazy_members(name)}{_data_members(name)}",
            encoding="utf-8",
        )
    toc = "\n".join(f"api/{name}" for name in modules)
    text = (src / "api.md").read_text(encoding="utf-8")
    (src / "api.md").write_text(
        f"{text.rstrip()}\n\n```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n", encoding="utf-8"
    )


def assemble(src: Path) -> None:
    """Fill ``src`` with everything Sphinx needs (see the module docstring)."""
    missing = [key for key in SECTIONS if not _executed(key)]
    if missing:
        raise SystemExit(f"no executed notebooks for {missing}: run make figures first")
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(
        ROOT / "docs" / "site", src, ignore=shutil.ignore_patterns("make_site.py", "__pycache__")
    )
    shutil.copy2(ROOT / "docs" / "scale.md", src / "scale.md")
    notebooks = {}
    for key in SECTIONS:
        notebooks[key] = _paper_section(src, key)
        _say(f"site: section {key} ({len(notebooks[key])} notebook(s))")
    _gallery(src, notebooks)
    _say("site: gallery")
    _api(src)
    _say("site: API pages")


def _mathjax_svg() -> str:
    """MathJax's TeX-to-SVG bundle: math typeset in the browser with no font files."""
    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None or spec.origin is None:
        raise SystemExit(
            "the docs extra is missing: pip install 'nsp-privacy[docs]' (make install)"
        )
    return (Path(spec.origin).parent / "static" / "mathjax" / "tex-svg.js").read_text(
        encoding="utf-8"
    )


MATHJAX_CONFIG = (
    "window.MathJax = {tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']], "
    "displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']], processEscapes: true}, "
    "svg: {fontCache: 'global'}};"
)

#: The two editions of the handouts: the students' folds every solution away, the teacher's
#: shows every solution open.
EDITIONS = ("student", "teacher")

#: Print rules of the handouts: code and wide tables wrap at the margin instead of being cut,
#: no output is kept whole at the price of a half-empty page, and a figure shrinks to fit on a
#: page rather than being pushed to the next one.
PRINT_CSS = """
@media print {
  pre, .jp-RenderedText pre, .highlight pre, code {
    white-space: pre-wrap !important;
    overflow-wrap: anywhere;
    word-break: break-word;
  }
  .jp-InputArea-editor, .jp-RenderedText, .jp-OutputArea-output { overflow: visible !important; }
  .jp-Cell, .jp-Cell-inputWrapper, .jp-Cell-outputWrapper, .jp-OutputArea-child,
  .jp-OutputArea-output {
    break-inside: auto !important;
    break-before: auto !important;
    break-after: auto !important;
  }
  .jp-RenderedImage img, .jp-RenderedMarkdown img {
    max-width: 100% !important;
    max-height: 45vh !important;
    width: auto !important;
    height: auto !important;
    object-fit: contain;
  }
  .jp-RenderedHTMLCommon table { font-size: 7.5pt !important; max-width: 100% !important; }
  .jp-RenderedHTMLCommon th, .jp-RenderedHTMLCommon td {
    white-space: normal !important;
    padding: 1px 4px !important;
  }
  .jp-RenderedHTMLCommon thead th { overflow-wrap: anywhere; }
  .jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
  details > summary { font-weight: bold; }
}
"""

#: A line at the top of each handout saying which edition it is.
EDITION_NOTE = {
    "student": "Student's edition: the solutions are folded (click “Solution” to open one).",
    "teacher": "Teacher's edition: every solution is shown open.",
}


def _handout_html(html: str, *, edition: str, mathjax: str) -> str:
    """Turn nbconvert's HTML into one edition's handout.

    ``mathjax`` is the relative path of the shared MathJax folder. The teacher's edition opens
    every ``<details>`` (the folded solutions); both get the print rules and an edition note.
    """
    # require.js serves only interactive outputs, which handouts have none of.
    html = re.sub(r'<script src="[^"]*require[^"]*">\s*</script>', "", html)
    html = re.sub(
        r'<script[^>]*src="MATHJAX-SHARED"[^>]*>\s*</script>',
        lambda _: (
            f'<script src="{mathjax}/config.js"></script>\n'
            f'<script src="{mathjax}/tex-svg.js"></script>'
        ),
        html,
    )
    if edition == "teacher":
        html = re.sub(r"<details(?![^>]*\bopen\b)", "<details open", html)
    html = html.replace("</head>", f"<style>{PRINT_CSS}</style>\n</head>", 1)
    note = f'<p class="nsp-edition nsp-edition-{edition}"><em>{EDITION_NOTE[edition]}</em></p>'
    return re.sub(r"(<body[^>]*>)", lambda m: f"{m.group(1)}\n{note}", html, count=1)


def _print_pdf(chromium: str, html: Path) -> None:
    """Print a handout to the PDF beside it with headless Chromium (no network)."""
    subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--allow-file-access-from-files",
            "--virtual-time-budget=8000",
            "--no-pdf-header-footer",
            f"--print-to-pdf={html.resolve().with_suffix('.pdf')}",
            html.resolve().as_uri(),
        ],
        check=True,
        capture_output=True,
    )


#: A script for a browser page (Playwright's ``evaluate``): resolves once MathJax, if the page
#: has it, has typeset the page.
MATHJAX_TYPESET = (
    "async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }"
)


def _print_pdfs(chromium: str, htmls: list[Path]) -> None:
    """Print every handout to the PDF beside it in one headless Chromium (no network).

    One tab visits the handouts one after the other, waits for MathJax and prints: a new
    Chromium per handout spent most of its time starting. Without Playwright (the ``docs``
    extra), each handout is printed by a Chromium of its own (:func:`_print_pdf`).
    """
    _say(f"handouts: {len(htmls)} PDFs with Chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        for html in htmls:
            _print_pdf(chromium, html)
        return
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--allow-file-access-from-files",
            ],
        )
        page = browser.new_page()
        page.route(re.compile(r"^(?!file:).*"), lambda route: route.abort())
        for html in htmls:
            page.goto(html.resolve().as_uri(), wait_until="load")
            page.evaluate(MATHJAX_TYPESET)
            page.pdf(path=str(html.resolve().with_suffix(".pdf")))
        browser.close()


def _handouts_index(out: Path) -> Path:
    """Write ``out/index.html``: every handout in ``out``, in both editions, by section."""

    def links(rel: Path) -> str:
        pdf = rel.with_suffix(".pdf")
        extra = f' · <a href="{pdf.as_posix()}">PDF</a>' if (out / pdf).is_file() else ""
        return f'<td><a href="{rel.as_posix()}">HTML</a>{extra}</td>'

    order = {key: i for i, key in enumerate(SECTIONS)}
    students = sorted(
        (out / "student").glob("*/*.html"),
        key=lambda p: (order.get(p.parent.name, len(order)), p.parent.name, p.name),
    )
    rows = []
    for path in students:
        rel = path.relative_to(out)
        teacher = Path("teacher", *rel.parts[1:])
        rows.append(
            f"<tr><td>{TITLES.get(rel.parts[1], rel.parts[1])}</td><td>{path.stem}</td>"
            f"{links(rel)}{links(teacher)}</tr>"
        )
    index = out / "index.html"
    index.write_text(
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>nsp handouts</title></head>"
        "<body><h1>nsp handouts</h1><p>One handout per notebook, in two editions: the "
        "students' (solutions folded) and the teacher's (solutions open). Keep the folder "
        "whole: the handouts share the MathJax copy in <code>mathjax/</code>.</p><table>"
        "<tr><th>section</th><th>notebook</th><th>student</th><th>teacher</th></tr>\n"
        + "\n".join(rows)
        + "</table></body></html>\n",
        encoding="utf-8",
    )
    return index


def _clear_handouts(out: Path) -> None:
    """Remove what an earlier ``make handouts`` wrote into ``out`` (and nothing else there).

    No handout of an older build may survive: of a notebook since removed, or of the earlier
    layout with one folder per section and no editions.
    """
    for name in (*EDITIONS, "mathjax", *SECTIONS):
        if (out / name).is_dir():
            shutil.rmtree(out / name)
    (out / "index.html").unlink(missing_ok=True)


def handouts(
    out: Path,
    *,
    pdf: bool = True,
    notebooks: list[tuple[str, Path]] | None = None,
    keep_others: bool = False,
) -> list[Path]:
    """Write each executed notebook as a student's and a teacher's handout (HTML, and PDF).

    The handouts are ``out/student/<key>/<name>.html`` (solutions folded) and
    ``out/teacher/<key>/<name>.html`` (solutions open), with a PDF beside each where Chromium
    is installed, and ``out/index.html`` listing them. Figures are inline; MathJax is one
    shared copy in ``out/mathjax/`` that every handout loads by a relative path, so math
    typesets offline (copy the folder whole). Stderr and progress-bar widgets are left out.

    Parameters
    ----------
    out : Path
        The handouts folder (``build/handouts``).
    pdf : bool
        Also print each handout to PDF with Chromium, if it is installed.
    notebooks : list of (str, Path), optional
        The executed notebooks as ``(section key, path)``; default every section's.
    keep_others : bool
        Keep the handouts of other notebooks already in ``out`` (``nsp handouts NOTEBOOK``
        rebuilds one; the index lists them all). By default an earlier build is cleared.

    Returns
    -------
    list of Path
        The HTML handouts written (both editions), then the index.
    """
    import nbformat
    from nbconvert import HTMLExporter

    if keep_others:
        for key, nb_path in notebooks or []:
            for edition in EDITIONS:
                for suffix in (".html", ".pdf"):
                    (out / edition / key / nb_path.stem).with_suffix(suffix).unlink(missing_ok=True)
    else:
        _clear_handouts(out)
    (out / "mathjax").mkdir(parents=True, exist_ok=True)
    (out / "mathjax" / "tex-svg.js").write_text(_mathjax_svg(), encoding="utf-8")
    (out / "mathjax" / "config.js").write_text(MATHJAX_CONFIG + "\n", encoding="utf-8")
    exporter = HTMLExporter(template_name="lab")
    exporter.mathjax_url = "MATHJAX-SHARED"
    written = []
    chromium = shutil.which("chromium") if pdf else None
    todo = notebooks or [(key, nb_path) for key in SECTIONS for nb_path in _executed(key)]
    if notebooks is None:
        left_out = _not_executed()
        if left_out:
            _say(
                f"left out {len(left_out)} notebook(s) that have no executed copy in "
                f"build/executed/ (skipped for want of data, or never run: make figures, or "
                f"make data then make figures): {', '.join(left_out)}"
            )
    for count, (key, nb_path) in enumerate(todo, start=1):
        _say(
            f"handout [{count}/{len(todo)}] {key}/{nb_path.stem}"
            + (" (+ PDFs)" if chromium else "")
        )
        clean = out / f".{key}-{nb_path.stem}.ipynb"
        _clean_notebook(nb_path, clean)
        notebook = nbformat.read(clean, as_version=4)
        clean.unlink()
        title = next(
            (
                c.source.splitlines()[0].lstrip("# ")
                for c in notebook.cells
                if c.cell_type == "markdown" and c.source.startswith("# ")
            ),
            nb_path.stem,
        )
        html, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": title}})
        for edition in EDITIONS:
            target = out / edition / key / f"{nb_path.stem}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            page = _handout_html(html, edition=edition, mathjax="../../mathjax")
            if "MATHJAX-SHARED" in page or re.search(
                r'<(script|link)[^>]+(src|href)="https?:', page
            ):
                raise SystemExit(f"{target}: the handout would load a script from the network")
            target.write_text(page, encoding="utf-8")
            written.append(target)
    if chromium:
        _print_pdfs(chromium, written)
    written.append(_handouts_index(out))
    return written


def main(argv: list[str] | None = None) -> int:
    """Assemble ``build/site-src`` and build the HTML site into ``build/site``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", default=str(ROOT / "build" / "site-src"))
    parser.add_argument("--out", default=str(ROOT / "build" / "site"))
    parser.add_argument(
        "--handouts", metavar="DIR", help="write the handouts into DIR instead of building the site"
    )
    parser.add_argument("--no-pdf", action="store_true", help="handouts: HTML only")
    args = parser.parse_args(argv)
    if args.handouts:
        done = handouts(Path(args.handouts), pdf=not args.no_pdf)
        print(f"{len(done)} handouts in {args.handouts}")
        return 0
    src, out = Path(args.src), Path(args.out)
    assemble(src)
    if out.exists():  # no page of an older build may survive
        shutil.rmtree(out)
    # -W --keep-going: every warning is reported, and any fails the build (a broken reference,
    # a cited source that is not listed, a duplicate label would otherwise pass unseen)
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", "-j", "2"]
    cmd += [str(src), str(out)]
    _say(f"site: Sphinx writes the HTML into {out} (a minute or two)")
    status = subprocess.call(cmd)
    _say(f"site: {'done: ' + str(out / 'index.html') if status == 0 else 'Sphinx failed'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
