#!/usr/bin/env bash
# Measures everything the docs quote, on the GPU of this machine, into OUTDIR, so a reader
# can rebuild the course's tables and charts on their own GPU:
#   table.csv        every program at the headline size (scripts/tutorial.sh)
#   sweep_n.csv      float, block 256, n = 2^10, 2^12, ... 2^30 (step02 up to 2^24: one SM
#                    makes it take seconds per run beyond)
#   sweep_block.csv  float, n = 2^24, block 32 ... 1024 (each step from its minimum block)
#   sweep_type.csv   every type, n = 2^24, block 256
# Then it draws the table and charts with scripts/plot.sh OUTDIR, where gnuplot is installed
# (elsewhere, copy OUTDIR to a machine that has it and run scripts/plot.sh there).
#   scripts/bench.sh OUTDIR [table|n|block|type ...]   (default: all four)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
out=${1:?usage: scripts/bench.sh OUTDIR [table|n|block|type ...]}
shift
parts=${*:-table n block type}
mkdir -p "$out"
scripts/setup.sh tutorial
scripts/build.sh tutorial
programs=$(cat "$build/programs.txt")  # the steps in order, CUB last (CMake writes it)
header() { "$build/step01_cpu_serial" --csv-header; }
run() {  # program, options...: one CSV row; a failure stops the bench
    echo "bench: $*" >&2
    "$build/$1" --csv "${@:2}"
}

for part in $parts; do
    case $part in
    table)
        RESULTS_DIR=$out scripts/tutorial.sh >&2 ;;
    n)
        { header
          for exponent in ${SWEEP_EXPONENTS:-10 12 14 16 18 20 22 24 26 28 30}; do
              for program in $programs; do
                  [ "$program" = step02_naive_single_block ] && [ "$exponent" -gt 24 ] && continue
                  run "$program" --n "2^$exponent"
              done
          done; } >"$out/sweep_n.csv" ;;
    block)
        { header
          for program in $programs; do
              [ "$program" = step01_cpu_serial ] && continue
              for block in 32 64 128 256 512 1024; do
                  [ "$program" = cub_reference ] && [ "$block" -ne 256 ] && continue  # CUB picks its own
                  set +e; row=$(run "$program" --n 2^24 --block "$block" 2>/dev/null); status=$?; set -e
                  [ "$status" -eq 2 ] && continue  # below this step's smallest block
                  [ "$status" -eq 0 ] || { echo "bench: $program --block $block failed ($status)" >&2; exit "$status"; }
                  echo "$row"
              done
          done; } >"$out/sweep_block.csv" ;;
    type)
        { header
          for type in int int64 float double cfloat cdouble; do
              for program in $programs; do run "$program" --n 2^24 --type "$type"; done
          done; } >"$out/sweep_type.csv" ;;
    *) echo "bench: unknown part '$part' (table, n, block, type)" >&2; exit 2 ;;
    esac
done
scripts/plot.sh "$out" || echo "bench: draw the charts with scripts/plot.sh $out where gnuplot is" >&2
