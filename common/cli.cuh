// The command line every step shares. Parsing is separate from running, so that a bad
// value is reported (one line, exit code 2) before anything is allocated or launched.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "element_types.cuh"

struct Options {
    std::size_t n = std::size_t(1) << 28;
    bool nGiven = false;  // the default n may be lowered to fit the device; a given one is not
    int blockSize = 256;
    std::string type = "float";
    int iterations = 0;  // 0: chosen from the input size (see chooseIterations)
    int warmup = 3;
    std::uint64_t seed = 42;
    bool csv = false;
    bool csvHeader = false;
    bool verifyOnly = false;
    bool help = false;
};

struct ParsedCommandLine {
    Options options;
    std::string error;  // empty when the command line is valid
};

// An option of one step's own (step 13's --combine), parsed with every step's: it takes a
// value, which `take` checks and keeps; take returns what is wrong with it, or "" if nothing.
struct StepOption {
    std::string flag;
    std::function<std::string(const std::string& value)> take;
};

constexpr int maxSizeExponent = 48;     // 2^48 elements: far beyond any GPU's memory
constexpr int smallestBlockSize = 32;   // one warp
constexpr int largestBlockSize = 1024;  // the hardware limit of threads per block

inline bool isDigits(const std::string& text)
{
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

// Parses an unsigned decimal number that must not exceed `limit`.
inline bool parseUnsigned(const std::string& text, std::uint64_t limit, std::uint64_t& value)
{
    if (!isDigits(text) || text.size() > 20) return false;
    errno = 0;
    unsigned long long parsed = std::strtoull(text.c_str(), nullptr, 10);
    if (errno != 0 || parsed > limit) return false;
    value = parsed;
    return true;
}

// Sizes are plain numbers ("1000000") or powers of two with an optional offset
// ("2^28", "2^20+7", "2^31-1").
inline bool parseSize(const std::string& text, std::size_t& value)
{
    const std::uint64_t limit = std::uint64_t(1) << maxSizeExponent;
    std::uint64_t parsed = 0;
    if (text.rfind("2^", 0) != 0) {
        if (!parseUnsigned(text, limit, parsed)) return false;
        value = parsed;
        return true;
    }
    std::string rest = text.substr(2);
    std::size_t signPosition = rest.find_first_of("+-");
    std::uint64_t exponent = 0;
    if (!parseUnsigned(rest.substr(0, signPosition), maxSizeExponent, exponent)) return false;
    std::uint64_t power = std::uint64_t(1) << exponent;
    std::uint64_t offset = 0;
    if (signPosition != std::string::npos) {
        if (!parseUnsigned(rest.substr(signPosition + 1), limit, offset)) return false;
        if (rest[signPosition] == '-') {
            if (offset > power) return false;
            power -= offset;
        } else {
            power += offset;
        }
    }
    if (power > limit) return false;
    value = power;
    return true;
}

// stepHelp: the lines of a step's own options (see StepOption), after every step's.
inline std::string usage(const std::string& program, const std::string& stepHelp = "")
{
    return "usage: " + program +
           " [options]\n"
           "\n"
           "Reduces (sums) n elements, checks the result against a CPU reference in higher\n"
           "precision, and times the reduction alone (the input is already on the device).\n"
           "\n"
           "  --n N            number of elements: plain (1000000) or a power of two with an\n"
           "                   optional offset (2^28, 2^20+7); at most 2^48. Default 2^28,\n"
           "                   lowered with a note if the device lacks the memory.\n"
           "  --block B        threads per block: 32, 64, 128, 256, 512 or 1024 (default 256;\n"
           "                   a step may need more, it says so)\n"
           "  --type T         element type: " +
           elementTypeNames() +
           " (default float)\n"
           "  --iters K        timed runs, K >= 1 (default: 20 for large n, up to 1000 for small "
           "n)\n"
           "  --warmup K       untimed runs before timing, K >= 0 (default 3)\n"
           "  --seed S         seed of the input data (default 42)\n"
           "  --csv            print one CSV row instead of the human-readable report\n"
           "  --csv-header     print the CSV header line and exit\n"
           "  --verify-only    check the result once, time nothing\n"
           "  --help           print this help and exit\n"
           "\n"
           "Exit codes: 0 result verified, 1 wrong result, 2 bad usage,\n"
           "            3 CUDA error, no CUDA device or not enough memory,\n"
           "            4 impossible measurement (bandwidth above the device's peak).\n" +
           stepHelp;
}

inline ParsedCommandLine parseCommandLine(int argc, const char* const* argv,
                                          const std::vector<StepOption>& stepOptions = {})
{
    ParsedCommandLine parsed;
    Options& options = parsed.options;
    auto fail = [&](const std::string& message) {
        parsed.error = message;
        return parsed;
    };
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        std::string value;
        bool hasValue = false;
        std::size_t equals = flag.find('=');
        if (flag.rfind("--", 0) == 0 && equals != std::string::npos) {
            value = flag.substr(equals + 1);
            flag = flag.substr(0, equals);
            hasValue = true;
        }
        auto takesValue = [&](const std::string& name) {
            if (flag != name) return false;
            if (!hasValue) {
                if (i + 1 >= argc) return true;  // reported below as a missing value
                value = argv[++i];
                hasValue = true;
            }
            return true;
        };
        auto missing = [&]() { return fail(flag + " needs a value (see --help)"); };

        if (flag == "--help" || flag == "-h") {
            options.help = true;
        } else if (flag == "--csv" || flag == "--csv-header" || flag == "--verify-only") {
            if (hasValue) return fail(flag + " takes no value");
            if (flag == "--csv") options.csv = true;
            if (flag == "--csv-header") options.csvHeader = true;
            if (flag == "--verify-only") options.verifyOnly = true;
        } else if (takesValue("--n")) {
            if (!hasValue) return missing();
            if (!parseSize(value, options.n))
                return fail("--n '" + value +
                            "': expected a count from 0 to 2^48, e.g. 1000000, 2^28 or 2^20+7");
            options.nGiven = true;
        } else if (takesValue("--block")) {
            if (!hasValue) return missing();
            std::uint64_t block = 0;
            bool powerOfTwo = parseUnsigned(value, largestBlockSize, block) &&
                              block >= smallestBlockSize && (block & (block - 1)) == 0;
            if (!powerOfTwo)
                return fail("--block '" + value + "': expected 32, 64, 128, 256, 512 or 1024");
            options.blockSize = int(block);
        } else if (takesValue("--type")) {
            if (!hasValue) return missing();
            if (!withElementType(value, [](auto) {}))
                return fail("--type '" + value + "': expected one of " + elementTypeNames());
            options.type = value;
        } else if (takesValue("--iters")) {
            if (!hasValue) return missing();
            std::uint64_t iterations = 0;
            if (!parseUnsigned(value, 1000000, iterations) || iterations < 1)
                return fail("--iters '" + value + "': expected a whole number from 1 to 1000000");
            options.iterations = int(iterations);
        } else if (takesValue("--warmup")) {
            if (!hasValue) return missing();
            std::uint64_t warmup = 0;
            if (!parseUnsigned(value, 1000000, warmup))
                return fail("--warmup '" + value + "': expected a whole number from 0 to 1000000");
            options.warmup = int(warmup);
        } else if (takesValue("--seed")) {
            if (!hasValue) return missing();
            if (!parseUnsigned(value, UINT64_MAX, options.seed))
                return fail("--seed '" + value + "': expected a whole number from 0 to 2^64-1");
        } else {
            const StepOption* own = nullptr;  // the step's own option of that name, if any
            for (const StepOption& option : stepOptions)
                if (!own && takesValue(option.flag)) own = &option;
            if (!own) return fail("unknown option '" + flag + "' (see --help)");
            if (!hasValue) return missing();
            const std::string error = own->take(value);
            if (!error.empty()) return fail(flag + " '" + value + "': " + error);
        }
    }
    return parsed;
}
