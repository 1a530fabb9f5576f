#!/usr/bin/env bash
# Step 05's exercise 3: Nsight Compute's shared-memory counters (bank conflicts, wavefronts,
# instructions) of every launch of step 05 at 2^24, block 256, float and double: ncu's CSV
# per type (ncu_TYPE.csv) and one table per type, a column per launch
# (step05_ncu_float_double.md, by experiments/hardware_counters/counters_table.py).
#   experiments/step05_ncu_float_double/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
counters=(
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
    smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
    smsp__inst_executed.sum gpu__time_duration.sum
)
metrics=$(IFS=,; echo "${counters[*]}")
ncu=(ncu --csv --clock-control none --kernel-name regex:reduceKernel --metrics "$metrics")
{ echo "# ${ncu[*]} step05_bank_conflicts --n 2^24 --block 256 --type TYPE --verify-only"
  for type in float double; do
      "${ncu[@]}" "$(bin step05_bank_conflicts)" --n 2^24 --block 256 --type $type --verify-only |
          grep '^"' >"$out/ncu_$type.csv"  # ncu's rows, not the program's own lines
      printf '\n## --type %s\n\n' $type
      # The table's two ratios of other counters (not collected here) are left out.
      python3 "$root/experiments/hardware_counters/counters_table.py" "$out/ncu_$type.csv" |
          grep -v 'threads per instruction\|sectors per request'
  done
} >"$out/step05_ncu_float_double.md"
