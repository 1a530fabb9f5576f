#!/usr/bin/env bash
# Step 11 at 2^28 elements of each of the six types (step11_types.csv).
source "$(dirname "$0")/../driver.sh"
csv step11_types.csv step11_vector_loads "int float int64 double cfloat cdouble" --n 2^28
