// Tests of step11's exercise (a dot product with vector loads): ctest -R exercise_step11
#include <cmath>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// A 128-bit vector load holds 16 / sizeof(T) elements: 4 ints or floats, 8 halves or bfloat16s.
constexpr std::size_t vectorBytes = 16;

// x . y for x and y starting `offset` elements after a 256-byte aligned cudaMalloc address,
// summed in T's accumulator (float for half and bfloat16).
template <typename T>
Accumulator<T> dotOnDevice(const std::vector<T>& x, const std::vector<T>& y, std::size_t offset,
                           int blockSize)
{
    using Sum = Accumulator<T>;
    const std::size_t n = x.size();
    DeviceArray<T> deviceX(n + offset), deviceY(n + offset);
    DeviceArray<Sum> result(1);
    DeviceArray<unsigned char> workspace(dotProductWorkspaceBytes<T>(n, blockSize));
    if (workspace.count() > 0) CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    if (n > 0) {
        CUDA_CHECK(
            cudaMemcpy(deviceX.data() + offset, x.data(), n * sizeof(T), cudaMemcpyHostToDevice));
        CUDA_CHECK(
            cudaMemcpy(deviceY.data() + offset, y.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    }
    CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(Sum)));
    dotProduct<T>(deviceX.data() + offset, deviceY.data() + offset, n, blockSize, workspace.data(),
                  result.data());
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    Sum value;
    CUDA_CHECK(cudaMemcpy(&value, result.data(), sizeof(Sum), cudaMemcpyDeviceToHost));
    return value;
}

// The exact pair of n elements: x the exact input (multiples of 1/4 below 8 with random signs,
// whole numbers for integer types), y random signs (+-1, from another exact input): both exact
// in every type, half and bfloat16 included. Each product is +-x_i, exact in the accumulator,
// and the positive products, and the negative ones, each sum to far less than 2^22 at every
// exercise size (sumIsCorrect checks it): every order of summation gives the exact dot
// product, in every accumulator, and one lost or repeated product changes it.
template <typename T>
void makeExactPair(std::size_t n, std::vector<T>& x, std::vector<T>& y,
                   std::vector<Accumulator<T>>& products)
{
    using Sum = Accumulator<T>;
    x = makeExactExerciseInput<T>(n, exerciseSeed + n);
    y = makeExactExerciseInput<T>(n, exerciseSeed + 7 * n + 1);
    products.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        y[i] = Sum(y[i]) < Sum(0) ? T(-1.0f) : T(1.0f);
        products[i] = Sum(x[i]) * Sum(y[i]);
    }
}

template <typename T>
void checkDotProducts()
{
    using Sum = Accumulator<T>;
    for (std::size_t n : exerciseSizes()) {
        const std::vector<T> x = makeInput<T>(n, exerciseSeed + n),
                             y = makeInput<T>(n, exerciseSeed + 7 * n + 1);
        double exact = 0, magnitudes = 0;  // products of these values are exact in double
        for (std::size_t i = 0; i < n; ++i) {
            exact += double(x[i]) * double(y[i]);
            magnitudes += std::fabs(double(x[i]) * double(y[i]));
        }
        std::vector<T> exactX, exactY;
        std::vector<Sum> products;
        makeExactPair(n, exactX, exactY, products);
        for (int blockSize : {32, 256, 1024})
            // Every misalignment a vector can have: 0 to 3 elements for int and float, 0 to 7
            // for half and bfloat16: the head takes every length it can.
            for (std::size_t offset = 0; offset < vectorBytes / sizeof(T); ++offset) {
                SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize) +
                             ", offset = " + std::to_string(offset));
                const Sum result = dotOnDevice(x, y, offset, blockSize);
                if constexpr (std::is_integral_v<Sum>) {
                    EXPECT_EQ(result, Sum(exact));
                } else {
                    // n products, each rounded once, then a sum of n terms, all in the
                    // accumulator: the harness's tolerance for n + 1 roundings of its unit
                    // roundoff bounds it (toleranceFactor, common/data.cuh). For half and
                    // bfloat16 the inputs are exact in float and so are their products (at most
                    // 22 significant bits), so float's roundoff is the right one; a product
                    // rounded to the 16-bit type errs by up to 2^-12 of it (2^-9 in bfloat16),
                    // far more (wrong solution product_in_input_type).
                    double tolerance = toleranceFactor(n + 1, unitRoundoff<Sum>()) * magnitudes;
                    EXPECT_NEAR(double(result), exact, tolerance);
                }
                // The exact pair: the dot product is the sum of the products, each exact, so
                // sumIsCorrect requires the exact sum, bit for bit.
                EXPECT_TRUE(sumIsCorrect(dotOnDevice(exactX, exactY, offset, blockSize), products))
                    << "exact input";
            }
    }
}

}  // namespace

TEST(DotProduct, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkDotProducts<int>();
}

TEST(DotProduct, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkDotProducts<float>();
}

TEST(DotProduct, Half)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkDotProducts<__half>();
}

TEST(DotProduct, Bfloat16)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkDotProducts<__nv_bfloat16>();
}
