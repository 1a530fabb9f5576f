#!/usr/bin/env bash
# Step 12b against step 12 (docs/step12b_reproducible_sum.md): the bits of each for every block
# size and four orders of the same numbers, three kinds of input, 2^20 to 2^30 floats and
# 2^20 to 2^29 doubles (bits.csv; distinct.txt counts the different results of each input);
# then the bandwidth of step 12, step 12b and CUB at 2^28 to 2^30 (bandwidth.csv).
source "$(dirname "$0")/../driver.sh"
need bits_step12b bits_step12 step12_single_pass step12b_reproducible_sum cub_reference
# CUB's reproducible sum, where it was built (-DREDUCTION_CCCL_INCLUDE: README.md)
peers=cub_reference
[ -x "$build/experiments/cub_gpu_to_gpu" ] && peers="cub_reference cub_gpu_to_gpu"
{
    echo "program,device,type,n,input,order,block,result_bits,result"
    for program in bits_step12b bits_step12; do
        for log_n in 20 24 28 30; do "$program" --type float --log-n "$log_n"; done
        for log_n in 20 24 28 29; do "$program" --type double --log-n "$log_n"; done
    done
} >"$out/bits.csv"
# One line per (program, type, n, input): how many different results its 24 runs gave.
awk -F, 'NR > 1 { key = $1 " " $3 " n=" $4 " " $5; if (!seen[key, $8]++) distinct[key]++ }
         END { for (key in distinct) print key ": " distinct[key] " distinct" }' \
    "$out/bits.csv" | sort -V >"$out/distinct.txt"
# shellcheck disable=SC2086  # the list of peers, a word each
csv bandwidth.csv "step12_single_pass step12b_reproducible_sum $peers" "float" --n 2^28
for run in "float 2^29" "float 2^30" "double 2^28" "double 2^29"; do
    for program in step12_single_pass step12b_reproducible_sum $peers; do
        "$program" --csv --type "${run% *}" --n "${run#* }"
    done
done >>"$out/bandwidth.csv"
