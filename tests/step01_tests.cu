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
        T sum = reduce(makeExactInput<T>(exactInput, n).data(), n);
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

TEST(Step01SerialLoop, EmptyInputSumsToZero)
{
    EXPECT_EQ(reduce(static_cast<const float*>(nullptr), 0), 0.0f);
}
