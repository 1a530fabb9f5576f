#!/usr/bin/env bash
# The tables and charts of a results folder, from the CSVs that scripts/tutorial.sh,
# scripts/bench.sh and experiments/step13_scaling/run.sh write there: table.csv -> table.md,
# bars, roofline; sweep_n/block/type.csv -> sweep_*.md, sweep_n_time.md (the time of one sum,
# n <= 2^20), sweep_*, cpu_n (step 01); scaling.csv -> scaling.md, scaling. docs/plots/NAME.gp
# draws the chart NAME.png and NAME.svg (gnuplot; the tables need none). Read if there:
# platform.txt (nvidia-smi's clocks.max.sm, the roofline's compute roof) and host_caches.txt
# (the CPU's caches, marked on cpu_n; see docs/results/NVIDIA_H200/).
#   scripts/plot.sh RESULTS_DIR      e.g. scripts/plot.sh build/results
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/.."
results=${1:?usage: scripts/plot.sh RESULTS_DIR}
# The one reader of results by column name: the tables, and every column a chart draws.
tool=${BUILD_DIR:-build}/results_table
[ -x "$tool" ] || scripts/build.sh results_table >/dev/null

# "2^K" for a power of two, else the number itself: the sizes in the tables.
power='function power(n,   k) { for (k = 0; 2^k < n + 0; k++); return 2^k == n + 0 ? "2^" k : n }'

# The numbers of a sweep as a Markdown table, a row per program and a column per value of the
# swept n, block or type: GB/s; or, for KIND time, the time of one sum for n <= 2^20.
sweep_table() {  # KIND CSV; the columns found by their header names, c["name"]
    awk -F, -v kind="$1" -v types="int float int64 double cfloat cdouble" "$power"'
        function cell(v) { return sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v) }
        function rank(x) { return kind == "type" ? index(types, x) : x + 0 }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        kind == "time" && $c["n"] > 2 ^ 20 { next }
        !device && $c["compute_capability"] != "" {  # the first GPU row
            device = $c["device"]; l2 = $c["l2_bytes"]; type = $c["type"]; block = $c["block"]
        }
        !cpu && $c["compute_capability"] == "" { cpu = ", and " $c["device"] " for " $c["step"] }
        {
            x = kind == "block" ? $c["block"] : kind == "type" ? $c["type"] : $c["n"]
            if (!(x in n)) key[++columns] = x
            if (!listed[$c["step"]]++) program[++programs] = $c["step"]
            n[x] = $c["n"]; bytes[x] = $c["bytes"]
            cells[$c["step"], x] = kind == "time" ? \
                sprintf("%.1f", 1000 * $c["time_median_ms"]) : cell($c["gbs"])
        }
        END {
            for (i = 1; i < columns; i++)   # increasing n or block; the types by their size
                for (j = i + 1; j <= columns; j++)
                    if (rank(key[j]) < rank(key[i])) { t = key[i]; key[i] = key[j]; key[j] = t }
            if (kind == "n")
                printf "%s%s: %s, block %s, L2 (%d MiB) emptied before each GPU run. " \
                    "GB/s (median time):\n\n", device, cpu, type, block, l2 / 2 ^ 20
            if (kind == "time")
                printf "%s%s: %s, block %s, L2 emptied before each GPU run. The time of one " \
                    "sum (microseconds, median):\n\n", device, cpu, type, block
            if (kind == "block")
                printf "%s: %s, n = %s (%d MiB). GB/s (median time) against threads per " \
                    "block:\n\n", device, type, power(n[key[1]]), bytes[key[1]] / 2 ^ 20
            if (kind == "type") {
                printf "%s%s: block %s. GB/s (median time) against the element type; elements " \
                    "and bytes summed:\n\n", device, cpu, block
                for (i = 1; i <= columns; i++)
                    printf("%s%s: n = %s, %d B each, %d MiB", i > 1 ? "; " : "", key[i],
                           power(n[key[i]]), bytes[key[i]] / n[key[i]], bytes[key[i]] / 2 ^ 20)
                print ".\n"
            }
            printf "| step |"
            for (i = 1; i <= columns; i++)
                printf " %s |", kind == "n" || kind == "time" ? power(key[i]) : key[i]
            printf "\n|---|"
            for (i = 1; i <= columns; i++) printf "--:|"
            for (p = 1; p <= programs; p++) {
                printf "\n| %s |", program[p]
                for (i = 1; i <= columns; i++) printf " %s |", cells[program[p], key[i]]
            }
            print ""
        }' "$2"
}

