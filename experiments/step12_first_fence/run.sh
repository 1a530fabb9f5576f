#!/usr/bin/env bash
# Step 12 without its first fence: the fences compiled, the copy 40 runs at 2^24 and 10 at 2^28,
# thousands of launches in fence_stress (step12_no_first_fence.txt). About 2 minutes.
source "$(dirname "$0")/../driver.sh"
need step12_single_pass step12_no_first_fence fence_stress_no_first_fence fence_stress_step12
verdict() { show "$@" | grep -E '^\$|correctness:|accuracy:|^exit code'; }  # a run's two checks
{ for program in step12_single_pass step12_no_first_fence; do
      echo "\$ cuobjdump -sass $program: reduceKernel<256, float>'s stores, atomics and fences"
      cuobjdump -sass -fun _Z12reduceKernelILj256EfEvPKT0_PS0_PjS3_m "$(bin $program)" |
          grep -E 'Function|MEMBAR|FENCE|ERRBAR|CCTL|ATOM|RED\.|STG'
  done
  for n in 2^24 2^28; do
      runs=40 launches=10000 && [ $n = 2^24 ] || runs=10 launches=2000
      for type in float int; do
          verdict step12_single_pass --n $n --type $type --verify-only
          for _ in $(seq $runs); do
              verdict step12_no_first_fence --n $n --type $type --verify-only
          done
          show fence_stress_no_first_fence $type $n $launches
          show fence_stress_step12 $type $n $launches
      done
  done
} >"$out/step12_no_first_fence.txt"
