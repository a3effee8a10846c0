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

import functools
import http.server
import importlib
import inspect
import re
import shutil
import sys
import threading
import warnings
from collections.abc import Iterator
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


def _visit(browser, url: str) -> dict:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page.goto(url, wait_until="load")
    page.evaluate(
        "async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }"
    )
    result = page.evaluate(
        """() => {
            const body = document.body.cloneNode(true);
            body.querySelectorAll('pre, code, .pre, .highlight, script, style, mjx-container')
                .forEach(n => n.remove());
            return {
                text: body.innerText,
                broken: Array.from(document.images)
                    .filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src),
                images: Array.from(document.images).map(i => i.getAttribute('src')),
                links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
            };
        }"""
    )
    page.close()
    result["errors"] = errors
    return result


def test_every_page_is_clean(server, browser):
    """Console errors, broken images, dangling internal links and raw TeX, page by page."""
    problems: list[str] = []
    links: set[str] = set()
    pages = _pages()
    assert len(pages) > 40, f"suspiciously few pages: {pages}"
    for rel in pages:
        seen = _visit(browser, urljoin(server, rel))
        problems += [f"{rel}: console: {e}" for e in seen["errors"]]
        problems += [f"{rel}: image not loaded: {src}" for src in seen["broken"]]
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
            is_api = inspect.isfunction(obj) or inspect.isclass(obj)
            if is_api and f'id="{name}.{public}"' not in html:
                missing.append(f"{name}.{public}")
    assert not missing, f"not on the API pages: {missing}"


def test_the_gallery_shows_every_committed_png(server, browser):
    seen = _visit(browser, urljoin(server, "gallery.html"))
    shown = {Path(src).as_posix().split("_images/")[-1] for src in seen["images"]}
    committed = sorted(p for p in ROOT.glob("figures/*/*.png") if not p.name.startswith("."))
    assert committed
    missing = [p.relative_to(ROOT).as_posix() for p in committed if p.name not in shown]
    assert not missing, f"not in the gallery: {missing}"
    assert not seen["broken"]
