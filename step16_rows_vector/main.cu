// step16 of the tutorial (Part II); the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, "step16_rows_vector",
                      "threads per row by its length; 128-bit loads");
}
