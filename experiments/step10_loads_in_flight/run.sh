#!/usr/bin/env bash
# Steps 10 and 11 with 1 ... 16 loads in flight per thread at 2^28 (loads_in_flight.csv, its
# table .md). About a minute. TABLES_ONLY=1: the table of OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/loads_in_flight.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need step1{0,1}_depth{1,2,4,8,16}
    echo "step,loads_in_flight,$(step10_depth1 --csv-header)" >"$csv"
    for type in float double; do for step in step10 step11; do for depth in 1 2 4 8 16; do
        row=$("${step}_depth$depth" --csv --n 2^28 --type $type)
        echo "$step,$depth,$row" >>"$csv"
    done; done; done
fi
{ echo "$(device "$csv"), n = 2^28, block 256: GB/s (% of peak) against the independent loads" \
      "per trip in the source, LOADS_IN_FLIGHT (step10: scalar loads, step11: 128-bit loads)"
  echo
  results_table --pivot type,step loads_in_flight '%.0f (%.1f)' gbs,percent_of_peak "$csv"
} >"$out/loads_in_flight.md"
