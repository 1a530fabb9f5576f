#!/usr/bin/env bash
# Steps 10 (scalar loads) and 11 (128-bit loads) built with 1, 2, 4, 8 and 16 loads in flight
# per thread (targets step10_depthK, step11_depthK), each at 2^28 floats and doubles, block 256:
# loads_in_flight.csv (the step, the depth, then the harness's columns) and its table
# loads_in_flight.md (GB/s and % of peak against the depth). About a minute.
#   experiments/step10_loads_in_flight/run.sh [OUT]    (TABLES_ONLY=1: the table of OUT's CSV)
source "$(dirname "$0")/../driver.sh"
csv=$out/loads_in_flight.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    echo "step,loads_in_flight,$("$(bin step10_depth1)" --csv-header)" >"$csv"
    for type in float double; do for step in step10 step11; do for depth in 1 2 4 8 16; do
        row=$("$(bin "${step}_depth$depth")" --csv --n 2^28 --type $type)
        echo "$step,$depth,$row" >>"$csv"
    done; done; done
fi
{ echo "$("$(bin results_table)" --select device "$csv" | sed -n 2p), n = 2^28, block 256: GB/s (% of peak) against the loads in flight per thread (step10: scalar loads, step11: 128-bit loads)"
  echo
  "$(bin results_table)" --pivot type,step loads_in_flight '%.0f (%.1f)' gbs,percent_of_peak "$csv"
} >"$out/loads_in_flight.md"
