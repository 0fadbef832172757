# cmpi: the two commands a newcomer needs are `make demo` and `make test`.
# Both run the set-up first; it installs only what is missing.
.PHONY: setup demo test test-python test-runtime corpus bench bench-comm bench-translate bench-first-run bench-all bench-scale csmith fuzz clean port-demo verify

PYTEST ?= .venv/bin/python -m pytest

setup:
	@bash scripts/setup.sh

demo: setup
	@bash scripts/demo.sh $(PROGRAM)

# The suites' compile server (cmpi-run's, docs/runtime-contract.md "Launcher") lives in build/ and is stopped when
# they end, passed or failed: a CI that waits for every process of its job does not wait out its idle timeout.
test test-runtime test-python: export CMPI_COMPILE_SERVER_DIR := $(CURDIR)/build/compile-server
test: setup
	@status=0; $(MAKE) --no-print-directory test-runtime test-python || status=$$?; \
	  .venv/bin/cmpi-run --shutdown-compile-server >/dev/null 2>&1 || true; exit $$status

test-python:
	$(PYTEST) -q tests

test-runtime:
	cd runtime-ref/CloudMpi && DOTNET_NOLOGO=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 \
	  dotnet test CloudMpi.sln -c Release --nologo -v quiet

# Native vs translated: the corpus checked (bench/corpus.py), timed (bench/bench.py), and the
# communication micro-benchmarks with plots (bench/commbench.py). CORPUS_ARGS / BENCH_ARGS pass
# options, e.g. make bench BENCH_ARGS=--quick.
corpus: setup
	/usr/bin/python3 bench/corpus.py $(CORPUS_ARGS)

bench: setup
	/usr/bin/python3 bench/bench.py $(BENCH_ARGS)

bench-comm: setup
	/usr/bin/python3 bench/commbench.py $(BENCH_ARGS)

# The azure transport's storage requests per collective on Azurite beside the model, and its projection to
# 64-4096 ranks (docs/scale.md). BENCH_ARGS, e.g. --ranks 2,4,8 --idle 5. Exit 1: a count differs from the model;
# 3: a time outside --margin. Plots of its --json: /usr/bin/python3 bench/scale_plots.py (docs/scale/*.png).
bench-scale: setup
	/usr/bin/python3 bench/scale.py $(BENCH_ARGS)

# Translation speed (bench/translation.py): generated programs of 1k-20k statements and the corpus, CPU seconds and
# ms per statement against issue 28's targets; BENCH_ARGS="--before ../main-worktree" times another checkout beside.
bench-translate: setup
	/usr/bin/python3 bench/translation.py $(BENCH_ARGS)

# A fresh port's first cmpi-run (Roslyn compile included) and its cached run, for programs under 1,000 lines
# (bench/first_run.py): BENCH_ARGS="--before ../main-worktree" runs another checkout's cmpi-run interleaved.
bench-first-run: setup
	/usr/bin/python3 bench/first_run.py $(BENCH_ARGS)

# Every benchmark of issue 28 one after another (comm, translate --huge, first run, bench at 1/2/4 ranks), each into
# build/bench-all/<step>.log, and build/bench-all/summary.md: each target's verdict line under its step, with the
# times and load averages (bench/all_targets.py). BENCH_ALL_ARGS, e.g. --only comm,bench --bench-args="--plots docs/bench".
bench-all: setup
	/usr/bin/python3 bench/all_targets.py $(BENCH_ALL_ARGS)

# Random C programs from csmith, built by gcc and translated, outputs compared (scripts/csmith.py):
# make csmith N=300 SEED=1 TIER=2. The summary is printed and written under build/csmith/.
N ?= 20
SEED ?= 1
TIER ?= 1
csmith: setup
	/usr/bin/python3 scripts/csmith.py --n $(N) --seed $(SEED) --tier $(TIER) $(CSMITH_ARGS)

# Batch porting (docs/port.md): corpus/npb's own Makefile builds the five kernels natively (build/npb-native);
# cmpi-port records that build and ports each program into build/ported-npb, with its report; then every port
# is built with dotnet and run at 2 ranks against mpirun -np 2 (timings masked).
NPB_MASKS = --mask '(?<=Time in seconds =)\s+\S+' --mask '(?<=Mop/s total     =)\s+\S+' \
            --mask '(?<=Mop/s/process   =)\s+\S+'
port-demo: setup
	rm -rf build/npb-native
	.venv/bin/cmpi-port -o build/ported-npb -- $(MAKE) --no-print-directory -C corpus/npb CLASS=S \
	  BUILD=$(CURDIR)/build/npb-native/obj BIN=$(CURDIR)/build/npb-native/bin
	/usr/bin/python3 scripts/port_check.py build/ported-npb --ranks 2 $(NPB_MASKS)

# Every corpus program's port against its native program at 1, 2 and 4 ranks on inproc and tcp
# (tests/verify/corpus.toml, docs/verify.md): reports in build/verify (junit.xml, report.html). Opt-in: minutes.
# VERIFY_ARGS passes options, e.g. make verify VERIFY_ARGS="--skip '*-W' --transport tcp".
verify: setup
	.venv/bin/cmpi-verify tests/verify/corpus.toml -o build/verify $(VERIFY_ARGS)

# Mutated and hostile C against the translator (scripts/fuzz.py, docs/fuzz.md): make fuzz N=2000 SEED=7. Counts by outcome;
# defects (internal errors, crashes, timeouts, successes that do not compile) saved under build/fuzz/.
fuzz: setup
	/usr/bin/python3 scripts/fuzz.py --n $(N) --seed $(SEED) $(FUZZ_ARGS)

clean:
	rm -rf build .venv .pytest_cache
	find runtime-ref -name bin -o -name obj | xargs rm -rf
