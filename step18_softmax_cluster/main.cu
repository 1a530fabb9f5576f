// step18 of the tutorial (a cluster of blocks per long row); the idea is in softmax.cuh, the rest
// in common/.
#include "softmax.cuh"
#include "softmax_harness.cuh"

int main(int argc, char** argv)
{
    return runSoftmaxStep(argc, argv, "step18_softmax_cluster",
                          "online (max, sum) in registers; 128-bit loads; clusters");
}
