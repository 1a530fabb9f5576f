// The harness around a framework's sum (torch.sum, cupy.sum, jnp.sum: scripts/frameworks.py),
// the way nccl-tests' harness runs a collective: the harness owns the command line, the input,
// the timing rules, both checks and the report; the framework only sums.
//   framework_runs [the options of every program] -- COMMAND [ARGUMENTS...]
//   framework_runs --rows R --cols C [the options of every program] -- COMMAND [ARGUMENTS...]
// The second, Part II's: a sum per row of the row steps' R x C matrix (common/rows.cuh), every
// row checked as rows_harness.cuh checks the steps' (common/rows_record.cuh), the same CSV.
// makes the exact and the random input of --n, --type and --seed in a new folder DIR, runs
// COMMAND ARGUMENTS... DIR, reads DIR/result.txt back and checks and reports it as every
// program does: the same report or CSV row, the same exit codes; 77 where COMMAND exits 77,
// which means skipped (the framework is not installed or sees no GPU; COMMAND says why).
//
// DIR/exact.bin, DIR/random.bin: the two inputs, n elements each, raw. DIR/input.txt: one
// "key value" a line: element (float32, int64, complex128, float16, bfloat16, ...), n,
// warmup, iterations (0 with --verify-only: time nothing) and l2_bytes (read twice that many
// bytes before each timed run, so that no run finds its input in L2; 0: no CUDA device here).
// DIR/result.txt, from COMMAND, one "key value" a line: step, technique, cuda_runtime (may be
// empty); "exact SUM" for each of the two runs on the exact input (before the timing and
// after it), "random SUM" for each read-back run on the random input (the first, and the last
// timed one), a complex SUM as its real and imaginary parts; times_ms: each timed run. A SUM is
// of the element's accumulator, as the steps return it: float for float16 and bfloat16.
// With --rows and --cols: the inputs are the matrix's, row after row (rows x cols elements);
// input.txt also says "rows R", "cols C" and "sum_element" (the accumulator: float32,
// int32, complex64, ...); each "exact" and "random" line then names a file of its own in DIR,
// the run's R sums of sum_element, raw, row after row.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "device.cuh"
#include "harness.cuh"
#include "rows.cuh"
#include "rows_record.cuh"

constexpr const char* programName = "framework_runs";
constexpr int exitSkipped = 77;

// float32, int64, complex128, float16: the element as numpy, torch and jax name it;
// bfloat16 as torch and jax name it (numpy has no such type).
template <typename T>
std::string rawTypeName()
{
    if constexpr (std::is_same_v<T, __nv_bfloat16>) return "bfloat16";
    using Scalar = typename ElementTraits<T>::Scalar;
    const bool complex = ElementTraits<T>::components == 2;
    return (std::is_integral_v<Scalar> ? "int"
            : complex                  ? "complex"
                                       : "float") +
           std::to_string(8 * sizeof(T));
}

template <typename T>
bool writeRaw(const std::string& path, const std::vector<T>& elements)
{
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(elements.data()), elements.size() * sizeof(T));
    return bool(file.flush());
}

// A folder of its own under $TMPDIR (or /tmp), removed with everything in it at the end.
struct TemporaryFolder {
    std::string path;
    TemporaryFolder()
    {
        std::string pattern = std::filesystem::temp_directory_path() / "framework_runs.XXXXXX";
        if (mkdtemp(pattern.data())) path = pattern;
    }
    ~TemporaryFolder()
    {
        std::error_code ignored;
        if (!path.empty()) std::filesystem::remove_all(path, ignored);
    }
};

// One sum as result.txt writes it: each component a number (Python's repr: 12, -3.5, nan).
template <typename Sum>
bool parseSum(const std::string& text, Sum& sum)
{
    using Scalar = typename ElementTraits<Sum>::Scalar;
    std::istringstream words(text);
    Scalar part[2] = {};
    std::string word;
    for (int c = 0; c < ElementTraits<Sum>::components; ++c) {
        char* end = nullptr;
        if (!(words >> word)) return false;
        // Integers modulo 2^bits, as the exact check compares them (torch sums int32 in int64).
        if constexpr (std::is_integral_v<Scalar>)
            part[c] = Scalar(std::strtoll(word.c_str(), &end, 10));
        else
            part[c] = Scalar(std::strtod(word.c_str(), &end));
        if (*end != '\0') return false;
    }
    if constexpr (ElementTraits<Sum>::components == 1)
        sum = part[0];
    else
        sum = Sum(part[0], part[1]);
    return !(words >> word);  // nothing after the sum
}

// What the harness does with the value of one "exact" or "random" line of result.txt: checks it
// and adds the run to the record. Returns what is wrong with the value, or "" if nothing is.
using AddRun = std::function<std::string(const std::string& value)>;

