// step10 of the tutorial; the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step10_independent_loads", "independent loads in flight");
}
