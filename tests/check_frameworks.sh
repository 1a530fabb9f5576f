#!/usr/bin/env bash
# Usage: check_frameworks.sh FRAMEWORK_RUNS STEP01_PROGRAM RESULTS_TABLE REPOSITORY_ROOT
# The frameworks' rows (tools/framework_runs.cu runs scripts/frameworks.py), without a GPU:
#   - with no framework importable (python3 -I -S: no site-packages) torch, cupy and jax are
#     each skipped: exit code 77, a reason on stderr, no row;
#   - bad command lines (the harness's, the script's): one line on stderr, exit code 2;
#   - where numpy is installed, numpy.sum as the framework: for every type, a row with the
#     harness's columns, verified, with step01's reference sums (the same inputs; half summed
#     and returned in float, or it fails; bf16 only with ml_dtypes, else skipped); and the
#     harness rejects a wrong framework, FAIL and exit code 1: a sum of 0, a lost element;
#   - the same with --rows and --cols (Part II: numpy.sum over the last axis, a sum per row,
#     every row checked): every type on shapes with an odd number of columns, R = 0 and C = 0;
#     a 1 x C matrix's random row is step01's input of C elements (the same reference); and
#     a framework that drops each row's last column, or gets one row wrong, is rejected
#     (FAIL, exit code 1); a file of sums one row short, or one file for two runs: exit 3;
#   - the softmax (--operation softmax, step 17's input; numpy's stand-in: a float64 softmax
#     rounded to the type): float and half (bf16 with ml_dtypes, else skipped) on 33 x 1025,
#     7 x 3, 1 x 1, R = 0 and C = 0, every element of every run verified, step 17's bytes;
#     torch missing: skipped; a type the softmax does not take, or no --rows/--cols: exit 2;
#     and a softmax whose last column is 0, or normalised by each column's sum instead of
#     each row's, is rejected (FAIL, exit code 1); an output one element short, one file for
#     two runs, or sums' lines in place of the softmax's: exit 3.
# Without python3, or numpy, the test is skipped (exit code 77) once the rest has passed.
set -u
runs=$1 step01=$2 table=$3
cd "$4" || exit 1
command -v python3 >/dev/null || { echo "SKIPPED: python3 not found"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {  # STATUS WHAT, after a command that wrote $work/out and $work/err
    if [ "$status" -eq "$1" ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" -eq 1 ]; then
        ok "$2: exit $status, $(cat "$work/err")"
    else
        fail "$2: exit $status, stdout: $(cat "$work/out"), stderr: $(cat "$work/err")"
    fi
}

for framework in torch cupy jax; do
    for size in "--n 1000" "--rows 3 --cols 5"; do
        read -ra words <<<"$size"
        "$runs" "${words[@]}" -- python3 -I -S scripts/frameworks.py "$framework" >"$work/out" \
            2>"$work/err"
        status=$? && expect 77 "no $framework ($size): skipped"
    done
done
"$runs" --operation softmax --rows 3 --cols 5 -- python3 -I -S scripts/frameworks.py torch \
    >"$work/out" 2>"$work/err"
status=$? && expect 77 "no torch (softmax): skipped"
"$runs" --operation softmax --rows 3 --cols 5 -- python3 -I -S scripts/frameworks.py triton \
    >"$work/out" 2>"$work/err"
status=$? && expect 77 "no triton (softmax): skipped"
for case in "--n -1 -- true" "--type fp8 -- true" "--frobnicate -- true" "--n 8" "--n 8 --" \
            "--rows 4 -- true" "--cols 4 -- true" "--rows 4 --cols 4 --n 16 -- true" \
            "--rows 2^30 --cols 2^30 -- true" "--rows x --cols 4 -- true" "--rows 4 --cols 4" \
            "--operation softmax -- true" "--operation softmax --n 16 -- true" \
            "--operation max --rows 4 --cols 4 -- true" \
            "--operation softmax --rows 4 --cols 4 --type double -- true" \
            "--operation softmax --rows 4 --cols 4 --type int -- true"; do
    read -ra words <<<"$case"
    "$runs" "${words[@]}" >"$work/out" 2>"$work/err"
    status=$? && expect 2 "framework_runs $case"
done
for case in "tensorflow $work" "torch" "torch $work/none"; do
    read -ra words <<<"$case"
    python3 scripts/frameworks.py "${words[@]}" >"$work/out" 2>"$work/err"
    status=$? && expect 2 "frameworks.py $case"
done

numpy_python=  # python3, or the system's where python3 is another (pyenv, a venv)
for candidate in python3 /usr/bin/python3; do
    "$candidate" -c "import numpy" 2>/dev/null && { numpy_python=$candidate; break; }
done
if [ -z "$numpy_python" ]; then
    [ "$failures" -eq 0 ] || exit "$failures"
    echo "SKIPPED: numpy not installed (Debian/Ubuntu: python3-numpy): no round trip"; exit 77
fi
numpy_sum=("$numpy_python" scripts/frameworks.py numpy)
[ "$("$runs" --csv-header)" = "$("$step01" --csv-header)" ] && ok "the harness's CSV header" ||
    fail "--csv-header differs from step01's"
columns=step,verified,reference,exact_reference
# The exact half sum, -3803.25, is no half (past 2048 halves are 2 apart): a framework that
# returns half fails (torch.sum).
input=(--n 2^20+7 --seed 1)
types=(int int64 float double cfloat cdouble half)
if "$numpy_python" -c "import ml_dtypes" 2>/dev/null; then
    types+=(bf16)
else
    "$runs" --type bf16 --n 1000 -- "${numpy_sum[@]}" >"$work/out" 2>"$work/err"
    status=$? && expect 77 "bf16 without ml_dtypes: skipped"
fi
for type in "${types[@]}"; do
    "$runs" --csv --type "$type" "${input[@]}" --iters 3 -- "${numpy_sum[@]}" >"$work/row.csv"
    status=$?
    got=$({ "$runs" --csv-header; cat "$work/row.csv"; } | "$table" --select "$columns" /dev/stdin)
    want=$({ "$step01" --csv-header; "$step01" --csv --verify-only --type "$type" "${input[@]}"; } |
           "$table" --select "$columns" /dev/stdin | sed 's/^step01_cpu_serial/numpy_sum/')
    [ "$status" -eq 0 ] && [ "$got" = "$want" ] && ok "$type: verified, step01's sums" ||
        fail "$type: exit $status, $got, step01: $want"
done
# Wrong frameworks, each named before its command: a FAIL of the correctness check, exit 1.
for wrong in "a sum of 0|${numpy_sum[*]} \"\$1\" && sed -i 's/^exact .*/exact 0/' \"\$1/result.txt\"" \
             "a lost element|truncate -s -4 \"\$1/exact.bin\" && ${numpy_sum[*]} \"\$1\""; do
    "$runs" --n 1000 -- bash -c "${wrong#*|}" wrong >"$work/out" 2>"$work/err"
    status=$?
    [ "$status" -eq 1 ] && grep -q "FAIL  correctness" "$work/out" && ok "${wrong%%|*}: rejected" ||
        fail "${wrong%%|*}: exit $status, $(cat "$work/out" "$work/err")"
done
"$runs" --n 1000 -- bash -c "${numpy_sum[*]} \"\$1\" && sed -i 's/^times_ms [^ ]*/times_ms/' \"\$1/result.txt\"" \
    short >"$work/out" 2>"$work/err"
status=$? && expect 3 "a time missing from result.txt"

# Part II: a sum per row. Every type on each shape, every row verified on both inputs.
for type in "${types[@]}"; do
    for shape in "33 1025" "7 3" "1 1" "0 5" "3 0"; do
        read -r rows cols <<<"$shape"
        "$runs" --csv --type "$type" --rows "$rows" --cols "$cols" --iters 3 -- "${numpy_sum[@]}" \
            >"$work/row.csv"
        status=$?
        got=$({ "$runs" --csv-header; cat "$work/row.csv"; } |
              "$table" --select step,verified,accurate,exact,exact_runs,rows,cols /dev/stdin |
              sed -n 2p)
        want="numpy_sum_rows,yes,yes,yes,2,$rows,$cols"
        [ "$status" -eq 0 ] && [ "$got" = "$want" ] && ok "$type, $rows x $cols: rows verified" ||
            fail "$type, $rows x $cols: exit $status, $got, expected $want"
    done
done
# One row is Part I's input of as many elements: the same random elements, step01's reference.
got=$({ "$runs" --csv-header; "$runs" --csv --rows 1 --cols 2^20+7 --verify-only -- \
        "${numpy_sum[@]}"; } | "$table" --select reference /dev/stdin)
want=$({ "$step01" --csv-header; "$step01" --csv --verify-only --n 2^20+7; } |
       "$table" --select reference /dev/stdin)
[ "$got" = "$want" ] && ok "1 x 2^20+7: step01's reference" ||
    fail "1 x 2^20+7: $got, step01: $want"
# Wrong frameworks, each COMMAND PYTHON DIR: frameworks.py with its numpy.sum wrapped to drop
# each row's last column; numpy's sums with row 2's exact sum made 0. FAIL, exit code 1.
cat >"$work/drop_last_column.py" <<'EOF'
import sys
sys.path.insert(0, "scripts")
import frameworks  # noqa: E402
right = frameworks.numpy


def drops_last_column(element, rows, softmax=False):
    framework = right(element, rows, softmax)
    row_sum = framework.operation
    framework.operation = lambda x: row_sum(x[..., :-1])
    return framework


frameworks.numpy = drops_last_column
sys.exit(frameworks.main(sys.argv[1:]))
EOF
# shellcheck disable=SC2016  # $1 and $2: bash -c's
drop_last_column='"$1" '"$work"'/drop_last_column.py numpy "$2"'
# shellcheck disable=SC2016
row_of_0='"$1" scripts/frameworks.py numpy "$2" &&
          dd if=/dev/zero of="$2/sums.0.bin" bs=4 seek=2 count=1 conv=notrunc status=none'
for wrong in "the last column dropped|7 of 7|$drop_last_column" "row 2 of 0|1 of 7|$row_of_0"; do
    what=${wrong%%|*} rest=${wrong#*|}
    rows_wrong=${rest%%|*} command=${rest#*|}
    for type in float half; do
        "$runs" --type "$type" --rows 7 --cols 33 --iters 3 -- bash -c "$command" wrong \
            "$numpy_python" >"$work/out" 2>"$work/err"
        status=$?
        [ "$status" -eq 1 ] && grep -q "FAIL  correctness" "$work/out" &&
            grep -q "$rows_wrong rows wrong" "$work/out" && ok "$what, $type: rejected" ||
            fail "$what, $type: exit $status, $(cat "$work/out" "$work/err")"
    done
done
"$runs" --rows 7 --cols 33 --iters 3 -- "$numpy_python" "$work/drop_last_column.py" numpy \
    >"$work/out"
grep -q "> tolerance .* (7 of 7 rows outside, first: row 0)" "$work/out" &&
    ok "the last column dropped: outside the tolerance too" ||
    fail "the last column dropped: within the tolerance: $(cat "$work/out")"
# Sums the harness cannot take: exit code 3, one line.
for wrong in "a row short|truncate -s -4 \"\$1/sums.1.bin\"" \
             "one file for two runs|sed -i 's/^exact sums.0/exact sums.1/' \"\$1/result.txt\""; do
    "$runs" --rows 7 --cols 33 --iters 3 -- bash -c "${numpy_sum[*]} \"\$1\" && ${wrong#*|}" \
        wrong >"$work/out" 2>"$work/err"
    status=$? && expect 3 "${wrong%%|*}"
done

# The softmax: step 17's input, every element of every checked run (the first, the last timed,
# one after) within its tolerance; bytes as step 17 counts them: read once, written once.
softmax_types=(float half)
if "$numpy_python" -c "import ml_dtypes" 2>/dev/null; then
    softmax_types+=(bf16)
else
    "$runs" --operation softmax --type bf16 --rows 3 --cols 5 -- "${numpy_sum[@]}" >"$work/out" \
        2>"$work/err"
    status=$? && expect 77 "softmax, bf16 without ml_dtypes: skipped"
fi
declare -A element_bytes=([float]=4 [half]=2 [bf16]=2)
for type in "${softmax_types[@]}"; do
    for shape in "33 1025" "7 3" "1 1" "0 5" "3 0"; do
        read -r rows cols <<<"$shape"
        "$runs" --csv --operation softmax --type "$type" --rows "$rows" --cols "$cols" --iters 3 \
            -- "${numpy_sum[@]}" >"$work/row.csv"
        status=$?
        got=$({ "$runs" --csv-header; cat "$work/row.csv"; } |
              "$table" --select step,verified,accurate,exact,exact_runs,n,bytes,rows,cols \
                  /dev/stdin | sed -n 2p)
        elements=$((rows * cols))
        bytes=$((2 * elements * element_bytes[$type]))
        want="numpy_softmax,yes,yes,yes,3,$elements,$bytes,$rows,$cols"
        [ "$status" -eq 0 ] && [ "$got" = "$want" ] &&
            ok "softmax, $type, $rows x $cols: verified" ||
            fail "softmax, $type, $rows x $cols: exit $status, $got, expected $want"
    done
done
"$runs" --operation softmax --rows 7 --cols 3 --verify-only -- "${numpy_sum[@]}" >"$work/out"
status=$?
[ "$status" -eq 0 ] && grep -q "PASS  every element of every row (21) .* every one of 2 runs" \
    "$work/out" && ok "softmax, --verify-only: 2 runs checked" ||
    fail "softmax, --verify-only: exit $status, $(cat "$work/out")"
# Wrong softmaxes, each WRONG_SOFTMAX.PY FAULT numpy DIR: frameworks.py with its numpy softmax
# replaced. Both are wrong in exact arithmetic, not only in rounding. FAIL, exit code 1.
cat >"$work/wrong_softmax.py" <<'EOF'
import sys
sys.path.insert(0, "scripts")
import frameworks  # noqa: E402
import numpy  # noqa: E402
right = frameworks.numpy_softmax


def last_column_zero(x):  # a kernel that never writes each row's last element
    y = right(x)
    y[..., -1] = 0
    return y


def column_sums(x):  # normalised by the sum over the wrong axis: each column's, not each row's
    wide = x.astype(numpy.float64)
    terms = numpy.exp(wide - wide.max(axis=-1, keepdims=True))
    return (terms / terms.sum(axis=0, keepdims=True)).astype(x.dtype)


frameworks.numpy_softmax = {"last_column_zero": last_column_zero,
                            "column_sums": column_sums}[sys.argv[1]]
sys.exit(frameworks.main(sys.argv[2:]))
EOF
for wrong in "the last column 0|last_column_zero|7 outside|row 0, column 32" \
             "the sum over each column|column_sums|[0-9]* outside|row 0, column 0"; do
    IFS='|' read -r what fault outside first <<<"$wrong"
    for type in float half; do
        "$runs" --operation softmax --type "$type" --rows 7 --cols 33 --iters 3 -- \
            "$numpy_python" "$work/wrong_softmax.py" "$fault" numpy >"$work/out" 2>"$work/err"
        status=$?
        [ "$status" -eq 1 ] &&
            grep -q "FAIL  every element of every row (231) .*: $outside in the first of 3 wrong" \
                "$work/out" &&
            grep -q "first wrong: $first:" "$work/out" && ok "softmax, $what, $type: rejected" ||
            fail "softmax, $what, $type: exit $status, $(cat "$work/out" "$work/err")"
    done
done
# Outputs the harness cannot take: exit code 3, one line.
for wrong in "an output one element short|truncate -s -4 \"\$1/softmax.1.bin\"" \
             "one output file for two runs|sed -i 's/^softmax softmax.0/softmax softmax.1/' \"\$1/result.txt\"" \
             "the sums' lines|sed -i 's/^softmax /exact /' \"\$1/result.txt\""; do
    "$runs" --operation softmax --rows 7 --cols 33 --iters 3 -- \
        bash -c "${numpy_sum[*]} \"\$1\" && ${wrong#*|}" wrong >"$work/out" 2>"$work/err"
    status=$? && expect 3 "softmax, ${wrong%%|*}"
done
exit "$failures"
