// Input data, the CPU reference and the verification rule.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "element_types.cuh"
#include "host.cuh"

// A counter-based generator (splitmix64): element i depends only on (seed, i), so any
// element can be regenerated alone and the data is the same on every machine.
__host__ __device__ inline std::uint64_t mixBits(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Every value is nonzero with a random sign:
//  - nonzero, so dropping or repeating any one element changes the exact sum;
//  - mixed signs, so partial sums stay small (about sqrt(n)) and a float accumulator
//    never stalls the way it does when adding many positive numbers.
// Integers are +-2..+-9, floating-point values of magnitude 0.5 to 1 (both can occur).
template <typename Scalar>
Scalar randomScalar(std::uint64_t bits)
{
    bool negative = bits & 1;
    if constexpr (std::is_integral_v<Scalar>) {
        Scalar magnitude = Scalar(2 + (bits >> 32) % 8);
        return negative ? -magnitude : magnitude;
    } else {
        // A fraction of as many random bits as the type has (24 for float, 53 for double, 11
        // for half, 8 for bfloat16), exact in double; halved and added to 0.5 it needs one bit
        // more, which the conversion to the type rounds off (so a magnitude can round up to 1).
        constexpr int digits = precisionBits<Scalar>;
        double fraction = double(bits >> (64 - digits)) * std::ldexp(1.0, -digits);
        double magnitude = 0.5 + fraction / 2;
        return Scalar(negative ? -magnitude : magnitude);
    }
}

template <typename T>
T inputElement(std::uint64_t seed, std::size_t index)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    std::uint64_t stream = mixBits(seed) + 2 * index;
    if constexpr (ElementTraits<T>::components == 1) {
        return randomScalar<Scalar>(mixBits(stream));
    } else {
        return T(randomScalar<Scalar>(mixBits(stream)), randomScalar<Scalar>(mixBits(stream + 1)));
    }
}

// Host work on the input goes in pieces of this many elements (see host.cuh).
constexpr std::size_t hostPieceElements = std::size_t(1) << 16;

inline std::size_t piecesOf(std::size_t count)
{
    return (count + hostPieceElements - 1) / hostPieceElements;
}

// Elements first .. first + count - 1 of the input, into out[0 .. count).
template <typename T>
void makeInputSlice(T* out, std::size_t first, std::size_t count, std::uint64_t seed)
{
    forEachPiece(piecesOf(count), [&](std::size_t piece) {
        const std::size_t begin = piece * hostPieceElements;
        const std::size_t end = std::min(count, begin + hostPieceElements);
        for (std::size_t i = begin; i < end; ++i) out[i] = inputElement<T>(seed, first + i);
    });
}

template <typename T>
std::vector<T> makeInput(std::size_t n, std::uint64_t seed)
{
    std::vector<T> input(n);
    makeInputSlice(input.data(), 0, n, seed);
    return input;
}

// The CPU reference, per component: exact in int64 for integer types; for floating-point
// types a compensated (Neumaier) sum in double, whose error, about 2^-53 of the sum plus
// n * 2^-106 of the sum of magnitudes, is far below any tolerance used here.
// sumOfMagnitudes (sum of |x_i|) scales the error bound of any summation order.
struct ComponentReference {
    long long exactSum = 0;  // integer types
    double sum = 0;          // floating-point types
    double sumOfMagnitudes = 0;
};

template <typename T>
struct Reference {
    ComponentReference component[ElementTraits<T>::components];
    std::size_t n = 0;
};

// Neumaier's step: adds x to sum and keeps in compensation what the rounding lost.
inline void compensatedAdd(double& sum, double& compensation, double x)
{
    double t = sum + x;
    compensation += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
}

// One piece's compensated sum of one component.
struct PieceSum {
    long long exactSum = 0;
    double sum = 0, compensation = 0, magnitudes = 0;
};

