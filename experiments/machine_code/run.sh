#!/usr/bin/env bash
# The compiled code behind the pages' claims, no GPU needed (README.md): builds the target
# machine_code, then machine_code.py writes the SASS, PTX and x86 excerpts, the registers and
# the loop counts. cuobjdump from PATH or CUOBJDUMP (the CUDA Toolkit's, or PyPI's
# nvidia-cuda-cuobjdump with nvidia-cuda-nvdisasm).
#   experiments/machine_code/run.sh [OUT, default results/sm_90]
set -- "${1:-$(dirname "$0")/results/sm_90}"
source "$(dirname "$0")/../driver.sh"
cmake --build "$build" --target machine_code
cd "$root" && python3 "$here/machine_code.py" "$build/experiments/machine_code" "$out"
