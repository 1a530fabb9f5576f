// step12 of the tutorial; the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step12_single_pass", "single pass, last block finishes");
}
