// Unit tests of the shared harness (common/): they need no GPU.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli.cuh"
#include "data.cuh"
#include "host.cuh"
#include "kernel_helpers.cuh"
#include "measure.cuh"
#include "progress.cuh"
#include "report.cuh"
#include "harness.cuh"
#include "rows.cuh"
#include "online_softmax.cuh"

namespace {

ParsedCommandLine parse(std::vector<std::string> arguments)
{
    arguments.insert(arguments.begin(), "program");
    std::vector<const char*> argv;
    for (const std::string& argument : arguments) argv.push_back(argument.c_str());
    return parseCommandLine(int(argv.size()), argv.data());
}

// Runs make() with REDUCTION_HOST_THREADS set to `threads`, then unsets it.
template <typename Make>
auto withHostThreads(int threads, Make make)
{
    setenv("REDUCTION_HOST_THREADS", std::to_string(threads).c_str(), 1);
    auto made = make();
    unsetenv("REDUCTION_HOST_THREADS");
    return made;
}

template <typename T>
bool sameBits(const T& a, const T& b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace

TEST(ParseSize, AcceptsPlainNumbersAndPowersOfTwo)
{
    std::size_t n = 0;
    EXPECT_TRUE(parseSize("0", n));
    EXPECT_EQ(n, 0u);
    EXPECT_TRUE(parseSize("1000000", n));
    EXPECT_EQ(n, 1000000u);
    EXPECT_TRUE(parseSize("2^28", n));
    EXPECT_EQ(n, std::size_t(1) << 28);
    EXPECT_TRUE(parseSize("2^20+7", n));
    EXPECT_EQ(n, (std::size_t(1) << 20) + 7);
    EXPECT_TRUE(parseSize("2^31-1", n));
    EXPECT_EQ(n, (std::size_t(1) << 31) - 1);
    EXPECT_TRUE(parseSize("2^48", n));
    EXPECT_EQ(n, std::size_t(1) << 48);
}

TEST(ParseSize, RejectsEverythingElse)
{
    std::size_t n = 0;
    for (const char* bad : {"", "-1", "abc", "2^", "2^64", "2^49", "2^x", "1e6", "12abc", "2^4-17",
                            "2^3+", "99999999999999999999999", "+5", " 5"})
        EXPECT_FALSE(parseSize(bad, n)) << "'" << bad << "'";
}

TEST(CommandLine, DefaultsAreTheDocumentedOnes)
{
    ParsedCommandLine parsed = parse({});
    ASSERT_EQ(parsed.error, "");
    EXPECT_EQ(parsed.options.n, std::size_t(1) << 28);
    EXPECT_FALSE(parsed.options.nGiven);
    EXPECT_EQ(parsed.options.blockSize, 256);
    EXPECT_EQ(parsed.options.type, "float");
    EXPECT_EQ(parsed.options.warmup, 3);
}

TEST(CommandLine, ReadsEveryOption)
{
    ParsedCommandLine parsed =
        parse({"--n", "2^20+7", "--block=512", "--type", "cdouble", "--iters", "30", "--warmup",
               "0", "--seed", "18446744073709551615", "--csv", "--verify-only"});
    ASSERT_EQ(parsed.error, "");
    const Options& o = parsed.options;
    EXPECT_EQ(o.n, (std::size_t(1) << 20) + 7);
    EXPECT_TRUE(o.nGiven);
    EXPECT_EQ(o.blockSize, 512);
    EXPECT_EQ(o.type, "cdouble");
    EXPECT_EQ(o.iterations, 30);
    EXPECT_EQ(o.warmup, 0);
    EXPECT_EQ(o.seed, 18446744073709551615ull);
    EXPECT_TRUE(o.csv);
    EXPECT_TRUE(o.verifyOnly);
    EXPECT_TRUE(parse({"--help"}).options.help);
    EXPECT_TRUE(parse({"--csv-header"}).options.csvHeader);
}

TEST(CommandLine, AcceptsEveryTypeAndBlockSize)
{
    for (const char* type :
         {"int", "int64", "float", "double", "cfloat", "cdouble", "half", "bf16"})
        EXPECT_EQ(parse({"--type", type}).error, "") << type;
    for (const char* block : {"32", "64", "128", "256", "512", "1024"})
        EXPECT_EQ(parse({"--block", block}).error, "") << block;
}

TEST(CommandLine, RejectsBadValuesNamingThem)
{
    const std::vector<std::vector<std::string>> bad = {
        {"--n", "-1"},       {"--n", "abc"},    {"--n", "2^64"},
        {"--n", ""},         {"--block", "0"},  {"--block", "48"},
        {"--block", "2048"}, {"--block", "16"}, {"--type", "fp16"},
        {"--iters", "0"},    {"--iters", "-3"}, {"--warmup", "x"},
        {"--seed", "-1"},    {"--frobnicate"},  {"--n"},
        {"--block"},         {"--csv=yes"},     {"positional"}};
    for (const auto& arguments : bad) {
        ParsedCommandLine parsed = parse(arguments);
        EXPECT_NE(parsed.error, "") << arguments[0];
        EXPECT_EQ(parsed.error.find('\n'), std::string::npos) << "one line only: " << parsed.error;
        if (arguments.size() == 2)
            EXPECT_NE(parsed.error.find("'" + arguments[1] + "'"), std::string::npos)
                << parsed.error;
    }
}

TEST(InputData, IsDeterministicNonzeroAndMixedInSign)
{
    std::vector<float> a = makeInput<float>(10000, 5), b = makeInput<float>(10000, 5),
                       c = makeInput<float>(10000, 6);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_TRUE(std::all_of(a.begin(), a.end(),
                            [](float x) { return std::fabs(x) >= 0.5f && std::fabs(x) < 1; }));
    EXPECT_TRUE(std::any_of(a.begin(), a.end(), [](float x) { return x < 0; }));
    EXPECT_TRUE(std::any_of(a.begin(), a.end(), [](float x) { return x > 0; }));
    std::vector<int> ints = makeInput<int>(10000, 5);
    EXPECT_TRUE(std::all_of(ints.begin(), ints.end(),
                            [](int x) { return std::abs(x) >= 2 && std::abs(x) <= 9; }));
}

// The 16-bit types: the same magnitudes, each a value of the type (float holds it exactly), and
// not all of float's values rounded to the same few: half has 2^10 steps from 0.5 to 1,
// bfloat16 2^7.
template <typename T>
void expectSixteenBitInput(int steps)
{
    std::vector<T> values = makeInput<T>(10000, 5);
    std::vector<float> magnitudes;
    for (T x : values) magnitudes.push_back(std::fabs(float(x)));
    EXPECT_TRUE(std::all_of(magnitudes.begin(), magnitudes.end(),
                            [](float m) { return m >= 0.5f && m <= 1; }));
    EXPECT_TRUE(std::any_of(values.begin(), values.end(), [](T x) { return float(x) < 0; }));
    std::sort(magnitudes.begin(), magnitudes.end());
    const auto distinct = std::unique(magnitudes.begin(), magnitudes.end()) - magnitudes.begin();
    EXPECT_GT(distinct, steps / 2) << ElementTraits<T>::name;
    EXPECT_LE(distinct, steps + 1) << ElementTraits<T>::name;  // 0.5 .. 1, both included
}

TEST(InputData, SixteenBitTypesHoldTheirOwnValues)
{
    expectSixteenBitInput<__half>(1 << 10);
    expectSixteenBitInput<__nv_bfloat16>(1 << 7);
    EXPECT_EQ(precisionBits<__half>, 11);
    EXPECT_EQ(precisionBits<__nv_bfloat16>, 8);
    EXPECT_EQ(precisionBits<float>, 24);
    // The exact input: multiples of 1/4 below 8 in magnitude, exact in both (at most 6
    // significant bits; bfloat16 holds 8).
    ExactInput input;
    const ExactReference<__nv_bfloat16> exact = prepareExactInput<__nv_bfloat16>(3, 100000, input);
    long long quarters = 0;
    for (__nv_bfloat16 x : makeExactInput<__nv_bfloat16>(input, 100000)) {
        const float value = float(x);
        EXPECT_EQ(4 * value, std::trunc(4 * value));
        EXPECT_TRUE(std::fabs(value) >= 0.5f && std::fabs(value) < exactMagnitudeMax);
        quarters += (long long)(4 * value);
    }
    EXPECT_EQ(quarters, exact.sum[0]);
}

// Several pieces and a short last one, so that threads really share the work.
const std::size_t manyPieces = 5 * hostPieceElements + 123;

TEST(InputData, IsTheSameWhateverTheNumberOfThreads)
{
    EXPECT_EQ(withHostThreads(1, [] { return hostThreads(); }), 1u);
    EXPECT_EQ(withHostThreads(7, [] { return hostThreads(); }), 7u);
    auto one = withHostThreads(1, [] { return makeInput<double>(manyPieces, 9); });
    auto seven = withHostThreads(7, [] { return makeInput<double>(manyPieces, 9); });
    ASSERT_EQ(one.size(), manyPieces);
    EXPECT_EQ(std::memcmp(one.data(), seven.data(), manyPieces * sizeof(double)), 0);
    // A slice is the same stretch of the same array.
    std::vector<double> slice(1000);
    makeInputSlice(slice.data(), 3 * hostPieceElements - 10, slice.size(), 9);
    EXPECT_TRUE(std::equal(slice.begin(), slice.end(), one.begin() + 3 * hostPieceElements - 10));
}

TEST(Reference, IsTheSameWhateverTheThreadsAndTheStretches)
{
    std::vector<float> floats = makeInput<float>(manyPieces, 3);
    auto one = withHostThreads(1, [&] { return referenceSum(floats.data(), manyPieces); });
    auto five = withHostThreads(5, [&] { return referenceSum(floats.data(), manyPieces); });
    EXPECT_TRUE(sameBits(one.component[0].sum, five.component[0].sum));
    EXPECT_TRUE(sameBits(one.component[0].sumOfMagnitudes, five.component[0].sumOfMagnitudes));
    // Fed in stretches of whole pieces (as the GPU harness copies the input), the same bits.
    ReferenceBuilder<float> builder;
    builder.add(floats.data(), 2 * hostPieceElements);
    builder.add(floats.data() + 2 * hostPieceElements, hostPieceElements);
    builder.add(floats.data() + 3 * hostPieceElements, manyPieces - 3 * hostPieceElements);
    Reference<float> stretches = builder.result();
    EXPECT_EQ(stretches.n, manyPieces);
    EXPECT_TRUE(sameBits(one.component[0].sum, stretches.component[0].sum));
    // Integers and complex numbers too.
    std::vector<long long> ints = makeInput<long long>(manyPieces, 3);
    auto intsOne = withHostThreads(1, [&] { return referenceSum(ints.data(), manyPieces); });
    auto intsSix = withHostThreads(6, [&] { return referenceSum(ints.data(), manyPieces); });
    long long exact = 0;
    for (long long x : ints) exact += x;
    EXPECT_EQ(intsOne.component[0].exactSum, exact);
    EXPECT_EQ(intsSix.component[0].exactSum, exact);
    std::vector<Complex<double>> complex = makeInput<Complex<double>>(manyPieces, 3);
    auto complexOne = withHostThreads(1, [&] { return referenceSum(complex.data(), manyPieces); });
    auto complexFour = withHostThreads(4, [&] { return referenceSum(complex.data(), manyPieces); });
    EXPECT_TRUE(sameBits(complexOne.component[1].sum, complexFour.component[1].sum));
}

TEST(HostMemory, IsReadFromTheSystem)
{
    EXPECT_GT(hostBytesAvailable(), 0.0);
}

TEST(SlowPhaseNotice, SaysNothingForAQuickPhaseAndOneLineForASlowOne)
{
    testing::internal::CaptureStderr();
    {
        SlowPhaseNotice notice("quick phase");
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    testing::internal::CaptureStderr();
    {
        SlowPhaseNotice notice("slow phase");
        std::this_thread::sleep_for(std::chrono::milliseconds(2300));
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "slow phase ...\n");
}

TEST(Reference, IsExactForIntegersAndAccurateForFloats)
{
    std::vector<int> ints = {5, -3, 9, -2};
    EXPECT_EQ(referenceSum(ints.data(), ints.size()).component[0].exactSum, 9);
    // 1 + 1e-16 + ... + 1e-16 - 1: a plain double sum loses every 1e-16, the reference does not.
    std::vector<double> values(1002, 1e-16);
    values.front() = 1;
    values.back() = -1;
    EXPECT_NEAR(referenceSum(values.data(), values.size()).component[0].sum, 1000e-16, 1e-20);
}

// Any correct summation order must pass; these are the orders the steps use.
template <typename T>
std::vector<T> summationOrders(const std::vector<T>& x)
{
    T serial = 0, reversed = 0;
    for (const T& v : x) serial += v;
    for (auto it = x.rbegin(); it != x.rend(); ++it) reversed += *it;
    std::vector<T> level = x;  // pairwise tree
    while (level.size() > 1) {
        std::vector<T> next((level.size() + 1) / 2);
        for (std::size_t i = 0; i < next.size(); ++i)
            next[i] = level[2 * i] + (2 * i + 1 < level.size() ? level[2 * i + 1] : T(0));
        level = next;
    }
    T strided = 0;  // 1024 serial partial sums, as threads of a grid-stride loop
    std::vector<T> threads(1024, T(0));
    for (std::size_t i = 0; i < x.size(); ++i) threads[i % 1024] += x[i];
    for (const T& v : threads) strided += v;
    return {serial, reversed, level.empty() ? T(0) : level[0], strided};
}

TEST(Tolerance, PassesEveryCorrectOrder)
{
    for (std::size_t n : {0, 1, 2, 3, 100, 1025, 65536, (1 << 20) + 7, 1 << 22}) {
        std::vector<float> floats = makeInput<float>(n, n);
        std::vector<double> doubles = makeInput<double>(n, n);
        for (float sum : summationOrders(floats))
            EXPECT_TRUE(checkAccuracy(sum, referenceSum(floats.data(), n)).withinTolerance)
                << "float, n = " << n;
        for (double sum : summationOrders(doubles))
            EXPECT_TRUE(checkAccuracy(sum, referenceSum(doubles.data(), n)).withinTolerance)
                << "double, n = " << n;
    }
}

TEST(Tolerance, CatchesOneDroppedElement)
{
    // Exact for integers; for float up to n of about 10^4, for double far beyond 2^20.
    for (std::size_t n : {1, 2, 33, 1025, 4096, 8192}) {
        std::vector<float> x = makeInput<float>(n, n);
        Reference<float> reference = referenceSum(x.data(), n);
        EXPECT_FALSE(
            checkAccuracy(summationOrders(std::vector<float>(x.begin() + 1, x.end()))[0], reference)
                .withinTolerance)
            << "float, n = " << n;
    }
    for (std::size_t n : {1, 1025, (1 << 20) + 7, 1 << 22}) {
        std::vector<double> x = makeInput<double>(n, n);
        Reference<double> reference = referenceSum(x.data(), n);
        for (std::size_t dropped : {std::size_t(0), n - 1}) {
            std::vector<double> rest = x;
            rest.erase(rest.begin() + dropped);
            EXPECT_FALSE(checkAccuracy(summationOrders(rest)[2], reference).withinTolerance)
                << "double, n = " << n;
        }
        std::vector<int> ints = makeInput<int>(n, n);
        Reference<int> intReference = referenceSum(ints.data(), n);
        EXPECT_FALSE(
            checkAccuracy(summationOrders(std::vector<int>(ints.begin(), ints.end() - 1))[0],
                          intReference)
                .withinTolerance);
    }
}

TEST(Tolerance, RejectsNaNAndIsZeroForOneTerm)
{
    std::vector<float> x = {0.75f};
    Reference<float> reference = referenceSum(x.data(), 1);
    EXPECT_TRUE(checkAccuracy(0.75f, reference).withinTolerance);
    EXPECT_FALSE(checkAccuracy(std::nextafter(0.75f, 1.0f), reference).withinTolerance);
    EXPECT_FALSE(checkAccuracy(std::numeric_limits<float>::quiet_NaN(), reference).withinTolerance);
    EXPECT_EQ(toleranceFactor(0, 1e-7), 0);
    EXPECT_EQ(toleranceFactor(1, 1e-7), 0);
}

TEST(Tolerance, ComplexChecksBothComponents)
{
    std::vector<Complex<double>> x = makeInput<Complex<double>>(1000, 3);
    Reference<Complex<double>> reference = referenceSum(x.data(), x.size());
    Complex<double> sum = 0;
    for (const auto& v : x) sum += v;
    EXPECT_TRUE(checkAccuracy(sum, reference).withinTolerance);
    EXPECT_FALSE(checkAccuracy(Complex<double>(sum.re, sum.im + 0.5), reference).withinTolerance);
    EXPECT_FALSE(checkAccuracy(Complex<double>(sum.re - 0.5, sum.im), reference).withinTolerance);
}

// The exact input: none 0, both signs, every component, below 8 in magnitude but the witnesses;
// integer types whole numbers; floating-point types half-integers, but element 0 a whole number
// less a quarter (so the sum is never a whole number) and every 1024th a bfloat16 witness
// (+256.5 or -257.5).
template <typename T>
void expectExactElements()
{
    using Scalar = typename ElementTraits<T>::Scalar;
    ExactInput input{7, 0};
    bool positive = false, negative = false;
    for (std::size_t i = 0; i < 10000; ++i) {
        const T x = exactElement<T>(input, i);
        for (int c = 0; c < ElementTraits<T>::components; ++c) {
            const Scalar v = componentOf(x, c);
            if (!std::is_integral_v<Scalar> && isBfloat16Witness(i)) {
                // A bfloat16 witness: 10 significant bits, rounded to bfloat16 it moves by -1/2.
                ASSERT_TRUE(double(v) == 256.5 || double(v) == -257.5) << i;
                ASSERT_EQ(double(__bfloat162float(__float2bfloat16(float(v)))), double(v) - 0.5);
            } else {
                ASSERT_TRUE(double(v) != 0 && std::fabs(double(v)) <= exactMagnitudeMax) << i;
            }
            if constexpr (std::is_integral_v<Scalar>) {
                ASSERT_EQ(v, Scalar((long long)v)) << "not a whole number at " << i;
            } else {
                const long long quarters = (long long)(4 * double(v));
                ASSERT_EQ(double(quarters), 4 * double(v)) << "not a multiple of 1/4 at " << i;
                ASSERT_EQ(std::llabs(quarters) % 4, i == 0 ? 3 : 2) << i;
            }
            positive = positive || double(v) > 0;
            negative = negative || double(v) < 0;
        }
    }
    EXPECT_TRUE(positive && negative);
}

TEST(ExactInput, NeverZeroOfBothSignsWithFractionsForFloatingPoint)
{
    expectExactElements<int>();
    expectExactElements<long long>();
    expectExactElements<float>();
    expectExactElements<double>();
    expectExactElements<Complex<float>>();
    expectExactElements<Complex<double>>();
    expectExactElements<__half>();
}

// Summed directly on the host, element by element, after the negation of element 0.
template <typename T>
ExactReference<T> directExactSum(const ExactInput& input, std::size_t n)
{
    ExactReference<T> sum;
    sum.n = n;
    for (std::size_t i = 0; i < n; ++i)
        for (int c = 0; c < ElementTraits<T>::components; ++c)
            sum.sum[c] += exactUnits(componentOf(exactElement<T>(input, i), c));
    return sum;
}

// Integer signs cancel exactly now and then (n = 2: one seed in 16): then element 0 is
// negated, and the sum the harness expects is the sum of the input it really makes. A
// floating-point sum is never a whole number, so never 0, and nothing is negated.
template <typename T>
int expectNonzeroSums()
{
    int cancelled = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        for (std::size_t n : {1, 2, 4, 6}) {
            ExactInput input;
            ExactReference<T> total = prepareExactInput<T>(seed, n, input);
            if (input.negateFirst != 0) ++cancelled;
            ExactReference<T> direct = directExactSum<T>(input, n);
            for (int c = 0; c < ElementTraits<T>::components; ++c) {
                EXPECT_NE(total.sum[c], 0) << "seed " << seed << ", n = " << n;
                EXPECT_EQ(total.sum[c], direct.sum[c]) << "seed " << seed << ", n = " << n;
            }
        }
    }
    return cancelled;
}

TEST(ExactInput, SumIsNeverZero)
{
    EXPECT_GT(expectNonzeroSums<int>(), 50);  // the rule was exercised, not only the common case
    EXPECT_EQ(expectNonzeroSums<Complex<float>>(), 0);
    ExactInput empty;
    EXPECT_EQ(prepareExactInput<float>(1, 0, empty).sum[0], 0);  // n = 0: the empty sum
}

TEST(ExactInput, ReferenceIsTheSameWhateverTheThreads)
{
    const std::size_t n = (std::size_t(1) << 20) + 7;
    ExactInput input;
    ExactReference<Complex<double>> one =
        withHostThreads(1, [&] { return prepareExactInput<Complex<double>>(5, n, input); });
    ExactReference<Complex<double>> many =
        withHostThreads(7, [&] { return prepareExactInput<Complex<double>>(5, n, input); });
    EXPECT_EQ(one.sum[0], many.sum[0]);
    EXPECT_EQ(one.sum[1], many.sum[1]);
    ExactReference<Complex<double>> direct = directExactSum<Complex<double>>(input, n);
    EXPECT_EQ(one.sum[0], direct.sum[0]);
    EXPECT_EQ(one.sum[1], direct.sum[1]);
}

// Every order the steps use gives the exact sum, bit for bit: for float up to n = 2^19 this
// is certain (sum |x_i| < 8n <= 2^22, below which float holds every multiple of 1/4); 2^22 + 5
// goes far past it, where it holds with overwhelming probability (docs/accuracy.md).
TEST(ExactInput, EveryOrderGivesTheExactSum)
{
    for (std::size_t n :
         {std::size_t(1), std::size_t(1025), (std::size_t(1) << 19), (std::size_t(1) << 22) + 5}) {
        ExactInput input;
        ExactReference<float> floatSum = prepareExactInput<float>(n, n, input);
        for (float sum : summationOrders(makeExactInput<float>(input, n)))
            EXPECT_TRUE(isExactSum(sum, floatSum)) << "float, n = " << n << ": " << sum;
        ExactReference<double> doubleSum = prepareExactInput<double>(n, n, input);
        for (double sum : summationOrders(makeExactInput<double>(input, n)))
            EXPECT_TRUE(isExactSum(sum, doubleSum)) << "double, n = " << n << ": " << sum;
    }
}

// A value of T whose components are the given numbers of exact units (quarters for
// floating-point types).
template <typename T>
T fromExactUnits(const long long (&parts)[ElementTraits<T>::components])
{
    using Scalar = typename ElementTraits<T>::Scalar;
    const double unit = 1.0 / double(exactUnitsPerOne<Scalar>);
    if constexpr (ElementTraits<T>::components == 1) {
        return std::is_integral_v<Scalar> ? Scalar(parts[0]) : Scalar(double(parts[0]) * unit);
    } else {
        return T(Scalar(double(parts[0]) * unit), Scalar(double(parts[1]) * unit));
    }
}

// What a faulty reduction returns, made by hand: the exact sum changed by `delta` (an element
// or a block's partial sum, lost: -1, or added twice: +1), in the result's type.
template <typename T>
Accumulator<T> changedSum(const ExactReference<T>& exact, const ExactReference<T>& delta, int sign)
{
    long long parts[ElementTraits<T>::components];
    for (int c = 0; c < ElementTraits<T>::components; ++c)
        parts[c] = exact.sum[c] + sign * delta.sum[c];
    return fromExactUnits<Accumulator<T>>(parts);
}

// The sum of the exact input with every element first changed by `change` (truncation toward
// 0, rounding to the nearest whole number, rounding to bfloat16: each gives a multiple of the
// exact unit), in exact units.
template <typename T, typename Change>
ExactReference<T> sumOfChangedElements(const ExactInput& input, std::size_t n, Change change)
{
    constexpr int components = ElementTraits<T>::components;
    using Scalar = typename ElementTraits<T>::Scalar;
    std::vector<long long> pieces(piecesOf(n) * components);
    forEachPiece(piecesOf(n), [&](std::size_t piece) {
        const std::size_t end = std::min(n, (piece + 1) * hostPieceElements);
        for (std::size_t i = piece * hostPieceElements; i < end; ++i)
            for (int c = 0; c < components; ++c)
                pieces[piece * components + c] +=
                    (long long)(change(double(componentOf(exactElement<T>(input, i), c))) *
                                exactUnitsPerOne<Scalar>);
    });
    ExactReference<T> sum;
    sum.n = n;
    for (std::size_t k = 0; k < pieces.size(); ++k) sum.sum[k % components] += pieces[k];
    return sum;
}

// The correctness check against the faults a reduction really has, for every type, up to
// n = 2^30: the right sum passes; a result of 0, one element lost or added twice (the first,
// one in the middle, the last), one block's partial sum lost or added twice (a block of 256
// threads, one element each; and of 256 threads x 8 loads x 4 floats), NaN, and (floating-
// point types) every element truncated or rounded to a whole number, or (float, double, half)
// rounded to bfloat16, before adding all fail.
template <typename T>
void expectFaultsRejected(std::size_t n)
{
    SCOPED_TRACE(std::string(ElementTraits<T>::name) + ", n = " + std::to_string(n));
    ExactInput input;
    const ExactReference<T> exact = prepareExactInput<T>(n + 1, n, input);
    long long zeros[ElementTraits<T>::components] = {};
    EXPECT_TRUE(isExactSum(changedSum(exact, exact, 0), exact));
    EXPECT_FALSE(isExactSum(fromExactUnits<Accumulator<T>>(zeros), exact)) << "a result of 0";
    for (std::size_t i : {std::size_t(0), n / 2, n - 1}) {
        const ExactReference<T> element = exactSliceSum<T>(input, i, 1);
        EXPECT_FALSE(isExactSum(changedSum(exact, element, -1), exact))
            << "element " << i << " lost";
        EXPECT_FALSE(isExactSum(changedSum(exact, element, +1), exact))
            << "element " << i << " twice";
    }
    for (std::size_t blockElements : {std::size_t(256), std::size_t(256 * 8 * 4)}) {
        const std::size_t first = n / blockElements / 2 * blockElements;  // a block in the middle
        const ExactReference<T> partial =
            exactSliceSum<T>(input, first, std::min(blockElements, n - first));
        bool partialIsZero = true;
        for (int c = 0; c < ElementTraits<T>::components; ++c)
            partialIsZero = partialIsZero && partial.sum[c] == 0;
        if (partialIsZero) continue;  // losing a partial sum of 0 changes nothing (rare; see docs)
        EXPECT_FALSE(isExactSum(changedSum(exact, partial, -1), exact)) << "a block's partial lost";
        EXPECT_FALSE(isExactSum(changedSum(exact, partial, +1), exact))
            << "a block's partial twice";
    }
    using SumScalar = typename ElementTraits<Accumulator<T>>::Scalar;
    if constexpr (!std::is_integral_v<SumScalar>) {
        Accumulator<T> nan = changedSum(exact, exact, 0);
        reinterpret_cast<SumScalar*>(&nan)[0] = std::numeric_limits<SumScalar>::quiet_NaN();
        EXPECT_FALSE(isExactSum(nan, exact)) << "NaN";
        // Three more passes over the input, up to 2^22 (the argument, a sum of whole numbers is
        // whole and the exact sum never is, holds for every n and type; the mutant
        // tests/mutants/elements_truncated.diff shows it on the GPU from 2^10 to 2^30).
        if (n > (std::size_t(1) << 22)) return;
        const ExactReference<T> truncated =
            sumOfChangedElements<T>(input, n, [](double x) { return std::trunc(x); });
        EXPECT_FALSE(isExactSum(changedSum(truncated, truncated, 0), exact))
            << "every element truncated to a whole number";
        const ExactReference<T> rounded =
            sumOfChangedElements<T>(input, n, [](double x) { return std::nearbyint(x); });
        EXPECT_FALSE(isExactSum(changedSum(rounded, rounded, 0), exact))
            << "every element rounded to a whole number";
        // Rounded to bfloat16 (a fault of the types that hold more bits): the half-integers
        // stay, every witness moves by -1/2 (tests/mutants/elements_bfloat16_rounded.diff
        // shows it on the GPU from 2^10 to 2^30).
        using Scalar = typename ElementTraits<T>::Scalar;
        if (precisionBits < Scalar >> precisionBits<__nv_bfloat16> &&
            n > bfloat16WitnessSpacing / 2) {
            const ExactReference<T> bfloat16Rounded = sumOfChangedElements<T>(
                input, n,
                [](double x) { return double(__bfloat162float(__float2bfloat16(float(x)))); });
            EXPECT_FALSE(isExactSum(changedSum(bfloat16Rounded, bfloat16Rounded, 0), exact))
                << "every element rounded to bfloat16";
            const long long witnesses =
                (long long)((n + bfloat16WitnessSpacing / 2 - 1) / bfloat16WitnessSpacing);
            for (int c = 0; c < ElementTraits<T>::components; ++c)
                EXPECT_EQ(bfloat16Rounded.sum[c], exact.sum[c] - 2 * witnesses)
                    << "each witness moves by -1/2 (2 quarters), nothing else moves";
        }
    }
}

TEST(ExactCheck, RejectsZeroALostOrDoubledElementOrPartialForEveryType)
{
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(1025),
                          (std::size_t(1) << 21) + 3, std::size_t(1) << 28}) {
        expectFaultsRejected<int>(n);
        expectFaultsRejected<long long>(n);
        expectFaultsRejected<float>(n);
        expectFaultsRejected<double>(n);
        expectFaultsRejected<Complex<float>>(n);
        expectFaultsRejected<Complex<double>>(n);
        expectFaultsRejected<__half>(n);
        expectFaultsRejected<__nv_bfloat16>(n);
    }
    // The float types at 2^30, where the exact input's exactness rests on probability: the
    // sum must still be a multiple of 1/4 the type holds, and every fault must show.
    expectFaultsRejected<float>(std::size_t(1) << 30);
    expectFaultsRejected<Complex<float>>(std::size_t(1) << 30);
    expectFaultsRejected<__half>(std::size_t(1) << 30);
}