// Builds the reference from consecutive stretches of the input, in order. Each stretch is
// summed in pieces of hostPieceElements on every core, and the pieces' sums are added in
// order: the result depends on the elements alone, not on the threads or on how the input
// was cut into stretches (every stretch but the last must be a whole number of pieces).
template <typename T>
class ReferenceBuilder {
public:
    void add(const T* elements, std::size_t count)
    {
        using Scalar = typename ElementTraits<T>::Scalar;
        if (count == 0) return;
        if (n_ % hostPieceElements != 0) {
            std::fprintf(stderr,
                         "error: ReferenceBuilder::add after a stretch that was not a whole number "
                         "of pieces\n");
            std::abort();
        }
        constexpr int components = ElementTraits<T>::components;
        std::vector<PieceSum> pieces(piecesOf(count) * components);
        forEachPiece(piecesOf(count), [&](std::size_t piece) {
            const std::size_t begin = piece * hostPieceElements;
            const std::size_t end = std::min(count, begin + hostPieceElements);
            for (int c = 0; c < components; ++c) {
                PieceSum& partial = pieces[piece * components + c];
                for (std::size_t i = begin; i < end; ++i) {
                    Scalar x = componentOf(elements[i], c);
                    if constexpr (std::is_integral_v<Scalar>) {
                        partial.exactSum += (long long)x;
                    } else {
                        compensatedAdd(partial.sum, partial.compensation, double(x));
                        partial.magnitudes += std::fabs(double(x));
                    }
                }
            }
        });
        for (std::size_t piece = 0; piece < piecesOf(count); ++piece) {
            for (int c = 0; c < components; ++c) {
                const PieceSum& partial = pieces[piece * components + c];
                total_[c].exactSum += partial.exactSum;
                compensatedAdd(total_[c].sum, total_[c].compensation, partial.sum);
                total_[c].compensation += partial.compensation;
                total_[c].magnitudes += partial.magnitudes;
            }
        }
        n_ += count;
    }

    Reference<T> result() const
    {
        Reference<T> reference;
        reference.n = n_;
        for (int c = 0; c < ElementTraits<T>::components; ++c) {
            reference.component[c].exactSum = total_[c].exactSum;
            reference.component[c].sum = total_[c].sum + total_[c].compensation;
            reference.component[c].sumOfMagnitudes = total_[c].magnitudes;
        }
        return reference;
    }

private:
    PieceSum total_[ElementTraits<T>::components];
    std::size_t n_ = 0;
};

template <typename T>
Reference<T> referenceSum(const T* input, std::size_t n)
{
    ReferenceBuilder<T> builder;
    builder.add(input, n);
    return builder.result();
}

// The tolerance for a floating-point sum of n terms, as a multiple of sum |x_i|.
// u is the unit roundoff of the accumulating type (2^-24 for float, 2^-53 for double).
//
// Any summation order in which no term takes part in more than n-1 additions (serial loop,
// tree, or any mix of the two, which covers every step) has an error of at most
//     gamma(n-1) * sum |x_i|,   gamma(k) = k*u / (1 - k*u)         (Higham, ASNA, 4.2)
// That worst case needs every rounding error to point the same way. Treating the rounding
// errors as independent and mean-zero, the error is at most
//     (exp(lambda * sqrt(n-1) * u + (n-1) * u^2 / (1 - u)) - 1) * sum |x_i|
// except with probability below 2 * n * exp(-lambda^2 / 2)    (Higham & Mary, SISC 2019, Thm 3.1)
// With lambda = 10 that is 3.9e-22 * n: below 1e-12 up to n of about 2.6e9 (2^31: 8.3e-13;
// 2^32: 1.7e-12): a correct kernel practically never fails.
// We use the smaller of the two bounds, plus 4 * 2^-53 * sum |x_i| for the reference's own
// error and the final conversion to double. Example: n = 2^20 floats gives about 6e-4
// * sum |x_i|, while dropping one element (|x| >= 0.5, sum |x_i| ~ 0.75 n) changes the sum
// by 0.5: caught up to n of about 10^4 for float and several 10^9 for double (the tests
// check float to 8192 and double to 2^22).
inline double toleranceFactor(std::size_t n, double unitRoundoff)
{
    if (n <= 1) return 0;  // one term (or none) is summed exactly
    const double additions = double(n - 1);
    const double u = unitRoundoff;
    const double lambda = 10;
    double probabilistic =
        std::expm1(lambda * std::sqrt(additions) * u + additions * u * u / (1 - u));
    double bound = probabilistic;
    if (additions * u < 1) bound = std::fmin(bound, additions * u / (1 - additions * u));
    return bound + 4 * std::ldexp(1.0, -53);
}

