#!/usr/bin/env bash
# Step 06's exercise 3: memcheck on step 06 with its second load unguarded, at 2^20 and
# 2^20+7: the first three reports, which allocation each printed report missed, and the end
# of the log; then step 06 and the copy without the sanitizer, judged by the harness (the
# exact input, bit for bit; the random input, whose sum must be step 06's, bit for bit)
# (step06_memcheck_unguarded.txt).
#   experiments/step06_unguarded_load/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
copy=$(bin step06_unguarded_second_load)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for n in 2^20 2^20+7; do
    show compute-sanitizer --tool memcheck --padding 64 "$copy" --n $n --verify-only >"$log"
    head -1 "$log"
    grep -m 3 -A 5 'Invalid __global__' "$log" || true
    echo "reads past the end, by the allocation they missed:"
    grep -o 'nearest allocation at 0x[0-9a-f]* of size [0-9,]* bytes' "$log" |
        sed 's/at 0x[0-9a-f]* //' | sort | uniq -c || true
    grep -v '^=========  ' "$log" | grep -E 'correctness:|accuracy:|error|ERROR SUMMARY|exit code' |
        tail -7 || true
    show "$(bin step06_first_add)" --n $n --verify-only
    show "$copy" --n $n --verify-only
done >"$out/step06_memcheck_unguarded.txt"
