#!/usr/bin/env bash
# Step 10's 8 loads in flight into 8 sums and into one, at 2^28 (step10_one_sum.csv).
source "$(dirname "$0")/../driver.sh"
csv step10_one_sum.csv "step10_independent_loads one_sum" "float double" --n 2^28
