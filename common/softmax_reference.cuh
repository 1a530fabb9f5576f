// Part II's capstone: the softmax of every row of a rows x cols matrix, softmax(x)_i =
// e^(x_i - M) / S with M the row's maximum and S = sum_j e^(x_j - M). What the harness and the
// tests need on the host: the input (random values, and the special rows of the tests), the
// reference of a row in double precision, the derived tolerance of every element, and the
// check of every element of every row.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "data.cuh"
#include "report.cuh"
#include "rows.cuh"

// The random input: uniform in [-softmaxInputRange, softmaxInputRange], rounded to the type,
// so e^(x - M) spans e^-16 .. 1: both the large terms that make S and the small ones whose
// relative accuracy depends on x - M.
constexpr double softmaxInputRange = 8;

// The special rows of the tests (row r of kind r % softmaxRowKinds; kind 0 is random):
enum SoftmaxRowKind {
    randomRow = 0,
    someMinusInfinity = 1,  // every third element -inf (none in column 0): they give exactly 0
    allMinusInfinity = 2,   // no finite element: NaN everywhere, as torch.softmax gives
    oneNaN = 3,             // a NaN in one column: the whole row NaN
    onePlusInfinity = 4,    // +inf in one column: e^(inf - inf) is NaN, the whole row NaN
    wideRange = 5,          // 32 times the range: e^(x - M) underflows float for many elements
    softmaxRowKinds = 6
};

template <typename T>
T softmaxInputElement(std::uint64_t seed, std::size_t cols, std::size_t index, bool specialRows)
{
    // A stream of its own (the constant), unrelated to Part I's inputs of the same seed.
    const std::uint64_t bits = mixBits(mixBits(seed ^ 0x50F7A3C1D2E4B697ull) + index);
    const double fraction = double(bits >> 11) * std::ldexp(1.0, -53);  // [0, 1)
    double x = softmaxInputRange * (2 * fraction - 1);
    if (specialRows) {
        const std::size_t row = index / cols, col = index % cols;
        const std::size_t special = mixBits(seed + row) % cols;  // the column of a NaN or inf
        switch (row % softmaxRowKinds) {
        case someMinusInfinity:
            if (col % 3 == 2) x = -INFINITY;
            break;
        case allMinusInfinity: x = -INFINITY; break;
        case oneNaN:
            if (col == special) x = NAN;
            break;
        case onePlusInfinity:
            if (col == special) x = INFINITY;
            break;
        case wideRange: x *= 32; break;
        default: break;
        }
    }
    return T(float(x));  // exact in float; rounded once more for the 16-bit types
}

// Rows first .. first + count - 1 of the input into out (count * cols elements), on every core.
template <typename T>
void makeSoftmaxInputRows(T* out, Shape shape, std::size_t first, std::size_t count,
                          std::uint64_t seed, bool specialRows)
{
    const std::size_t elements = count * shape.cols;
    forEachPiece(piecesOf(elements), [&](std::size_t piece) {
        const std::size_t begin = piece * hostPieceElements;
        const std::size_t end = std::min(elements, begin + hostPieceElements);
        for (std::size_t i = begin; i < end; ++i)
            out[i] = softmaxInputElement<T>(seed, shape.cols, first * shape.cols + i, specialRows);
    });
}

// The reference of one row, in double on the exact input values (a 16-bit element is the
// value of its type, exactly as the kernel reads it).
struct SoftmaxRowReference {
    double max = -INFINITY;  // M
    double sum = 0;          // S = sum_j e^(x_j - M), compensated (error about 2^-53 S)
    double spread = 0;       // M - the smallest finite element: the largest |x - M| that counts
    // A NaN, a +inf, or no finite element: every output is NaN (torch.softmax gives the same).
    bool undefined = false;
};

template <typename T>
SoftmaxRowReference softmaxRowReference(const T* row, std::size_t cols)
{
    SoftmaxRowReference reference;
    double smallest = INFINITY;
    for (std::size_t c = 0; c < cols; ++c) {
        const double x = double(float(row[c]));
        if (std::isnan(x) || x == INFINITY) reference.undefined = true;
        if (x > reference.max) reference.max = x;
        if (x != -INFINITY && x < smallest) smallest = x;
    }
    if (cols == 0 || reference.undefined || reference.max == -INFINITY) {
        reference.undefined = true;
        return reference;
    }
    reference.spread = reference.max - smallest;
    double compensation = 0;
    for (std::size_t c = 0; c < cols; ++c)
        compensatedAdd(reference.sum, compensation,
                       std::exp(double(float(row[c])) - reference.max));
    reference.sum += compensation;
    return reference;
}

