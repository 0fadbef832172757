# cmpi: the two commands a newcomer needs are `make demo` and `make test`.
# Both run the set-up first; it installs only what is missing.
.PHONY: setup demo test test-python test-runtime corpus bench bench-comm csmith fuzz clean

PYTEST ?= .venv/bin/python -m pytest

setup:
	@bash scripts/setup.sh

demo: setup
	@bash scripts/demo.sh $(PROGRAM)

test: setup test-runtime test-python

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

# Random C programs from csmith, built by gcc and translated, outputs compared (scripts/csmith.py):
# make csmith N=300 SEED=1 TIER=2. The summary is printed and written under build/csmith/.
N ?= 20
SEED ?= 1
TIER ?= 1
csmith: setup
	/usr/bin/python3 scripts/csmith.py --n $(N) --seed $(SEED) --tier $(TIER) $(CSMITH_ARGS)

# Mutated and hostile C against the translator (scripts/fuzz.py): make fuzz N=2000 SEED=7. Counts by outcome;
# defects (internal errors, crashes, timeouts, successes that do not compile) saved under build/fuzz/.
fuzz: setup
	/usr/bin/python3 scripts/fuzz.py --n $(N) --seed $(SEED) $(FUZZ_ARGS)

clean:
	rm -rf build .venv .pytest_cache
	find runtime-ref -name bin -o -name obj | xargs rm -rf
