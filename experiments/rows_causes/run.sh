#!/usr/bin/env bash
# The causes behind Part II's steps, at 2^28 elements: (1) step 14 at every block size on short
# rows (idle threads), (2) step 15's choices of threads per row against variants that change
# only that choice, (per_block) the rows per block and the group size one at a time, and
# (combine) the block combine against shuffles alone,
# (3) Nsight Compute's counters of steps 14-16 and CUB at four shapes, and of step 17's
# softmax at four (occupancy and DRAM throughput: the bytes an SM asks for), (4) step 16 at
# every block size of 128 to 1024 on rows of 2^18 and 2^20 elements (256 rows of 2^20: one
# block per row, a block's threads are all a row gets), (5) step 16 against its variant with
# the group bounds in elements (as step 15's), on bf16 and float rows of 256 to 8192 elements.
# Minutes. Results: block_sizes.csv, group_choice.csv, per_block.csv, combine.csv, long_rows.csv,
# group_bytes.csv, counters_TYPE_COLS_PROGRAM.csv, each with its table .md. PARTS (default:
# "block_sizes group_choice per_block combine long_rows group_bytes counters", all) picks the parts.
source "$(dirname "$0")/../driver.sh"
steps=(step14_rows_block step15_rows_warp step16_rows_vector cub_rows_reference)
need "${steps[@]}" step17_softmax step17_held_max step17_three_blocks_an_sm step15_warp_only step15_eight_lanes_only \
    step15_warp_shuffles_only step16_groups_by_elements results_table
parts=" ${PARTS:-block_sizes group_choice per_block combine long_rows group_bytes counters} "
if [[ $parts == *" block_sizes "* ]]; then
    by_block block_sizes step14_rows_block "32 64 128 256 512 1024" 32 128 1024
fi
if [[ $parts == *" group_choice "* ]]; then
{ step14_rows_block --csv-header
  for exponent in 5 6 7 8 9 10 11 12 13 16 20; do
      for program in step14_rows_block step15_rows_warp step15_eight_lanes_only step15_warp_only; do
          "$program" --csv --cols "2^$exponent" --rows "2^$((28 - exponent))"
      done
  done
} >"$out/group_choice.csv"
results_table --pivot cols step %.0f gbs "$out/group_choice.csv" >"$out/group_choice.md"
fi
if [[ $parts == *" per_block "* ]]; then
# Step 15's cause, one change at a time on short rows: the group of lanes fixed (a warp, or 8
# lanes) and the block size varied, so only the rows per block (and so the number of blocks)
# change; the rows per block fixed and the group varied (a warp in a block of 8 warps against 8
# lanes in a block of 2 warps: 8 rows each). (In a block of one warp, step15_warp_only runs
# step 14's block combine with step 15's row indexing.)
{ step14_rows_block --csv-header
  for cols in 32 128; do
      rows=$((2 ** 28 / cols))
      step14_rows_block --csv --block 32 --cols "$cols" --rows "$rows"
      for block in 32 64 128 256 512 1024; do
          for program in step15_warp_only step15_eight_lanes_only; do
              "$program" --csv --block "$block" --cols "$cols" --rows "$rows"
          done
      done
  done
} >"$out/per_block.csv"
results_table --pivot cols,block step %.0f gbs "$out/per_block.csv" >"$out/per_block.md"
fi
if [[ $parts == *" combine "* ]]; then
# The combine alone: step 14 and a warp per row that combines with shuffles alone
# (step15_warp_shuffles_only), both in blocks of one warp, one row per block: the same blocks,
# warps, loads and adds; the combine differs (shared memory and a barrier, or 5 shuffles), and
# so does the row indexing (step 15's; per_block's step15_warp_only at --block 32 shows that
# the indexing alone costs nothing).
{ step14_rows_block --csv-header
  for cols in 32 128 1024; do
      for program in step14_rows_block step15_warp_shuffles_only; do
          "$program" --csv --block 32 --cols "$cols" --rows "$((2 ** 28 / cols))"
      done
  done
} >"$out/combine.csv"
results_table --pivot cols step %.2f gbs "$out/combine.csv" >"$out/combine.md"
fi
if [[ $parts == *" long_rows "* ]]; then
    by_block long_rows step16_rows_vector "128 256 512 1024" $((2 ** 18)) $((2 ** 20))
fi
if [[ $parts == *" group_bytes "* ]]; then
{ step16_rows_vector --csv-header
  for type in bf16 float; do
      for exponent in 8 9 10 11 12 13; do
          for program in step16_rows_vector step16_groups_by_elements; do
              "$program" --csv --type "$type" --cols "2^$exponent" --rows "2^$((28 - exponent))"
          done
      done
  done
} >"$out/group_bytes.csv"
results_table --pivot type,cols step %.0f gbs "$out/group_bytes.csv" >"$out/group_bytes.md"
fi
[[ $parts == *" counters "* ]] || exit 0
metrics=(gpu__time_duration.sum dram__bytes_read.sum
    dram__throughput.avg.pct_of_peak_sustained_elapsed launch__grid_size
    launch__registers_per_thread launch__occupancy_limit_registers
    sm__warps_active.avg.pct_of_peak_sustained_active
    smsp__inst_executed.sum smsp__thread_inst_executed.sum
    l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
    l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum)
ncu=(--metrics "$(IFS=,; echo "${metrics[*]}")" --launch-count 1
    --kernel-name 'regex:rowsKernel|DeviceSegmentedReduce|softmax')
echo "# $gpu, $(ncu --version | tail -1); ncu --csv --clock-control none ${ncu[*]}" \
    "PROGRAM --verify-only --type TYPE --cols C --rows R (the first launch of each)" \
    >"$out/README.txt"
for shape in float:32 float:1048576 bf16:4096; do
    type=${shape%%:*} cols=${shape#*:}
    for program in "${steps[@]}"; do
        file=$out/counters_${type}_${cols}_$program.csv
        counters "$file" "${ncu[@]}" "$(bin "$program")" --verify-only --type "$type" \
            --cols "$cols" --rows "$((2 ** 28 / cols))"
        python3 "$here/../hardware_counters/counters_table.py" "$file" >"${file%.csv}.md"
    done
done
# Step 17 against its variant that holds the most vectors a thread (registers and instructions
# change), where they differ, and against step17_three_blocks_an_sm (held_max's residency, step
# 17's code); step 17 alone on the two-read path (where its second read comes from).
for shape in float:32:step17_held_max,step17_three_blocks_an_sm float:2048:step17_held_max \
    bf16:1024:step17_held_max float:16384:; do
    IFS=: read -r type cols variants <<<"$shape"
    for program in step17_softmax ${variants//,/ }; do
        file=$out/counters_${type}_${cols}_$program.csv
        counters "$file" "${ncu[@]}" "$(bin "$program")" --verify-only --type "$type" \
            --cols "$cols" --rows "$((2 ** 28 / cols))"
        python3 "$here/../hardware_counters/counters_table.py" "$file" >"${file%.csv}.md"
    done
done
