// step17 of the tutorial (Part II); the idea is in reduce.cuh, the rest in common/.
#include "reduce.cuh"
#include "rows_harness.cuh"

int main(int argc, char** argv)
{
    return runRowStep(argc, argv, "step17_rows_vector", "one block per row; 128-bit loads");
}