// Reads DIR/result.txt into the record: the framework's name and CUDA runtime, its sums (the
// harness checks them: addExact, addRandom), its times. Returns what is wrong with the file, or
// "" if nothing is: each key on as many lines as the harness asked for runs, each time a number.
inline std::string readResult(const std::string& path, RunRecord& record, const AddRun& addExact,
                              const AddRun& addRandom)
{
    std::ifstream file(path);
    if (!file) return "the framework wrote no " + path;
    std::map<std::string, std::vector<std::string>> lines;  // key -> the values of its lines
    for (std::string line; std::getline(file, line);) {
        const std::size_t space = line.find(' ');
        lines[line.substr(0, space)].push_back(space == std::string::npos ? ""
                                                                          : line.substr(space + 1));
    }
    const std::size_t timed = record.iterations > 0 ? 1 : 0;
    const std::map<std::string, std::size_t> expected = {
        {"step", 1},  {"technique", 1},      {"cuda_runtime", 1},
        {"exact", 2}, {"random", 1 + timed}, {"times_ms", timed}};
    for (const auto& [key, count] : expected)
        if (lines[key].size() != count)
            return path + ": " + std::to_string(lines[key].size()) + " '" + key +
                   "' lines, expected " + std::to_string(count);
    if (lines.size() > expected.size())
        return path +
               ": a line that is not step, technique, cuda_runtime, exact, random or times_ms";
    record.step = lines["step"][0];
    record.technique = lines["technique"][0];
    record.platform.cudaRuntime = lines["cuda_runtime"][0];
    if (record.step.empty()) return path + " names no step";
    for (const std::string& value : lines["exact"])
        if (const std::string wrong = addExact(value); !wrong.empty()) return path + ": " + wrong;
    for (const std::string& value : lines["random"])
        if (const std::string wrong = addRandom(value); !wrong.empty()) return path + ": " + wrong;
    std::vector<double> timesMs;
    std::istringstream times(timed ? lines["times_ms"][0] : "");
    bool positive = true;
    for (double ms; times >> ms;) {
        timesMs.push_back(ms);
        positive = positive && ms > 0;
    }
    if (!positive || !times.eof() || timesMs.size() != std::size_t(record.iterations))
        return path + ": times_ms: expected " + std::to_string(record.iterations) +
               " positive times";
    record.timed = timed;
    if (timed) record.timing = summarize(timesMs);
    return "";
}

// Part I: the value is the sum itself (float for 16-bit elements: the framework is asked for
// a float sum), checked as every program checks its sum.
template <typename T, typename Reference, typename Add>
AddRun oneSum(RunRecord& record, const char* key, const Reference& reference, Add add)
{
    return [&record, key, &reference, add](const std::string& value) -> std::string {
        Accumulator<T> sum{};
        if (!parseSum(value, sum)) return "'" + std::string(key) + " " + value + "' is not a sum";
        add(record, sum, reference);
        return "";
    };
}

// Part II: the value names a file in the folder, of one sum per row; a run's own file (a name
// used twice would hide the first run's sums), of exactly `rows` sums.
template <typename T>
std::string readRowSums(const std::string& folder, const std::string& name, std::size_t rows,
                        std::set<std::string>& namesSeen, std::vector<Accumulator<T>>& sums)
{
    using Sum = Accumulator<T>;
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
        return "'" + name + "' is not the name of a file in " + folder;
    if (!namesSeen.insert(name).second) return "'" + name + "' names the sums of two runs";
    const std::string path = folder + "/" + name;
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return "the framework wrote no " + path;
    const std::streamoff bytes = file.tellg();
    if (bytes < 0 || std::size_t(bytes) != rows * sizeof(Sum))
        return path + ": " + std::to_string(bytes) + " bytes, expected " + std::to_string(rows) +
               " sums of " + std::to_string(sizeof(Sum)) + " bytes";
    sums.assign(rows, Sum{});
    file.seekg(0);
    file.read(reinterpret_cast<char*>(sums.data()), std::streamsize(rows * sizeof(Sum)));
    return file ? "" : "cannot read " + path;
}

// The exact input of the matrix (rowExactElement), made on the host.
template <typename T>
std::vector<T> makeRowExactInput(std::uint64_t seed, Shape shape)
{
    std::vector<T> input(shape.elements());
    forEachPiece(piecesOf(input.size()), [&](std::size_t piece) {
        const std::size_t end = std::min(input.size(), (piece + 1) * hostPieceElements);
        for (std::size_t i = piece * hostPieceElements; i < end; ++i)
            input[i] = rowExactElement<T>(seed, shape.cols, i);
    });
    return input;
}

