#!/usr/bin/env bash
# Rebuilds the tables and charts from the CSVs in a results folder (scripts/tutorial.sh and
# scripts/bench.sh write them):
#   table.csv        -> table.md (Markdown), bars.png/.svg, roofline.png/.svg
#   sweep_n/block/type.csv -> sweep_*.png/.svg and sweep_*.md (the numbers as tables;
#                    sweep_n_time.md: the time of one sum for n <= 2^20)
#   the step01 rows  -> cpu_n.png/.svg (of cpu_n.csv if there is one, else of sweep_n.csv)
#   scaling.csv      -> scaling.md (efficiency), scaling.png/.svg: step 13 on 1, 2, 4 GPUs
#                    (experiments/step13_scaling/run.sh writes it)
# The tables need no gnuplot; the charts do. Colours: docs/plots/palette.gp.
# Optional files beside the CSVs, for the charts' marks:
#   platform.txt     nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.memory,power.limit --format=csv
#                    (the SM clock gives the roofline its compute roof; or set SM_CLOCK_MHZ)
#   host_caches.txt  the CPU's caches, marked on cpu_n.png: lines "LEVEL TYPE SIZE" such as
#                    "1 Data 48K", from /sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}
#                    (docs/results/NVIDIA_H200/host_caches.txt); or
#   cpu_caches.txt   the same from lscpu --caches=NAME,ONE-SIZE --bytes
#   scripts/plot.sh RESULTS_DIR      e.g. scripts/plot.sh build/results
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
results=${1:?usage: scripts/plot.sh RESULTS_DIR}

# The numbers of a sweep as a Markdown table, one row per program, one column per value of
# the swept parameter: GB/s; or, for KIND time, the time of one sum for n <= 2^20.
summarize() {  # KIND CSV: the columns are found by their header names (c["name"])
    awk -F, -v kind="$1" '
        function cell(v) { return v == "" ? "" : sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v) }
        function rank(x) { return kind == "type" ? index("int float int64 double cfloat cdouble", x) : x + 0 }
        function power(n,   k) { for (k = 0; 2 ^ k < n; k++); return 2 ^ k == n ? "2^" k : n }
        function row(p, unit,   i, line) {
            line = "| " p " |"
            for (i = 1; i <= columns; i++) line = line " " (unit == "us" ? time[p, key[i]] : cell(gbs[p, key[i]])) " |"
            print line
        }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { step = $c["step"]; gpu = $c["compute_capability"] != "" }
        !device && gpu { device = $c["device"]; l2 = $c["l2_bytes"] }
        !cpu && !gpu { cpu = ", and " $c["device"] " for " step }
        {
            if (kind == "time" && $c["n"] > 2 ^ 20) next
            x = kind == "n" || kind == "time" ? $c["n"] : kind == "block" ? $c["block"] : $c["type"]
            if (!(x in seen)) { seen[x] = 1; key[++columns] = x }
            if (!(step in listed)) { listed[step] = 1; program[++programs] = step }
            gbs[step, x] = $c["gbs"]
            time[step, x] = sprintf("%.1f", 1000 * $c["time_median_ms"])
            bytes[x] = $c["bytes"]; n[x] = $c["n"]; type = $c["type"]; size = $c["n"]
            if ($c["block"] != "") block = $c["block"]
        }
        END {
            for (i = 1; i < columns; i++)   # increasing n or block; the types by their size
                for (j = i + 1; j <= columns; j++) if (rank(key[j]) < rank(key[i])) { t = key[i]; key[i] = key[j]; key[j] = t }
            if (kind == "n") {
                printf "%s%s: %s, block %s, L2 (%d MiB) emptied before each GPU run. GB/s (median time):\n\n", device, cpu, type, block, l2 / 2 ^ 20
            } else if (kind == "time") {
                printf "%s%s: %s, block %s, L2 emptied before each GPU run. The time of one sum (microseconds, median):\n\n", device, cpu, type, block
            } else if (kind == "block") {
                printf "%s: %s, n = %s (%d MiB). GB/s (median time) against threads per block:\n\n", device, type, power(size), bytes[key[1]] / 2 ^ 20
            } else {
                printf "%s%s: block %s. GB/s (median time) against the element type; elements and bytes summed:\n\n", device, cpu, block
                line = ""
                for (i = 1; i <= columns; i++) line = line sprintf("%s%s: n = %s, %d B each, %d MiB", i > 1 ? "; " : "", key[i], power(n[key[i]]), bytes[key[i]] / n[key[i]], bytes[key[i]] / 2 ^ 20)
                print line ".\n"
            }
            header = "| step |"; rule = "|---|"
            for (i = 1; i <= columns; i++) { header = header " " (kind == "n" || kind == "time" ? power(key[i]) : key[i]) " |"; rule = rule "--:|" }
            print header; print rule
            for (p = 1; p <= programs; p++) row(program[p], kind == "time" ? "us" : "gbs")
        }' "$2"
}