template <typename Scalar>
double unitRoundoff()
{
    return std::ldexp(1.0, -precisionBits<Scalar>);
}

// The accuracy check of the random input: is the sum within the tolerance of the reference?
// It bounds the rounding error of a correct kernel; it is no check of correctness: at 2^28
// floats the tolerance is about 2e6 while the sum is about 1e4, so a kernel that returns 0
// passes it. The exact check below is the one that catches wrong kernels.
struct Accuracy {
    bool withinTolerance = false;
    double error = 0;      // largest |result - reference| over the components
    double tolerance = 0;  // the tolerance of that component (0 for integer types: exact)
};

// The result is a sum in T's accumulator (float for 16-bit input), so its rounding is that
// type's; the reference is the sum of the elements themselves.
template <typename T>
Accuracy checkAccuracy(const Accumulator<T>& result, const Reference<T>& reference)
{
    using Scalar = typename ElementTraits<Accumulator<T>>::Scalar;
    Accuracy accuracy;
    accuracy.withinTolerance = true;
    for (int c = 0; c < ElementTraits<T>::components; ++c) {
        const ComponentReference& ref = reference.component[c];
        Scalar value = componentOf(result, c);
        if constexpr (std::is_integral_v<Scalar>) {
            // Integer addition is associative, so every order gives the exact sum (modulo
            // 2^bits should it overflow, which this data does not).
            Scalar expected = Scalar(ref.exactSum);
            double error = std::fabs(double(value) - double(expected));
            accuracy.error = std::fmax(accuracy.error, error);
            if (value != expected) accuracy.withinTolerance = false;
        } else {
            double tolerance =
                toleranceFactor(reference.n, unitRoundoff<Scalar>()) * ref.sumOfMagnitudes;
            double error = std::fabs(double(value) - ref.sum);
            if (!(error <= tolerance)) accuracy.withinTolerance = false;  // NaN fails too
            if (!(error <= accuracy.error)) accuracy.error = error;
            accuracy.tolerance = std::fmax(accuracy.tolerance, tolerance);
        }
    }
    return accuracy;
}

// The exact input: the correctness check.
//
// Element i has a random sign and a magnitude from (seed, i) alone, like the random input (each
// component of a complex number drawn apart):
//  - integer types: a whole number from 1 to exactMagnitudeMax;
//  - floating-point types: a half-integer, 1/2, 3/2, ... up to exactMagnitudeMax - 1/2; element
//    0 alone is a whole number less a quarter (3/4, 7/4, ... up to exactMagnitudeMax - 1/4);
//  - and in the types that hold more than bfloat16's 8 significant bits (float, double, half),
//    every 1024th element (i = 512, 1536, ...) is a bfloat16 witness instead: +256.5 or
//    -257.5, 10 significant bits, which rounding to bfloat16 (8 bits, to nearest; no ties)
//    moves to 256 or -258: down by 1/2, both of them.
// Then:
//  - every element is nonzero, so one lost or doubled element changes the sum;
//  - a floating-point sum is a multiple of 1/4 and never a whole number (the half-integers and
//    the witnesses sum to a multiple of 1/2, element 0 adds a quarter more): it is never 0, and
//    a kernel that turns its elements into whole numbers (truncation, rounding to an integer)
//    can only return a whole number, so it fails at every n;
//  - a kernel that rounds its elements to bfloat16 before adding leaves the half-integers (at
//    most 4 significant bits) and element 0 (5) as they are and moves every witness down by 1/2:
//    from n = 513 on its sum is too small by 1/2 per witness, so it fails;
//  - every element is exact in its type (at most 10 significant bits: half holds 11), and the
//    sum of any subset of them is a multiple of 1/4, so a floating-point sum in any order is
//    exact while no partial sum leaves the multiples of 1/4 the accumulator holds (every one
//    below 2^22 for float, which also sums half and bfloat16; below 2^51 for double): always
//    for double, for float up to n = 2^19 for certain and far beyond with overwhelming
//    probability (docs/accuracy.md derives both);
//  - integer sums are exact modulo 2^bits in every order; should the signs cancel exactly,
//    element 0 is negated, which makes the sum -2 x_0 (ExactInput::negateFirst), so a kernel
//    that writes 0 fails.
// A correct kernel must therefore return the exact sum, bit for bit, whatever its order.
constexpr int exactMagnitudeMax = 8;