// The verdict needs both checks, and at least one run on the exact input.
TEST(Report, PassesOnlyWithBothChecks)
{
    RunRecord record;
    record.accuracy.withinTolerance = true;
    EXPECT_FALSE(record.passed()) << "no run on the exact input";
    ExactReference<int> exact;
    exact.n = 3;
    exact.sum[0] = 5;
    addExactRun(record, 5, exact);
    EXPECT_TRUE(record.passed());
    addExactRun(record, 4, exact);
    addExactRun(record, 5, exact);
    EXPECT_FALSE(record.passed());
    EXPECT_EQ(record.exactRuns, 3);
    EXPECT_EQ(record.exactWrongRuns, 1);
    EXPECT_EQ(record.exactResult, "4");  // the wrong sum is the one reported
    EXPECT_NE(humanReport(record).find("FAIL  correctness: exact input, sum 4 != exact sum 5, "
                                       "wrong in 1 of 3 runs"),
              std::string::npos)
        << humanReport(record);
    RunRecord accurateOnly;
    addExactRun(accurateOnly, 5, exact);
    accurateOnly.accuracy.withinTolerance = false;
    EXPECT_FALSE(accurateOnly.passed());
}

TEST(Statistics, MedianMinMax)
{
    TimingSummary odd = summarize({3, 1, 2});
    EXPECT_EQ(odd.medianMs, 2);
    EXPECT_EQ(odd.minMs, 1);
    EXPECT_EQ(odd.maxMs, 3);
    EXPECT_EQ(summarize({4, 1, 3, 2}).medianMs, 2.5);
    EXPECT_EQ(summarize({}).medianMs, 0);
}

