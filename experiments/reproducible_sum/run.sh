#!/usr/bin/env bash
# Step 12b against step 12 (docs/step12b_reproducible_sum.md): the bits of each for every block
# size and four orders of the same numbers, three kinds of input, 2^20 to 2^30 floats and
# 2^20 to 2^29 doubles (bits.csv; distinct.txt counts the different results of each input);
# then the bandwidth of step 12, step 12b and CUB (and CUB's reproducible sum where built) at
# 2^28 to 2^30, and of the first three for half and bfloat16 at 2^28 (bandwidth.csv); then Nsight Compute's counters of step 12 and 12b's kernels at
# 2^28, float, double and bfloat16 (counters.csv: program, type, metric, unit, value); the
# figure of bandwidth.csv (reproducible_sum.png, .svg; needs gnuplot: PARTS=figure draws it
# again from OUT's CSV, on a machine without a GPU); step 12 and 12b's time against n, 2^16 to
# 2^30 (sizes.csv); step 12b with 4 loads a trip instead of 8 (depth.csv); the bits over 1 to 4
# MPI ranks, which may share one GPU (ranks.csv, ranks_distinct.txt).
source "$(dirname "$0")/../driver.sh"
source "$root/scripts/mpi_one_host.sh"  # mpirun where there is no ssh or rsh
# PARTS (default "bits bandwidth counters figure sizes depth ranks") picks the parts to run.
parts=" ${PARTS:-bits bandwidth counters figure sizes depth ranks} "
[[ $parts == *" figure "* ]] && need results_table
[[ $parts == *" bits "* ]] && need bits_step12b bits_step12
[[ $parts == *" bandwidth "* || $parts == *" counters "* ]] &&
    need step12_single_pass step12b_reproducible_sum cub_reference
# CUB's reproducible sum, where it was built (-DREDUCTION_CCCL_INCLUDE: README.md)
peers=cub_reference
[ -x "$build/experiments/cub_gpu_to_gpu" ] && peers="cub_reference cub_gpu_to_gpu"
if [[ $parts == *" bits "* ]]; then
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
fi
if [[ $parts == *" bandwidth "* ]]; then
    # A wrong result (exit code 1) is a finding, not a reason to stop: its row stays (verified:
    # no) and failed_checks.txt names the run. Any other failure stops.
    rm -f "$out/failed_checks.txt"
    row() {
        local status=0
        "$@" --csv || status=$?
        [ "$status" -eq 0 ] && return
        [ "$status" -eq 1 ] || exit "$status"
        echo "$* --csv: the result failed its check (exit code 1)" >>"$out/failed_checks.txt"
    }
    {
        step12_single_pass --csv-header
        for run in "float 2^28" "float 2^29" "float 2^30" "double 2^28" "double 2^29"; do
            # shellcheck disable=SC2086  # the list of peers, a word each
            for program in step12_single_pass step12b_reproducible_sum $peers; do
                row "$program" --type "${run% *}" --n "${run#* }"
            done
        done
        for type in half bf16; do  # CUB's gpu_to_gpu takes float and double only
            for program in step12_single_pass step12b_reproducible_sum cub_reference; do
                row "$program" --type "$type" --n 2^28
            done
        done
    } >"$out/bandwidth.csv"
fi

if [[ $parts == *" sizes "* ]]; then  # a cost per element grows with n, a fixed cost does not
    need step12_single_pass step12b_reproducible_sum
    {
        step12_single_pass --csv-header
        for log_n in 16 20 22 24 26 28 30; do
            for program in step12_single_pass step12b_reproducible_sum; do
                "$program" --type float --n "2^$log_n" --csv
            done
        done
        for log_n in 20 24 26 28 29; do
            for program in step12_single_pass step12b_reproducible_sum; do
                "$program" --type double --n "2^$log_n" --csv
            done
        done
    } >"$out/sizes.csv"
fi
if [[ $parts == *" depth "* ]]; then  # half the registers: does occupancy matter?
    need step12_single_pass step12b_reproducible_sum step12b_four_loads
    {
        echo "program,loads_in_flight,$(step12_single_pass --csv-header)"
        for type in half bf16 float double; do
            echo "step12_single_pass,8,$(step12_single_pass --type $type --n 2^28 --csv)"
            echo "step12b_reproducible_sum,8,$(step12b_reproducible_sum --type $type --n 2^28 --csv)"
            echo "step12b_four_loads,4,$(step12b_four_loads --type $type --n 2^28 --csv)"
        done
    } >"$out/depth.csv"
fi
if [[ $parts == *" ranks "* ]]; then
    need ranks_step12b ranks_step12
    {
        echo "program,device,ranks,type,n,input,order,block,result_bits,result"
        for program in ranks_step12b ranks_step12; do
            for ranks in 1 2 3 4; do
                mpirun -np "$ranks" --oversubscribe "$(bin "$program")" --type float --log-n 28
                mpirun -np "$ranks" --oversubscribe "$(bin "$program")" --type double --log-n 27
            done
        done
    } >"$out/ranks.csv"
    # One line per (program, type, input, order, block): the different results of 1 to 4 ranks.
    awk -F, 'NR > 1 { key = $1 " " $4 " n=" $5 " " $6 " order " $7 " block " $8
                      if (!seen[key, $9]++) distinct[key]++ }
             END { for (key in distinct) print key ": " distinct[key] " distinct" }' \
        "$out/ranks.csv" | sort -V >"$out/ranks_distinct.txt"
fi

if [[ $parts == *" figure "* ]]; then
    if command -v gnuplot >/dev/null; then
        gnuplot -e "tool='$(bin results_table)'; csv='$out/bandwidth.csv'; out='$out/reproducible_sum'" \
            "$here/reproducible_sum.gp"
    else
        echo "reproducible_sum: gnuplot not found (package gnuplot-nox): no figure drawn" >&2
    fi
fi

[[ $parts == *" counters "* ]] || exit 0
# The timed launch (the third: after the exact and the random input's checks) of each.
metrics=launch__registers_per_thread,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active
metrics+=,sm__inst_executed_pipe_fp64.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active
metrics+=,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fma.sum
metrics+=,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
{
    echo "program,type,metric,unit,value"
    for type in float double bf16; do
        for program in step12_single_pass step12b_reproducible_sum; do
            ncu --csv --clock-control none -k regex:reduceKernel -s 2 -c 1 --metrics "$metrics" \
                "$(bin "$program")" --type "$type" --n 2^28 --iters 1 --warmup 0 |
                awk -F'","' -v program="$program" -v type="$type" '/^"/ && $(NF - 2) != "Metric Name" {
                    value = $NF; gsub(/[",]/, "", value)
                    print program "," type "," $(NF - 2) "," $(NF - 1) "," value }'
        done
    done
} >"$out/counters.csv"
