// step11 of the tutorial; the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step11_vector_loads", "128-bit loads");
}