TEST(Bandwidth, BytesOverTime)
{
    EXPECT_DOUBLE_EQ(bandwidthGBs(1e9, 1000), 1);  // 1 GB in 1 s
    EXPECT_DOUBLE_EQ(bandwidthGBs(4.0 * (1 << 28), 0.5), 2147.483648);
    EXPECT_NEAR(theoreticalBandwidthGBs(2619000, 5120), 3352.32,
                0.01);  // H100 SXM: 2619 MHz, 5120-bit
    EXPECT_EQ(chooseIterations(4.0 * (1 << 28)), 20);
    EXPECT_EQ(chooseIterations(4096), 1000);
}

TEST(Workspace, PartialSumsOfEveryPass)
{
    EXPECT_EQ(partialSumsBytes<float>(0, 256), 0u);
    EXPECT_EQ(partialSumsBytes<float>(256, 256), 0u);      // one block: writes the result
    EXPECT_EQ(partialSumsBytes<float>(257, 256), 2 * 4u);  // 2 partial sums, then one block
    EXPECT_EQ(partialSumsBytes<double>(1 << 20, 32), (32768 + 1024 + 32) * 8u);
    // 16-bit input: the partial sums are floats; a block of step 11 takes 8 elements per load
    // in the first pass but 4 partial sums per load after it.
    EXPECT_EQ(partialSumsBytes<__half>(257, 256), 2 * 4u);
    EXPECT_EQ(partialSumsBytes<__half>(1 << 22, 2048, 1024), (2048 + 2) * 4u);
    EXPECT_EQ(partialSumsBytes<__half>(1 << 22, 2048), 2048 * 4u);  // a second pass that fits
}

