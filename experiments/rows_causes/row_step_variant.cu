// A row step with one choice changed (a .diff beside this file, applied by CMake to a copy of
// the step's reduce.cuh): the program's name and technique come from its target
// (CMakeLists.txt), the rest is the step's.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, VARIANT_NAME, VARIANT_TECHNIQUE);
}
