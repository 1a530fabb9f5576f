// Step 06 with its second load unguarded (unguarded_second_load.diff, applied to step 06's
// reduce.cuh by CMake): step 06's exercise 3, for compute-sanitizer's memcheck.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step06_unguarded_second_load",
                      "step 06 with an unguarded second load");
}