// The exact sums are kept in int64 in these units: whole numbers for integer types, quarters
// for floating-point types (exact: |sum| <= 258n, in quarters 1032n, is far below 2^63).
template <typename Scalar>
constexpr long long exactUnitsPerOne = std::is_integral_v<Scalar> ? 1 : 4;

// x in those units, exactly (x is a multiple of 1/4, so 4x is a whole number).
template <typename Scalar>
__host__ __device__ long long exactUnits(Scalar x)
{
    return (long long)(double(x) * exactUnitsPerOne<Scalar>);
}

struct ExactInput {
    std::uint64_t seed = 0;
    unsigned negateFirst = 0;  // bit c set: component c of element 0 is negated
};

// Every bfloat16WitnessSpacing-th element is a bfloat16 witness (see above).
constexpr std::size_t bfloat16WitnessSpacing = 1024;

__host__ __device__ inline bool isBfloat16Witness(std::size_t index)
{
    return index % bfloat16WitnessSpacing == bfloat16WitnessSpacing / 2;
}

template <typename Scalar>
__host__ __device__ Scalar exactScalar(std::uint64_t bits, bool first, bool witness)
{
    const int whole = 1 + int((bits >> 32) % exactMagnitudeMax);
    const bool negative = bits & 1;
    if constexpr (std::is_integral_v<Scalar>) {
        return Scalar(negative ? -whole : whole);
    } else {
        // In quarters: 4 * whole - 2 (a half-integer), or 4 * whole - 1 for element 0; a witness
        // is 1026 (256.5) or -1030 (-257.5), in a type that holds more bits than bfloat16.
        if (witness && !first && precisionBits < Scalar >> precisionBits<__nv_bfloat16>)
            return Scalar(negative ? -257.5f : 256.5f);
        const int quarters = 4 * whole - (first ? 1 : 2);
        return Scalar(float(negative ? -quarters : quarters) * 0.25f);
    }
}

template <typename T>
__host__ __device__ T exactElement(const ExactInput& input, std::size_t index)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    // ~seed: a stream of its own, unrelated to the random input's of the same seed.
    const std::uint64_t stream = mixBits(~input.seed) + 2 * index;
    const bool witness = isBfloat16Witness(index);
    Scalar part[2] = {exactScalar<Scalar>(mixBits(stream), index == 0, witness),
                      exactScalar<Scalar>(mixBits(stream + 1), index == 0, witness)};
    for (int c = 0; c < 2; ++c)
        if (index == 0 && (input.negateFirst >> c & 1)) part[c] = -part[c];
    if constexpr (ElementTraits<T>::components == 1) {
        return part[0];
    } else {
        return T(part[0], part[1]);
    }
}

// The exact sum of the exact input, per component, in int64 counted in exactUnitsPerOne:
// exact (the magnitudes are small: |sum| <= 258n, in quarters 1032n).
template <typename T>
struct ExactReference {
    long long sum[ElementTraits<T>::components] = {};
    std::size_t n = 0;
};

// The exact sum of elements first .. first + count - 1; integer addition is associative, so
// the pieces may be added in any order.
template <typename T>
ExactReference<T> exactSliceSum(const ExactInput& input, std::size_t first, std::size_t count)
{
    constexpr int components = ElementTraits<T>::components;
    std::vector<long long> pieces(piecesOf(count) * components);
    forEachPiece(piecesOf(count), [&](std::size_t piece) {
        const std::size_t begin = piece * hostPieceElements;
        const std::size_t end = std::min(count, begin + hostPieceElements);
        for (std::size_t i = begin; i < end; ++i) {
            const T x = exactElement<T>(input, first + i);
            for (int c = 0; c < components; ++c)
                pieces[piece * components + c] += exactUnits(componentOf(x, c));
        }
    });
    ExactReference<T> reference;
    reference.n = count;
    for (std::size_t piece = 0; piece < piecesOf(count); ++piece)
        for (int c = 0; c < components; ++c) reference.sum[c] += pieces[piece * components + c];
    return reference;
}

