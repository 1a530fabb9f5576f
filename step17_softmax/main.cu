// step17 of the tutorial (Part II's capstone); the idea is in softmax.cuh, the rest in common/.
#include "softmax.cuh"
#include "softmax_harness.cuh"

int main(int argc, char** argv)
{
    return runSoftmaxStep(argc, argv, "step17_softmax",
                          "online (max, sum) in registers; 128-bit loads");
}