// The output type's rounding and its smallest subnormal (no std::numeric_limits for the
// 16-bit types).
template <typename T>
double smallestSubnormal()
{
    if constexpr (std::is_same_v<T, __half>) return std::ldexp(1.0, -24);
    if constexpr (std::is_same_v<T, __nv_bfloat16>) return std::ldexp(1.0, -133);
    return std::numeric_limits<T>::denorm_min();
}

// The tolerance of one output e^(x - M) / S, derived from the kernel's arithmetic: float
// math (u = 2^-24) on the input values, the output rounded to T (u_T = 2^-24, 2^-11 half,
// 2^-8 bfloat16). Every error below is relative, as a factor (1 + e):
//  0. An element's exponential e^a (a <= 0): float's expf, at most 2 ulp (CUDA Programming
//     Guide, "Mathematical functions": 2 ulp <= 4u relative); 16-bit elements' __expf, at most
//     2 + 1.173|a| ulp ("Intrinsic functions"): e_exp(a) = (4 + 2.346|a|)u. A combine's
//     rescaling is always expf.
//  1. S. Each term e^(x_j - m) starts from one element's exponential (|x_j - m| <= spread:
//     e_exp(spread)), and goes up a combine tree where, at each level, it may be rescaled by
//     e^(m_a - m) (one more expf, 4u, and a product, u) and added (u): at most 6u a level, and
//     at most cols - 1 levels in any tree. That is a sum of positive terms with a unit
//     roundoff of 6u, bounded as Part I bounds a sum (toleranceFactor(cols, 6u): the smaller
//     of the worst case and Higham & Mary's probabilistic bound; relative to S, because every
//     term is positive). The arguments of a term's exponentials along its path are x_j - m_1,
//     m_1 - m_2, ..., each <= 0 and rounded by at most u of itself; they add up to x_j - M, so
//     their roundings move the term by at most e^(u |x_j - M|) <= e^(u spread) where spread =
//     M - the smallest finite x.
//     Together: |S~ / S - 1| <= e_S = (1 + e_exp(spread)) e^(u spread) (1 + toleranceFactor) - 1.
//  2. The output: x - M rounded (e^(u |x - M|): it grows with |x - M|), its exponential
//     (1 + e_exp(x - M)), 1 / S (the error of S: at most 1 / (1 - e_S), and the reciprocal's
//     rounding, 1 + u), the product (1 + u) and the conversion to T (1 + u_T); and the double
//     reference's own error (4 * 2^-53, with room).
//  3. An absolute floor for outputs that underflow: below float's smallest normal (2^-126)
//     the exponential and the product lose relative accuracy but not absolute; a half output
//     below 2^-14 is a subnormal, 2^-24 apart. The floor is the larger of 2^-126 and T's
//     smallest subnormal. An input of -inf gives exactly 0 (e^-inf), within the floor.
// The tolerance of a float output is then 1.3e-5 of it in a row of 33 elements of [-8, 8],
// 1.2e-4 at 1024, 3.7e-3 at 2^20 (half: 2^-11 more, bfloat16: 2^-8 more; __expf adds at most
// 4.5e-6 in rows of [-8, 8], 1 % of half's rounding). The faults a kernel really has are off
// by far more: reading a neighbour's x changes an output by e^(x' - x); an output never written
// keeps its poison (above 1); a sum not rescaled to the row's maximum is off by up to e^16; a
// NaN where the row is defined, or a number where it is not, is always wrong. A small fault can
// hide in long rows: at 2^20 columns a denominator missing about 240 of its largest terms stays
// within 3.7e-3 (experiments/softmax_by_length/README.md, what the check can miss).
template <typename T>
double exponentialError(double argument)
{
    const double u = std::ldexp(1.0, -24);
    if constexpr (sizeof(T) == 2) return (4 + 2.346 * std::fabs(argument)) * u;  // __expf
    return 4 * u;                                                                // expf
}

