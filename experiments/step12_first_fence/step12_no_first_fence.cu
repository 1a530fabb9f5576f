// Step 12 without the fence after the partial-sum write (step12_no_first_fence.diff, applied
// to step 12's reduce.cuh by CMake), on the harness: step 12's exercise 3.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step12_no_first_fence",
                      "step 12 without the fence after the partial sum");
}
