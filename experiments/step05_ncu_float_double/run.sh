#!/usr/bin/env bash
# Nsight Compute's shared-memory counters of step 05's launches at 2^24, float and double: ncu's
# CSVs and their tables (step05_ncu_float_double.md).
source "$(dirname "$0")/../driver.sh"
need step05_bank_conflicts
metrics=(
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
    l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
    l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
    smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
    smsp__inst_executed.sum gpu__time_duration.sum
)
ncu=(--kernel-name regex:reduceKernel --metrics "$(IFS=,; echo "${metrics[*]}")")
{ echo "# ncu --csv --clock-control none ${ncu[*]} step05_bank_conflicts --n 2^24 --block 256" \
      "--type TYPE --verify-only"
  for type in float double; do
      counters "$out/ncu_$type.csv" "${ncu[@]}" step05_bank_conflicts --n 2^24 --block 256 \
          --type $type --verify-only
      printf '\n## --type %s\n\n' $type
      python3 "$root/experiments/hardware_counters/counters_table.py" "$out/ncu_$type.csv"
  done
} >"$out/step05_ncu_float_double.md"
