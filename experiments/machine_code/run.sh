#!/usr/bin/env bash
# The compiled code behind the pages' claims (README.md): builds the target machine_code (the
# cubins, PTX and step 01's object, no GPU needed) and writes their SASS, PTX and x86 excerpts,
# registers per thread and the loop counts (summary.txt) to OUT, by machine_code.py.
# cuobjdump from PATH or CUOBJDUMP (the CUDA Toolkit's, or PyPI's nvidia-cuda-cuobjdump with
# nvidia-cuda-nvdisasm).
#   experiments/machine_code/run.sh [OUT, default results/sm_90]
set -- "${1:-$(dirname "$0")/results/sm_90}"
source "$(dirname "$0")/../driver.sh"
cmake --build "$build" --target machine_code
cd "$root" && python3 "$here/machine_code.py" "$build/experiments/machine_code" "$out"