// Step 13: with K GPUs reading the input, % of peak is against their peaks added up (not
// one GPU's, which two H200s at 7450 GB/s put at 155 %).
TEST(Report, PercentOfPeakCountsEveryGpu)
{
    RunRecord record;
    record.platform.deviceName = "GPU";
    record.platform.peakGBs = 4000;
    record.bytes = 3e9;  // in 1 ms: 3000 GB/s
    record.timed = true;
    record.timing = summarize({1, 1, 1});
    EXPECT_DOUBLE_EQ(record.percentOfPeak(), 75);
    EXPECT_NE(humanReport(record).find("= 75.0% of peak\n"), std::string::npos);

    record.bytes = 6e9;  // two GPUs: 6000 GB/s
    record.gpus = 2;
    record.peakGBsOfAllGpus = 8000;
    EXPECT_DOUBLE_EQ(record.percentOfPeak(), 75);
    EXPECT_NE(humanReport(record).find("= 75.0% of peak (2 GPUs: 8000 GB/s)"), std::string::npos);
    EXPECT_NE(csvRow(record).find(",4000.0,"), std::string::npos);  // peak_gbs: one GPU's
    EXPECT_NE(csvRow(record).find(",6000.00,75.00,"), std::string::npos);
}

TEST(Report, CsvRowHasOneFieldPerHeaderColumn)
{
    RunRecord record;
    record.step = "step05_bank_conflicts";
    record.technique = "sequential addressing";
    record.platform.deviceName = "GPU, with a comma";
    record.timed = true;
    record.timing = summarize({1, 2, 3});
    std::string header = csvHeader(), row = csvRow(record);
    EXPECT_EQ(std::count(header.begin(), header.end(), ','),
              std::count(row.begin(), row.end(), ','));
    EXPECT_EQ(sizeText(1 << 28), "2^28");
    EXPECT_EQ(sizeText(1000), "1000");
    EXPECT_EQ(versionText(13000), "13.0");
    EXPECT_EQ(versionText(12080), "12.8");
}

