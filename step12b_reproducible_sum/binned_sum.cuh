// A sum whose bits depend only on the set of numbers summed: not on their order, the block
// size, the grid, the GPU or the number of ranks. The idea (binned summation: Demmel and
// Nguyen, "Parallel reproducible summation", IEEE Trans. Computers 64(7), 2015; Ahrens,
// Demmel and Nguyen, ACM TOMS 46(3), 2020) in this course's own form:
//
// 1. Every element is cut into pieces on a grid fixed once for all: bin k holds multiples
//    of 2^(b_k - 52), b_k = -1020 + 40 k. Cutting is exact and depends on the element alone,
//    so the pieces of a bin can be added in any order and give the same exact total.
// 2. A sum keeps only `folds` neighbouring bins, the top one chosen by the largest
//    magnitude seen; the pieces of an element below the lowest kept bin are dropped. That
//    window depends on the largest element alone, so what is dropped does too.
// 3. The total of the kept bins is exact (an integer of up to about 160 bits); it is rounded once,
//    to nearest, at the end. Same pieces, same total, same rounding: same bits.
//
// A bin is a double S kept in [2^b, 2^(b+1)), starting at 1.5 * 2^b: adding a number x to it
// rounds x to S's spacing 2^(b - 52), and (S before) - (S after) gives back minus the part
// that was added, exactly; x plus that is the exact rest, handed to the next bin. Setting
// the last bit of x first (x | 1) makes the rounding a function of x alone: a tie would
// otherwise be broken towards the even neighbour of S, which depends on what S holds.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "element_types.cuh"

