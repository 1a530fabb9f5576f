#!/usr/bin/env bash
# Step 11's exercise 4: step 11 at 2^28 elements of each of the six types, in one run
# (step11_types.csv).
#   experiments/step11_types/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
step=$(bin step11_vector_loads)
{ "$step" --csv-header
  for type in int float int64 double cfloat cdouble; do "$step" --csv --n 2^28 --type $type; done
} >"$out/step11_types.csv"
