#!/usr/bin/env bash
# Nsight Compute's counters of one verification run of every GPU program and of
# experiment_steps07_to_09 --profile: ncu's CSV, its table, cuobjdump's resource usage.
source "$(dirname "$0")/../driver.sh"
mapfile -t programs <"$build/gpu_programs.txt"
[ -n "${ONLY_VARIANTS:-}" ] && programs=()  # ONLY_VARIANTS=1: experiment_steps07_to_09 alone
need "${programs[@]}" experiment_steps07_to_09
metrics=(  # divergence (steps 02-05), bank conflicts (04-05), coalescing, occupancy (08-12),
    # the shuffle (08-09), bandwidth
    smsp__inst_executed.sum smsp__thread_inst_executed.sum smsp__thread_inst_executed_pred_on.sum
    smsp__sass_average_branch_targets_threads_uniform.pct
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
    l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
    launch__registers_per_thread launch__occupancy_limit_registers
    sm__maximum_warps_per_active_cycle_pct sm__warps_active.avg.pct_of_peak_sustained_active
    smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
    dram__bytes_read.sum dram__throughput.avg.pct_of_peak_sustained_elapsed gpu__time_duration.sum)
ncu=(--metrics "$(IFS=,; echo "${metrics[*]}")")
{ echo "# $gpu, $(ncu --version | tail -1)"
  echo "# ncu --csv --clock-control none ${ncu[*]} PROGRAM --n 2^24 --block 256 --type float" \
      "--verify-only"; } >"$out/README.txt"
profile() {  # PROGRAM ARGUMENTS...: the counters of the run's reductions, and their table
    counters "$out/$1.csv" "${ncu[@]}" \
        --kernel-name 'regex:reduceKernel|DeviceReduce|kernel6|contiguousChunks' "$@"
    python3 "$here/counters_table.py" "$out/$1.csv" >"$out/$1.md"
}
for program in "${programs[@]}"; do
    profile "$program" --n 2^24 --block 256 --type float --verify-only
    cuobjdump --dump-resource-usage "$(bin "$program")" >"$out/$program.resources.txt"
done
profile experiment_steps07_to_09 --profile
