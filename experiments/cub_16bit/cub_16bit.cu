// Experiment: what does CUB's plain DeviceReduce::Sum accumulate in for 16-bit input? Its
// accumulator type is the type of `op(init, item)`, `init` being of the output's value type
// (cub/device/device_reduce.cuh, dispatch_reduce.cuh: AccumT = __accumulator_t<ReductionOpT,
// InputT, InitT>, InitT = the output's value type): half + half is a half. So Sum of half
// (bfloat16) values accumulates in half (bfloat16). Measured here: n values uniform in [0, 1),
// rounded to the input type, summed by DeviceReduce::Sum (16-bit output) and by
// DeviceReduce::Reduce with a float sum and a float output, against the exact sum
// (double on the host) and against the exact sum rounded once to the 16-bit output type (the
// best a 16-bit output can hold). CSV on stdout.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cuda_check.cuh"
#include "data.cuh"
#include "device.cuh"

struct Half {
    using type = __half;
    static constexpr const char* name = "half";
    static type fromFloat(float x) { return __float2half_rn(x); }
    static float toFloat(type x) { return __half2float(x); }
};
struct Bfloat16 {
    using type = __nv_bfloat16;
    static constexpr const char* name = "bf16";
    static type fromFloat(float x) { return __float2bfloat16_rn(x); }
    static float toFloat(type x) { return __bfloat162float(x); }
};

// DeviceReduce::Sum of n values into one value of their own type (two-phase: ask, then run).
template <typename T>
T cubSum(const T* input, std::size_t n)
{
    DeviceArray<T> result(1);
    std::size_t bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, input, result.data(), n));
    DeviceArray<char> workspace(bytes);
    CUDA_CHECK(cub::DeviceReduce::Sum(workspace.data(), bytes, input, result.data(), n));
    T sum;
    CUDA_CHECK(cudaMemcpy(&sum, result.data(), sizeof sum, cudaMemcpyDeviceToHost));
    return sum;
}

// DeviceReduce::Reduce with a float sum and a float initial value: the accumulator is float.
// (Sum into a float output does not compile for half or bfloat16 input: float + __half is
// ambiguous, so CUB finds no accumulator type.)
template <typename T>
float cubFloatSum(const T* input, std::size_t n)
{
    DeviceArray<float> result(1);
    std::size_t bytes = 0;
    const ::cuda::std::plus<float> add;
    CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, bytes, input, result.data(), n, add, 0.0f));
    DeviceArray<char> workspace(bytes);
    CUDA_CHECK(
        cub::DeviceReduce::Reduce(workspace.data(), bytes, input, result.data(), n, add, 0.0f));
    float sum;
    CUDA_CHECK(cudaMemcpy(&sum, result.data(), sizeof sum, cudaMemcpyDeviceToHost));
    return sum;
}

template <typename Type>
void measure(const std::string& device, int maxExponent)
{
    using T = typename Type::type;
    const std::size_t maxN = std::size_t(1) << maxExponent;
    std::vector<T> host(maxN);
    std::uint64_t state = 2026;
    for (T& x : host) x = Type::fromFloat(float(mixBits(state++) >> 40) * 0x1p-24f);
    DeviceArray<T> input(maxN);
    CUDA_CHECK(cudaMemcpy(input.data(), host.data(), maxN * sizeof(T), cudaMemcpyHostToDevice));
    double exact = 0;
    std::size_t summed = 0;
    for (int k = 10; k <= maxExponent; k += 2) {
        const std::size_t n = std::size_t(1) << k;
        for (; summed < n; ++summed) exact += Type::toFloat(host[summed]);
        const double rounded = Type::toFloat(Type::fromFloat(float(exact)));
        const double in16 = Type::toFloat(cubSum(input.data(), n));
        const double inFloat = cubFloatSum(input.data(), n);
        for (const auto& [output, sum] : {std::pair{Type::name, in16}, {"float", inFloat}})
            std::printf("%s,%s,%s,%zu,%.9g,%.9g,%.9g,%.6g,%.6g\n", device.c_str(), Type::name,
                        output, n, sum, exact, rounded, std::fabs(sum - exact) / exact,
                        std::fabs(rounded - exact) / exact);
    }
}

int main(int argc, char** argv)
{
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s   (no arguments; CSV on stdout)\n", argv[0]);
        return exitBadUsage;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "error: no CUDA device: %s\n", reason.c_str());
        return exitCudaError;
    }
    const std::string device = queryPlatform().deviceName;
    std::printf(
        "device,input,output,n,sum,exact,exact_rounded_to_16bit,relative_error,"
        "relative_error_of_exact_rounded\n");
    measure<Half>(device, 16);  // half's largest number is 65504: the sum stays below it
    measure<Bfloat16>(device, 24);
    return exitVerified;
}
