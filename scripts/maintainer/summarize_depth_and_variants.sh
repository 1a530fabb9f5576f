#!/usr/bin/env bash
# For maintainers: the Markdown tables of two measurements of a device folder
# docs/results/<device>/: loads_in_flight.csv (scripts/maintainer/loads_in_flight.sh) becomes
# loads_in_flight.md (GB/s and % of peak against the depth), and steps07_to_09.csv
# (experiment_steps07_to_09) becomes steps07_to_09.md (GB/s and the ratios at every n).
#   scripts/maintainer/summarize_depth_and_variants.sh docs/results/<device>
set -euo pipefail
dir=${1:?usage: $0 docs/results/<device>}
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { key = $(col["type"]) " " $1; if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
      depth[$2] = 1; gbs[key, $2] = $(col["gbs"]); pct[key, $2] = $(col["percent_of_peak"]); device = $(col["device"]) }
    END {
        printf "%s, n = 2^28, block 256: GB/s (%% of peak) against the loads in flight per thread\n\n", device
        printf "| type | step | 1 | 2 | 4 | 8 | 16 |\n|---|---|--:|--:|--:|--:|--:|\n"
        for (k = 1; k <= n; k++) { split(keys[k], p, " "); printf "| %s | %s |", p[1], p[2] == "step10" ? "step10 (scalar loads)" : "step11 (128-bit loads)"
            for (d = 1; d <= 16; d *= 2) printf " %.0f (%.1f) |", gbs[keys[k], d], pct[keys[k], d]; printf "\n" }
    }' "$dir/loads_in_flight.csv" >"$dir/loads_in_flight.md"
awk -F, 'NR == 1 { next }
    { e = int(log($4) / log(2) + 0.5); if (!(e in seen)) { seen[e] = 1; es[++n] = e }
      if (!($1 in isV)) { isV[$1] = 1; vs[++nv] = $1 } g[e, $1] = $10; r[e, $1] = $12; device = $2 }
    END {
        printf "%s, float, block 256, one run with the variants in random order: GB/s, and in brackets step 08'"'"'s time over the variant'"'"'s\n\n| n |", device
        for (v = 1; v <= nv; v++) printf " %s |", vs[v]; printf "\n|---|"; for (v = 1; v <= nv; v++) printf "--:|"; printf "\n"
        for (k = 1; k <= n; k++) { printf "| 2^%d |", es[k]; for (v = 1; v <= nv; v++) printf " %.0f (%.2f) |", g[es[k], vs[v]], r[es[k], vs[v]]; printf "\n" }
    }' "$dir/steps07_to_09.csv" >"$dir/steps07_to_09.md"
