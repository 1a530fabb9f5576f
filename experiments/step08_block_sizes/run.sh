#!/usr/bin/env bash
# Steps 08 and 05 at block sizes 64 ... 1024, at 2^28 and 2^20 floats (step08_block_sizes.csv).
source "$(dirname "$0")/../driver.sh"
need step08_templates_cascading step05_bank_conflicts
{ step08_templates_cascading --csv-header
  for n in 2^28 2^20; do
      for step in step08_templates_cascading step05_bank_conflicts; do
          for block in 64 128 256 512 1024; do "$step" --csv --n $n --block $block; done
      done
  done
} >"$out/step08_block_sizes.csv"