template <typename T>
double softmaxTolerance(const SoftmaxRowReference& row, std::size_t cols, double x, double expected)
{
    const double u = std::ldexp(1.0, -24);
    const double uT = unitRoundoff<T>();
    const double sumError = (1 + exponentialError<T>(row.spread)) * std::exp(u * row.spread) *
                                (1 + toleranceFactor(cols, 6 * u)) -
                            1;
    const double floor = std::max(std::ldexp(1.0, -126), smallestSubnormal<T>());
    if (!(expected > 0)) return floor;  // x = -inf: exactly 0
    const double relative = std::exp(u * std::fabs(x - row.max)) *
                                (1 + exponentialError<T>(x - row.max)) / (1 - sumError) * (1 + u) *
                                (1 + u) * (1 + uT) -
                            1 + 4 * std::ldexp(1.0, -53);
    return relative * expected + floor;
}

// One output checked: within its tolerance of the reference, or (undefined row) NaN.
struct SoftmaxElement {
    std::size_t row = 0, col = 0;
    double value = 0, reference = 0, error = 0, tolerance = 0;
    bool within = true;
    double share() const { return tolerance > 0 ? error / tolerance : 0; }  // of the tolerance
};

template <typename T>
SoftmaxElement checkSoftmaxElement(T result, T input, const SoftmaxRowReference& row,
                                   std::size_t cols)
{
    SoftmaxElement element;
    element.value = double(float(result));
    if (row.undefined) {
        element.reference = NAN;
        element.within = std::isnan(element.value);
        element.error = element.within ? 0 : INFINITY;
        return element;
    }
    const double x = double(float(input));
    element.reference = std::exp(x - row.max) / row.sum;
    element.tolerance = softmaxTolerance<T>(row, cols, x, element.reference);
    element.error = std::fabs(element.value - element.reference);
    element.within = element.error <= element.tolerance;  // NaN fails
    if (std::isnan(element.error)) element.error = INFINITY;
    return element;
}

// The verdict of every element of some rows: how many are wrong, the first wrong one, and
// the right one closest to its tolerance (the largest error relative to its tolerance).
struct SoftmaxVerdict {
    std::size_t checked = 0, wrong = 0;
    SoftmaxElement firstWrong;
    SoftmaxElement closest;
    bool anyClosest = false;

    // Takes in the verdict of the rows that follow these.
    void add(const SoftmaxVerdict& later)
    {
        if (wrong == 0 && later.wrong > 0) firstWrong = later.firstWrong;
        if (later.anyClosest && (!anyClosest || later.closest.share() > closest.share())) {
            closest = later.closest;
            anyClosest = true;
        }
        checked += later.checked;
        wrong += later.wrong;
    }
    void add(const SoftmaxElement& element)
    {
        ++checked;
        if (!element.within) {
            if (wrong++ == 0) firstWrong = element;
        } else if (!anyClosest || element.share() > closest.share()) {
            closest = element;
            anyClosest = true;
        }
    }
};

// Checks every element of `count` rows (rows first .. first + count - 1 of the matrix) of
// the output against the reference of the same rows of the input; a piece of rows per core,
// the pieces' verdicts taken in order (the same verdict however many threads).
template <typename T>
SoftmaxVerdict checkSoftmaxRows(const T* input, const T* output, Shape shape, std::size_t first,
                                std::size_t count)
{
    const std::size_t perPiece = rowsPerPiece(shape.cols);
    const std::size_t pieces = rowPieces(count, shape.cols);
    std::vector<SoftmaxVerdict> verdicts(pieces);
    forEachPiece(pieces, [&](std::size_t piece) {
        const std::size_t end = std::min(count, (piece + 1) * perPiece);
        for (std::size_t r = piece * perPiece; r < end; ++r) {
            const T* x = input + r * shape.cols;
            const T* y = output + r * shape.cols;
            const SoftmaxRowReference reference = softmaxRowReference(x, shape.cols);
            for (std::size_t c = 0; c < shape.cols; ++c) {
                SoftmaxElement element = checkSoftmaxElement(y[c], x[c], reference, shape.cols);
                element.row = first + r;
                element.col = c;
                verdicts[piece].add(element);
            }
        }
    });
    SoftmaxVerdict verdict;
    for (const SoftmaxVerdict& piece : verdicts) verdict.add(piece);
    return verdict;
}

// "row 3, column 17: 0.0123 (reference 0.0124, |error| 1e-4 > tolerance 3e-7)"
inline std::string softmaxElementText(const SoftmaxElement& element)
{
    return "row " + std::to_string(element.row) + ", column " + std::to_string(element.col) + ": " +
           scalarText(element.value) + " (reference " + scalarText(element.reference) +
           ", |error| " + formatted("%.3g", element.error) + (element.within ? " <= " : " > ") +
           "tolerance " + formatted("%.3g", element.tolerance) + ")";
}
