#!/usr/bin/env bash
# Run every NPB kernel natively for the given classes at 1, 2 and 4 ranks
# (EP also at 3) and print one line per run: kernel, class, ranks, the
# report's verification, its "Time in seconds" and the wall time of the
# whole mpirun (start-up and initialisation included, the build not).
#   corpus/npb/measure.sh S W A        (default: S W)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
classes=("$@")
[ ${#classes[@]} -eq 0 ] && classes=(S W)
printf "%-6s %-5s %5s  %-12s %10s %10s\n" kernel class ranks verification "time (s)" "wall (s)"
for class in "${classes[@]}"; do
    for kernel in ep is cg mg ft; do
        NPB_BUILD_ONLY=1 "$here/run_native.sh" "$kernel" "$class" 1 || exit 1
        nps="1 2 4"
        [ "$kernel" = ep ] && nps="1 2 3 4"
        for np in $nps; do
            start=$(date +%s.%N)
            out=$(NPB_SKIP_BUILD=1 "$here/run_native.sh" "$kernel" "$class" "$np" 2>&1)
            end=$(date +%s.%N)
            verification=$(sed -n 's/^ Verification *= *\([A-Z]*\)$/\1/p' <<<"$out")
            seconds=$(sed -n 's/^ Time in seconds = *\([0-9.]*\)$/\1/p' <<<"$out")
            printf "%-6s %-5s %5s  %-12s %10s %10.2f\n" "$kernel" "$class" "$np" \
                "${verification:-FAILED-RUN}" "${seconds:--}" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
        done
    done
done
