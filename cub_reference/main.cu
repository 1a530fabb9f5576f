// The CUB reference row of the tutorial's table; the call is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "cub_reference",
                      "CUB DeviceReduce::Reduce, sum in the accumulator type (own block size)");
}
