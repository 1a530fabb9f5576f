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

# Bad input: one line on stderr, exit code 2.
cut -d, -f1-17,19- "$fixture" >"$work/no_time.csv"
head -1 "$fixture" >"$work/no_rows.csv"
for case in "--markdown $work/no_time.csv" "--markdown $work/missing.csv" \
            "--text $work/no_rows.csv" "--html $fixture" "--text"; do
    "$tool" $case >/dev/null 2>"$work/stderr"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ]; then
        ok "results_table $case: exit 2, $(cat "$work/stderr")"
    else
        fail "results_table $case: exit $status, stderr: $(cat "$work/stderr")"
    fi
done
exit "$failures"
