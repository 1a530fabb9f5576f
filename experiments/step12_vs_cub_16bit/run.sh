#!/usr/bin/env bash
# Step 12 and CUB (float accumulator) for half, bf16 and float at every 2^k from 2^10 to 2^30
# (step12_vs_cub_16bit.csv, its table .md); then the harness's rows of step 12, CUB, and
# torch, CuPy and JAX asked for a float sum, for half and bf16 at 2^28 (frameworks_16bit.csv,
# .md; a framework not installed is skipped with its reason; PYTHON=... picks the Python).
# Two minutes. TABLES_ONLY=1: the tables of OUT's CSVs.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/step12_vs_cub_16bit.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_step12_vs_cub_16bit framework_runs
    experiment_step12_vs_cub_16bit >"$csv"
    csv frameworks_16bit.csv "step12_single_pass cub_reference" "half bf16" --n 2^28
    for type in half bf16; do
        for framework in torch cupy jax; do  # exit code 77: skipped, and it said why
            framework_runs --csv --type "$type" --n 2^28 -- "${PYTHON:-python3}" \
                "$root/scripts/frameworks.py" "$framework" >>"$out/frameworks_16bit.csv" ||
                [ $? -eq 77 ]
        done
    done
fi
{ echo "$(device "$out/frameworks_16bit.csv"), one run each, n = 2^28 (512 MiB), float sums"
  echo
  results_table --pivot step type '%.1f' gbs "$out/frameworks_16bit.csv"
} >"$out/frameworks_16bit.md"
{ echo "$(device "$csv"), one run: CUB's time / step 12's (above 1: step 12 faster)"
  echo
  results_table --pivot n type %.3f cub_time_over_time --where variant=step12 "$csv"
  echo
  for variant in step12 cub; do
      printf '\n%s, GB/s (bytes read / median time):\n\n' "$variant"
      results_table --pivot n type %.0f gbs --where variant="$variant" "$csv"
  done
} >"$out/step12_vs_cub_16bit.md"