// Part II's exact input: integer types whole numbers of magnitude 1 to 8, odd in column 0
// and even elsewhere, so every row sums to an odd number; floating-point types half-integers,
// a whole number less a quarter in column 0, so every row sums to a multiple of 1/4 that is no
// whole number, and a bfloat16 witness at every flat index 512 + 1024k but in column 0. Never 0,
// exact in every type.
TEST(RowsExactInput, RowsSumToOddNumbersOrNonWholeQuarters)
{
    for (Shape shape : {Shape{5, 1}, Shape{7, 2}, Shape{3, 33}, Shape{100, 1025}}) {
        std::vector<ExactReference<float>> sums(shape.rows);
        addExactRowSums<float>(11, shape, 0, shape.rows, sums);
        std::vector<ExactReference<int>> integerSums(shape.rows);
        addExactRowSums<int>(11, shape, 0, shape.rows, integerSums);
        for (std::size_t r = 0; r < shape.rows; ++r) {
            long long quarters = 0, integerSum = 0;
            for (std::size_t c = 0; c < shape.cols; ++c) {
                const float x = rowExactElement<float>(11, shape.cols, r * shape.cols + c);
                const long long q = (long long)(4 * x);
                EXPECT_EQ(float(q), 4 * x);
                if (c != 0 && isBfloat16Witness(r * shape.cols + c))
                    EXPECT_TRUE(x == 256.5f || x == -257.5f);
                else
                    EXPECT_TRUE(std::fabs(x) >= 0.5f && std::fabs(x) < exactMagnitudeMax);
                EXPECT_EQ(std::llabs(q) % 4, c == 0 ? 3 : 2) << "row " << r << ", col " << c;
                quarters += q;
                const int whole = rowExactElement<int>(11, shape.cols, r * shape.cols + c);
                EXPECT_TRUE(std::abs(whole) >= 1 && std::abs(whole) <= exactMagnitudeMax);
                EXPECT_EQ(std::abs(whole) % 2, c == 0 ? 1 : 0) << "row " << r << ", col " << c;
                integerSum += whole;
            }
            EXPECT_EQ(quarters, sums[r].sum[0]);
            EXPECT_NE(quarters % 4, 0) << "row " << r;  // never a whole number
            EXPECT_EQ(integerSum, integerSums[r].sum[0]);
            EXPECT_NE(integerSum % 2, 0) << "row " << r;
        }
        // The same sums from slices of rows (the harness may make them in stretches).
        std::vector<ExactReference<float>> sliced(shape.rows);
        addExactRowSums<float>(11, shape, 0, shape.rows / 2, sliced);
        addExactRowSums<float>(11, shape, shape.rows / 2, shape.rows - shape.rows / 2, sliced);
        for (std::size_t r = 0; r < shape.rows; ++r) EXPECT_EQ(sliced[r].sum[0], sums[r].sum[0]);
    }
}

