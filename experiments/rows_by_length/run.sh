#!/usr/bin/env bash
# Part II's programs at one total size (2^28 elements, 1 GiB of floats) over row lengths 2^5
# to 2^20: rows_by_length.csv (the harness's rows) and its table .md (GB/s by row length and
# program). TYPES="float half" picks the types (default float). Minutes.
# TABLES_ONLY=1: the table of OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/rows_by_length.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    mapfile -t programs <"$build/rows_programs.txt"
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
{ echo "$(device "$csv"): GB/s (bytes read and written / median time), 2^28 elements in all"
  echo
  results_table --pivot type,cols step %.0f gbs "$csv"
  echo
  echo "% of the theoretical DRAM bandwidth:"
  echo
  results_table --pivot type,cols step %.1f percent_of_peak "$csv"
} >"$out/rows_by_length.md"
