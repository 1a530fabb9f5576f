#!/usr/bin/env bash
# Usage: check_frameworks.sh STEP01_PROGRAM REPOSITORY_ROOT
# scripts/frameworks.py (torch.sum, cupy.sum, jnp.sum in the harness's way), without a GPU:
#   - with no framework importable (python3 -I -S: no site-packages, so none is, even where
#     they are installed) it skips all three, one line each on stderr, prints no row, exit 0;
#   - bad input gets one line on stderr and exit code 2, --help works, and --csv-header is
#     the harness's header, byte for byte;
#   - where numpy is installed: the script's inputs are the steps' inputs, both of them: the
#     random input's reference sum and the exact input's exact sum are step01's (the columns
#     reference and exact_reference of its --csv row, found by name in its header), for every
#     type, including exact inputs whose sum is 0 until element 0 is negated; without numpy
#     the test reports itself skipped (exit code 77) once the other checks have passed.
# Without python3 the test is skipped (exit code 77).
set -u
step01=$1
cd "$2" || exit 1
command -v python3 >/dev/null || { echo "SKIPPED: python3 not found"; exit 77; }
script=scripts/frameworks.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

python3 -I -S "$script" --n 1024 >"$work/out" 2>"$work/err"
status=$?
expected="frameworks: torch not installed: skipped
frameworks: cupy not installed: skipped
frameworks: jax not installed: skipped"
if [ "$status" -eq 0 ] && [ ! -s "$work/out" ] && [ "$(cat "$work/err")" = "$expected" ]; then
    ok "no framework: three skips with their reason, no row, exit 0"
else
    fail "no framework: exit $status, stdout: $(cat "$work/out"), stderr: $(cat "$work/err")"
fi

for case in "--n -1" "--n abc" "--n 2^64" "--n=" "--block 48" "--type half" "--iters 0" \
            "--warmup" "--seed x" "--frameworks tensorflow" "--frobnicate"; do
    python3 -I -S "$script" $case >"$work/out" 2>"$work/err"
    status=$?
    if [ "$status" -eq 2 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" -eq 1 ]; then
        ok "$case: exit 2, $(cat "$work/err")"
    else
        fail "$case: exit $status, stdout: $(cat "$work/out"), stderr: $(cat "$work/err")"
    fi
done
python3 -I -S "$script" --help | grep -q -- "--verify-only" && ok "--help documents the options" ||
    fail "--help"
[ "$(python3 -I -S "$script" --csv-header)" = "$("$step01" --csv-header)" ] &&
    ok "--csv-header is the harness's" || fail "--csv-header differs from $step01 --csv-header"

# The same inputs as the steps: the reference sum of the script's random input, and the exact
# sum of its exact input, against step01's (which sums the harness's inputs), for every type,
# at sizes that are not powers of two. The columns are found by name in the harness's header.
field_of() {  # the field number of column $1 in step01's CSV header (empty if it has none)
    "$step01" --csv-header | tr ',' '\n' | grep -nx -- "$1" | cut -d: -f1
}
reference_field=$(field_of reference)
exact_field=$(field_of exact_reference)
[ -n "$reference_field" ] && [ -n "$exact_field" ] ||
    fail "step01's CSV header has no column reference or exact_reference: $("$step01" --csv-header)"
# The Python with numpy: python3, or the system's /usr/bin/python3 where python3 is another
# one (pyenv, a venv) and numpy came as the Debian package python3-numpy.
numpy_python=
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c "import numpy" 2>/dev/null; then numpy_python=$candidate; break; fi
done
if [ -n "$numpy_python" ] && [ -n "$reference_field" ] && [ -n "$exact_field" ]; then
    # TYPE N SEED, then which sums to compare. "int 2 4", "double 100 1", "cfloat 4 13" (its
    # real part only) and "cdouble 2 4": exact inputs whose sum is 0 until element 0 is negated
    # (data.cuh's negateFirst).
    for case in "int 1000 42 both" "int64 4194305 7 both" "float 4194311 42 both" \
                "double 100003 1 both" "cfloat 1000 3 both" \
                "cdouble 5000 18446744073709551615 both" "float 1 5 exact" "int 2 4 exact" \
                "double 100 1 exact" "cfloat 4 13 exact" "cdouble 2 4 exact"; do
        set -- $case
        row=$("$step01" --csv --verify-only --type "$1" --n "$2" --seed "$3")
        if [ "$4" = both ]; then
            ours=$("$numpy_python" "$script" --reference-only --type "$1" --n "$2" --seed "$3")
            harness=$(echo "$row" | cut -d, -f"$reference_field")
            if [ -n "$ours" ] && [ "$ours" = "$harness" ]; then
                ok "random input of $1 $2 $3: reference $ours, as step01's"
            else
                fail "random input of $1 $2 $3: reference '$ours', step01's '$harness'"
            fi
        fi
        ours=$("$numpy_python" "$script" --exact-reference-only --type "$1" --n "$2" --seed "$3")
        harness=$(echo "$row" | cut -d, -f"$exact_field")
        if [ -n "$ours" ] && [ "$ours" = "$harness" ]; then
            ok "exact input of $1 $2 $3: exact sum $ours, as step01's"
        else
            fail "exact input of $1 $2 $3: exact sum '$ours', step01's '$harness'"
        fi
    done
else
    [ "$failures" -eq 0 ] || exit "$failures"
    echo "SKIPPED: numpy not installed (Debian/Ubuntu: python3-numpy), so the inputs were not compared with the harness's"
    exit 77
fi
exit "$failures"
