// Step 12's exercise 3 (solutions/answers/step12_single_pass.md): a single pass (the
// reduce.cuh of the include path: step 12's, or step 12 without the fence after the partial-
// sum write, step12_no_first_fence.diff) launched LAUNCHES times on two exact inputs in turn
// (seeds 42 and 43, each made on the device before its launch), so that a partial sum left by
// the launch before is a wrong one; counts the launches whose sum is not the exact sum, bit
// for bit. Block 256. CMake builds it twice: fence_stress_step12, fence_stress_no_first_fence.
//   fence_stress_no_first_fence int|float N LAUNCHES
#include <cstdio>
#include <cstdlib>
#include <string>

#include "reduce.cuh"
#include "gpu_harness.cuh"

template <typename T>
int stress(const std::string& type, std::size_t n, int launches)
{
    ExactInput inputs[2];
    ExactReference<T> references[2];
    for (int k = 0; k < 2; ++k) references[k] = prepareExactInput<T>(42 + k, n, inputs[k]);
    DeviceReduction<T> reduction(n, 256);
    int wrong = 0;
    for (int launch = 1; launch <= launches; ++launch) {
        const int k = (launch - 1) % 2;
        makeExactInputOnDevice(reduction.input.data(), n, inputs[k]);
        const T result = reduction.runAndFetch();
        if (!isExactSum(result, references[k])) {
            if (wrong < 5)
                std::printf("launch %d: sum %s, exact sum %s\n", launch, valueText(result).c_str(),
                            exactReferenceText(references[k]).c_str());
            ++wrong;
        }
    }
    std::printf("%s n = %s: %d of %d launches wrong\n", type.c_str(), sizeText(n).c_str(), wrong,
                launches);
    return wrong == 0 ? 0 : 1;
}

int main(int argc, char** argv)
{
    std::size_t n = 0;
    const int launches = argc == 4 ? std::atoi(argv[3]) : 0;
    const std::string type = argc == 4 ? argv[1] : "";
    if (argc != 4 || !parseSize(argv[2], n) || n == 0 || launches < 1 ||
        (type != "int" && type != "float")) {
        std::fprintf(stderr, "usage: fence_stress int|float N LAUNCHES\n");
        return 2;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "fence_stress: no CUDA device (%s)\n", reason.c_str());
        return 3;
    }
    return type == "int" ? stress<int>(type, n, launches) : stress<float>(type, n, launches);
}
