// step01 runs on the CPU, so its correctness is checked here, without a GPU.
#include <vector>

#include <gtest/gtest.h>

#include "reduce.cuh"  // step01_cpu_serial's (CMake puts its folder on the include path)
#include "data.cuh"

namespace {

template <typename T>
void checkSerialLoop()
{
    for (std::size_t n : {0, 1, 2, 31, 33, 1025, (1 << 20) + 7}) {
        SCOPED_TRACE("n = " + std::to_string(n));
        std::vector<T> input = makeInput<T>(n, 7 + n);
        Accuracy accuracy = checkAccuracy(reduce(input.data(), n), referenceSum(input.data(), n));
        EXPECT_TRUE(accuracy.withinTolerance)
            << "|error| " << accuracy.error << ", tolerance " << accuracy.tolerance;
        ExactInput exactInput;
        ExactReference<T> exact = prepareExactInput<T>(7 + n, n, exactInput);
        Accumulator<T> sum = reduce(makeExactInput<T>(exactInput, n).data(), n);
        EXPECT_TRUE(isExactSum(sum, exact))
            << "exact input: sum " << valueText(sum) << ", exact sum " << exactReferenceText(exact);
    }
}

}  // namespace

TEST(Step01SerialLoop, Int)
{
    checkSerialLoop<int>();
}
TEST(Step01SerialLoop, Int64)
{
    checkSerialLoop<long long>();
}
TEST(Step01SerialLoop, Float)
{
    checkSerialLoop<float>();
}
TEST(Step01SerialLoop, Double)
{
    checkSerialLoop<double>();
}
TEST(Step01SerialLoop, ComplexFloat)
{
    checkSerialLoop<Complex<float>>();
}
TEST(Step01SerialLoop, ComplexDouble)
{
    checkSerialLoop<Complex<double>>();
}

TEST(Step01SerialLoop, Half)
{
    checkSerialLoop<__half>();
}
TEST(Step01SerialLoop, Bfloat16)
{
    checkSerialLoop<__nv_bfloat16>();
}

// The stall a 16-bit accumulator has (docs/accuracy.md): 4096 ones summed in half stop at
// 2048, in bfloat16 at 256; the float accumulator every step uses gives 4096.
TEST(Step01SerialLoop, SixteenBitOnesReachNWhereA16BitSumStalls)
{
    const std::vector<__half> halfOnes(4096, __half(1.0f));
    const std::vector<__nv_bfloat16> bf16Ones(4096, __nv_bfloat16(1.0f));
    EXPECT_EQ(reduce(halfOnes.data(), halfOnes.size()), 4096.0f);
    EXPECT_EQ(reduce(bf16Ones.data(), bf16Ones.size()), 4096.0f);
    __half halfSum = 0.0f;
    __nv_bfloat16 bf16Sum = 0.0f;
    for (std::size_t i = 0; i < 4096; ++i) {
        halfSum = __float2half(float(halfSum) + float(halfOnes[i]));  // one rounded 16-bit add
        bf16Sum = __float2bfloat16(float(bf16Sum) + float(bf16Ones[i]));
    }
    EXPECT_EQ(float(halfSum), 2048.0f);
    EXPECT_EQ(float(bf16Sum), 256.0f);
}

TEST(Step01SerialLoop, EmptyInputSumsToZero)
{
    EXPECT_EQ(reduce(static_cast<const float*>(nullptr), 0), 0.0f);
}
