// step12b of the tutorial; the idea is in reduce.cuh and binned_sum.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step12b_reproducible_sum",
                      "single pass, reproducible (binned) sum");
}
