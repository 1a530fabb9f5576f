#!/usr/bin/env bash
# For maintainers: the Nsight Compute counters the pages quote, one CSV per program (ncu --csv:
# one row per kernel launch and metric), for the kernels of one verification run at
# n = 2^24 floats, block 256:
#   divergence (02-05)    threads per executed instruction, active and predicated on
#                         (smsp__thread_inst_executed[_pred_on] over smsp__inst_executed),
#                         branch uniformity
#   bank conflicts (04-05) shared-memory bank conflicts, loads and stores
#   coalescing (08)        global-load sectors per request
#   occupancy (08-12)      registers per thread, blocks per SM the registers allow,
#                          theoretical and achieved occupancy
#   the shuffle (08-09)    instructions, shared-memory instructions and wavefronts
#   bandwidth (all)        DRAM bytes read, DRAM throughput, kernel time
# Also experiment_steps07_to_09 --profile (step 08 beside Harris's kernel 6 and the
# contiguous-chunk variant) and, per program, `cuobjdump --dump-resource-usage`.
# A metric this ncu does not know is left out with a line on stderr.
# scripts/maintainer/counters_table.sh turns the CSVs into the pages' tables.
#   scripts/maintainer/ncu_counters.sh OUTDIR
set -uo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build}
out=${1:?usage: scripts/maintainer/ncu_counters.sh OUTDIR}
mkdir -p "$out"
wanted="smsp__inst_executed.sum smsp__thread_inst_executed.sum smsp__thread_inst_executed_pred_on.sum
smsp__sass_average_branch_targets_threads_uniform.pct
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
launch__registers_per_thread launch__occupancy_limit_registers sm__maximum_warps_per_active_cycle_pct
sm__warps_active.avg.pct_of_peak_sustained_active
smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
dram__bytes_read.sum dram__throughput.avg.pct_of_peak_sustained_elapsed gpu__time_duration.sum"
metrics=$(echo $wanted | tr ' ' ,)
for attempt in 1 2 3 4 5; do  # drop what this ncu cannot collect, one trial run at a time
    trial=$(ncu --clock-control none --metrics "$metrics" "$build/step09_warp_shuffle" --n 2^10 --verify-only 2>&1)
    missing=$(echo "$trial" | grep -o 'Failed to find metric [^ ]*' | awk '{print $NF}' | tr -d "\"'")
    [ -z "$missing" ] && break
    for metric in $missing; do
        echo "ncu_counters: this ncu has no $metric; left out" >&2
        metrics=$(echo "$metrics" | tr , '\n' | grep -vx "$metric" | paste -sd,)
    done
done
echo "# $(nvidia-smi --query-gpu=name --format=csv,noheader), $(ncu --version | tail -1)" >"$out/README.txt"
echo "# ncu --csv --clock-control none --metrics $metrics PROGRAM --n 2^24 --block 256 --type float --verify-only" >>"$out/README.txt"
profile() {  # name, command...
    local name=$1; shift
    ncu --csv --clock-control none --kernel-name regex:'reduceKernel|DeviceReduce|kernel6|contiguousChunks' \
        --metrics "$metrics" "$@" 2>"$out/$name.log" | grep '^"' >"$out/$name.csv"
    local status=("${PIPESTATUS[@]}")
    if [ "${status[0]}" -ne 0 ] || [ "${status[1]}" -ne 0 ]; then
        echo "ncu_counters: ncu failed on $name (exit ${status[0]}; see $out/$name.log)" >&2
        exit 1
    fi
    echo "$name: $(($(wc -l <"$out/$name.csv") - 1)) metric rows"
}
for program in $(cat "$build/gpu_programs.txt"); do  # written by CMake
    profile "$program" "$build/$program" --n 2^24 --block 256 --type float --verify-only
    cuobjdump --dump-resource-usage "$build/$program" >"$out/$program.resources.txt" 2>&1
done
profile experiment_steps07_to_09 "$build/programs/experiment_steps07_to_09" --profile
