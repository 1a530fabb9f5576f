// Experiment: summing 16-bit values (half, bfloat16) with an accumulator of the input type
// itself against a float accumulator (docs/accuracy.md, "16-bit inputs"). Host code: one add
// is computed in float and rounded once to the 16-bit type, which is the correctly rounded
// 16-bit add, since float's 24 significant bits are at least 2p + 2 for half (p = 11) and
// bfloat16 (p = 8) (Figueroa, "When is double rounding innocuous?", SIGNUM Newsletter 30(3),
// 1995). What decides the error is the accumulator's precision and the order of the adds.
//   part "ones":   the sum of n ones, serial, n = 2^0 ... 2^26: where each accumulator stops
//   part "random": n values uniform in [0, 1) rounded to the input type, n = 2^10 ... 2^24,
//                  summed serially and pairwise (a tree, as the GPU steps add), beside the
//                  exact sum (double: every partial sum of these values is exact in it) and the
//                  classic bound of each order, (n - 1) u for serial and log2(n) u for pairwise,
//                  u the accumulator's unit roundoff (relative, all terms positive)
// CSV on stdout, one row per part, input type, accumulator, order and n.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cuda_check.cuh"
#include "data.cuh"

// A 16-bit type's conversions and unit roundoff (half the spacing of the numbers near 1).
struct Half {
    static constexpr const char* name = "half";
    static constexpr double unitRoundoff = 0x1p-11;
    static float round(float x) { return __half2float(__float2half_rn(x)); }
};
struct Bfloat16 {
    static constexpr const char* name = "bf16";
    static constexpr double unitRoundoff = 0x1p-8;
    static float round(float x) { return __bfloat162float(__float2bfloat16_rn(x)); }
};
struct Float {  // the float accumulator: its adds round to float already
    static constexpr const char* name = "float";
    static constexpr double unitRoundoff = 0x1p-24;
    static float round(float x) { return x; }
};

// Left to right, every partial sum rounded to Accumulator.
template <typename Accumulator>
float serialSum(const std::vector<float>& values, std::size_t n)
{
    float sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum = Accumulator::round(sum + values[i]);
    return sum;
}

// Pairwise: halves summed apart, then added, every partial sum rounded to Accumulator.
template <typename Accumulator>
float pairwiseSum(const std::vector<float>& values, std::size_t begin, std::size_t end)
{
    if (end - begin == 1) return values[begin];
    const std::size_t middle = begin + (end - begin) / 2;
    return Accumulator::round(pairwiseSum<Accumulator>(values, begin, middle) +
                              pairwiseSum<Accumulator>(values, middle, end));
}

template <typename Input, typename Accumulator>
void printOnes()
{
    const std::vector<float> ones(std::size_t(1) << 26, 1.0f);
    for (int k = 0; k <= 26; ++k) {
        const std::size_t n = std::size_t(1) << k;
        const double sum = serialSum<Accumulator>(ones, n);
        std::printf("ones,%s,%s,serial,%zu,%.9g,%zu,%.6g,\n", Input::name, Accumulator::name, n,
                    sum, n, std::fabs(sum - double(n)) / double(n));
    }
}

template <typename Input, typename Accumulator>
void printRandom(const std::vector<float>& values)
{
    double exact = 0;
    std::size_t summed = 0;
    for (int k = 10; k <= 24; k += 2) {
        const std::size_t n = std::size_t(1) << k;
        for (; summed < n; ++summed) exact += values[summed];
        const double serial = serialSum<Accumulator>(values, n);
        const double pairwise = pairwiseSum<Accumulator>(values, 0, n);
        std::printf("random,%s,%s,serial,%zu,%.9g,%.9g,%.6g,%.6g\n", Input::name, Accumulator::name,
                    n, serial, exact, std::fabs(serial - exact) / exact,
                    double(n - 1) * Accumulator::unitRoundoff);
        std::printf("random,%s,%s,pairwise,%zu,%.9g,%.9g,%.6g,%.6g\n", Input::name,
                    Accumulator::name, n, pairwise, exact, std::fabs(pairwise - exact) / exact,
                    double(k) * Accumulator::unitRoundoff);
    }
}

// n values uniform in [0, 1), each rounded to Input (so the inputs are exactly 16-bit values).
template <typename Input>
std::vector<float> randomInput(std::size_t n)
{
    std::vector<float> values(n);
    std::uint64_t state = 2026;
    for (float& x : values) x = Input::round(float(mixBits(state++) >> 40) * 0x1p-24f);
    return values;
}

template <typename Input>
void printBoth()
{
    printOnes<Input, Input>();
    printOnes<Input, Float>();
    const std::vector<float> values = randomInput<Input>(std::size_t(1) << 24);
    printRandom<Input, Input>(values);
    printRandom<Input, Float>(values);
}

int main(int argc, char** argv)
{
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s   (no arguments; CSV on stdout)\n", argv[0]);
        return exitBadUsage;
    }
    std::printf("part,input,accumulator,order,n,sum,exact,relative_error,bound\n");
    printBoth<Half>();
    printBoth<Bfloat16>();
    return exitVerified;
}