// Runs COMMAND ARGUMENTS... DIR, its stdout sent to stderr (our stdout is the report);
// returns its exit code, or -1 if it could not be run or did not exit.
int runCommand(char** command, const std::string& folder)
{
    std::vector<char*> arguments;
    for (char** word = command; *word; ++word) arguments.push_back(*word);
    arguments.push_back(const_cast<char*>(folder.c_str()));
    arguments.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
    std::fflush(stdout);
    pid_t child = 0;
    int status = 0;
    const bool ran =
        posix_spawnp(&child, arguments[0], &actions, nullptr, arguments.data(), environ) == 0 &&
        waitpid(child, &status, 0) == child && WIFEXITED(status);
    posix_spawn_file_actions_destroy(&actions);
    return ran ? WEXITSTATUS(status) : -1;
}

// --rows and --cols (Part II), read with the options of every program, as runRowStep reads them.
struct RowOptions : OneProcess {
    Shape shape;
    bool rowsGiven = false, colsGiven = false;
    bool perRow() const { return rowsGiven || colsGiven; }
    std::vector<StepOption> stepOptions()
    {
        auto count = [](std::size_t& value, bool& given) {
            return [&value, &given](const std::string& text) -> std::string {
                if (!parseSize(text, value)) return "expected a count, e.g. 1024, 2^20 or 2^10+3";
                given = true;
                return "";
            };
        };
        return {{"--rows", count(shape.rows, rowsGiven)}, {"--cols", count(shape.cols, colsGiven)}};
    }
    std::string help() const
    {
        return "  --rows R       with --cols: a sum per row of an R x C matrix, as the row\n"
               "                 steps (Part II), instead of one sum of --n elements\n"
               "  --cols C       elements per row\n";
    }
};

template <typename T>
int runFramework(Options options, Shape shape, bool perRow, char** command)
{
    using Sum = Accumulator<T>;
    // The harness describes the device; then it lets go of it, so the framework has it all.
    Platform platform;
    platform.deviceName = "CPU (no CUDA device)";
    if (cudaDevicePresent()) {
        platform = queryPlatform();
        CUDA_CHECK(cudaDeviceReset());
    }
    if (perRow) options.n = shape.elements();
    const double rowBytes =
        perRow
            ? double(shape.rows) * (sizeof(Reference<T>) + sizeof(ExactReference<T>) + sizeof(Sum))
            : 0;
    if (!hostMemoryFits(double(options.n) * sizeof(T) + rowBytes, programName, options))
        return exitCudaError;
    TemporaryFolder folder;
    auto cannotWrite = [&](const std::string& why) {
        std::fprintf(stderr, "%s: error: cannot write the input into %s (%s)\n", programName,
                     folder.path.empty() ? "a new folder" : folder.path.c_str(), why.c_str());
        return exitCudaError;
    };
    if (folder.path.empty()) return cannotWrite(std::strerror(errno));

    RunRecord record = newRecord<T>(options, programName, "", platform);
    if (perRow) {  // as the row steps count it: the matrix read, a sum per row written
        record.bytes += double(shape.rows) * sizeof(Sum);
        record.perRow = true;
        record.rows = shape.rows;
        record.cols = shape.cols;
    }
    record.iterations = options.verifyOnly       ? 0
                        : options.iterations > 0 ? options.iterations
                                                 : chooseIterations(record.bytes);
    record.warmup = options.verifyOnly ? 0 : options.warmup;
    ExactInput exactInput;  // Part I: one sum
    ExactReference<T> exactReference;
    Reference<T> reference;
    RowReferences<T> rowReferences;  // Part II: a sum per row
    {
        SlowPhaseNotice notice(makingInputLine<T>(programName, options.n, options.type));
        bool written = false;
        if (perRow) {
            rowReferences.exact.resize(shape.rows);
            addExactRowSums<T>(options.seed, shape, 0, shape.rows, rowReferences.exact);
            written =
                writeRaw(folder.path + "/exact.bin", makeRowExactInput<T>(options.seed, shape));
        } else {
            exactReference = prepareExactInput<T>(options.seed, options.n, exactInput);
            written =
                writeRaw(folder.path + "/exact.bin", makeExactInput<T>(exactInput, options.n));
        }
        // The random input: Part I's; in a matrix, element (r, c) is its element r * cols + c.
        const std::vector<T> input = makeInput<T>(options.n, options.seed);
        if (perRow) {
            rowReferences.random.resize(shape.rows);
            addRandomRowReferences(input.data(), shape, 0, shape.rows, rowReferences.random);
        } else {
            reference = referenceSum(input.data(), input.size());
        }
        written = written && writeRaw(folder.path + "/random.bin", input);
        std::ofstream description(folder.path + "/input.txt");
        description << "element " << rawTypeName<T>() << "\nn " << options.n << "\nwarmup "
                    << record.warmup << "\niterations " << record.iterations << "\nl2_bytes "
                    << platform.l2Bytes << "\n";
        if (perRow)
            description << "rows " << shape.rows << "\ncols " << shape.cols << "\nsum_element "
                        << rawTypeName<Sum>() << "\n";
        if (!written || !description.flush()) return cannotWrite("disk full?");
    }

    // How the harness takes each "exact" and "random" line: Part I's, a sum, checked as every
    // program checks its sum; Part II's, a file of a sum per row, every row checked as the row
    // steps' are.
    AddRun addExact, addRandom;
    std::set<std::string> namesSeen;
    std::vector<Sum> rowSums;
    if (perRow) {
        addExact = [&](const std::string& name) {
            const std::string wrong =
                readRowSums<T>(folder.path, name, shape.rows, namesSeen, rowSums);
            if (wrong.empty()) addExactRowsRun<T>(record, rowSums, rowReferences.exact);
            return wrong;
        };
        addRandom = [&](const std::string& name) {
            const std::string wrong =
                readRowSums<T>(folder.path, name, shape.rows, namesSeen, rowSums);
            if (wrong.empty()) addAccurateRowsRun<T>(record, rowSums, rowReferences.random);
            return wrong;
        };
    } else {
        addExact = [&](const std::string& value) -> std::string {
            Sum sum{};
            if (!parseSum(value, sum)) return "'exact " + value + "' is not a sum";
            addExactRun(record, sum, exactReference);
            return "";
        };
        addRandom = [&](const std::string& value) -> std::string {
            Sum sum{};
            if (!parseSum(value, sum)) return "'random " + value + "' is not a sum";
            addAccuracyRun(record, sum, reference);
            return "";
        };
    }

    const int commandStatus = runCommand(command, folder.path);
    if (commandStatus == exitSkipped) return exitSkipped;  // the command said why
    if (commandStatus != 0) {
        std::fprintf(stderr, "%s: error: %s %s %s\n", programName, command[0], folder.path.c_str(),
                     commandStatus < 0
                         ? "could not be run, or was killed"
                         : ("failed, exit code " + std::to_string(commandStatus)).c_str());
        return exitCudaError;
    }
    // The framework's row: its name, its CUDA runtime, its sums and times, no more and no
    // fewer runs than the harness asked for; the harness's checks and report.
    const std::string wrong = readResult(folder.path + "/result.txt", record, addExact, addRandom);
    if (!wrong.empty()) {
        std::fprintf(stderr, "%s: error: %s\n", programName, wrong.c_str());
        return exitCudaError;
    }
    if (record.timed)
        record.cache = platform.l2Bytes > 0 ? "L2 emptied before each run" : "caches as found";
    if (measuredAbovePeak(record, true)) return exitBadMeasurement;
    return finishRun(record, options);
}

