// Step 06's exercise 2: the first add of four on the harness (reduce.cuh).
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "first_add_four", "first add of four");
}