namespace binned {

constexpr int binBits = 40;  // the grid: bin k + 1's spacing is 2^40 times bin k's
// Bin 0's spacing is 2^-1072: four times the smallest double's, which x | 1 may add (below).
constexpr int lowestBinExponent = -1020;

__host__ __device__ inline std::uint64_t bitsOf(double x)
{
    std::uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

__host__ __device__ inline double doubleOf(std::uint64_t bits)
{
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

// S's starting value in bin k: 1.5 * 2^(b_k), built from its bits (exponent field b + 1023).
__host__ __device__ inline double binStart(int k)
{
    return doubleOf(std::uint64_t(lowestBinExponent + 1023 + binBits * k) << 52 | std::uint64_t(1)
                                                                                      << 51);
}

// The lowest bin that can take |x| whole: |x| < 2^(binBits - 1) spacings of it (then a
// bin's S stays in its binade for 2048 additions, see renormalize): b_k >= e + 14 where
// 2^e <= |x| < 2^(e + 1). From x's exponent field alone (e + 1023), so every GPU finds the
// same bin. The largest float needs bin 30, the largest double scaled by 2^-64 bin 50 (b =
// 980): every S stays far below the largest double.
__host__ __device__ inline int binFor(double magnitude)
{
    const int field = int(bitsOf(magnitude) >> 52 & 0x7FF);  // 0: zero or subnormal
    return (field - 1023 + 14 - lowestBinExponent + binBits - 1) /
           binBits;  // ceil((e + 14 - b_0) / 40)
}

// x with its last bit set: never halfway between two multiples of a bin's spacing (that
// spacing is at least 4 times x's last bit), so rounding it to nearest breaks no tie.
__host__ __device__ inline double withLastBitSet(double x)
{
    return doubleOf(bitsOf(x) | 1);
}

// The exact total of the kept bins: a signed integer of 256 bits (four 64-bit limbs, lowest
// first, two's complement). Three bins of doubles span about 160 bits, more than __int128.
struct ExactTotal {
    std::uint64_t limb[4] = {0, 0, 0, 0};

    // Adds value * 2^shift (0 <= shift < 192).
    __host__ __device__ void add(long long value, int shift)
    {
        const std::uint64_t extension = value < 0 ? ~std::uint64_t(0) : 0;
        const std::uint64_t wide[4] = {std::uint64_t(value), extension, extension, extension};
        std::uint64_t carryIn = 0;
        for (int i = 0; i < 4; ++i) {
            const int from = i - shift / 64, bit = shift % 64;
            const std::uint64_t high = from >= 0 ? wide[from] << bit : 0;
            const std::uint64_t low = from >= 1 && bit > 0 ? wide[from - 1] >> (64 - bit) : 0;
            const std::uint64_t term = from >= 0 ? high | low : 0;
            const std::uint64_t sum = limb[i] + term;
            const std::uint64_t sumWithCarry = sum + carryIn;
            carryIn = (sum < term) + (sumWithCarry < sum);
            limb[i] = sumWithCarry;
        }
    }
    __host__ __device__ bool negative() const { return limb[3] >> 63; }
    __host__ __device__ void negate()
    {
        std::uint64_t carryIn = 1;
        for (int i = 0; i < 4; ++i) {
            limb[i] = ~limb[i] + carryIn;
            carryIn = carryIn && limb[i] == 0;
        }
    }
    __host__ __device__ bool bit(int i) const
    {
        return i >= 0 && i < 256 && (limb[i / 64] >> (i % 64) & 1);
    }
    // Bits [from, from + 64) as one number (from >= 0).
    __host__ __device__ std::uint64_t bitsFrom(int from) const
    {
        if (from >= 256) return 0;
        const int i = from / 64, shift = from % 64;
        const std::uint64_t next = i + 1 < 4 && shift > 0 ? limb[i + 1] << (64 - shift) : 0;
        return limb[i] >> shift | next;
    }
    __host__ __device__ bool anyBitBelow(int position) const
    {
        for (int i = 0; i < 4; ++i) {
            const int first = 64 * i;
            if (position <= first) break;
            const std::uint64_t mask = position - first >= 64
                                           ? ~std::uint64_t(0)
                                           : (std::uint64_t(1) << (position - first)) - 1;
            if (limb[i] & mask) return true;
        }
        return false;
    }
    __host__ __device__ int highestBit() const  // -1: zero
    {
        for (int i = 3; i >= 0; --i)
            for (int b = 63; b >= 0; --b)
                if (limb[i] >> b & 1) return 64 * i + b;
        return -1;
    }
};

// total * 2^unitExponent rounded once to Real, to nearest, ties to even: subnormal results
// and overflow to infinity included.
template <typename Real>
__host__ __device__ Real roundOnce(ExactTotal total, int unitExponent)
{
    constexpr int precision = std::numeric_limits<Real>::digits;                 // 24 or 53
    constexpr int lowestExponent = std::numeric_limits<Real>::min_exponent - 1;  // -126, -1022
    const bool negative = total.negative();
    if (negative) total.negate();
    const int highest = total.highestBit();
    if (highest < 0) return Real(0);
    const int leading = highest + unitExponent;  // the value is in [2^leading, 2^(leading + 1))
    // The last bit the result keeps: precision - 1 bits below its leading one, or the
    // subnormals' fixed last bit.
    const int lastBit =
        leading > lowestExponent ? leading - (precision - 1) : lowestExponent - (precision - 1);
    const int dropped = lastBit - unitExponent;  // bits of the total below the last one kept
    std::uint64_t kept;
    int keptExponent;
    if (dropped <= 0) {  // fewer bits than the precision: exact
        kept = total.bitsFrom(0);
        keptExponent = unitExponent;
    } else {
        kept = total.bitsFrom(dropped);
        keptExponent = lastBit;
        const bool half = total.bit(dropped - 1), beyondHalf = total.anyBitBelow(dropped - 1);
        if (half && (beyondHalf || (kept & 1))) ++kept;  // may reach 2^precision: still exact
    }
    Real result;
    if constexpr (std::is_same_v<Real, float>)
        result = ldexpf(float(kept), keptExponent);  // exact, or infinity
    else
        result = ldexp(double(kept), keptExponent);
    return negative ? -result : result;
}

}  // namespace binned

// The reproducible sum of one real component. Real is float (also for 16-bit input) or double;
// the bins are doubles either way: a float's range then needs no special case.
template <typename Real>
struct alignas(16) BinnedSum {
    // Kept bins. Floats have 24 bits: two bins (80 bits of grid) take every element within
    // 2^15 of the largest whole. Doubles have 53: three.
    static constexpr int folds = std::is_same_v<Real, float> ? 2 : 3;
    // A double element is scaled by 2^-64 before it is cut, so that the largest double still
    // has a bin above it; the total is scaled back when it is rounded.
    // Bin 0 keeps multiples of 2^-1072, so every double counts in multiples of 2^-1008: one
    // below 2^-956 may lose its last bits (and the bounds of the page need the largest double
    // above about 2^-930).
    static constexpr int scaleExponent = std::is_same_v<Real, double> ? -64 : 0;
    static constexpr double scale = std::is_same_v<Real, double> ? 0x1p-64 : 1.0;
    static constexpr unsigned plusInfinity = 1, minusInfinity = 2, notANumber = 4;

    double bin[folds];  // bin[0] is bin `top`, bin[f] is bin top - f
    int carry[folds];   // whole quarters of a binade moved out of bin[f] (renormalize)
    int top;
    unsigned specials;  // infinities and NaNs seen

    __host__ __device__ BinnedSum() : top(folds - 1), specials(0)
    {
        for (int f = 0; f < folds; ++f) {
            bin[f] = binned::binStart(top - f);
            carry[f] = 0;
        }
    }

    // Moves the window up to bin `newTop` (a larger magnitude arrived): the lowest bins fall
    // out, whatever they held. Rare: once or twice per thread on most data.
    __host__ __device__ void raiseTop(int newTop)
    {
        if (newTop <= top) return;
        const int shift = newTop - top;
        for (int f = folds - 1; f >= 0; --f) {
            // bin[f] becomes bin[f - shift], or a fresh one: selects, not an indexed array
            // (which would go to local memory).
            double value = binned::binStart(newTop - f);
            int carried = 0;
            for (int g = 0; g < f; ++g)
                if (g == f - shift) value = bin[g], carried = carry[g];
            bin[f] = value;
            carry[f] = carried;
        }
        top = newTop;
    }

    // Makes room for elements of magnitude up to maxMagnitude (finite).
    __host__ __device__ void fit(Real maxMagnitude)
    {
        raiseTop(binned::binFor(double(maxMagnitude) * scale));
    }

    // BEGIN excerpt deposit
    // Adds x, which the window fits: each bin takes its piece, the last one the rest rounded.
    __host__ __device__ void deposit(Real element)
    {
        double x = double(element);
        if constexpr (scaleExponent != 0) x *= scale;  // exact
        for (int f = 0; f < folds - 1; ++f) {
            const double before = bin[f];
            bin[f] = before + binned::withLastBitSet(x);  // x rounded to bin f's spacing
            x += before - bin[f];                         // the exact rest
        }
        bin[folds - 1] += binned::withLastBitSet(x);
    }
    // END excerpt deposit

    // One element of any value: infinities and NaNs are counted aside (IEEE's rules apply at
    // the end), anything else fitted and deposited.
    __host__ __device__ void add(Real x)
    {
        if (x == Real(INFINITY)) {
            specials |= plusInfinity;
        } else if (x == -Real(INFINITY)) {
            specials |= minusInfinity;
        } else if (x != x) {
            specials |= notANumber;
        } else {
            fit(x < 0 ? -x : x);
            deposit(x);
        }
        renormalize();
    }

    // Brings each bin back to [1.5, 1.75) * 2^b, moving whole quarters of 2^b into its carry.
    // A piece is below 2^(b - 13), so from there 2048 deposits cannot leave the binade: the
    // kernel renormalizes after every trip (at most 64 deposits). Bits 51 and 50 of S say
    // which quarter of the binade it is in.
    __host__ __device__ void renormalize()
    {
        if (bin[0] != bin[0]) specials |= notANumber;  // a NaN deposited in the fast path
        for (int f = 0; f < folds; ++f) {
            const std::uint64_t bits = binned::bitsOf(bin[f]);
            carry[f] += int(bits >> 50 & 3) - 2;
            bin[f] = binned::doubleOf((bits & ~(std::uint64_t(3) << 50)) | std::uint64_t(2) << 50);
        }
    }

    // Adds another renormalized sum, bin by bin, exactly: both are in [1.5, 1.75) * 2^b.
    __host__ __device__ void merge(BinnedSum other)
    {
        raiseTop(other.top);
        other.raiseTop(top);
        for (int f = 0; f < folds; ++f) {
            bin[f] += other.bin[f] - binned::binStart(top - f);
            carry[f] += other.carry[f];
        }
        specials |= other.specials;
        renormalize();
    }

    // The exact total of the bins, rounded once. Bin f counts in steps of 2^(b - 52): its S
    // minus its start, read as the difference of their bits (same binade); a carry is 2^50
    // steps. The lowest bin's step is the unit.
    __host__ __device__ Real value() const
    {
        if ((specials & notANumber) || (specials & plusInfinity && specials & minusInfinity))
            return Real(NAN);
        if (specials & plusInfinity) return Real(INFINITY);
        if (specials & minusInfinity) return -Real(INFINITY);
        binned::ExactTotal total;
        for (int f = 0; f < folds; ++f) {
            const int above = (folds - 1 - f) * binned::binBits;  // bin f's step, in units
            total.add(
                (long long)(binned::bitsOf(bin[f]) - binned::bitsOf(binned::binStart(top - f))),
                above);
            total.add(carry[f], above + 50);
        }
        const int unitExponent =
            binned::lowestBinExponent + binned::binBits * (top - folds + 1) - 52 - scaleExponent;
        return binned::roundOnce<Real>(total, unitExponent);
    }
};

// The sum a thread, a warp or a block keeps, by element type: a BinnedSum per component for
// floating point; integer addition is associative already, so an integer sum is plain.
template <typename T, bool isInteger = std::is_integral_v<Accumulator<T>>>
struct ReproducibleSum;

template <typename T>
struct ReproducibleSum<T, true> {
    Accumulator<T> sum = 0;

    template <typename Vector, unsigned count>
    __device__ void addAll(const Vector (&vectors)[count])
    {
        for (unsigned a = 0; a < count; ++a)
            for (const T& x : vectors[a].element) sum += Accumulator<T>(x);
    }
    __device__ void add(T x) { sum += Accumulator<T>(x); }
    __device__ void merge(const ReproducibleSum& other) { sum += other.sum; }
    __device__ Accumulator<T> value() const { return sum; }
};

// The real parts of an element: one, or a complex number's two.
template <typename T>
__device__ Accumulator<T> partOf(T x, int /*part*/)
{
    return Accumulator<T>(x);
}
template <typename Real>
__device__ Real partOf(Complex<Real> x, int part)
{
    return part == 0 ? x.re : x.im;
}

template <typename T>
struct ReproducibleSum<T, false> {
    static constexpr int parts = ElementTraits<T>::components;
    using Real = typename ElementTraits<Accumulator<T>>::Scalar;
    BinnedSum<Real> part[parts];

    // One trip's elements: the window is fitted to their largest magnitude once, then each is
    // deposited with no test of its own. A trip with an infinity (rare) deposits nothing: the
    // sum will be an infinity or a NaN whatever its bins hold, so only its specials are
    // counted. A NaN needs no test in the deposits: fmax skips it, and the bin it reaches
    // becomes a NaN, which renormalize() counts. Every loop is unrolled: the elements stay in
    // registers (a loop the compiler kept would index them, in local memory).
    template <typename Vector, unsigned count>
    __device__ void addAll(const Vector (&vectors)[count])
    {
        constexpr unsigned perVector = sizeof(Vector) / sizeof(T);
#pragma unroll
        for (int p = 0; p < parts; ++p) {
            BinnedSum<Real>& sum = part[p];
            Real largest = 0;
#pragma unroll
            for (unsigned a = 0; a < count; ++a)
#pragma unroll
                for (unsigned e = 0; e < perVector; ++e)
                    largest = fmax(largest, fabs(partOf(vectors[a].element[e], p)));
            if (isinf(largest)) {
#pragma unroll
                for (unsigned a = 0; a < count; ++a)
#pragma unroll
                    for (unsigned e = 0; e < perVector; ++e) {
                        const Real x = partOf(vectors[a].element[e], p);
                        if (x == Real(INFINITY)) sum.specials |= sum.plusInfinity;
                        if (x == -Real(INFINITY)) sum.specials |= sum.minusInfinity;
                        if (x != x) sum.specials |= sum.notANumber;
                    }
            } else {
                sum.fit(largest);
#pragma unroll
                for (unsigned a = 0; a < count; ++a)
#pragma unroll
                    for (unsigned e = 0; e < perVector; ++e)
                        sum.deposit(partOf(vectors[a].element[e], p));
                sum.renormalize();
            }
        }
    }
    __device__ void add(T x)
    {
        for (int p = 0; p < parts; ++p) part[p].add(partOf(x, p));
    }
    __device__ void merge(const ReproducibleSum& other)
    {
        for (int p = 0; p < parts; ++p) part[p].merge(other.part[p]);
    }
    __device__ Accumulator<T> value() const
    {
        if constexpr (parts == 1)
            return part[0].value();
        else
            return Accumulator<T>(part[0].value(), part[1].value());
    }
};
