#!/usr/bin/env bash
# Step 13's exercise 3: ncclAllReduce of m = 2^10 ... 2^28 floats over every GPU of this
# machine, two at least (step13_allreduce_vector.csv; the program says why it cannot run).
#   experiments/step13_allreduce_vector/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
"$(bin allreduce_vector)" >"$out/step13_allreduce_vector.csv"
