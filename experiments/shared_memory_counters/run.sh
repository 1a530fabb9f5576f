#!/usr/bin/env bash
# What the shared-memory counters count: ncu on kernels whose answer is known
# (counters_known.csv), on step 05 with one block (n = 256: one launch of one block) and on
# steps 06, 07 and 09 at 2^24 (the launches of their verification runs); each CSV's table
# beside it (.md).
# Needs ncu; a minute. TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
table=$root/experiments/hardware_counters/counters_table.py
metrics=smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum,l1tex__data_bank_conflicts_type_arbitration.sum
metrics+=,sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,smsp__inst_executed.sum,gpu__time_duration.sum
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_shared_memory_counters step0{5_bank_conflicts,6_first_add,7_warp_unroll,9_warp_shuffle}
    counters "$out/counters_known.csv" --metrics "$metrics" experiment_shared_memory_counters
    counters "$out/counters_step05_one_block.csv" --metrics "$metrics" \
        step05_bank_conflicts --n 256 --block 256 --type float --verify-only
    for step in step06_first_add step07_warp_unroll step09_warp_shuffle; do
        counters "$out/counters_${step%%_*}.csv" --metrics "$metrics" --kernel-name regex:reduceKernel \
            "$step" --n 2^24 --block 256 --type float --verify-only
    done
fi
for csv in "$out"/counters_*.csv; do python3 "$table" "$csv" >"${csv%.csv}.md"; done
