// Tests of step08's exercise (the composite trapezoidal rule): ctest -R exercise_step08
#include <cmath>
#include <stdexcept>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

// A named namespace (not an anonymous one): with the unsolved stub nothing calls these, and
// nvcc would warn about unreferenced functions with internal linkage.
namespace integrands {

// The terms must be computed on the device: an integrand called on the host throws, which
// ends the computation at once and fails the test with this message.
[[noreturn]] inline double evaluatedOnHost()
{
    throw std::logic_error("the integrand was called on the host: evaluate it in the kernel");
}

// __CUDA_ARCH__ is defined only when nvcc compiles for the device.
struct FourOverOnePlusXSquared {  // integral from 0 to 1: pi
    __host__ __device__ double operator()([[maybe_unused]] double x) const
    {
#ifdef __CUDA_ARCH__
        return 4.0 / (1.0 + x * x);
#else
        return evaluatedOnHost();
#endif
    }
};

struct Sine {  // integral from 0 to pi: 2
    __host__ __device__ double operator()([[maybe_unused]] double x) const
    {
#ifdef __CUDA_ARCH__
        return sin(x);
#else
        return evaluatedOnHost();
#endif
    }
};

struct Linear {  // 3x + 1; integral from 0 to 2: 8, exact for the trapezoidal rule
    __host__ __device__ double operator()([[maybe_unused]] double x) const
    {
#ifdef __CUDA_ARCH__
        return 3 * x + 1;
#else
        return evaluatedOnHost();
#endif
    }
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

TEST(Trapezoid, TermsAreComputedNotStored)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    // 2^36 + 1 terms would take 512 GiB as doubles, more than any GPU has: a solution that
    // stores the terms (to sum them on the host, or in a second kernel) runs out of memory.
    // Computed one by one in a grid-stride loop they take no memory, and 2^36 evaluations of
    // a straight line take a fraction of a second (about one where double precision is slow).
    // The rule is exact for a line, and h = 2^-35 makes every x_i exact: only the rounding of
    // the sum remains. A 32-bit index cannot count to 2^36.
    double integral = trapezoidIntegral(Linear(), 0.0, 2.0, std::size_t(1) << 36);
    EXPECT_NEAR(integral, 8.0, 1e-6);
}
