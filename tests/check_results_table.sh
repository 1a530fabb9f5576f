#!/usr/bin/env bash
# Usage: check_results_table.sh RESULTS_TABLE REPOSITORY_ROOT
# The table's arithmetic, in the one tool that computes it (tools/results_table.cpp), on
# fixed CSVs of tests/plots/ (fixture.csv: real rows of an H200 run plus a CUB row and a
# framework row, torch_sum, placed mid-file on purpose): every mode's output must match the
# committed expected_* file byte for byte, from the CSV and from it with its columns reversed
# (columns are found by name); the speedups and --value's numbers must match an independent
# computation; and bad input must get one line on stderr and exit code 2. Needs no gnuplot.
set -u -o pipefail
tool=$1
cd "$2/tests/plots" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# CSV: CSV with its columns in reverse order, in $work/reversed.csv.
reverse() {
    awk -F, '{ line = $NF; for (i = NF - 1; i >= 1; i--) line = line "," $i; print line }' \
        "$1" >"$work/reversed.csv"
}

# EXPECTED CSV ARGUMENTS...: results_table ARGUMENTS on CSV, and on CSV with its columns in
# reverse order, prints the file EXPECTED.
expect() {
    local expected=$1 csv=$2
    shift 2
    reverse "$csv"
    for input in "$csv" "$work/reversed.csv"; do
        "$tool" "$@" "$input" | diff "$expected" - >"$work/diff" &&
            ok "results_table $* $input: $expected" ||
            fail "results_table $* $input differs from $expected: $(cat "$work/diff")"
    done
}
expect expected_table.md fixture.csv --markdown
expect expected_table.txt fixture.csv --text
expect expected_select.csv fixture.csv --select step,gbs --where type=float \
    --where compute_capability!= --where step!=step03_multi_block
expect expected_pivot.md sweep_n.csv --pivot step n '%.0f (%.1f%%)' gbs,percent_of_peak \
    --where 'n<=1048576' --where 'step!=step01_cpu_serial|step02_naive_single_block'

# Independent speedups, the time column found by its header name: step speedup = previous
# step's time / this one's (a reference, any row not named stepNN_, is never the previous
# step); cumulative = first row's / this.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_median_ms") t = i; next }
         NR == 2 { first = $t }
         { reference = $1 !~ /^step[0-9][0-9]_/
           step = (reference || previous == "") ? "" : sprintf("%.2f", previous / $t)
           printf "%s|%s|%.2f\n", $1, step, first / $t
           if (!reference) previous = $t }' fixture.csv | sort >"$work/expected"
awk -F'|' '/^\| (step[0-9]|cub|torch)/ { gsub(/ /, ""); print $2 "|" $7 "|" $8 }' \
    expected_table.md | sort >"$work/actual"
cmp -s "$work/expected" "$work/actual" &&
    ok "speedups agree with an independent computation ($(wc -l <"$work/actual") rows)" ||
    { fail "speedups (expected | table):"; paste -d' ' "$work/expected" "$work/actual"; }

# --value: a row's number at full precision, and the aggregates, as awk reads the column named
# gbs (from the CSV, and with its columns reversed); and from the Markdown table made of the CSV.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gbs") g = i; next }
         { n++; v = $g + 0; if (n == 1 || v < min) min = v; if (n == 1 || v > max) max = v }
         $1 == "step04_divergence" { one = v }
         END { printf "%.17g %.17g %.17g %d %.17g\n", one, min, max, n, sprintf("%.2f", one) }' \
    fixture.csv >"$work/expected"
reverse fixture.csv
for input in fixture.csv "$work/reversed.csv"; do
    echo "$("$tool" --value gbs --where step=step04_divergence "$input")" \
        "$("$tool" --value gbs --aggregate min "$input")" \
        "$("$tool" --value gbs --aggregate max "$input")" \
        "$("$tool" --value gbs --aggregate count --where step!= "$input")" \
        "$("$tool" --value GB/s --where step=step04_divergence expected_table.md)"
done >"$work/actual"
sed p "$work/expected" | cmp -s - "$work/actual" &&
    ok "results_table --value: $(head -1 "$work/actual") (one, min, max, count; the .md table's)" ||
    { fail "results_table --value (expected, CSV, reversed):"; cat "$work/expected" "$work/actual"; }

# Bad input: one line on stderr, exit code 2.
sed '1s/time_median_ms/time_ms/' fixture.csv >"$work/no_time.csv"
head -1 fixture.csv >"$work/no_rows.csv"
echo "# No table here" >"$work/no_table.md"
for case in "--markdown $work/no_time.csv" "--markdown $work/missing.csv" \
            "--text $work/no_rows.csv" "--html fixture.csv" "--text" "--select nope fixture.csv" \
            "--select step --where nope=1 fixture.csv" "--select step --where step fixture.csv" \
            "--select step --where" "--select step,,gbs fixture.csv" \
            "--pivot step n %d gbs sweep_n.csv" "--pivot step n %.1f%.1f gbs sweep_n.csv" \
            "--pivot type n %.1f gbs sweep_n.csv" "--pivot step n %.1f gbs" \
            "--pivot step n %.1f gbs --where n<1 sweep_n.csv" "--value gbs fixture.csv" \
            "--value gbs --where step=nope fixture.csv" \
            "--value gbs --aggregate max --where n<1 fixture.csv" \
            "--value technique --where step=step04_divergence fixture.csv" "--value gbs" \
            "--value gbs --aggregate mean fixture.csv" "--value nope expected_table.md" \
            "--value step $work/no_table.md" "--select gbs --aggregate min fixture.csv"; do
    # shellcheck disable=SC2086  # a case is its words
    "$tool" $case >/dev/null 2>"$work/stderr"
    status=$?
    [ "$status" -eq 2 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] &&
        ok "results_table $case: exit 2, $(cat "$work/stderr")" ||
        fail "results_table $case: exit $status, stderr: $(cat "$work/stderr")"
done
exit "$failures"
