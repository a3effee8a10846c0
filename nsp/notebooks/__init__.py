"""Find, read and run the project's notebooks (jupytext percent sources, run by papermill).

Each notebook under ``notebooks/<key>/NN_<topic>.py`` has exactly one cell tagged
``parameters`` whose lines read ``name: type = literal  # help text``. This package parses that
cell (so ``nsp list`` can show every parameter with its help), rejects parameter names the
notebook does not declare (papermill only warns about them), and executes the notebook with
papermill in a kernel with one BLAS thread and CPU-independent numerical kernels
(:func:`numerical_pins`), writing the executed copy to a temporary file that
is renamed only on success.

Where the outputs go:

* :func:`run` writes figures to ``nsp.paths.figures_dir()`` (the scratch folder unless
  ``NSP_FIGURES_DIR`` says otherwise) and the executed notebook to
  ``build/scratch/executed/<key>.ipynb``;
* ``run(..., publish=True)``, used by ``nsp figures`` / ``make figures``, writes the committed
  ``figures/`` and ``build/executed/<key>.ipynb``, and only with the notebook's own parameters;
* a failed run keeps the executed notebook, with the failing cell's traceback, at
  ``build/failed/<key>.ipynb`` and raises :class:`NotebookError`.

================================  ===============================================================
Parameters                        :class:`Parameter`, :func:`parse_parameters`,
                                  :func:`convert_value`, :func:`check_value`,
                                  :func:`resolve_parameters`, :func:`non_default`
Finding                           :class:`Notebook`, :func:`read_notebook`, :func:`discover`,
                                  :func:`find`
Running one                       :func:`run`, :class:`NotebookError`, :func:`describe_error`
Running many                      :func:`run_all`, :class:`RunReport`, :class:`NotebooksFailed`,
                                  :class:`RunInterrupted`,
                                  :func:`is_stale`, :func:`stop_kernels`
The same bytes everywhere         :data:`KERNEL_ENV`, :func:`numerical_pins`,
                                  :data:`RECORDED_PACKAGES`, :func:`environment`,
                                  :func:`write_environment`, :func:`environment_drift`
================================  ===============================================================

The notebooks themselves live in the source repository, not in the installed package: run
from a checkout (or set ``NSP_PROJECT_DIR`` to one).

Examples
--------
>>> from nsp.notebooks import Parameter, convert_value, parse_parameters
>>> parse_parameters("quick: bool = False  # run in seconds")[0].default
False
>>> convert_value(Parameter("eps", "list[float]", [1.0], "budgets"), "[0.5, 2]")
[0.5, 2]
"""

from nsp.notebooks._discovery import Notebook, discover, find, read_notebook
from nsp.notebooks._kernels import stop_kernels
from nsp.notebooks._parameters import Parameter, check_value, convert_value, parse_parameters
from nsp.notebooks._pins import (
    KERNEL_ENV,
    RECORDED_PACKAGES,
    environment,
    environment_drift,
    numerical_pins,
    write_environment,
)
from nsp.notebooks._run import (
    NotebookError,
    describe_error,
    non_default,
    resolve_parameters,
    run,
)
from nsp.notebooks._schedule import (
    NotebooksFailed,
    RunInterrupted,
    RunReport,
    is_stale,
    run_all,
)

__all__ = [
    "KERNEL_ENV",
    "RECORDED_PACKAGES",
    "Notebook",
    "NotebookError",
    "NotebooksFailed",
    "Parameter",
    "RunInterrupted",
    "RunReport",
    "check_value",
    "convert_value",
    "describe_error",
    "discover",
    "environment",
    "environment_drift",
    "find",
    "is_stale",
    "non_default",
    "numerical_pins",
    "parse_parameters",
    "read_notebook",
    "resolve_parameters",
    "run",
    "run_all",
    "stop_kernels",
    "write_environment",
]
