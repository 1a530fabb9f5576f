// CUB's reproducible sum (DeviceReduce, determinism::gpu_to_gpu), timed by the same harness as
// the steps: the peer of step 12b. The call is in reduce.cuh.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "cub_gpu_to_gpu", "CUB DeviceReduce, gpu_to_gpu determinism");
}
