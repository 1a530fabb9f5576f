#!/usr/bin/env bash
# Steps 03-06 and the variants that change one thing each, float, block 256, n = 2^10 ... 2^30,
# in random order (steps03_to_06.csv, its table .md); the branch that really diverges
# (divergent_branch.csv); with ncu, their counters (counters_*.csv, tables .md). A few minutes.
# TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
need results_table
table=$root/experiments/hardware_counters/counters_table.py
metrics=smsp__inst_executed.sum,smsp__thread_inst_executed.sum,smsp__thread_inst_executed_pred_on.sum
metrics+=,smsp__sass_average_branch_targets_threads_uniform.pct,gpu__time_duration.sum
metrics+=,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,dram__bytes_read.sum,l1tex__data_bank_conflicts_type_arbitration.sum
metrics+=,sm__sass_branch_targets_threads_divergent.sum,sm__sass_branch_targets.sum
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_steps03_to_06 divergent_branch
    experiment_steps03_to_06 >"$out/steps03_to_06.csv"
    divergent_branch >"$out/divergent_branch.csv"
    if command -v ncu >/dev/null; then
        counters "$out/counters_steps03_to_06.csv" --metrics "$metrics" \
            --kernel-name regex:reduceKernel experiment_steps03_to_06 --profile
        counters "$out/counters_divergent_branch.csv" --metrics "$metrics" \
            divergent_branch --profile
    fi
fi
{ echo "$(device "$out/steps03_to_06.csv"), float, block 256, one run with the variants in random" \
      "order: time in µs, and in brackets step 03's time over the variant's"
  echo
  results_table --pivot n variant '%.1f (%.2f)' time_median_us,step03_time_over_time \
      "$out/steps03_to_06.csv"
  echo
  echo "A branch that diverges: 2^20 threads, each the number of dependent multiply-adds in" \
      "the column head; time in µs (median of 21 launches), and in brackets the uniform" \
      "variant's time over the variant's"
  echo
  results_table --pivot variant trips '%.1f (%.2f)' time_median_us,uniform_time_over_time \
      "$out/divergent_branch.csv"
} >"$out/steps03_to_06.md"
for csv in "$out"/counters_*.csv; do [ -f "$csv" ] && python3 "$table" "$csv" >"${csv%.csv}.md"; done
exit 0