// The per-row checks reject a row left at 0, one element lost in one row, and NaN, and say
// which row; the references per row are referenceSum of each row, whatever the threads.
TEST(RowsChecks, RejectAWrongRowAndNameIt)
{
    const Shape shape{64, 37};
    std::vector<ExactReference<__half>> exact(shape.rows);
    addExactRowSums<__half>(5, shape, 0, shape.rows, exact);
    std::vector<float> sums(shape.rows);
    for (std::size_t r = 0; r < shape.rows; ++r) sums[r] = float(exactComponent(exact[r], 0));
    EXPECT_EQ(checkExactRows<__half>(sums, exact).wrongRows, 0u);
    std::vector<float> zero = sums;
    zero[41] = 0;
    EXPECT_EQ(checkExactRows<__half>(zero, exact).wrongRows, 1u);
    EXPECT_EQ(checkExactRows<__half>(zero, exact).shownRow, 41u);
    std::vector<float> lost = sums;
    lost[7] -= float(rowExactElement<__half>(5, shape.cols, 7 * shape.cols + 36));
    EXPECT_EQ(checkExactRows<__half>(lost, exact).shownRow, 7u);

    std::vector<float> input = makeInput<float>(shape.elements(), 9);
    std::vector<Reference<float>> references(shape.rows);
    withHostThreads(7, [&] {
        addRandomRowReferences(input.data(), shape, 0, shape.rows, references);
        return 0;
    });
    std::vector<float> accurate(shape.rows);
    for (std::size_t r = 0; r < shape.rows; ++r) {
        const Reference<float> one = referenceSum(input.data() + r * shape.cols, shape.cols);
        EXPECT_EQ(references[r].component[0].sum, one.component[0].sum);
        accurate[r] = float(one.component[0].sum);
    }
    EXPECT_EQ(checkAccurateRows<float>(accurate, references).wrongRows, 0u);
    accurate[63] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(checkAccurateRows<float>(accurate, references).wrongRows, 1u);
    EXPECT_EQ(checkAccurateRows<float>(accurate, references).shownRow, 63u);
}

