#!/usr/bin/env bash
# Step 12, its variants, three bounds and CUB at 2^10 ... 2^30 (step12_vs_cub.csv, its tables
# .md, its figure .png and .svg), other reads, 512 threads x 4 loads (CSVs). Minutes.
# TABLES_ONLY=1: the tables and the figure of OUT's CSV, nothing measured.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/step12_vs_cub.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_step12_vs_cub experiment_step12_read_variants
    need experiment_step12_vs_cub_block512_depth4
    experiment_step12_vs_cub >"$csv"
    experiment_step12_read_variants >"$out/step12_read_variants.csv"
    experiment_step12_vs_cub_block512_depth4 --max 2^24 >"$out/step12_vs_cub_block512_depth4.csv"
fi
table() { echo; results_table --pivot "$@" "$csv"; }
{ echo "$(device "$csv"): CUB's time / step 12's (above 1: step 12 faster), one run"
  table type n %.2f cub_time_over_time --where variant=step12 \
      --where 'n=4096|65536|1048576|16777216|268435456|1073741824'
} >"$out/step12_vs_cub_summary.md"
{ echo "Measured on one $(device "$csv"), in one run: CUB time / variant time (above 1: faster" \
      "than CUB)."
  table type,n variant %.3f cub_time_over_time --where 'variant!=cub|empty kernel'
  printf '\nCUB, %% of the theoretical DRAM bandwidth:\n'
  table n type %.1f percent_of_peak --where variant=cub
  printf '\nMid sizes, where the fixed cost of a launch weighs most, in microseconds (%s):\n' \
      "median of the runs"
  table type,n variant %.2f time_median_us --where 'n>=16384' --where 'n<=4194304' \
      --where 'variant=step12|ticket only|no final pass|empty kernel|cub'
  printf '\nThe floor of any single launch: the empty kernel plus the time to read n elements at\n'
  printf 'the theoretical DRAM bandwidth (bytes / peak), in microseconds:\n\n'
  # Read by header name; the peak is CUB's GB/s over its percent of peak (the program's own).
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
      $c["variant"] == "cub" && $c["percent_of_peak"] > 0 {
          peak = 100 * $c["gbs"] / $c["percent_of_peak"]
      }
      $c["variant"] == "empty kernel" && $c["n"] >= 16384 && $c["n"] <= 4194304 {
          row[++rows] = $c["type"] "," $c["n"] "," $c["time_median_us"] }
      END {
          print "| type | n | empty kernel + bytes / peak |\n|---|---|--:|"
          for (r = 1; r <= rows; r++) {
              split(row[r], f, ","); bytes = f[2] * (f[1] == "double" ? 8 : 4)
              printf "| %s | 2^%d | %.2f |\n", f[1], log(f[2]) / log(2) + 0.5,
                  f[3] + bytes / peak / 1e3
          }
      }' "$csv"
} >"$out/step12_vs_cub.md"
# The page's figure: step 12 and two bounds against CUB, columns read by name (gnuplot).
if command -v gnuplot >/dev/null; then
    gnuplot -e "tool='$(bin results_table)'; csv='$csv'; out='$out/step12_vs_cub'" \
        "$here/step12_vs_cub.gp"
else
    echo "step12_vs_cub: gnuplot not found (package gnuplot-nox): no figure drawn" >&2
fi
