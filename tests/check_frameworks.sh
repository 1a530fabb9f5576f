#!/usr/bin/env bash
# Usage: check_frameworks.sh FRAMEWORK_RUNS STEP01_PROGRAM RESULTS_TABLE REPOSITORY_ROOT
# The frameworks' rows (tools/framework_runs.cu runs scripts/frameworks.py), without a GPU:
#   - with no framework importable (python3 -I -S: no site-packages) torch, cupy and jax are
#     each skipped: exit code 77, a reason on stderr, no row;
#   - bad command lines (the harness's, the script's): one line on stderr, exit code 2;
#   - where numpy is installed, numpy.sum as the framework: for every type, a row with the
#     harness's columns, verified, with step01's reference sums (the same inputs; half summed
#     and returned in float, or it fails; bf16 only with ml_dtypes, else skipped); and the
#     harness rejects a wrong framework, FAIL and exit code 1: a sum of 0, a lost element.
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
    "$runs" --n 1000 -- python3 -I -S scripts/frameworks.py "$framework" >"$work/out" 2>"$work/err"
    status=$? && expect 77 "no $framework: skipped"
done
for case in "--n -1 -- true" "--type fp8 -- true" "--frobnicate -- true" "--n 8" "--n 8 --"; do
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
# The exact half sum, -4083, is odd past 2048: a framework that returns half fails (torch.sum).
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
exit "$failures"
