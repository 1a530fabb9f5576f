#!/usr/bin/env bash
# Usage: check_results_table.sh RESULTS_TABLE REPOSITORY_ROOT
# The table's arithmetic, in the one tool that computes it (tools/results_table.cpp), on a
# fixed CSV (tests/plots/fixture.csv: real rows of an H200 run plus a CUB row and a
# framework row, torch_sum, placed mid-file on purpose): the Markdown and text tables must
# match the committed ones byte for byte, the speedups an independent computation, a CSV
# with its columns in another order the same table, and bad input one line on stderr and
# exit code 2. Needs no gnuplot.
set -u
tool=$1
cd "$2" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixture=tests/plots/fixture.csv
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$tool" --markdown "$fixture" >"$work/table.md" || fail "--markdown exited $?"
cmp -s "$work/table.md" tests/plots/expected_table.md && ok "Markdown table as committed" ||
    { fail "Markdown table differs:"; diff tests/plots/expected_table.md "$work/table.md"; }
"$tool" --text "$fixture" >"$work/table.txt" || fail "--text exited $?"
cmp -s "$work/table.txt" tests/plots/expected_table.txt && ok "text table as committed" ||
    { fail "text table differs:"; diff tests/plots/expected_table.txt "$work/table.txt"; }

# Independent speedups, the time column found by its header name: step speedup = previous
# step's time / this one's (a reference, any row not named stepNN_, is never the previous
# step); cumulative = first row's / this.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_median_ms") t = i; next }
         NR == 2 { first = $t }
         { reference = $1 !~ /^step[0-9][0-9]_/
           step = (reference || previous == "") ? "" : sprintf("%.2f", previous / $t)
           printf "%s|%s|%.2f\n", $1, step, first / $t
           if (!reference) previous = $t }' "$fixture" | sort >"$work/expected"
awk -F'|' '/^\| (step[0-9]|cub|torch|cupy|jax)/ { gsub(/ /, "", $2); gsub(/ /, "", $7); gsub(/ /, "", $8)
                                    print $2 "|" $7 "|" $8 }' "$work/table.md" | sort >"$work/actual"
cmp -s "$work/expected" "$work/actual" &&
    ok "speedups agree with an independent computation ($(wc -l <"$work/actual") rows)" ||
    { fail "speedups (expected | table):"; paste -d' ' "$work/expected" "$work/actual"; }

# The text table lines up: the technique column starts, and each number column ends, at the
# same place in every row as in the header line.
awk 'NR == 3 { header = $0
               start = index(header, "technique")
               n = split("time (ms)|GB/s|% peak|step x|total x", names, "|")
               for (i = 1; i <= n; i++) end[i] = index(header, names[i]) + length(names[i]) - 1 }
     NR > 3 && $0 == "" { done = 1 }
     NR > 3 && !done {
         if (substr($0, start - 1, 1) != " " || substr($0, start, 1) == " ") bad = 1
         for (i = 1; i <= n; i++) {
             cell_end = substr($0, end[i], 1); after = substr($0, end[i] + 1, 1)
             if (cell_end !~ /[0-9 ]/ || after !~ /^ ?$/) bad = 1
             # A cell that ends in a space must be empty (a number shifted left is not).
             width = length(names[i])
             if (cell_end == " " && substr($0, end[i] - width + 1, width) !~ /^ *$/) bad = 1
         }
         if (length($0) != length(header)) bad = 1  # the last column is always filled
     } END { exit bad }' "$work/table.txt" && ok "text columns line up" || fail "text columns do not line up"

# Columns in another order (reversed): the same table.
awk -F, '{ line = $NF; for (i = NF - 1; i >= 1; i--) line = line "," $i; print line }' "$fixture" \
    >"$work/reversed.csv"
"$tool" --markdown "$work/reversed.csv" | cmp -s - tests/plots/expected_table.md &&
    ok "columns found by name: a reversed CSV gives the same table" || fail "reversed CSV differs"

# --select: columns and rows by name, whatever the order of the columns. Every float row of
# the fixture but step01's, its step and GB/s, the same from the reversed CSV, and the same
# as an independent reader (awk, by header name) finds.
"$tool" --select step,gbs --where type=float --where step!=step01_cpu_serial "$fixture" >"$work/selected.csv"
"$tool" --select step,gbs --where type=float --where step!=step01_cpu_serial "$work/reversed.csv" |
    cmp -s - "$work/selected.csv" && ok "--select: a reversed CSV gives the same selection" ||
    fail "--select: the reversed CSV gives another selection"
