"""Where things live: the project, the data, the figures, the notebooks and the build outputs.

Every location is a setting, resolved at call time so that tests and users can redirect it:

=====================  ========================  =============================================
location               environment variable      default
=====================  ========================  =============================================
project                ``NSP_PROJECT_DIR``       the source checkout holding this package, else
                                                 the current directory
data                   ``NSP_DATA_DIR``          ``<project>/data``
data mirror            ``NSP_DATA_MIRROR``       none (``make data`` copies from it)
notebook sources       ``NSP_NOTEBOOKS_DIR``     ``<project>/notebooks``
build outputs          ``NSP_BUILD_DIR``         ``<project>/build``
figures of a run       ``NSP_FIGURES_DIR``       ``<build>/scratch/figures``
published figures      (none)                    ``<project>/figures``
=====================  ========================  =============================================

Only ``make figures`` (``nsp figures``) writes the published ``figures/``: it points
``NSP_FIGURES_DIR`` there for the notebooks it runs. A notebook run any other way (JupyterLab,
papermill, nbconvert, ``nsp run``) writes its figures to the scratch folder, so it can never
overwrite the committed results. Notebooks never build paths relative to their own folder:
they call these functions.
"""

from nsp.paths._locations import (
    build_dir,
    data_dir,
    data_mirror,
    figure_path,
    figures_dir,
    notebooks_dir,
    project_root,
    published_figures_dir,
    repo_root,
)

__all__ = [
    "build_dir",
    "data_dir",
    "data_mirror",
    "figure_path",
    "figures_dir",
    "notebooks_dir",
    "project_root",
    "published_figures_dir",
    "repo_root",
]
