# Sourced by every experiments/<question>/run.sh, first thing. A driver's first argument is
# OUT, the folder of its results (default results/<GPU name, spaces as _> beside it). It sets
#   here   the experiment's folder        root  the repository
#   build  BUILD_DIR (default build/)     gpu   GPU 0's name (no_GPU without one)
# and puts the built programs (experiments' and steps') on PATH, called by their names.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(realpath -m "${BUILD_DIR:-$root/build}")
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 2>/dev/null || echo no_GPU)
out=$(realpath -m "${1:-$here/results/${gpu// /_}}")
mkdir -p "$out"
PATH=$build/experiments:$build:$PATH

# need PROGRAM...: exit 1 naming the targets to build unless every PROGRAM is built (before
# the first measurement, so that a missing program leaves no half-written results)
need() {
    local missing=() program
    for program; do
        [ -x "$build/experiments/$program" ] || [ -x "$build/$program" ] || missing+=("$program")
    done
    [ ${#missing[@]} -eq 0 ] && return
    echo "${here##*/}: not built: cmake --build ${build#"$root"/} --target ${missing[*]}" >&2
    exit 1
}

# bin NAME: the path of a built program, for a tool that takes a path. need's exit would only
# leave the $(...) that calls bin; kill stops the driver at once ("Terminated", exit 143).
bin() {
    (need "$1") || kill "$$"
    command -v "$1"
}

# csv FILE "PROGRAMS" "TYPES" ARGUMENTS...: OUT/FILE, the harness's CSV header, then for each
# type in turn the row of each program: PROGRAM --csv --type TYPE ARGUMENTS...
csv() {
    local type program
    # shellcheck disable=SC2086  # the lists, a word each
    need $2
    { "${2%% *}" --csv-header
      for type in $3; do
          for program in $2; do "$program" --csv --type "$type" "${@:4}"; done
      done
    } >"$out/$1"
}

# counters FILE NCU_OPTIONS... PROGRAM ARGUMENTS...: Nsight Compute's CSV of the command (a row
# per launch and metric) into FILE, with the clocks as they run (ncu locks them to base)
counters() { ncu --csv --clock-control none "${@:2}" | grep '^"' >"$1"; }  # ncu's rows: "...

# show COMMAND...: "$ COMMAND", all it prints, errors included, and "exit code N" if it fails
show() {
    echo "\$ $*"
    "$@" 2>&1 || echo "exit code $?"
}

# peer ARGUMENTS...: framework_runs ARGUMENTS... (a library's row, checked as the steps are).
# A wrong result is a finding, not a reason to stop the sweep: its row stays (its verified or
# accurate column says no) and OUT/failed_checks.txt names the run. A peer that cannot take the
# shape (exit code 77: it says why) leaves no row. Any other failure stops.
peer() {
    local status=0
    framework_runs "$@" || status=$?
    if [ "$status" -eq 1 ]; then
        echo "framework_runs $*: the result failed its check (exit code 1)" | tee -a "$out/failed_checks.txt" >&2
    elif [ "$status" -eq 77 ]; then
        echo "framework_runs $*: skipped (exit code 77)" >&2
    elif [ "$status" -ne 0 ]; then
        exit "$status"
    fi
}

device() { results_table --select device "$1" | sed -n 2p; }  # CSV: the device it was measured on

# log_total CSV: k of the sweep's total, 2^k elements: its largest n, rounded to a power of 2
# (rows of a width that does not divide it hold a little less), so that a table or figure redrawn
# from the CSV says what the run measured, whatever LOG_ELEMENTS the run had.
log_total() {
    results_table --select n "$1" | sed 1d | sort -n | tail -1 |
        awk '{ printf "%d", log($1) / log(2) + 0.5 }'
}

# length_tables CSV COLUMN COUNTED: the tables of a sweep over row lengths (rows_by_length,
# softmax_by_length): GB/s, then % of the peak, a row per type and length, a column per value
# of COLUMN (step or technique); COUNTED says which bytes GB/s counts.
length_tables() {
    echo "$(device "$1"): GB/s ($3 / median time), 2^$(log_total "$1") elements in all"
    echo
    results_table --pivot type,cols "$2" %.0f gbs "$1"
    echo
    echo "% of the theoretical DRAM bandwidth:"
    echo
    results_table --pivot type,cols "$2" %.1f percent_of_peak "$1"
}

# by_block NAME PROGRAM "BLOCKS" LENGTH...: OUT/NAME.csv, PROGRAM at every block size of BLOCKS
# and every row length (2^28 elements each), and its table NAME.md.
by_block() {
    local name=$1 program=$2 blocks=$3 cols block
    shift 3
    { "$program" --csv-header
      for cols; do
          for block in $blocks; do
              "$program" --csv --block "$block" --cols "$cols" --rows "$((2 ** 28 / cols))"
          done
      done
    } >"$out/$name.csv"
    results_table --pivot cols,block step %.0f gbs "$out/$name.csv" >"$out/$name.md"
}