# The one reader of results by column name (tools/results_table): the tables, and the
# charts' --select of the columns and rows they draw.
[ -x "$build/results_table" ] || scripts/build.sh results_table >/dev/null
tool=$build/results_table
if [ -f "$results/table.csv" ]; then
    "$tool" --markdown "$results/table.csv" >"$results/table.md"
    echo "plot: $results/table.md"
fi
for kind in n block type; do
    [ -f "$results/sweep_$kind.csv" ] || continue
    summarize "$kind" "$results/sweep_$kind.csv" >"$results/sweep_$kind.md"
    echo "plot: $results/sweep_$kind.md"
done
if [ -f "$results/sweep_n.csv" ]; then
    summarize time "$results/sweep_n.csv" >"$results/sweep_n_time.md"
    echo "plot: $results/sweep_n_time.md"
fi
# Step 13's scaling.csv (experiments/step13_scaling/run.sh): every row with its
# efficiency = GB/s / (ranks x one rank's GB/s), one rank at the same n per GPU for weak
# scaling and at the same n in all for strong scaling (that is, the speedup / ranks); and,
# for strong scaling, the n from which K GPUs are faster than one.
scaling_table() {  # CSV
    awk -F, '
        function key(x) { return sprintf("%.0f", x) }
        function power(n,   k) { n += 0; for (k = 0; 2 ^ k < n; k++); return 2 ^ k == n ? "2^" k : key(n) }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == 2 { device = $c["device"]; type = $c["type"]; block = $c["block"] }
        {
            rows++; kind[rows] = $c["kind"]; k[rows] = $c["ranks"]; n[rows] = $c["n"]
            ms[rows] = $c["time_median_ms"]; gbs[rows] = $c["gbs"]; ok[rows] = $c["verified"]
            if (k[rows] == 1) one[kind[rows], key(n[rows])] = gbs[rows]
            if (kind[rows] == "strong") { time[k[rows], key(n[rows])] = ms[rows]; sizes[key(n[rows])] = n[rows]; ranks[k[rows]] = 1 }
        }
        END {
            printf "%s, %s, block %s: step 13 with K ranks, one GPU each. Efficiency = GB/s / (K x one rank'"'"'s GB/s at the same n per GPU (weak) or the same n in all (strong)).\n\n", device, type, block
            print "| kind | ranks | n | n per GPU | median time (ms) | GB/s | efficiency | verified |"
            print "|---|--:|--:|--:|--:|--:|--:|--:|"
            for (r = 1; r <= rows; r++) {
                eff = ""
                if ((kind[r] == "weak" || kind[r] == "strong") && k[r] > 1) {
                    base = kind[r] SUBSEP key(kind[r] == "weak" ? n[r] / k[r] : n[r])
                    if (base in one) eff = sprintf("%.1f %%", 100 * gbs[r] / (k[r] * one[base]))
                }
                printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", kind[r], k[r], power(n[r]), power(key(n[r] / k[r])), ms[r], gbs[r], eff, ok[r]
            }
            # Strong scaling: the smallest n from which K ranks beat one at every n measured.
            count = 0
            for (s in sizes) order[++count] = sizes[s]
            for (i = 1; i < count; i++) for (j = i + 1; j <= count; j++) if (order[j] + 0 < order[i] + 0) { t = order[i]; order[i] = order[j]; order[j] = t }
            for (K in ranks) {
                if (K == 1) continue
                from = ""
                for (i = count; i >= 1; i--) {
                    s = key(order[i])
                    if (!((K, s) in time) || !((1, s) in time)) continue
                    if (time[K, s] + 0 < time[1, s] + 0) from = order[i]; else break
                }
                printf "\nStrong scaling, %d GPUs: %s\n", K, from == "" ? "slower than one GPU at the largest n measured, or not measured." : \
                    "faster than one GPU from n = " power(from) " on (every n measured from there up); slower or not measured below."
            }
        }' "$1"
}
if [ -f "$results/scaling.csv" ]; then
    scaling_table "$results/scaling.csv" >"$results/scaling.md"
    echo "plot: $results/scaling.md"
