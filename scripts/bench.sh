#!/usr/bin/env bash
# Measures everything the docs quote, on the GPU of this machine, into OUTDIR, then draws
# the tables and charts with scripts/plot.sh OUTDIR (the charts where gnuplot is installed):
#   scripts/bench.sh OUTDIR [table|frameworks|n|block|type ...]   (default: all five)
#   table       table.csv: every program at the headline size (scripts/tutorial.sh)
#   frameworks  torch.sum, cupy.sum and jnp.sum at the end of table.csv, through
#               tools/framework_runs (each one not installed is skipped, with its reason;
#               PYTHON=... picks the Python that has them)
#   n           sweep_n.csv: float, block 256, n = 2^10, 2^12, ... 2^30
#   block       sweep_block.csv: float, n = 2^24, block 32 ... 1024
#   type        sweep_type.csv: every type at 256 MiB, block 256
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
out=${1:?usage: scripts/bench.sh OUTDIR [table|frameworks|n|block|type ...]}
shift
all="table frameworks n block type"
parts=${*:-$all}
for part in $parts; do  # before anything runs
    [[ " $all " == *" $part "* ]] || { echo "bench: unknown part '$part' ($all)" >&2; exit 2; }
done
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
    frameworks)
        # Their rows replace earlier ones at the end of table.csv, at the n and type of the
        # table's GPU rows (the tutorial lowers its default n on a GPU with little memory).
        python=${PYTHON:-python3}
        command -v "$python" >/dev/null ||
            { echo "bench: $python not found: no framework rows" >&2; continue; }
        [ -f "$out/table.csv" ] || header >"$out/table.csv"
        grep -Ev '^(torch|cupy|jax)_sum,' "$out/table.csv" >"$out/table.csv.new" || true
        scripts/build.sh framework_runs >/dev/null
        read -ra same < <("$build/results_table" --select n,type \
            --where compute_capability!= "$out/table.csv.new" |
            awk -F, 'NR > 1 { n = $1; type = $2 }
                END { if (n != "") print "--n", n, "--type", type }') || true
        for framework in torch cupy jax; do  # exit code 77: skipped, and it said why
            run framework_runs "${same[@]}" -- "$python" scripts/frameworks.py "$framework" \
                >>"$out/table.csv.new" || [ $? -eq 77 ]
        done
        mv "$out/table.csv.new" "$out/table.csv" ;;
    n)
        { header
          for exponent in 10 12 14 16 18 20 22 24 26 28 30; do
              for program in $programs; do
                  # Step 02 runs on one SM: beyond 2^24 it takes seconds per run.
                  [ "$program" = step02_naive_single_block ] && [ "$exponent" -gt 24 ] && continue
                  run "$program" --n "2^$exponent"
              done
          done; } >"$out/sweep_n.csv" ;;
    block)
        { header
          for program in $programs; do
              [ "$program" = step01_cpu_serial ] && continue
              for block in 32 64 128 256 512 1024; do
                  # CUB picks its own block.
                  [ "$program" = cub_reference ] && [ "$block" -ne 256 ] && continue
                  status=0
                  row=$(run "$program" --n 2^24 --block "$block") || status=$?
                  [ "$status" -eq 2 ] && continue  # a block below this step's smallest (it says so)
                  [ "$status" -eq 0 ] || exit "$status"
                  echo "$row"
              done
          done; } >"$out/sweep_block.csv" ;;
    type)
        # 2^28 bytes of every type (TYPE:EXPONENT, n = 2^28 / element size): 4 to 5 times
        # the L2 of an H100 or H200, and the n sweep's 2^26 floats, so the float rows of the
        # two sweeps can be checked against each other; types compare by bytes, not by n.
        { header
          for entry in int:26 int64:25 float:26 double:25 cfloat:25 cdouble:24; do
              for program in $programs; do
                  run "$program" --n "2^${entry#*:}" --type "${entry%:*}"
              done
          done; } >"$out/sweep_type.csv" ;;
    esac
done
scripts/plot.sh "$out" ||
    echo "bench: no charts drawn (scripts/plot.sh said why); draw them: scripts/plot.sh $out" >&2
