#!/usr/bin/env bash
# Part II's softmax programs (build/softmax_programs.txt: step 17) at one total size (2^28
# elements, 1 GiB of floats) over row lengths 2^5 to 2^20: softmax_by_length.csv (the harness's
# rows; GB/s counts the input read once and the output written once) and its table .md.
# TYPES="float bf16" picks the types (default float). Minutes. TABLES_ONLY=1: the table of
# OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/softmax_by_length.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    mapfile -t programs <"$build/softmax_programs.txt"
    need "${programs[@]}"
    { "${programs[0]}" --csv-header
      for type in ${TYPES:-float}; do
          for exponent in $(seq 5 20); do
              for program in "${programs[@]}"; do
                  "$program" --csv --type "$type" --cols "2^$exponent" --rows "2^$((28 - exponent))"
              done
          done
      done
    } >"$csv"
fi
{ echo "$(device "$csv"): GB/s (the input read once and the output written once / median time)," \
      "2^28 elements in all"
  echo
  results_table --pivot type,cols technique %.0f gbs "$csv"
  echo
  echo "% of the theoretical DRAM bandwidth:"
  echo
  results_table --pivot type,cols technique %.1f percent_of_peak "$csv"
} >"$out/softmax_by_length.md"
