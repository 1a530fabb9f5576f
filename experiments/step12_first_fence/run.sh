#!/usr/bin/env bash
# Step 12 without the fence after its partial-sum write (step12_no_first_fence.diff): where
# the compiler puts the store, the ticket and the fences (the float kernel of block 256, step 12
# and the copy); the copy on the harness, 40 runs at 2^24 and 10 at 2^28 per type, each a process
# of its own judged by the harness's two checks; fence_stress, thousands of launches on two
# exact inputs in turn, the copy and step 12 (step12_no_first_fence.txt). About 2 minutes.
#   experiments/step12_first_fence/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
verdict() { show "$@" | grep -E '^\$|correctness:|accuracy:|^exit code'; }  # a run's two checks
{ for program in step12_single_pass step12_no_first_fence; do
      echo "\$ cuobjdump -sass $program: reduceKernel<256, float>'s stores, atomics and fences"
      cuobjdump -sass -fun _Z12reduceKernelILj256EfEvPKT0_PS0_PjS3_m "$(bin $program)" |
          grep -E 'Function|MEMBAR|FENCE|ERRBAR|CCTL|ATOM|RED\.|STG'
  done
  for n in 2^24 2^28; do
      runs=40 launches=10000 && [ $n = 2^24 ] || runs=10 launches=2000
      for type in float int; do
          verdict "$(bin step12_single_pass)" --n $n --type $type --verify-only
          for _ in $(seq $runs); do verdict "$(bin step12_no_first_fence)" --n $n --type $type --verify-only; done
          for program in fence_stress_no_first_fence fence_stress_step12; do show "$(bin $program)" $type $n $launches; done
      done
  done
} >"$out/step12_no_first_fence.txt"
