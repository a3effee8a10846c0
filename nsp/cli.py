"""The ``nsp`` command: list and run notebooks, regenerate figures, manage data.

Examples
--------
``nsp list`` · ``nsp run privacy_funnel/01_fig1_census --quick`` ·
``nsp figures -j 2`` · ``nsp data fetch`` · ``nsp data status``
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from nsp import notebooks
from nsp.paths import build_dir


def _cmd_list(args: argparse.Namespace) -> int:
    for nb in notebooks.discover():
        print(nb.key)
        for p in nb.parameters:
            print(f"    {p.name}: {p.type} = {p.default!r}    # {p.help}")
    return 0


def _scratch_figures(non_default: bool) -> None:
    """Send the figures of a quick or re-parameterized run to build/scratch/figures, unless the
    user chose a folder, so that they never replace the committed figures."""
    if non_default and not os.environ.get("NSP_FIGURES_DIR"):
        target = build_dir() / "scratch" / "figures"
        os.environ["NSP_FIGURES_DIR"] = str(target)
        print(f"quick or non-default parameters: figures go to {target}", file=sys.stderr)


def _cmd_run(args: argparse.Namespace) -> int:
    nb = notebooks.find(args.notebook)
    values = dict(args.param or [])
    notebooks.resolve_parameters(nb, values)  # reject unknown names before anything runs
    _scratch_figures(args.quick or bool(values))
    out = notebooks.run(nb, parameters=values, quick=args.quick, output=args.output, log_output=args.log_output)
    print(f"executed {nb.key} -> {out}")
    return 0


def _cmd_figures(args: argparse.Namespace) -> int:
    selected = notebooks.discover()
    if args.only:
        selected = [nb for nb in selected if any(nb.key.startswith(o) for o in args.only)]
    _scratch_figures(args.quick)
    paths = notebooks.run_all(selected, jobs=args.jobs, quick=args.quick, log_output=args.log_output)
    print(f"executed {len(paths)} notebook(s)")
    return 0


def _cmd_data(args: argparse.Namespace) -> int:
    from nsp import datasets

    names = args.names or None
    if args.action == "fetch":
        paths = datasets.fetch(names, data_home=args.data_home, mirror=args.mirror, force=args.force)
        from nsp.paths import data_dir
        print(f"{len(paths)} file(s) present and verified in {data_dir(args.data_home)}")
        return 0
    frame = datasets.verify(names, data_home=args.data_home)
    print(datasets.format_status(frame))
    extra = datasets.unregistered_mirror_files(args.mirror)
    if extra and args.action == "status":
        print(f"{len(extra)} file(s) in the mirror are not registered in this version of nsp "
              f"(never copied): " + ", ".join(extra))
    if args.action == "verify" and (frame["state"] != "verified").any():
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``nsp`` command."""
    parser = argparse.ArgumentParser(prog="nsp", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="list the notebooks with their parameters")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("run", help="run one notebook with papermill")
    p.add_argument("notebook", help="path, key (paper/stem) or unique stem")
    p.add_argument("-p", "--param", nargs=2, action="append", metavar=("NAME", "VALUE"),
                   help="set a parameter (repeatable); unknown names are rejected")
    p.add_argument("--quick", action="store_true", help="set quick=True (runs in seconds)")
    p.add_argument("--output", help="executed notebook path (default build/executed/<key>.ipynb)")
    p.add_argument("--log-output", action="store_true", help="stream cell output to the terminal")
    p.set_defaults(func=_cmd_run)

    p = sub.add_parser("figures", help="run every notebook, regenerating figures/")
    p.add_argument("-j", "--jobs", type=int, default=1, help="notebooks run at once")
    p.add_argument("--quick", action="store_true", help="quick parameters (do not commit those figures)")
    p.add_argument("--only", nargs="+", help="keys or key prefixes to run (default all)")
    p.add_argument("--log-output", action="store_true", help="stream cell output to the terminal")
    p.set_defaults(func=_cmd_figures)

    p = sub.add_parser("data", help="fetch, verify or show the datasets")
    p.add_argument("action", choices=["status", "fetch", "verify"])
    p.add_argument("names", nargs="*", help="dataset keys (default all)")
    p.add_argument("--data-home", help="data folder (default $NSP_DATA_DIR or data/)")
    p.add_argument("--mirror", help="the offline mirror folder (default $NSP_DATA_MIRROR)")
    p.add_argument("--force", action="store_true",
                   help="fetch: replace files in the data folder that fail their checksum")
    p.set_defaults(func=_cmd_data)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``nsp`` and ``python -m nsp``; errors print one line and exit 2."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (ValueError, FileNotFoundError, RuntimeError) as exc:
        print(f"nsp {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        if not getattr(exc, "ename", None):  # not a notebook cell's error: a bug, show it all
            raise
        print(f"nsp {args.command}: error: a cell failed: {notebooks.describe_error(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
