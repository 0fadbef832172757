#!/usr/bin/env bash
# The translator's input for one NPB kernel:
#   line 1: the .c files (the kernel's own, then common/), space-separated
#   line 2: the include directories
# Paths are absolute.
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 KERNEL(ep|is|cg|mg|ft)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
kernel=$1
if [ ! -d "$here/$kernel" ]; then
    echo "$0: no kernel '$kernel' under $here" >&2
    exit 2
fi
echo $(ls "$here/$kernel"/*.c) $(ls "$here/common"/*.c)
echo "$here/$kernel" "$here/common"
