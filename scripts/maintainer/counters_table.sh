#!/usr/bin/env bash
# For maintainers: turns one CSV of scripts/maintainer/ncu_counters.sh into a Markdown table:
# one row per metric, one column per profiled kernel launch (in launch order), with the two
# ratios the pages use computed from the counts: threads per instruction, active and
# predicated on (divergence), and global-load sectors per request (coalescing).
#   scripts/maintainer/counters_table.sh ncu/PROGRAM.csv > ncu/PROGRAM.md
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: $0 ncu/PROGRAM.csv" >&2; exit 2; }
awk -F'","' '
    NR == 1 { next }
    {
        gsub(/^"|"$/, "", $0); id = $1 + 0
        if (!(id in seen)) { seen[id] = 1; ids[++nids] = id; name[id] = $5; grid[id] = $9 }
        metric = $13; value = $15; gsub(/,/, "", value)
        if (!(metric in isMetric)) { isMetric[metric] = 1; metrics[++nmetrics] = metric }
        v[id, metric] = value
    }
    END {
        printf "| metric |"; for (k = 1; k <= nids; k++) printf " launch %d |", k; printf "\n|---|"
        for (k = 1; k <= nids; k++) printf "--:|"; printf "\n"
        printf "| kernel, grid |"
        for (k = 1; k <= nids; k++) { n = name[ids[k]]; sub(/\(.*/, "", n); sub(/^void /, "", n); printf " `%s` %s |", n, grid[ids[k]] }
        printf "\n"
        for (m = 1; m <= nmetrics; m++) {
            printf "| %s |", metrics[m]
            for (k = 1; k <= nids; k++) printf " %s |", v[ids[k], metrics[m]]
            printf "\n"
        }
        printf "| threads per instruction, active (thread_inst_executed / inst_executed) |"
        for (k = 1; k <= nids; k++) { i = v[ids[k], "smsp__inst_executed.sum"]; printf " %.1f |", (i > 0 ? v[ids[k], "smsp__thread_inst_executed.sum"] / i : 0) }
        printf "\n| threads per instruction, predicated on (thread_inst_executed_pred_on / inst_executed) |"
        for (k = 1; k <= nids; k++) { i = v[ids[k], "smsp__inst_executed.sum"]; printf " %.1f |", (i > 0 ? v[ids[k], "smsp__thread_inst_executed_pred_on.sum"] / i : 0) }
        printf "\n| global-load sectors per request |"
        for (k = 1; k <= nids; k++) { r = v[ids[k], "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]; printf " %.2f |", (r > 0 ? v[ids[k], "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] / r : 0) }
        printf "\n"
    }' "$1"