fi
if ! command -v gnuplot >/dev/null; then
    echo "plot: gnuplot not found (Debian/Ubuntu package gnuplot-nox): no chart drawn" >&2
    exit 1
fi

if [ -f "$results/table.csv" ]; then
    gnuplot -e "tool='$tool'; csv='$results/table.csv'; out='$results/bars'" docs/plots/bars.gp
    echo "plot: $results/bars.png, $results/bars.svg"
    # The SM clock for the compute roof: SM_CLOCK_MHZ, else platform.txt's clocks.max.sm.
    clock=${SM_CLOCK_MHZ:-}
    if [ -z "$clock" ] && [ -f "$results/platform.txt" ]; then
        clock=$(awk -F', *' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /clocks.max.sm/) c = i }
                             NR == 2 && c { print $c + 0 }' "$results/platform.txt")
    fi
    gnuplot -e "tool='$tool'; csv='$results/table.csv'; out='$results/roofline'; clock_mhz=${clock:-0}" docs/plots/roofline.gp
    echo "plot: $results/roofline.png, $results/roofline.svg${clock:+ (SM clock $clock MHz)}"
fi

if [ -f "$results/scaling.csv" ]; then
    gnuplot -e "tool='$tool'; csv='$results/scaling.csv'; out='$results/scaling'" docs/plots/scaling.gp
    echo "plot: $results/scaling.png, $results/scaling.svg"
fi

for kind in n block type; do
    csv=$results/sweep_$kind.csv
    [ -f "$csv" ] || continue
    # The programs in the order they first appear, the device, and its peak bandwidth.
    programs=$("$tool" --select step "$csv" | awk 'NR > 1 && !seen[$0]++ { printf "%s ", $0 }')
    device=$("$tool" --select device --where peak_gbs!= "$csv" | sed -n 2p)
    peak=$("$tool" --select peak_gbs --where peak_gbs!= "$csv" | sed -n 2p)
    gnuplot -e "tool='$tool'; csv='$csv'; out='$results/sweep_$kind'; kind='$kind'; programs='$programs'; peak=$peak; device='$device'" \
        docs/plots/sweep.gp
    echo "plot: $results/sweep_$kind.png, $results/sweep_$kind.svg"
done

# Step 01 against n: its own sweep (cpu_n.csv, any types) if there is one, else its rows
# of the n sweep; the CPU's caches marked if host_caches.txt or cpu_caches.txt is there.
cpu_csv=$results/cpu_n.csv
[ -f "$cpu_csv" ] || cpu_csv=$results/sweep_n.csv
if [ -f "$cpu_csv" ] && grep -q '^step01_cpu_serial,' "$cpu_csv"; then
    caches=  # the data caches of one core, as NAME:BYTES words
    if [ -f "$results/host_caches.txt" ]; then
        caches=$(awk '/^[0-9] (Data|Unified) [0-9]+K/ { printf "L%s%s:%d ", $1, $2 == "Data" ? "d" : "", $3 * 1024 }' \
            "$results/host_caches.txt")
    elif [ -f "$results/cpu_caches.txt" ]; then
        caches=$(awk 'NR > 1 && $1 != "L1i" { printf "%s:%d ", $1, $2 }' "$results/cpu_caches.txt")
    fi
    gnuplot -e "tool='$tool'; csv='$cpu_csv'; out='$results/cpu_n'; caches='$caches'" docs/plots/cpu_n.gp
    echo "plot: $results/cpu_n.png, $results/cpu_n.svg (from $cpu_csv)"
fi
