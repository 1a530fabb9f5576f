// Step 10's exercise 3: 8 loads in flight into one sum, on the harness (reduce.cuh).
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "one_sum", "8 loads in flight into one sum");
}
