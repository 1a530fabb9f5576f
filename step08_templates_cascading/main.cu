// step08 of the tutorial; the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "gpu_harness.cuh"

int main(int argc, char** argv)
{
    return runGpuStep(argc, argv, "step08_templates_cascading",
                      "templates and algorithm cascading");
}
