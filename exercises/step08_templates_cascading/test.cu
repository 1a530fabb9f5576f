// Tests of step08's exercise (the composite trapezoidal rule): ctest -R exercise_step08
#include <cmath>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

// A named namespace (not an anonymous one): with the unsolved stub nothing calls these, and
// nvcc would warn about unreferenced functions with internal linkage.
namespace integrands {

struct FourOverOnePlusXSquared {  // integral from 0 to 1: pi
    __host__ __device__ double operator()(double x) const { return 4.0 / (1.0 + x * x); }
};

struct Sine {  // integral from 0 to pi: 2
    __host__ __device__ double operator()(double x) const { return sin(x); }
};

struct Linear {  // 3x + 1; integral from 0 to 2: 8, exact for the trapezoidal rule
    __host__ __device__ double operator()(double x) const { return 3 * x + 1; }
};

}  // namespace integrands

using namespace integrands;

const double pi = 3.14159265358979323846;

TEST(Trapezoid, Pi)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    // Rule error <= (b - a) h^2 max|f''| / 12 = 8 / (12 * 2^40) < 1e-12; the rest is rounding.
    double integral = trapezoidIntegral(FourOverOnePlusXSquared(), 0.0, 1.0, std::size_t(1) << 20);
    EXPECT_NEAR(integral, pi, 1e-9);
}

TEST(Trapezoid, SineUnderestimatesByTheRuleError)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    // sin is concave on [0, pi]: every trapezoid lies below the curve, and the error is at
    // most pi * h^2 / 12 with h = pi / 1000, about 2.6e-6.
    double integral = trapezoidIntegral(Sine(), 0.0, pi, 1000);
    EXPECT_LT(integral, 2.0);
    EXPECT_NEAR(integral, 2.0, pi * (pi / 1000) * (pi / 1000) / 12);
}

TEST(Trapezoid, ExactForStraightLinesAtAnyIntervalCount)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    for (std::size_t intervals : {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(255),
                                  std::size_t(256), std::size_t(257), std::size_t(1000003)})
        EXPECT_NEAR(trapezoidIntegral(Linear(), 0.0, 2.0, intervals), 8.0, 1e-9)
            << intervals << " intervals";
}
