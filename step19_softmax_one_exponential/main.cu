// step19 of the tutorial (one exponential per element); the idea is in softmax.cuh, the rest
// in common/.
#include "softmax.cuh"
#include "softmax_harness.cuh"

int main(int argc, char** argv)
{
    return runSoftmaxStep(argc, argv, "step19_softmax_one_exponential",
                          "one exponential per element; clusters");
}
