# A thin layer over CMake presets: every target installs missing Debian packages first.
SEEGA := build/release/bin/seega
JOBS ?= $(shell nproc)

.PHONY: all deps deps-core deps-notebooks build python bench-python demo test test-release test-asan test-tsan fuzz fuzz-ci fuzz-build bench bench-ci notebooks notebooks-ci clean

all: build

# What the build and the tests need (every target below runs it).
deps-core:
	@bash scripts/deps.sh

# Everything the project's targets use: the build's packages and the notebooks' Jupyter stack; with
# FUZZ=1 also clang 14 for the fuzz targets (which make fuzz installs by itself).
deps:
	@bash scripts/deps.sh notebooks $(if $(FUZZ),fuzz)

deps-notebooks:
	@bash scripts/deps.sh notebooks

build: deps-core
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

# The Python module (import seega) in build/release/python: PYTHONPATH=build/release/python /usr/bin/python3.
# README, "Python": pip install . puts the same package into a virtual environment.
python: deps-core
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS) --target seega_python
	@echo "the module: PYTHONPATH=$(CURDIR)/build/release/python /usr/bin/python3 -c 'import seega'"

# The main job on built-in defaults.
demo: build
	@bash scripts/demo.sh $(SEEGA)

test: test-release test-asan

test-release: deps-core
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)
	@ctest --preset release

test-asan: deps-core
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan

# Each libFuzzer target for FUZZ_SECONDS from a random seed, going on from the inputs earlier runs
# kept (clang 14, installed here when missing); fails on a finding. Run it after changing a parser.
FUZZ_SECONDS ?= 30
fuzz: fuzz-build
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

# CI's fuzz step, deterministic: each target replays its committed corpus, then runs FUZZ_RUNS inputs
# made from libFuzzer seed FUZZ_SEED, so the same commit always gets the same answer.
FUZZ_RUNS ?= 100000
FUZZ_SEED ?= 1
fuzz-ci: fuzz-build
	@bash scripts/fuzz.sh --ci $(FUZZ_RUNS) $(FUZZ_SEED)

fuzz-build:
	@bash scripts/deps.sh fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)

# The threaded tests under ThreadSanitizer (not part of `make test`: docs/testing.md).
test-tsan: deps-core
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan -j $(JOBS)
	@ctest --preset tsan

# The benchmark suite (bench/), each benchmark's median of five repetitions, into
# bench/results/latest.json, then compared with the committed bench/results/baseline.json.
BENCH := build/release/bin/seega_bench
BENCH_ARGS ?= --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
bench: build
	@$(BENCH) $(BENCH_ARGS) --benchmark_out=bench/results/latest.json --benchmark_out_format=json
	@/usr/bin/python3 bench/compare.py

# The Python module's speed against the C++ it calls: a call, a random game move by move, a match from
# Python and from seega (bench/python_bench.py; docs/python.md, "Speed"). PYBENCH_ARGS=--quick for a short pass.
bench-python: build
	@/usr/bin/python3 bench/python_bench.py $(PYBENCH_ARGS)

# CI's short pass: every benchmark briefly, its figures in build/release/bench-ci.json and only the
# comparison printed (the suite's own output goes to build/release/bench-ci.log, shown if it fails).
BENCH_CI_ARGS ?= --benchmark_min_time=0.05
bench-ci: build
	@$(BENCH) $(BENCH_CI_ARGS) --benchmark_out=build/release/bench-ci.json --benchmark_out_format=json \
	  >build/release/bench-ci.log 2>&1 || { cat build/release/bench-ci.log; exit 1; }
	@/usr/bin/python3 bench/compare.py --latest build/release/bench-ci.json

# The notebooks run headless with Debian's Python and Jupyter (its kernel is /usr/bin/python3). Timing
# metadata is left out so that a re-run on the same results changes nothing.
NOTEBOOKS := last_placer levels tuning performance
NB_DATA ?= build/notebook-data
NBCONVERT := PYDEVD_DISABLE_FILE_VALIDATION=1 /usr/bin/python3 -m nbconvert --execute --to notebook \
	--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 --log-level=WARN

# On the repository's results, outputs written back into notebooks/ (to be committed).
notebooks: deps-notebooks
	@for n in $(NOTEBOOKS); do echo "notebooks/$$n.ipynb"; $(NBCONVERT) --inplace notebooks/$$n.ipynb || exit 1; done

# CI: small results made now (scripts/notebook_data.sh), every notebook run on them into
# $(NB_DATA)/notebooks/, the committed ones untouched; a cell that fails fails the target.
notebooks-ci: build deps-notebooks
	@bash scripts/notebook_data.sh $(NB_DATA)
	@for n in $(NOTEBOOKS); do echo "notebooks/$$n.ipynb on $(NB_DATA)"; \
	  SEEGA_DATA=$(abspath $(NB_DATA)) $(NBCONVERT) --output-dir $(NB_DATA)/notebooks notebooks/$$n.ipynb || exit 1; done
	@echo "notebooks/last_placer.ipynb on one file (SEEGA_RESULTS)"; mkdir -p $(NB_DATA)/notebooks/own; \
	  SEEGA_RESULTS=$(abspath $(NB_DATA))/experiments/last_placer/results/last_placer.csv \
	  $(NBCONVERT) --output-dir $(NB_DATA)/notebooks/own notebooks/last_placer.ipynb
	@echo "notebooks-ci: $(words $(NOTEBOOKS)) notebooks ran on small data, and one on a results file"

clean:
	rm -rf build
