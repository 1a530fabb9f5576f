// step01 of the tutorial; the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "cpu_harness.cuh"

int main(int argc, char** argv)
{
    return runCpuStep(argc, argv, "step01_cpu_serial", "serial loop on one CPU core");
}
