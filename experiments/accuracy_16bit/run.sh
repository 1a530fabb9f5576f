#!/usr/bin/env bash
# Half and bfloat16 values summed in their own type and in float, on the CPU: the sum of ones
# and the error on random values against n (accuracy_16bit.csv, its tables .md). Seconds.
#   experiments/accuracy_16bit/run.sh [OUT, default results/]   TABLES_ONLY=1: the tables only
set -- "${1:-$(dirname "$0")/results}"
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/accuracy_16bit.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need sums_16bit
    sums_16bit >"$csv"
fi
{ echo "The sum of n ones, serial, on the CPU ($(uname -m)): where each accumulator stops"
  echo
  results_table --pivot input,accumulator n %.0f sum --where part=ones \
      --where 'n=128|256|512|2048|4096|65536|16777216|33554432' "$csv"
  echo
  echo "n values uniform in [0, 1): relative error of the sum, and in brackets the bound of the order"
  echo
  results_table --pivot input,accumulator,order n '%.2g (%.2g)' relative_error,bound \
      --where part=random --where 'n=1024|65536|1048576|16777216' "$csv"
} >"$out/accuracy_16bit.md"
