#!/usr/bin/env bash
# The main job: translate a corpus program, run it natively with mpirun and
# translated with cmpi-run on 4 ranks, show both outputs and whether they agree.
set -euo pipefail
cd "$(dirname "$0")/.."
PROGRAM=${1:-corpus/examples/pi.c}
RANKS=${RANKS:-4}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

name=$(basename "$PROGRAM" .c)
class="$(tr '[:lower:]' '[:upper:]' <<<"${name:0:1}")${name:1}"
echo "== translating $PROGRAM"
.venv/bin/cmpi-translate --time "$PROGRAM" -o "$WORK/$class.cs"
echo "   -> $WORK/$class.cs ($(wc -l <"$WORK/$class.cs") lines)"

echo "== native: mpicc + mpirun -np $RANKS"
mpicc -O2 -o "$WORK/native" "$PROGRAM" -lm
t0=$(date +%s.%N)
mpirun -np "$RANKS" --tag-output "$WORK/native" >"$WORK/native.out"
t1=$(date +%s.%N)
echo "== translated: cmpi-run -n $RANKS (in-process transport)"
.venv/bin/cmpi-run -n "$RANKS" --tag-output "$WORK/$class.cs" >"$WORK/cmpi.out"
t2=$(date +%s.%N)

.venv/bin/python - "$WORK/native.out" "$WORK/cmpi.out" "$t0" "$t1" "$t2" <<'PY'
import sys
sys.path.insert(0, ".")
from tests.support import by_rank, mask
native, cmpi = (open(p).read() for p in sys.argv[1:3])
t0, t1, t2 = map(float, sys.argv[3:6])
timing = [r"(?<=time = )[0-9.]+", r"(?<=Time in seconds = )[ 0-9.]+"]
a, b = by_rank(native), by_rank(cmpi)
print("\n-- mpirun output (rank| line) " + "-" * 30)
print(a, end="")
print("-- cmpi-run output (rank| line) " + "-" * 28)
print(b, end="")
print("-" * 60)
print(f"wall time: mpirun {t1 - t0:.2f} s, cmpi-run {t2 - t1:.2f} s (compile cached after the first run)")
same = mask(a, timing) == mask(b, timing)
print("RESULT: outputs agree" + (" (timing values masked)" if a != b and same else "") if same
      else "RESULT: outputs DIFFER")
sys.exit(0 if same else 1)
PY
