# cmpi: the two commands a newcomer needs are `make demo` and `make test`.
# Both run the set-up first; it installs only what is missing.
.PHONY: setup demo test test-python test-runtime clean

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

clean:
	rm -rf build .venv .pytest_cache
	find runtime-ref -name bin -o -name obj | xargs rm -rf
