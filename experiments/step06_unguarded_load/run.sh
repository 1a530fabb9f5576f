#!/usr/bin/env bash
# memcheck on step 06 with its second load unguarded at 2^20 and 2^20+7, summarized; then step 06
# and the copy without the sanitizer (step06_memcheck_unguarded.txt).
source "$(dirname "$0")/../driver.sh"
need step06_first_add step06_unguarded_second_load
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for n in 2^20 2^20+7; do
    show compute-sanitizer --tool memcheck --padding 64 step06_unguarded_second_load --n $n \
        --verify-only >"$log"
    head -1 "$log"
    grep -m 3 -A 5 'Invalid __global__' "$log" || true
    echo "reads past the end, by the allocation they missed:"
    grep -o 'nearest allocation at 0x[0-9a-f]* of size [0-9,]* bytes' "$log" |
        sed 's/at 0x[0-9a-f]* //' | sort | uniq -c || true
    grep -v '^=========  ' "$log" | grep -E 'correctness:|accuracy:|error|ERROR SUMMARY|exit code' |
        tail -7 || true
    show step06_first_add --n $n --verify-only
    show step06_unguarded_second_load --n $n --verify-only
done >"$out/step06_memcheck_unguarded.txt"