// The online softmax's (max, sum) combine: the same state in any order (within rounding), and
// the cases that need care: the empty state is the identity, -inf elements, a NaN element.
namespace {
double softmaxDenominator(const std::vector<float>& x, double max)
{
    double sum = 0;
    for (float value : x) sum += std::exp(double(value) - max);
    return sum;
}

MaxSum combineRange(const std::vector<float>& x, std::size_t begin, std::size_t end)
{
    if (end - begin == 1) return maxSumOf(x[begin]);
    const std::size_t middle = begin + (end - begin) / 2;
    return combine(combineRange(x, begin, middle), combineRange(x, middle, end));
}
}  // namespace

TEST(OnlineSoftmax, AnyOrderGivesTheMaximumAndTheDenominator)
{
    std::vector<float> x = makeInput<float>(100000, 3);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] *= float(1 + i % 97);  // up to 97: e^97
    MaxSum serial = emptyMaxSum(), reversed = emptyMaxSum();
    for (float value : x) serial = combine(serial, maxSumOf(value));
    for (std::size_t i = x.size(); i-- > 0;) reversed = combine(maxSumOf(x[i]), reversed);
    const MaxSum tree = combineRange(x, 0, x.size());
    const float max = *std::max_element(x.begin(), x.end());
    const double denominator = softmaxDenominator(x, max);
    for (const MaxSum& state : {serial, reversed, tree}) {
        EXPECT_EQ(state.max, max);
        EXPECT_NEAR(state.sum, denominator, 1e-4 * denominator);  // n roundings of a float sum
    }
    EXPECT_EQ(combine(emptyMaxSum(), tree).sum, tree.sum);  // the identity
    EXPECT_EQ(combine(tree, emptyMaxSum()).sum, tree.sum);
}

