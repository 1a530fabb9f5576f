// Step 12 against CUB, exercise 3: CUB's order, step 12's tiles in five waves of blocks
// finished by a second launch, as CUB does: step 11 with five times its blocks
// (five_waves.diff, applied to step 11's reduce.cuh by CMake).
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "cub_order_two_launches",
                      "CUB order: five waves and a second launch");
}
