#!/usr/bin/env bash
# Usage: check_page_numbers_selftest.sh RESULTS_TABLE REPOSITORY_ROOT
# The check of the pages' numbers (check_page_numbers.sh) can fail: in a scratch repository (a
# results CSV, a counter table in Markdown whose names hold spaces and commas, and pages that tie
# numbers to both), a correct tie passes, and so do a ratio, a gain in percent, a min-max range,
# a median, a count, a negative number and a table cell; a mistyped number fails, so does every
# tie on a number of a CSV changed under the page, and so does a number one digit beyond its
# rounding; a missing file, row or column, two rows where one is wanted, a cell that is not a
# number and a malformed tie each fail with the reason; a log's lines and numbers are read by
# regular expression, and a mistyped or changed one fails, as do a missing line, number or log;
# a page without ties passes. Then the
# example ties of tests/plots/page_numbers_step14.md (docs/step14_rows_block.md's numbers) must
# agree with the repository's committed files.
set -u -o pipefail
tool=$1
root=$2
check=$root/tests/check_page_numbers.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# CASE STATUS PAGE TEXT...: check_page_numbers.sh on PAGE of the scratch repository exits with
# STATUS, and its output holds every TEXT (a fixed string each).
expect() {
    local case=$1 status=$2 page=$3 text actual
    shift 3
    "$check" "$tool" "$work" "$page" >"$work/output" 2>&1
    actual=$?
    [ "$actual" -eq "$status" ] ||
        { fail "$case ($page): exit $actual, not $status:"; cat "$work/output"; return; }
    for text in "$@"; do
        grep -qF -- "$text" "$work/output" ||
            { fail "$case ($page): no line holds '$text':"; cat "$work/output"; return; }
    done
    ok "$case ($page): exit $status; $(tail -1 "$work/output")"
}

mkdir -p "$work/results"
cat >"$work/results/rows.csv" <<'EOF'
step,type,cols,gbs,percent_of_peak
step14_rows_block,float,32,146.22,3.04
step14_rows_block,float,2048,4596.85,95.48
step14_rows_block,float,4096,4594.10,95.43
step14_rows_block,float,262144,4462.64,92.70
cub_rows_reference,float,2048,2667.53,55.41
cub_rows_reference,float,262144,4341.95,90.19
step14_rows_block,bf16,32,76.20,1.58
EOF
cat >"$work/results/counters.md" <<'EOF'
Counters of one launch (the table below is the one read).

| metric | launch 1 | launch 2 |
|---|--:|--:|
| kernel, grid | `rowsKernel<256, float>` (8388608, 1, 1) | `other` (1, 1, 1) |
| smsp__inst_executed.sum | 2642088 | 549 |
| dram__throughput.avg.pct_of_peak_sustained_elapsed | 80.55 | 0.32 |
EOF
csv="results/rows.csv; gbs"
step14="$csv; step=step14_rows_block; type=float"
cub="$csv; step=cub_rows_reference; type=float"
cat >"$work/good.md" <<EOF
# A page whose numbers are tied to their files

Step 14 reaches 4,597 GB/s<!-- = {$step14; cols=2048} --> at 2048 columns, 1.7×<!-- = {$step14; cols=2048} / {$cub; cols=2048} --> CUB,
and at 2^18 it is 2.8 %<!-- = ({$step14; cols=262144} / {$cub; cols=262144} - 1) * 100 --> ahead.
From 2048 columns up it holds 92.7<!-- = min{results/rows.csv; percent_of_peak; step=step14_rows_block; type=float; cols>=2048} -->–95.5 %<!-- = max{results/rows.csv; percent_of_peak; step=step14_rows_block; type=float; cols>=2048} --> of peak,
a median of 4594 GB/s<!-- = median{$step14; cols>=2048} --> over 3<!-- = count{$step14; cols>=2048} --> lengths.
CUB's bandwidth differs by −42.0 %<!-- = ({$cub; cols=2048} / {$step14; cols=2048} - 1) * 100 --> from step 14's there.
Launch 1 executes 2,642,088<!-- = {results/counters.md; launch 1; metric=smsp__inst_executed.sum} --> instructions,
the DRAM at 80.6 %<!-- = { results/counters.md ; launch 1 ; metric=dram__throughput.avg.pct_of_peak_sustained_elapsed ; } -->, 5.5e-04<!-- = {results/counters.md; launch 2; metric=smsp__inst_executed.sum} / 1000000 --> million in launch 2.

| cols | GB/s |
|--:|--:|
| 32 | **146**<!-- = {$step14; cols=32} --> |

One of several values: 146<!-- = {$csv; step=step14_rows_block|cub_rows_reference; type=float|double; cols=32} -->.

