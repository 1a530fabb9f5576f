// How accurate is a float sum? Sums the tutorial's float input (the same data as every
// step: seed 42) in four orders on the CPU and prints, per n, the error of each against the
// compensated double reference, with the harness's tolerance:
//   serial    the loop of step01: one float accumulator, n - 1 additions in a chain
//   pairwise  a balanced tree, as the GPU steps add within a block: log2(n) levels
//   kahan     the serial loop with Kahan's compensation, still in float
//   double    the serial loop accumulating in double
// --all-positive takes the absolute value of every element first (the accuracy page's
// exercise 1: no cancellation, so the sum grows as n and so does its rounding error).
// Build and run (host code only, no GPU needed; CMake's target: accuracy):
//   nvcc -std=c++17 -O2 -I common -o accuracy experiments/accuracy_orders/accuracy.cu
//   ./accuracy [--all-positive] > accuracy.csv
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "data.cuh"

float serialSum(const std::vector<float>& x)
{
    float sum = 0;
    for (float v : x) sum += v;
    return sum;
}

float pairwiseSum(const float* x, std::size_t n)
{
    if (n == 1) return x[0];
    std::size_t half = n / 2;
    return pairwiseSum(x, half) + pairwiseSum(x + half, n - half);
}

float kahanSum(const std::vector<float>& x)
{
    float sum = 0, compensation = 0;  // compensation holds the low bits the last add lost
    for (float v : x) {
        float y = v - compensation;
        float t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
    }
    return sum;
}

double doubleSum(const std::vector<float>& x)
{
    double sum = 0;
    for (float v : x) sum += v;
    return sum;
}

int main(int argc, char** argv)
{
    const bool allPositive = argc == 2 && std::string(argv[1]) == "--all-positive";
    if (argc > 1 && !allPositive) {
        std::fprintf(stderr, "usage: accuracy [--all-positive]\n");
        return 2;
    }
    std::printf(
        "n,sum_of_magnitudes,reference,serial_error,pairwise_error,kahan_error,double_error,"
        "tolerance\n");
    for (int exponent = 10; exponent <= 30; exponent += 2) {
        std::size_t n = std::size_t(1) << exponent;
        std::vector<float> x = makeInput<float>(n, 42);
        if (allPositive)
            for (float& v : x) v = std::fabs(v);
        Reference<float> reference = referenceSum(x.data(), n);
        double exact = reference.component[0].sum;
        auto error = [&](double value) { return std::fabs(value - exact); };
        std::printf("%zu,%.17g,%.17g,%.6g,%.6g,%.6g,%.6g,%.6g\n", n,
                    reference.component[0].sumOfMagnitudes, exact, error(serialSum(x)),
                    error(pairwiseSum(x.data(), n)), error(kahanSum(x)), error(doubleSum(x)),
                    checkAccuracy(0.0f, reference).tolerance);
    }
}
