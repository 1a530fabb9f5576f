#!/usr/bin/env bash
# For maintainers: turns the CSV of the step-12-against-CUB experiment
# (programs/step12_vs_cub.cu, built as experiment_step12_vs_cub) into the two Markdown tables
# of docs/results/<device>/step12_vs_cub.md, which docs/step12_vs_cub.md includes. A
# maintainer runs it after measuring on a GPU; nothing in the build or the tests calls it.
# Usage: scripts/maintainer/summarize_step12_vs_cub.sh step12_vs_cub.csv > step12_vs_cub.md
# The two tables:
#  1. every variant's speed against CUB (CUB's median time over the variant's), by type and n;
#  2. for n = 2^14..2^22, where a launch's fixed cost weighs most, the times: CUB's,
#     step 12's, the two bounds (ticket only: the last block adds nothing; no final pass),
#     and the floor of any launch (the empty kernel) plus the time to read the bytes at the
#     theoretical peak.
# Needs only bash and awk.
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 step12_vs_cub.csv" >&2; exit 2; }
awk -F, '
    NR == 1 { next }
    {
        key = $5 SUBSEP $4
        if (!(key in seen)) { seen[key] = 1; keys[++nkeys] = key }
        if (!($1 in isVariant)) { isVariant[$1] = 1; variant[++nvariants] = $1 }
        ratio[key, $1] = $12; time[key, $1] = $7; percent[key, $1] = $11
        device = $2; runs[key] = $6
        # GB/s * time = bytes; the peak follows from GB/s over percent of peak
        if ($11 > 0) peak = $10 / ($11 / 100)
        bytes[key] = $10 * $7 * 1e3
    }
    function exponent(n,   e) { e = 0; while (n > 1) { n /= 2; e++ } return e }
    END {
        printf "Measured on one %s (theoretical DRAM bandwidth %.1f GB/s), in one run: ", device, peak
        printf "CUB time / variant time (above 1: faster than CUB).\n\n"
        printf "| type | n |"
        for (v = 1; v <= nvariants; v++) if (variant[v] != "cub" && variant[v] != "empty kernel") printf " %s |", variant[v]
        printf " CUB %% of peak |\n|---|---|"
        for (v = 1; v <= nvariants; v++) if (variant[v] != "cub" && variant[v] != "empty kernel") printf "---|"
        printf "---|\n"
        for (k = 1; k <= nkeys; k++) {
            split(keys[k], part, SUBSEP)
            printf "| %s | 2^%d |", part[1], exponent(part[2])
            for (v = 1; v <= nvariants; v++)
                if (variant[v] != "cub" && variant[v] != "empty kernel") printf " %.3f |", ratio[keys[k], variant[v]]
            printf " %.1f |\n", percent[keys[k], "cub"]
        }
        printf "\nMid sizes, where the fixed cost of a launch weighs most, in microseconds (median of the runs):\n\n"
        printf "| type | n | CUB | step12 | ticket only | no final pass | empty kernel + bytes / peak |\n"
        printf "|---|---|---|---|---|---|---|\n"
        for (k = 1; k <= nkeys; k++) {
            split(keys[k], part, SUBSEP)
            e = exponent(part[2])
            if (e < 14 || e > 22) continue
            floor = time[keys[k], "empty kernel"] + bytes[keys[k]] / (peak * 1e3)
            printf "| %s | 2^%d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", part[1], e, time[keys[k], "cub"],
                   time[keys[k], "step12"], time[keys[k], "ticket only"],
                   time[keys[k], "no final pass"], floor
        }
    }' "$1"