int main(int argc, char** argv)
{
    // The options of every program before "--", the framework's command after it.
    int separator = 1;
    while (separator < argc && std::string(argv[separator]) != "--") ++separator;
    Options options;
    RowOptions matrix;
    int status = exitBadUsage;
    if (!startProgram(separator, argv, programName, options, &status, matrix)) {
        if (options.help)
            std::puts(
                "\nframework_runs [options] -- COMMAND [ARGUMENTS...] runs COMMAND "
                "ARGUMENTS... DIR on the input\nin DIR and checks and reports its sums "
                "(tools/framework_runs.cu says how); exit code\n77: skipped, as COMMAND "
                "said, e.g. -- python3 scripts/frameworks.py torch");
        return status;
    }
    auto refuse = [](const std::string& why) {
        std::fprintf(stderr, "%s: error: %s\n", programName, why.c_str());
        return exitBadUsage;
    };
    const Shape shape = matrix.shape;
    if (matrix.perRow() && !(matrix.rowsGiven && matrix.colsGiven))
        return refuse("--rows and --cols go together: a sum per row of an R x C matrix");
    if (matrix.perRow() && options.nGiven)
        return refuse("--n: with --rows and --cols the matrix gives the size");
    if (shape.cols > 0 && shape.rows > (std::size_t(1) << maxSizeExponent) / shape.cols)
        return refuse("--rows " + std::to_string(shape.rows) + " x --cols " +
                      std::to_string(shape.cols) + ": more than 2^48 elements");
    if (separator + 1 >= argc)
        return refuse("no framework command: " + std::string(programName) +
                      " [options] -- COMMAND [ARGUMENTS...] (see --help)");
    withElementType(options.type, [&](auto element) {
        status =
            runFramework<decltype(element)>(options, shape, matrix.perRow(), argv + separator + 1);
    });
    return status;
}
