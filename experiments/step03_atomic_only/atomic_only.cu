// Step 03's exercise 2: the atomicAdd-only baseline on the harness (reduce.cuh).
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "atomic_only", "atomicAdd of every element");
}
