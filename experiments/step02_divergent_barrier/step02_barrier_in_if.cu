// Step 02 with the tree's barrier inside the if (barrier_in_if.diff, applied to step 02's
// reduce.cuh by CMake): the pitfall docs/step02_naive_single_block.md names.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step02_barrier_in_if", "step 02 with __syncthreads() in the if");
}
