// Step 15 with one choice of threads per row changed (the .diff beside this file, applied by
// CMake to a copy of step15_rows_warp/reduce.cuh): the program's name and technique come from
// its target (CMakeLists.txt), the rest is step 15's.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, VARIANT_NAME, VARIANT_TECHNIQUE);
}
