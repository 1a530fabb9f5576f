// Tests of step11's exercise (a dot product with vector loads): ctest -R exercise_step11
#include <cmath>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// x . y for x and y starting `offset` elements after a 256-byte aligned cudaMalloc address.
template <typename T>
T dotOnDevice(const std::vector<T>& x, const std::vector<T>& y, std::size_t offset, int blockSize)
{
    const std::size_t n = x.size();
    DeviceArray<T> deviceX(n + offset), deviceY(n + offset), result(1);
    DeviceArray<unsigned char> workspace(dotProductWorkspaceBytes<T>(n, blockSize));
    if (workspace.count() > 0) CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    if (n > 0) {
        CUDA_CHECK(
            cudaMemcpy(deviceX.data() + offset, x.data(), n * sizeof(T), cudaMemcpyHostToDevice));
        CUDA_CHECK(
            cudaMemcpy(deviceY.data() + offset, y.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    }
    CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(T)));
    dotProduct<T>(deviceX.data() + offset, deviceY.data() + offset, n, blockSize, workspace.data(),
                  result.data());
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    T value;
    CUDA_CHECK(cudaMemcpy(&value, result.data(), sizeof(T), cudaMemcpyDeviceToHost));
    return value;
}

// The exact pair of n elements: x the exact input (whole numbers 1 to 8 with random signs), y
// random signs (+-1, from another exact input). Each product is a whole number of x's size,
// so sum |x_i y_i| <= 8n <= 2^24 at every exercise size: every order of summation gives the
// exact dot product, in every type, and one lost or repeated product changes it.
template <typename T>
void makeExactPair(std::size_t n, std::vector<T>& x, std::vector<T>& y, std::vector<T>& products)
{
    x = makeExactExerciseInput<T>(n, exerciseSeed + n);
    y = makeExactExerciseInput<T>(n, exerciseSeed + 7 * n + 1);
    products.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        y[i] = y[i] < T(0) ? T(-1) : T(1);
        products[i] = x[i] * y[i];
    }
}

template <typename T>
void checkDotProducts()
{
    for (int blockSize : {32, 256, 1024})
        for (std::size_t offset = 0; offset < 4; ++offset)
            for (std::size_t n : exerciseSizes()) {
                SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize) +
                             ", offset = " + std::to_string(offset));
                std::vector<T> x = makeInput<T>(n, exerciseSeed + n),
                               y = makeInput<T>(n, exerciseSeed + 7 * n + 1);
                T result = dotOnDevice(x, y, offset, blockSize);
                double exact = 0, magnitudes = 0;  // products of these values are exact in double
                for (std::size_t i = 0; i < n; ++i) {
                    exact += double(x[i]) * double(y[i]);
                    magnitudes += std::fabs(double(x[i]) * double(y[i]));
                }
                if constexpr (std::is_integral_v<T>) {
                    EXPECT_EQ(result, T(exact));
                } else {
                    // n products, each rounded once, then a sum of n terms: the harness's
                    // tolerance for n + 1 roundings bounds it (toleranceFactor, common/data.cuh).
                    double tolerance = toleranceFactor(n + 1, unitRoundoff<T>()) * magnitudes;
                    EXPECT_NEAR(double(result), exact, tolerance);
                }
                // The exact input: the dot product is the sum of the products, each exact, so
                // sumIsCorrect requires the exact sum, bit for bit.
                std::vector<T> exactX, exactY, products;
                makeExactPair(n, exactX, exactY, products);
                EXPECT_TRUE(sumIsCorrect(dotOnDevice(exactX, exactY, offset, blockSize), products))
                    << "exact input";
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
