// Step 01 with the solution's four accumulators (reduce.cuh, exercise.cuh of solutions/).
#include "reduce.cuh"
#include "cpu_harness.cuh"

int main(int argc, char** argv)
{
    return runCpuStep(argc, argv, "four_accumulators", "four accumulators on one CPU core");
}