expected=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                    $c["type"] == "float" && $c["step"] != "step01_cpu_serial" { print $c["step"] "," $c["gbs"] }' "$fixture")
[ "$(head -1 "$work/selected.csv")" = "step,gbs" ] && [ "$(tail -n +2 "$work/selected.csv")" = "$expected" ] &&
    [ -n "$expected" ] && ok "--select: header, then the rows that meet every --where" ||
    fail "--select gave: $(cat "$work/selected.csv"), expected: $expected"
# An empty value: the GPU rows (compute_capability not empty), all rows but step01's.
gpu_rows=$("$tool" --select step --where compute_capability!= "$fixture" | tail -n +2 | wc -l)
[ "$gpu_rows" -eq $(($(tail -n +2 "$fixture" | wc -l) - 1)) ] && ok "--where NAME!= : the rows where NAME is not empty" ||
    fail "--where compute_capability!= gave $gpu_rows rows"

# --pivot: a line per step, a column per n, the format's numbers in the cells; the rows chosen
# by a set of values and a numeric bound. The same from the reversed CSV, and the same as an
# independent reader (awk, by header name) builds the table.
sweep=tests/plots/sweep_n.csv
awk -F, '{ line = $NF; for (i = NF - 1; i >= 1; i--) line = line "," $i; print line }' "$sweep" >"$work/sweep_reversed.csv"
pivot=(--pivot step n '%.0f (%.1f%%)' 'gbs,percent_of_peak' --where 'n<=1048576' --where 'step!=step01_cpu_serial|step02_naive_single_block')
"$tool" "${pivot[@]}" "$sweep" >"$work/pivot.md" || fail "--pivot exited $?"
"$tool" "${pivot[@]}" "$work/sweep_reversed.csv" | cmp -s - "$work/pivot.md" &&
    ok "--pivot: a reversed CSV gives the same table" || fail "--pivot: the reversed CSV gives another table"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
         $c["n"] <= 1048576 && $c["step"] != "step01_cpu_serial" && $c["step"] != "step02_naive_single_block" {
             s = $c["step"]; n = $c["n"]
             if (!(s in isStep)) { isStep[s] = 1; steps[++rows] = s }
             if (!(n in isN)) { isN[n] = 1; sizes[++columns] = n }
             cell[s, n] = sprintf("%.0f (%.1f%%)", $c["gbs"], $c["percent_of_peak"]) }
         END { printf "| step |"; for (j = 1; j <= columns; j++) printf " 2^%d |", log(sizes[j]) / log(2) + 0.5
               printf "\n|---|"; for (j = 1; j <= columns; j++) printf "--:|"; print ""
               for (r = 1; r <= rows; r++) { printf "| %s |", steps[r]
                   for (j = 1; j <= columns; j++) printf " %s |", cell[steps[r], sizes[j]]; print "" } }' \
    "$sweep" >"$work/pivot_expected.md"
[ "$(wc -l <"$work/pivot.md")" -gt 3 ] && cmp -s "$work/pivot.md" "$work/pivot_expected.md" &&
    ok "--pivot: the table an independent reader builds ($(($(wc -l <"$work/pivot.md") - 2)) lines)" ||
    { fail "--pivot (expected, then the table):"; diff "$work/pivot_expected.md" "$work/pivot.md"; }

# Bad input: one line on stderr, exit code 2.
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_median_ms") t = i }
                  { $t = ""; sub(",,", ","); print }' "$fixture" >"$work/no_time.csv"
head -1 "$work/no_time.csv" | grep -q time_median_ms && fail "no_time.csv still has time_median_ms"
head -1 "$fixture" >"$work/no_rows.csv"
for case in "--markdown $work/no_time.csv" "--markdown $work/missing.csv" \
            "--text $work/no_rows.csv" "--html $fixture" "--text" "--select nope $fixture" \
            "--select step --where nope=1 $fixture" "--select step --where step $fixture" \
            "--select step --where" "--select step,,gbs $fixture" "--pivot step n %d gbs $sweep" \
            "--pivot step n %.1f%.1f gbs $sweep" "--pivot type n %.1f gbs $sweep" \
            "--pivot step n %.1f gbs --where n<1 $sweep" "--pivot step n %.1f gbs"; do
    # shellcheck disable=SC2086  # a case is its words
    "$tool" $case >/dev/null 2>"$work/stderr"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ]; then
        ok "results_table $case: exit 2, $(cat "$work/stderr")"
    else
        fail "results_table $case: exit $status, stderr: $(cat "$work/stderr")"
    fi
done
exit "$failures"
