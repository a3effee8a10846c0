"""Set a version everywhere it is written: ``make release VERSION=X.Y.Z`` (or ``X.Y.Z.devN``).

The version lives in ``nsp/__init__.py`` (``__version__``), ``CITATION.cff`` (``version``, and
``date-released`` for a release), the site's citation (``docs/site/index.md``) and the record of
the figures' environment (``figures/ENVIRONMENT.txt``, which ``make check-figures`` compares).
A release ``X.Y.Z`` also dates its section of ``CHANGELOG.md`` (``## [X.Y.Z] - unreleased``
becomes today's date); a development version ``X.Y.Z.devN`` opens that section if it is
missing. Nothing is written unless every file has the text it expects, so a failure leaves the
tree as it was. ``make release`` then builds and checks the distribution (``make dist``),
commits and tags ``vX.Y.Z``; see CONTRIBUTING.md, Releases.

    python .ci/release.py 0.3.0           # a release: version set, changelog dated
    python .ci/release.py 0.4.0.dev0      # after it: the next development version
"""

from __future__ import annotations

import datetime
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION = re.compile(r"(\d+\.\d+\.\d+)(\.dev\d+)?")


def edits(version: str, today: str) -> dict[Path, str]:
    """Return the new text of every file that holds the version (nothing written yet)."""
    match = VERSION.fullmatch(version)
    if match is None:
        raise SystemExit(f"VERSION must read X.Y.Z or X.Y.Z.devN; got {version!r}")
    release, dev = match.groups()
    out: dict[Path, str] = {}

    def swap(path: Path, pattern: str, new: str) -> None:
        text = out.get(path) or path.read_text(encoding="utf-8")
        changed, n = re.subn(pattern, new, text, count=1, flags=re.MULTILINE)
        if n != 1:
            raise SystemExit(f"{path.relative_to(ROOT)}: no line matches {pattern!r}")
        out[path] = changed

    swap(ROOT / "nsp" / "__init__.py", r'^__version__ = "[^"]*"$', f'__version__ = "{version}"')
    cff = ROOT / "CITATION.cff"
    swap(cff, r'^version: "[^"]*"$', f'version: "{version}"')
    if not dev:
        swap(cff, r'^date-released: "[^"]*"$', f'date-released: "{today}"')
    swap(ROOT / "docs" / "site" / "index.md", r"Version [0-9][0-9a-z.]*\.$", f"Version {version}.")
    # the record of the environment the committed figures regenerate in names nsp too
    swap(ROOT / "figures" / "ENVIRONMENT.txt", r"^nsp \S+$", f"nsp {version}")
    changelog = ROOT / "CHANGELOG.md"
    text = changelog.read_text(encoding="utf-8")
    heading = f"## [{release}] - unreleased"
    if dev and heading not in text:
        first = re.search(r"^## \[", text, flags=re.MULTILINE)
        if first is None:
            raise SystemExit("CHANGELOG.md has no section to put the new one before")
        out[changelog] = text[: first.start()] + heading + "\n\n" + text[first.start() :]
    elif not dev:
        swap(changelog, rf"^## \[{re.escape(release)}\] - unreleased$", f"## [{release}] - {today}")
    return out


def main(argv: list[str]) -> int:
    """Write the version into every file, all or none (see the module)."""
    if len(argv) != 1:
        raise SystemExit(__doc__)
    new = edits(argv[0], datetime.date.today().isoformat())
    for path, text in new.items():
        path.write_text(text, encoding="utf-8")
        print(f"set {argv[0]} in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
