# nsp — every figure and every test from one command each. `make help` lists the targets.
SHELL := bash
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.nsp-installed
JOBS   ?= 2

NOTEBOOKS := $(sort $(wildcard notebooks/*/*.py))
EXECUTED  := $(patsubst notebooks/%.py,build/executed/%.ipynb,$(NOTEBOOKS))
CLEAN_NBS := $(patsubst notebooks/%.py,build/notebooks/%.ipynb,$(NOTEBOOKS))
LIBRARY   := $(shell find nsp -name '*.py' -o -name '*.mplstyle' -o -name '*.json' 2>/dev/null)

.PHONY: help install data figures notebooks lab test bench clean

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "  variables: NSP_DATA_MIRROR=<folder> (offline data mirror), JOBS=$(JOBS) (parallel notebooks)"

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@

install: $(STAMP) ## create .venv and install nsp with its test tools

data: $(STAMP) ## fill data/ from $NSP_DATA_MIRROR (or the publishers), verifying checksums
	$(PY) -m nsp data fetch

figures: $(EXECUTED) ## run every notebook whose source or library changed; writes figures/
	@echo "figures are up to date in figures/ (executed notebooks in build/executed/)"

# One executed notebook per source; re-run when the source or the library changed.
# `nsp run` writes a temporary file and renames it on success.
build/executed/%.ipynb: notebooks/%.py $(LIBRARY) | $(STAMP) data
	@mkdir -p $(@D)
	$(PY) -m nsp run $< --output $@

notebooks: $(CLEAN_NBS) ## write clean .ipynb copies of the notebooks to build/notebooks/ for students

build/notebooks/%.ipynb: notebooks/%.py | $(STAMP)
	@mkdir -p $(@D)
	$(VENV)/bin/jupytext --quiet --to ipynb --output $@.tmp.ipynb $< && mv $@.tmp.ipynb $@

lab: $(STAMP) ## open JupyterLab on notebooks/ (the .py sources open as notebooks)
	@mkdir -p $(VENV)/share/jupyter/lab/settings
	@echo '{"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"python": "Jupytext Notebook"}}}' \
		> $(VENV)/share/jupyter/lab/settings/overrides.json
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks

test: $(STAMP) data ## run the whole test suite (units, properties, doctests, every notebook with quick=True)
	NSP_REQUIRE_DATA=1 $(PY) -m pytest -n $(JOBS) --durations=15

bench: $(STAMP) ## run the speed benchmarks and print each figure against its target
	$(PY) -m benchmarks

clean: ## remove build outputs (executed notebooks, caches); keeps .venv, data/ and figures/
	rm -rf build .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './$(VENV)/*' -exec rm -rf {} +