Examples of the syntax are not ties: \`4597<!-- = {results/nope.csv; x} -->\`, nor is this:

\`\`\`
7<!-- = {results/nope.csv; x} -->
\`\`\`
EOF
expect "correct ties pass" 0 good.md "13 tie(s) checked on 1 of 1 page(s)" \
    "ok: good.md:3: 4,597 = 4596.85" "ok: good.md:3: 1.7 = 1.723260844" \
    "ok: good.md:4: 2.8 = 2.779626665" \
    "ok: good.md:5: 92.7 = 92.7" "ok: good.md:5: 95.5 = 95.48" "ok: good.md:6: 4594 = 4594.1" \
    "ok: good.md:6: 3 = 3" "ok: good.md:7: −42.0 = -41.97047979" \
    "ok: good.md:8: 2,642,088 = 2642088" "ok: good.md:9: 80.6 = 80.55" \
    "ok: good.md:9: 5.5e-04 = 0.000549" "ok: good.md:13: 146 = 146.22" \
    "ok: good.md:15: 146 = 146.22"

sed 's/4,597 GB/4,579 GB/' "$work/good.md" >"$work/mistyped.md"
expect "a mistyped number fails" 1 mistyped.md \
    "FAIL: mistyped.md:3: printed 4,579, file gives 4596.85 ({$step14; cols=2048})" \
    "1 problem(s); 13 tie(s) checked on 1 of 1 page(s)"

cp "$work/results/rows.csv" "$work/rows.csv.committed"
sed -i 's/,2048,4596.85,/,2048,4196.85,/' "$work/results/rows.csv"
expect "a CSV changed under the page fails" 1 good.md \
    "FAIL: good.md:3: printed 4,597, file gives 4196.85" \
    "FAIL: good.md:3: printed 1.7, file gives 1.573309391" \
    "FAIL: good.md:6: printed 4594, file gives 4462.64" \
    "FAIL: good.md:7: printed −42.0, file gives -36.43971074" "4 problem(s); 13 tie(s) checked"
# Columns are found by name: the CSV with its columns in reverse order gives the same numbers.
awk -F, '{ line = $NF; for (i = NF - 1; i >= 1; i--) line = line "," $i; print line }' \
    "$work/rows.csv.committed" >"$work/results/rows.csv"
expect "columns in another order pass" 0 good.md "13 tie(s) checked on 1 of 1 page(s)"
cp "$work/rows.csv.committed" "$work/results/rows.csv"

# Half a unit of the last printed digit: 146.22 is 146, 146.2 and 146.22, not 147, 146.3, 146.23.
cat >"$work/rounding.md" <<EOF
146<!-- = {$step14; cols=32} --> 147<!-- = {$step14; cols=32} -->
146.2<!-- = {$step14; cols=32} --> 146.3<!-- = {$step14; cols=32} -->
146.22<!-- = {$step14; cols=32} --> 146.23<!-- = {$step14; cols=32} -->
EOF
expect "half a unit of the last digit" 1 rounding.md \
    "ok: rounding.md:1: 146 = 146.22" "FAIL: rounding.md:1: printed 147," \
    "ok: rounding.md:2: 146.2 = 146.22" "FAIL: rounding.md:2: printed 146.3," \
    "ok: rounding.md:3: 146.22 = 146.22" "FAIL: rounding.md:3: printed 146.23," "3 problem(s)"

cat >"$work/broken.md" <<EOF
A missing row: 146<!-- = {$step14; cols=33} -->
Two rows: 146<!-- = {$csv; step=step14_rows_block; cols=32} -->
A missing column: 146<!-- = {results/rows.csv; gbps; step=step14_rows_block; type=float; cols=32} -->
A missing file: 146<!-- = {results/nope.csv; gbs} -->
Not a number: 8388608<!-- = {results/counters.md; launch 1; metric=kernel, grid} -->
No number before the tie<!-- = {$step14; cols=32} -->
A term without its column: 146<!-- = {results/rows.csv} -->
An unknown aggregate: 146<!-- = mean{$step14; cols=32} -->
Bad arithmetic: 146<!-- = {$step14; cols=32} * -->
A division by 0: 146<!-- = {$step14; cols=32} / (1 - 1) -->
A brace too many: 146<!-- = {$step14; cols=32}} -->
An empty tie: 146<!-- = -->
The tie far from its number: 146 GB/s, which is plenty<!-- = {$step14; cols=32} -->
A power: 2^18<!-- = {$step14; cols=262144} -->
A tie without its end: 146<!-- = {$step14; cols=32}
| 146<!-- = {$csv; step=step14_rows_block|cub_rows_reference; type=float; cols=32} --> | in a table |
EOF
expect "missing files, rows, columns, two rows, malformed ties fail with the reason" 1 broken.md \
    "FAIL: broken.md:1: results/rows.csv: no row where step=step14_rows_block and type=float and" \
    "FAIL: broken.md:2: results/rows.csv: 2 rows where step=step14_rows_block and cols=32, one" \
    "FAIL: broken.md:3: results/rows.csv has no column 'gbps'" \
    "FAIL: broken.md:4: cannot read results/nope.csv" \
    "FAIL: broken.md:5: results/counters.md: column 'launch 1' where metric=kernel, grid holds" \
    "FAIL: broken.md:6: no number before the tie" \
    "FAIL: broken.md:7: {results/rows.csv}: a term is {FILE; COLUMN; CONDITION...}" \
    "FAIL: broken.md:8: cannot read \"mean(146.22)\"" \
    "FAIL: broken.md:9: the expression ends early" \
    "FAIL: broken.md:10: a division by 0" \
    "FAIL: broken.md:11: a { or } outside a term" \
    "FAIL: broken.md:12: the tie holds no expression" \
    "FAIL: broken.md:13: the tie is not right after its number 146" \
    "FAIL: broken.md:14: the number before the tie is a power (^18)" \
    "FAIL: broken.md:15: the tie does not end (-->) on its line" \
    "FAIL: broken.md:16: a | in a table row splits its cell" \
    "16 problem(s); 16 tie(s) checked on 1 of 1 page(s)"

# A log, read by lines: a count of matching lines, the K-th number on the first matching line.
cp "$root/tests/plots/page_numbers_mutant_log.txt" "$work/results/mutant.txt"  # a committed log
log=results/mutant.txt
cat >"$work/log.md" <<EOF
Rejected in 2<!-- = lines{$log; ^ok: rejected} --> of 3<!-- = lines{$log; ^(ok|FAIL):} --> runs; half's exact sum 842.75<!-- = number{$log; half, n; 4} -->,
off by 2.0<!-- = number{$log; half; 4} - number{$log; half; 3} --> at n = 2^12, with 2<!-- = number{$log; ^ok: rejected: half} --> the first number of its line,
an error of −1.5e-3<!-- = number{$log; half; 5} -->; 1<!-- = lines{$log; passed} --> passed, and 0<!-- = lines{$log; double} --> in double;
the second rejection's first sum 840.75<!-- = number{$log; ^ok: rejected; 3; 2} -->.
EOF
expect "a log's lines and numbers pass" 0 log.md "9 tie(s) checked on 1 of 1 page(s)" \
    "ok: log.md:1: 2 = 2" "ok: log.md:1: 3 = 3" "ok: log.md:1: 842.75 = 842.75" \
    "ok: log.md:2: 2.0 = 2" "ok: log.md:3: −1.5e-3 = -0.0015" "ok: log.md:3: 0 = 0" \
    "ok: log.md:4: 840.75 = 840.75"
sed 's/in 2<!--/in 3<!--/' "$work/log.md" >"$work/log_mistyped.md"
expect "a mistyped count of a log fails" 1 log_mistyped.md \
    "FAIL: log_mistyped.md:1: printed 3, file gives 2"
sed -i 's/sum 842.75,/sum 843.75,/' "$work/results/mutant.txt"
expect "a log changed under the page fails" 1 log.md \
    "FAIL: log.md:1: printed 842.75, file gives 843.75" "FAIL: log.md:2: printed 2.0, file gives 3"
cat >"$work/log_broken.md" <<EOF
No such line: 5<!-- = number{$log; double} -->
No third such line: 5<!-- = number{$log; ^ok; 1; 3} -->
Too few numbers: 5<!-- = number{$log; ^FAIL; 3} -->
No such log: 5<!-- = lines{results/nope.txt; x} -->
K not a count: 5<!-- = number{$log; half; 0} -->
A bad regex: 5<!-- = lines{$log; (} -->
EOF
expect "a log's missing line, number, file, a bad K or regex fail with the reason" 1 \
    log_broken.md "FAIL: log_broken.md:1: number{$log; double}: no line 1 of $log matches double" \
    "FAIL: log_broken.md:2: number{$log; ^ok; 1; 3}: no line 3 of $log matches ^ok" \
    "FAIL: log_broken.md:3: number{$log; ^FAIL; 3}: the line holds fewer than 3 numbers" \
    "FAIL: log_broken.md:4: lines{results/nope.txt; x}: no file results/nope.txt" \
    "FAIL: log_broken.md:5: number{$log; half; 0}: K is a count from 1, not 0" \
    "FAIL: log_broken.md:6: lines{$log; (}: grep cannot read REGEX (" "6 problem(s)"

printf '# No ties\n\n146 GB/s, and a comment that is no tie<!-- BEGIN generated -->.\n' >"$work/none.md"
expect "a page without ties passes" 0 none.md \
    "check_page_numbers: 0 tie(s) checked on 0 of 1 page(s)"
expect "a missing page fails" 1 missing.md "FAIL: no page missing.md"

# docs/step14_rows_block.md's numbers, tied to the repository's committed files.
"$check" "$tool" "$root" tests/plots/page_numbers_step14.md >"$work/output" 2>&1 &&
    ok "tests/plots/page_numbers_step14.md: $(tail -1 "$work/output")" ||
    { fail "tests/plots/page_numbers_step14.md:"; cat "$work/output"; }
exit "$failures"
