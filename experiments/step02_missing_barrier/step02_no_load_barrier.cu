// Step 02 without the barrier after the load (no_load_barrier.diff, applied to step 02's
// reduce.cuh by CMake): step 02's exercise 4.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step02_no_load_barrier",
                      "step 02 without the barrier after the load");
}
