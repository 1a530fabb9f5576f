// Step 01 with four accumulators and the tail as a loop over sums[i % 4] (tail_loop.diff).
#include "reduce.cuh"
#include "cpu_harness.cuh"

int main(int argc, char** argv)
{
    return runCpuStep(argc, argv, "four_accumulators_tail_loop",
                      "four accumulators with the tail in sums[i % 4]");
}
