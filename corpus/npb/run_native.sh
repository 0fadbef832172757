#!/usr/bin/env bash
# Build one NPB kernel with mpicc -O2 and run it under mpirun.
#   corpus/npb/run_native.sh KERNEL CLASS NP      e.g.  cg S 4
# The binary goes to build/native/npb/KERNEL.CLASS.
# NPB_BUILD_ONLY=1: build, do not run. NPB_SKIP_BUILD=1: run the binary built before.
set -euo pipefail
if [ $# -ne 3 ]; then
    echo "usage: $0 KERNEL(ep|is|cg|mg|ft) CLASS(S|W|A) NP" >&2
    exit 2
fi
kernel=$1 class=$2 np=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/build/native/npb"
mkdir -p "$out"
read -r -a srcs <<<"$("$here/sources.sh" "$kernel" | sed -n 1p)"
read -r -a incs <<<"$("$here/sources.sh" "$kernel" | sed -n 2p)"
bin="$out/$kernel.$class"
if [ "${NPB_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$bin" ]; then
    mpicc -O2 -std=c99 -Wall -Wextra -DCLASS="$class" "${incs[@]/#/-I}" "${srcs[@]}" -lm -o "$bin"
fi
[ "${NPB_BUILD_ONLY:-0}" = 1 ] && exit 0
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# as tests/support.py: no cross-memory attach (not permitted in every container)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
exec mpirun -np "$np" "$bin"