# Step 13's scaling.csv, read twice: first the one-rank rows, then every row with its
# efficiency = GB/s / (K x one rank's GB/s), at the same n per GPU for weak scaling and the
# same n in all for strong scaling (the speedup / K); and the n from which K GPUs are faster.
scaling_table() {  # CSV
    awk -F, "$power"'
        function size(n) { return sprintf("%.0f", n) }  # awk would write 2^32 as 4.29497e+09
        FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { kind = $c["kind"]; K = $c["ranks"]; n = size($c["n"]) }
        NR == FNR && K == 1 { one[kind, n] = $c["gbs"]; oneTime[kind, n] = $c["time_median_ms"] }
        NR == FNR { next }
        FNR == 2 {
            printf "%s, %s, block %s: step 13 with K ranks, one GPU each. Efficiency = GB/s / " \
                "(K x one rank'"'"'s GB/s at the same n per GPU (weak) or the same n in all " \
                "(strong)).\n\n", $c["device"], $c["type"], $c["block"]
            print "| kind | ranks | n | n per GPU | median time (ms) | GB/s | efficiency | " \
                "verified |"
            print "|---|--:|--:|--:|--:|--:|--:|--:|"
        }
        {
            base = kind SUBSEP size(kind == "weak" ? n / K : n)
            efficiency = kind ~ /^(weak|strong)$/ && K > 1 && (base in one) ? \
                sprintf("%.1f %%", 100 * $c["gbs"] / (K * one[base])) : ""
            printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", kind, K, power(n), \
                power(size(n / K)), $c["time_median_ms"], $c["gbs"], efficiency, $c["verified"]
        }
        # The strong rows come by increasing n (run.sh): from[K], where K GPUs last got faster.
        kind == "strong" && K > 1 && ((kind, n) in oneTime) {
            if ($c["time_median_ms"] + 0 >= oneTime[kind, n] + 0) from[K] = ""
            else if (from[K] == "") from[K] = n
        }
        END {
            slower = "slower than one GPU at the largest n measured, or not measured."
            for (K in from)
                printf "\nStrong scaling, %d GPUs: %s\n", K, from[K] == "" ? slower : \
                    "faster than one GPU from n = " power(from[K]) " on (every n measured from " \
                    "there up); slower or not measured below."
        }' "$1" "$1"
}

write() {  # FILE COMMAND...: the command's output into FILE
    "${@:2}" >"$1"
    echo "plot: $1"
}
have() { [ -f "$results/$1.csv" ]; }  # NAME: is there a NAME.csv?
have table && write "$results/table.md" "$tool" --markdown "$results/table.csv"
for kind in n block type; do
    have "sweep_$kind" || continue
    write "$results/sweep_$kind.md" sweep_table "$kind" "$results/sweep_$kind.csv"
done
have sweep_n && write "$results/sweep_n_time.md" sweep_table time "$results/sweep_n.csv"
have scaling && write "$results/scaling.md" scaling_table "$results/scaling.csv"

if ! command -v gnuplot >/dev/null; then
    echo "plot: gnuplot not found (Debian/Ubuntu package gnuplot-nox): no chart drawn" >&2
    exit 1
fi
draw() {  # CHART CSV [VARIABLES [OUT]]: docs/plots/CHART.gp draws CSV.csv into OUT.png, OUT.svg
    local format
    for format in png svg; do
        gnuplot -e "tool='$tool'; csv='$results/$2.csv'; out='$results/${4:-$1}'" \
            -e "format='$format'; ${3:-}" "docs/plots/$1.gp"
    done
    echo "plot: $results/${4:-$1}.png, $results/${4:-$1}.svg"
}
if have table; then
    draw bars table
    # The compute roof needs the SM clock: platform.txt's clocks.max.sm (0: not known).
    clock=$(awk -F', *' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /clocks.max.sm/) c = i }
                         NR == 2 && c { print $c + 0 }' "$results/platform.txt" 2>/dev/null || true)
    draw roofline table "clock_mhz=${clock:-0}"
fi
for kind in n block type; do
    have "sweep_$kind" && draw sweep "sweep_$kind" "kind='$kind'" "sweep_$kind"
done
if have sweep_n; then
    # The CPU's data caches, NAME:BYTES each, from host_caches.txt's "LEVEL TYPE SIZE" lines.
    caches=$(awk '/^[0-9] (Data|Unified) [0-9]+K/ { printf "L%s%s:%d ", $1, \
        $2 == "Data" ? "d" : "", $3 * 1024 }' "$results/host_caches.txt" 2>/dev/null || true)
    draw cpu_n sweep_n "caches='$caches'"
fi
if have scaling; then
    draw scaling scaling
fi
