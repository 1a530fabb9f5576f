#!/usr/bin/env bash
# Step 06 (a first add of two) and the first add of four at 2^28 (step06_first_add_four.csv).
source "$(dirname "$0")/../driver.sh"
csv step06_first_add_four.csv "step06_first_add first_add_four" "float double" --n 2^28