// Given the sums of the whole input with nothing negated, negates element 0 in every
// component whose sum is 0, and returns the sums of the input so changed: none is 0 for n > 0.
// (Only integer sums can be 0: a floating-point one is never a whole number.)
template <typename T>
ExactReference<T> makeExactSumNonzero(ExactInput& input, ExactReference<T> total)
{
    if (total.n == 0) return total;
    const T first = exactElement<T>(input, 0);  // negateFirst is still 0 here
    for (int c = 0; c < ElementTraits<T>::components; ++c) {
        if (total.sum[c] != 0) continue;
        input.negateFirst |= 1u << c;
        total.sum[c] = -2 * exactUnits(componentOf(first, c));
    }
    return total;
}

// The exact input of n elements from `seed`, and its exact sum (never 0 for n > 0).
template <typename T>
ExactReference<T> prepareExactInput(std::uint64_t seed, std::size_t n, ExactInput& input)
{
    input = ExactInput{seed, 0};
    return makeExactSumNonzero(input, exactSliceSum<T>(input, 0, n));
}

// The exact input of n elements on the host (the CPU step and the tests).
template <typename T>
std::vector<T> makeExactInput(const ExactInput& input, std::size_t n)
{
    std::vector<T> elements(n);
    forEachPiece(piecesOf(n), [&](std::size_t piece) {
        const std::size_t begin = piece * hostPieceElements;
        const std::size_t end = std::min(n, begin + hostPieceElements);
        for (std::size_t i = begin; i < end; ++i) elements[i] = exactElement<T>(input, i);
    });
    return elements;
}

// Component c of the exact sum as a double: exact (a multiple of 1/4 far below 2^51).
template <typename T>
double exactComponent(const ExactReference<T>& reference, int c)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    return double(reference.sum[c]) / double(exactUnitsPerOne<Scalar>);
}

// The correctness check: the sum of the exact input must be its exact sum, bit for bit. (A
// floating-point value equal to a nonzero multiple of 1/4 has one bit pattern; NaN fails.)
template <typename T>
bool isExactSum(const Accumulator<T>& result, const ExactReference<T>& reference)
{
    using Scalar = typename ElementTraits<Accumulator<T>>::Scalar;
    for (int c = 0; c < ElementTraits<T>::components; ++c) {
        const Scalar value = componentOf(result, c);
        if constexpr (std::is_integral_v<Scalar>) {
            if (value != Scalar(reference.sum[c])) return false;  // both modulo 2^bits
        } else {
            if (!(double(value) == exactComponent(reference, c))) return false;
        }
    }
    return true;
}

// Text of a value for reports: enough digits to tell two results apart.
template <typename Scalar>
std::string scalarText(Scalar value)
{
    char text[64];
    if constexpr (std::is_integral_v<Scalar>)
        std::snprintf(text, sizeof text, "%lld", (long long)value);
    else
        std::snprintf(text, sizeof text, "%.*g", std::numeric_limits<Scalar>::max_digits10,
                      double(value));
    return text;
}

template <typename T>
std::string valueText(const T& value)
{
    if constexpr (ElementTraits<T>::components == 1) {
        return scalarText(value);
    } else {
        std::string imaginary = scalarText(value.im);
        if (imaginary[0] != '-') imaginary = "+" + imaginary;
        return scalarText(value.re) + imaginary + "i";
    }
}

template <typename T>
std::string exactReferenceText(const ExactReference<T>& reference)
{
    using Sum = Accumulator<T>;
    using Scalar = typename ElementTraits<Sum>::Scalar;
    if constexpr (std::is_integral_v<Scalar>) {
        return std::to_string(reference.sum[0]);  // integer types have one component
    } else if constexpr (ElementTraits<T>::components == 1) {
        return scalarText(exactComponent(reference, 0));
    } else {
        return valueText(
            Complex<double>(exactComponent(reference, 0), exactComponent(reference, 1)));
    }
}

// The reference as a value of the result's type (T's accumulator), to be read beside it.
template <typename T>
std::string referenceText(const Reference<T>& reference)
{
    using Sum = Accumulator<T>;
    using Scalar = typename ElementTraits<Sum>::Scalar;
    Sum value{};
    if constexpr (ElementTraits<T>::components == 1) {
        value = std::is_integral_v<Scalar> ? Scalar(reference.component[0].exactSum)
                                           : Scalar(reference.component[0].sum);
    } else {
        value = Sum(Scalar(reference.component[0].sum), Scalar(reference.component[1].sum));
    }
    return valueText(value);
}
