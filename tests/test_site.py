"""The built site in a real browser: every page loads cleanly, offline, with its math typeset.

Run by ``make site-test`` after ``make site`` (it needs ``build/site`` and Debian's
``chromium``); ``make test`` does not collect it (marker ``site``). Headless Chromium, driven
by Playwright, visits every page served on a loopback port and checks that it logs no
console error, that every image and internal link resolves, that no raw ``$…$``, ``\\(`` or
``\\[`` is left in the rendered text (code and literals, such as a constant's value, are left
out), that the API pages document every public name, and that the gallery shows every
committed PNG.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib
import inspect
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The flags this machine's closed network needs (no background connections).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.site

RAW_MATH = re.compile(r"\\\(|\\\[|\$[^$\n]*\\[A-Za-z]+[^$\n]*\$|\$\$")

sys.path.insert(0, str(ROOT / "docs" / "site"))
import make_site as site_build  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    if not (SITE / "index.html").is_file():
        pytest.fail("build/site is missing: run make site first")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


def _pages() -> list[str]:
    return sorted(
        p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*.html")
        if not p.relative_to(SITE).parts[0].startswith("_")
    )


class _Tab:
    """One browser tab that visits pages one after the other, as a reader clicks through.

    Navigating a tab is about four times faster than opening a new one per page (the theme's
    scripts, fonts and MathJax stay in the tab's cache). Requests off the loopback server are
    aborted (the site must work offline); console errors and uncaught exceptions are kept per
    visit.
    """

    def __init__(self, browser) -> None:
        self.page = browser.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())

    def visit(self, url: str) -> dict:
        """Load ``url``, wait for MathJax, and return what the page shows and what it logged."""
        self.errors = []
        self.page.goto(url, wait_until="load")
        self.page.evaluate(site_build.MATHJAX_TYPESET)
        result = self.page.evaluate(
            """() => {
                const body = document.body.cloneNode(true);
                body.querySelectorAll('pre, code, .pre, .highlight, script, style, mjx-container')
                    .forEach(n => n.remove());
                return {
                    text: body.innerText,
                    mathErrors: Array.from(document.querySelectorAll('mjx-merror'))
                        .map(e => e.getAttribute('data-mjx-error') || e.textContent),
                    broken: Array.from(document.images)
                        .filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                    images: Array.from(document.images).map(i => i.getAttribute('src')),
                    links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
                };
            }"""
        )
        result["errors"] = self.errors
        return result


@pytest.fixture
def tab(browser) -> Iterator[_Tab]:
    t = _Tab(browser)
    yield t
    t.page.close()


#: The pages are checked in this many shares, so that ``pytest -n`` spreads them over the cores.
SHARES = 4


@pytest.mark.parametrize("share", range(SHARES))
def test_every_page_is_clean(server, tab, share):
    """Console errors, broken images, dangling internal links, raw or broken TeX, page by page
    (every ``SHARES``-th page from ``share`` on)."""
    problems: list[str] = []
    links: set[str] = set()
    pages = _pages()
    assert len(pages) > 40, f"suspiciously few pages: {pages}"
    for rel in pages[share::SHARES]:
        seen = tab.visit(urljoin(server, rel))
        problems += [f"{rel}: console: {e}" for e in seen["errors"]]
        problems += [f"{rel}: image not loaded: {src}" for src in seen["broken"]]
        problems += [f"{rel}: TeX MathJax cannot typeset: {e}" for e in seen["mathErrors"]]
        raw = RAW_MATH.findall(seen["text"])
        problems += [f"{rel}: raw TeX in the text: {raw[:3]}"] if raw else []
        links |= {urldefrag(h)[0] for h in seen["links"] if h.startswith(server)}
    for link in sorted(links):
        path = SITE / unquote(urlparse(link).path.lstrip("/"))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            problems.append(f"dangling internal link: {link}")
    assert not problems, "\n".join(problems[:40])


def test_the_api_pages_document_every_public_name():
    missing = []
    for name in site_build.public_modules():
        html = (SITE / "api" / f"{name}.html").read_text(encoding="utf-8")
        module = importlib.import_module(name)
        for public in getattr(module, "__all__", []):
            with warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)
                try:
                    obj = getattr(module, public, None)
                except DeprecationWarning:  # a deprecated alias: documented under its new name
                    continue
            if not inspect.ismodule(obj) and f'id="{name}.{public}"' not in html:
                missing.append(f"{name}.{public}")  # functions, classes and constants alike
    assert not missing, f"not on the API pages: {missing}"


def test_the_gallery_shows_every_committed_png(server, tab):
    seen = tab.visit(urljoin(server, "gallery.html"))
    shown = {Path(src).as_posix().split("_images/")[-1] for src in seen["images"]}
    committed = sorted(p for p in ROOT.glob("figures/*/*.png") if not p.name.startswith("."))
    assert committed
    missing = [p.relative_to(ROOT).as_posix() for p in committed if p.name not in shown]
    assert not missing, f"not in the gallery: {missing}"
    assert not seen["broken"]


def test_every_gallery_figure_links_to_its_notebook_and_its_full_size_image():
    html = (SITE / "gallery.html").read_text(encoding="utf-8")
    sections = html.split("<section id=")
    problems = []
    for png in sorted(ROOT.glob("figures/*/*.png")):
        key = png.parent.name
        block = next((b for b in sections if f'href="figures/{key}/{png.name}"' in b), None)
        if block is None:
            problems.append(f"{key}/{png.name}: no link to the full-size image")
        elif not re.search(rf'href="papers/{key}/\d\d_[^"/]+\.html"', block):
            problems.append(f"{key}/{png.name}: no link to its notebook")
    assert not problems, "\n".join(problems)


def _notebook_pages() -> list[tuple[str, str]]:
    executed = sorted(p for p in (ROOT / "build" / "executed").glob("*/*.ipynb"))
    return [(p.parent.name, p.stem) for p in executed if not p.name.startswith(".")]


def test_every_notebook_page_offers_its_notebook_and_a_download_works(server, browser, tmp_path):
    """Each notebook page links its .ipynb and .py (files of the site: offline); one download,
    done as a reader would, is a valid notebook JupyterLab opens (no jupytext pairing) and the
    .py is the source byte for byte. A launch link is there exactly when NSP_LAUNCH_URL was set."""
    import nbformat
    from conf import launch_url  # docs/site is on sys.path (above)

    template = os.environ.get("NSP_LAUNCH_URL", "").strip()
    pages = _notebook_pages()
    assert pages
    problems = []
    for key, stem in pages:
        html = (SITE / "papers" / key / f"{stem}.html").read_text(encoding="utf-8")
        for suffix in (".ipynb", ".py"):
            href = f'href="../../notebooks/{key}/{stem}{suffix}" download'
            if href not in html:
                problems.append(f"{key}/{stem}: no {suffix} download")
            if not (SITE / "notebooks" / key / f"{stem}{suffix}").is_file():
                problems.append(f"{key}/{stem}: {suffix} missing from the site")
        launches = [
            unescape(href) for href in re.findall(r'class="[^"]*nsp-launch"\s+href="([^"]*)"', html)
        ]
        expected = [launch_url(template, key, stem)] if template else []
        if launches != expected:
            problems.append(f"{key}/{stem}: launch links {launches}, expected {expected}")
    assert not problems, "\n".join(problems[:40])

    key, stem = "privacy_channels", "02_randomized_response"
    page = browser.new_page(accept_downloads=True)
    page.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page.goto(urljoin(server, f"papers/{key}/{stem}.html"), wait_until="load")
    for suffix in (".ipynb", ".py"):
        with page.expect_download() as info:
            page.click(f"text=Download {suffix}")
        saved = tmp_path / info.value.suggested_filename
        info.value.save_as(saved)
        assert saved.name == f"{stem}{suffix}"
        if suffix == ".py":
            assert saved.read_bytes() == (ROOT / "notebooks" / key / f"{stem}.py").read_bytes()
        else:
            notebook = nbformat.read(saved, as_version=4)
            nbformat.validate(notebook)
            assert "jupytext" not in notebook.metadata
            assert any(c.get("outputs") for c in notebook.cells), "no outputs in the download"
    page.close()


def test_every_notebook_figure_links_to_its_full_size_image():
    """A figure wider than the page is shrunk to fit; a click shows it at full size."""
    problems = []
    for key, stem in _notebook_pages():
        html = (SITE / "papers" / key / f"{stem}.html").read_text(encoding="utf-8")
        for img in re.finditer(r'<img [^>]*src="([^"]+)"', html):
            before = html[max(0, img.start() - 300) : img.start()]
            if not before.rstrip().endswith(f'image-reference" href="{img[1]}">'):
                problems.append(f"{key}/{stem}: {img[1]} links to nothing")
    assert not problems, "\n".join(problems[:20])


def test_the_launch_link_is_one_setting_with_the_notebook_filled_in(monkeypatch):
    import conf  # docs/site is on sys.path (above)

    hub = "https://hub.example.org/hub/user-redirect/lab/tree/nsp/{path}"
    assert conf.launch_url(hub, "privacy_funnel", "05_worked_examples") == (
        "https://hub.example.org/hub/user-redirect/lab/tree/nsp/"
        "notebooks/privacy_funnel/05_worked_examples.py"
    )
    binder = "https://mybinder.org/v2/gh/o/r/HEAD?urlpath=lab/tree/build/notebooks/{notebook}.ipynb"
    assert conf.launch_url(binder, "compare", "01_census").endswith(
        "urlpath=lab/tree/build/notebooks/compare/01_census.ipynb"
    )
    assert conf.launch_url("", "compare", "01_census") == ""  # unset: no button
    monkeypatch.setenv("NSP_LAUNCH_URL", "https://hub.example.org/lab")
    with pytest.raises(ValueError, match=r"NSP_LAUNCH_URL must contain \{path\}"):
        importlib.reload(conf)
    monkeypatch.undo()
    importlib.reload(conf)  # as the environment has it


# --- JupyterLab, driven as a student and a maintainer use it ---------------------------------

# Notebooks the Lab tests open and run in full: quick enough, and one reads a dataset.
LAB_NOTEBOOKS = ("privacy_funnel/05_worked_examples", "privacy_channels/02_randomized_response")
# Seconds between autosaves in the Lab under test (JupyterLab's default is 120)
AUTOSAVE = 3


@contextlib.contextmanager
def _jupyterlab(target: str, tmp: Path, **make_vars: str) -> Iterator[str]:
    """Run ``make <target>`` (lab or lab-sources); yield the Lab's URL with its token.

    The Lab gets its own settings, workspaces and runtime folders under ``tmp`` (nothing of the
    user's), the Makefile's own default settings, and an autosave interval of ``AUTOSAVE`` s.
    """
    venv = Path(sys.prefix)
    settings = tmp / "lab-settings"
    (settings / "overrides.d").mkdir(parents=True)
    (settings / "overrides.d" / "autosave.json").write_text(
        json.dumps({"@jupyterlab/docmanager-extension:plugin": {"autosaveInterval": AUTOSAVE}})
    )
    runtime = tmp / "jupyter-runtime"
    lab_args = (
        f"--no-browser --port=0 --IdentityProvider.token={secrets.token_hex(16)}"
        f" --LabApp.user_settings_dir={tmp / 'user-settings'}"
        f" --LabApp.workspaces_dir={tmp / 'workspaces'} --LabApp.expose_app_in_browser=True"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(tmp / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
    }
    log = (tmp / "lab.log").open("w")
    # -o: the environment is the one running this test; make must not try to reinstall it
    cmd = ["make", "--no-print-directory", "-o", f"{venv}/.nsp-installed", f"VENV={venv}"]
    cmd += [f"{k}={v}" for k, v in {"LAB_SETTINGS": str(settings), **make_vars}.items()]
    cmd += [target, f"LAB_ARGS={lab_args}"]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 240
        while True:  # the running server writes its port and token to the runtime folder
            found = sorted(runtime.glob("jpserver-*.json"))
            if found:
                info = json.loads(found[0].read_text() or "{}")
                if info.get("port"):
                    break
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not start:\n{(tmp / 'lab.log').read_text()}")
            time.sleep(0.5)
        yield f"http://127.0.0.1:{info['port']}/lab?token={info['token']}"
    except BaseException:
        print("JupyterLab's log:", (tmp / "lab.log").read_text()[-4000:], sep="\n")
        raise
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # make and the Lab it started, nothing else
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def _in_lab(page, body: str, arg: object = None, *, seconds: float = 120) -> object:
    """Evaluate the async JavaScript function ``body`` (of ``arg``) in the Lab page, failing
    after ``seconds`` rather than waiting forever for a promise that never settles."""
    return page.evaluate(
        f"""async (arg) => {{
            const body = {body};
            const late = new Promise((_, reject) => setTimeout(() => reject(
                new Error('no answer from the Lab within {seconds} s')), {seconds * 1000}));
            return await Promise.race([body(arg), late]);
        }}""",
        arg,
    )


def _lab_page(browser, url: str):
    """A page on the Lab at ``url`` with the network cut off, once the Lab is ready."""
    page = browser.new_page()
    page.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page.goto(url, wait_until="load")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
    _in_lab(page, "async () => { await window.jupyterapp.restored; }")
    return page


def _open(page, path: str) -> None:
    """Open ``path`` with its default viewer; wait until its kernel is up and the Lab has
    written the kernel's name and language into the notebook (what a later save writes)."""
    kind = _in_lab(
        page,
        """async (path) => {
            const app = window.jupyterapp;
            const widget = await app.commands.execute('docmanager:open', {path});
            await widget.context.ready;
            if (!(widget.content && widget.content.model && widget.content.model.cells)) {
                return widget.constructor.name;
            }
            await widget.sessionContext.ready;
            const kernel = widget.sessionContext.session.kernel;
            await kernel.info;
            const spec = await kernel.spec;
            const model = widget.content.model;
            for (let i = 0; i < 600; i++) {
                const written = model.getMetadata('kernelspec') || {};
                const info = model.getMetadata('language_info') || {};
                if (written.display_name === spec.display_name && info.name) return 'notebook';
                await new Promise(resolve => setTimeout(resolve, 100));
            }
            return 'notebook whose kernel never wrote its metadata';
        }""",
        path,
    )
    assert kind == "notebook", f"{path} opened as {kind}"


def _dirty(page, path: str) -> bool:
    """Whether the open document ``path`` has changes the Lab has not saved."""
    return page.evaluate(
        """(path) => Array.from(window.jupyterapp.shell.widgets('main'))
            .find(w => w.context && w.context.path === path).context.model.dirty""",
        path,
    )


def _run_all_and_save(page, path: str) -> list[str]:
    """Run every cell of the open notebook ``path``, save it; return its cells' error outputs."""
    return _in_lab(
        page,
        """async (path) => {
            const app = window.jupyterapp;
            const widget = Array.from(app.shell.widgets('main'))
                .find(w => w.context && w.context.path === path);
            await app.commands.execute('notebook:run-all-cells', {widgetId: widget.id});
            const errors = [];
            for (const cell of widget.content.model.cells) {
                const json = cell.toJSON();
                for (const out of json.outputs || []) {
                    if (out.output_type === 'error') errors.push(out.ename + ': ' + out.evalue);
                }
                if (json.cell_type === 'code' && json.execution_count === null) {
                    errors.push('a cell did not run');
                }
            }
            await widget.context.save();
            await widget.sessionContext.shutdown();
            widget.close();
            return errors;
        }""",
        path,
        seconds=600,
    )


def _saves(page) -> list[str]:
    """Record the path of every document the page saves (PUT to the contents API)."""
    saved: list[str] = []

    def on_request(request) -> None:
        if request.method == "PUT" and "/api/contents/" in request.url:
            saved.append(unquote(urlparse(request.url).path.split("/api/contents/", 1)[1]))

    page.on("request", on_request)
    return saved


def _git_status() -> dict[str, bytes | None]:
    """``git status --porcelain`` with the bytes of each file it names (work in progress too)."""
    lines = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    files = {line: ROOT / line[3:] for line in lines if line}
    return {line: (f.read_bytes() if f.is_file() else None) for line, f in files.items()}


def test_a_lab_session_on_the_sources_leaves_the_repository_as_it_was(browser, tmp_path):
    """Open two notebook sources in a real JupyterLab (``make lab-sources``), wait past an
    autosave, run all, save and close: every tracked file stays byte-identical."""
    before = _git_status()
    paths = [f"notebooks/{key}.py" for key in LAB_NOTEBOOKS]
    sources = {p: (ROOT / p).read_bytes() for p in paths}
    try:
        with _jupyterlab("lab-sources", tmp_path) as url:
            page = _lab_page(browser, url)
            saved = _saves(page)
            marks = {}
            for path in paths:
                marks[path] = len(saved)
                _open(page, path)

            def autosaved(path: str) -> bool:  # saved since it was opened, nothing left unsaved
                return path in saved[marks[path] :] and not _dirty(page, path)

            deadline = time.monotonic() + 20 * AUTOSAVE
            while not all(map(autosaved, paths)) and time.monotonic() < deadline:
                page.wait_for_timeout(500)
            assert all(map(autosaved, paths)), f"no autosave within {20 * AUTOSAVE} s: {saved}"
            for path in paths:
                assert (ROOT / path).read_bytes() == sources[path], f"the autosave rewrote {path}"
            for path in paths:
                errors = _run_all_and_save(page, path)
                assert not errors, f"{path}: {errors}"
            page.close()
        changed = [p for p in paths if (ROOT / p).read_bytes() != sources[p]]
        assert not changed, f"running and saving rewrote {changed}"
        assert _git_status() == before, "the Lab session changed the repository"
    finally:  # a failure leaves the checkout as it found it
        for path, data in sources.items():
            if (ROOT / path).read_bytes() != data:
                (ROOT / path).write_bytes(data)


def test_make_lab_opens_the_students_copies_and_keeps_them(browser, tmp_path):
    """``make lab`` makes the missing copies and keeps the student's own; the Lab shows only the
    copies, and an edit saved with Ctrl-S lands in the copy, never in the tracked source."""
    import jupytext
    from nbformat.v4 import new_markdown_cell

    before = _git_status()
    key = "privacy_channels/02_randomized_response"
    source = ROOT / "notebooks" / f"{key}.py"
    published = source.read_bytes()
    copies = tmp_path / "copies"
    mine = copies / f"{key}.ipynb"
    mine.parent.mkdir(parents=True)
    nb = jupytext.read(source)
    nb.cells.append(new_markdown_cell("My notes from last week."))
    jupytext.write(nb, mine, fmt="ipynb")
    with _jupyterlab("lab", tmp_path, NOTEBOOK_COPIES=str(copies)) as url:
        made = sorted(
            p.relative_to(copies).with_suffix("").as_posix() for p in copies.rglob("*.ipynb")
        )
        expected = sorted(
            p.relative_to(ROOT / "notebooks").with_suffix("").as_posix()
            for p in (ROOT / "notebooks").glob("*/*.py")
        )
        assert made == expected, "make lab did not make one copy per notebook"
        assert "My notes from last week." in mine.read_text(), "make lab overwrote a copy"
        page = _lab_page(browser, url)
        top = _in_lab(
            page,
            """async () => {
                const contents = window.jupyterapp.serviceManager.contents;
                return (await contents.get('')).content.map(item => item.name).sort();
            }""",
        )
        assert top == sorted({k.split("/")[0] for k in expected}), f"the Lab shows {top}"
        path = f"{key}.ipynb"
        _open(page, path)
        changed = page.evaluate(
            """(path) => {
                const widget = Array.from(window.jupyterapp.shell.widgets('main'))
                    .find(w => w.context && w.context.path === path);
                window.jupyterapp.shell.activateById(widget.id);
                for (const cell of widget.content.model.cells) {
                    const text = cell.sharedModel.getSource();
                    if (text.includes('p_max: float = 0.99')) {
                        cell.sharedModel.setSource(text.replace('p_max: float = 0.99',
                                                                'p_max: float = 0.7'));
                        return true;
                    }
                }
                return false;
            }""",
            path,
        )
        assert changed, "no parameters cell with p_max in the copy"
        # on a loaded machine the Lab marks the change and moves the focus a moment later:
        # press Ctrl-S once the notebook is changed, shown and focused, as a user would
        page.wait_for_function(
            """(path) => {
                const shell = window.jupyterapp.shell;
                const widget = Array.from(shell.widgets('main'))
                    .find(w => w.context && w.context.path === path);
                return widget.context.model.dirty && shell.currentWidget === widget
                    && widget.node.contains(document.activeElement);
            }""",
            arg=path,
            timeout=60_000,
        )
        page.keyboard.press("Control+s")
        deadline = time.monotonic() + 60
        while _dirty(page, path) and time.monotonic() < deadline:
            page.wait_for_timeout(300)
        page.close()
    assert "p_max: float = 0.7" in mine.read_text(), "Ctrl-S did not save the student's copy"
    assert source.read_bytes() == published
    assert sorted(
        p.suffix for p in copies.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts
    ) == [".ipynb"] * len(expected), "the Lab wrote other files"
    assert _git_status() == before, "a student's Lab session changed the repository"
