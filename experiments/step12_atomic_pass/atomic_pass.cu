// Step 12's exercise 2: the single pass with one atomicAdd per block, on the harness.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "atomic_pass", "single pass with one atomicAdd per block");
}
