// The CUB page's exercise 2: cub::BlockReduce in a grid-stride loop, on the harness.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "block_reduce", "cub::BlockReduce in a grid-stride loop");
}