TEST(OnlineSoftmax, MinusInfinityAndNaNAreHandled)
{
    // -inf elements add nothing to a row with a finite maximum, in any order.
    const MaxSum withMinusInf =
        combine(combine(maxSumOf(-INFINITY), maxSumOf(2.0f)), maxSumOf(-INFINITY));
    EXPECT_EQ(withMinusInf.max, 2.0f);
    EXPECT_EQ(withMinusInf.sum, 1.0f);
    // Only -inf: no NaN in the state (the naive combine computes -inf - (-inf) = NaN).
    const MaxSum onlyMinusInf = combine(maxSumOf(-INFINITY), maxSumOf(-INFINITY));
    EXPECT_EQ(onlyMinusInf.max, -INFINITY);
    EXPECT_EQ(onlyMinusInf.sum, 2.0f);
    // A NaN makes the state NaN wherever it is, even before a finite maximum that would scale
    // a -inf state's sum by e^(-inf) = 0.
    EXPECT_TRUE(std::isnan(combine(maxSumOf(NAN), maxSumOf(3.0f)).sum));
    EXPECT_TRUE(std::isnan(combine(maxSumOf(3.0f), maxSumOf(NAN)).sum));
    EXPECT_TRUE(std::isnan(combine(combine(emptyMaxSum(), maxSumOf(NAN)), maxSumOf(3.0f)).sum));
}
