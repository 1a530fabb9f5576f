// Step 02 without the barrier at the end of a tile (no_tile_barrier.diff, applied to step 02's
// reduce.cuh by CMake): step 02's exercise 4.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step02_no_tile_barrier",
                      "step 02 without the end-of-tile barrier");
}
