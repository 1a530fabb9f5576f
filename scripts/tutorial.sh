#!/usr/bin/env bash
# The tutorial in one command: builds every step, runs each in turn at the headline size
# (2^28 floats unless given other options, which go to every step) and prints one line per
# step. The CSV rows go to build/results/tutorial.csv.
#   scripts/tutorial.sh                  # 2^28 floats, block 256
#   scripts/tutorial.sh --type int --n 2^24
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-gnuplot
scripts/build.sh >/dev/null
build=${BUILD_DIR:-build}
mkdir -p "$build/results"
csv=$build/results/tutorial.csv
"$build/step01_cpu_serial" --csv-header >"$csv"

programs=$(cd "$build" && ls -d step[0-9][0-9]_* 2>/dev/null | grep -v _tests | sort)
[ -x "$build/cub_reference" ] && programs="$programs cub_reference"

printf '%-28s %-36s %10s %9s %7s %8s %8s\n' step technique "time (ms)" "GB/s" "% peak" "step x" "total x"
for program in $programs; do
    set +e
    row=$("$build/$program" --csv "$@")
    status=$?
    set -e
    if [ "$status" -ne 0 ]; then
        echo "$program stopped with exit code $status (see its message above); the table ends here." >&2
        exit "$status"
    fi
    echo "$row" >>"$csv"
    echo "$row" | awk -F, -v first="${first_ms:-}" -v previous="${previous_ms:-}" '{
        step = (previous == "" ? "" : sprintf("%.2f", previous / $18));
        total = (first == "" ? "" : sprintf("%.1f", first / $18));
        printf "%-28s %-36s %10.4f %9.1f %7s %8s %8s\n", $1, $2, $18, $21, $22, step, total }'
    ms=$(echo "$row" | cut -d, -f18)
    first_ms=${first_ms:-$ms}
    [ "$program" = cub_reference ] || previous_ms=$ms
done
device=$(tail -1 "$csv" | cut -d, -f3)
echo "device: $device; rows in $csv"
