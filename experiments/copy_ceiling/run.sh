#!/usr/bin/env bash
# The ceiling of a kernel that reads 1 GiB once and writes 1 GiB once (copy_ceiling.csv:
# the driver's copy, CUB's, and a copy kernel at every block size and vectors a thread, also
# with streaming stores) and, in the same run, step 17's softmax of rows of 1024 and 2048
# floats at blocks of 64, 128 and 256 (softmax_beside.csv), with their tables (.md). Then
# the check's own test: the wrong copy must be rejected (wrong_copy.txt). About 2 minutes.
# TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/copy_ceiling.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need copy_bandwidth copy_bandwidth_wrong step17_softmax
    copy_bandwidth --max 2^28 >"$csv"
    by_block softmax_beside step17_softmax "64 128 256" 1024 2048
    show copy_bandwidth_wrong --max 2^20 >"$out/wrong_copy.txt"
fi
{ echo "$(device "$csv"): GB/s (% of peak), 2^28 floats read once and written once (2 GiB moved)"
  echo
  echo "The copy kernel, a row per block size, a column per vectors a thread:"
  echo
  results_table --pivot block_size vectors_per_thread '%.0f (%.1f)' gbs,percent_of_peak \
      --where variant=copy_kernel "$csv"
  echo
  echo "The other copies (block_size and vectors_per_thread 0: not ours to choose):"
  echo
  results_table --pivot variant,block_size,vectors_per_thread type '%.0f (%.1f)' \
      gbs,percent_of_peak --where variant!=copy_kernel "$csv"
} >"$out/copy_ceiling.md"
