// The harness around a framework's sum (torch.sum, cupy.sum, jnp.sum: scripts/frameworks.py),
// the way nccl-tests' harness runs a collective: the harness owns the command line, the input,
// the timing rules, both checks and the report; the framework only sums.
//   framework_runs [the options of every program] -- COMMAND [ARGUMENTS...]
//   framework_runs --rows R --cols C [the options of every program] -- COMMAND [ARGUMENTS...]
//   framework_runs --operation softmax --rows R --cols C [options] -- COMMAND [ARGUMENTS...]
// The second, Part II's: a sum per row of the row steps' R x C matrix (common/rows.cuh), every
// row checked as rows_harness.cuh checks the steps' (common/rows_record.cuh), the same CSV.
// The third, Part II's capstone: the softmax of every row of step 17's input (float, half or
// bf16), every element checked as softmax_harness.cuh checks step 17's (softmax_record.cuh).
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
// input.txt says "operation sum", or with --operation softmax "operation softmax", and then
// DIR holds one input, DIR/input.bin (rows x cols elements: step 17's, softmaxInputElement of
// --seed, no special rows), and result.txt has, in place of "exact" and "random" lines, a
// "softmax NAME" line for each of the runs step 17 checks (the first, the last timed one, one
// after the timing), each NAME a file of its own in DIR: the run's output, rows x cols of the
// input's element, raw, row after row.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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
#include "softmax_record.cuh"
#include "softmax_reference.cuh"

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

// What the harness does with the value of one "exact", "random" or "softmax" line of
// result.txt: checks it and adds the run to the record. Returns what is wrong with the value,
// or "" if nothing is.
using AddRun = std::function<std::string(const std::string& value)>;

// The lines of one kind of run in result.txt: their key, as many as the harness asked for
// runs, and what the harness does with each.
struct RunLines {
    std::string key;
    std::size_t count;
    AddRun add;
};

// Reads DIR/result.txt into the record: the framework's name and CUDA runtime, its runs (the
// harness checks them: each RunLines' add), its times. Returns what is wrong with the file, or
// "" if nothing is: each key on as many lines as the harness asked for runs, each time a number.
inline std::string readResult(const std::string& path, RunRecord& record,
                              const std::vector<RunLines>& runs)
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
    std::map<std::string, std::size_t> expected = {
        {"step", 1}, {"technique", 1}, {"cuda_runtime", 1}, {"times_ms", timed}};
    std::string keys = "step, technique, cuda_runtime";
    for (const RunLines& run : runs) {
        expected[run.key] = run.count;
        keys += ", " + run.key;
    }
    for (const auto& [key, count] : expected)
        if (lines[key].size() != count)
            return path + ": " + std::to_string(lines[key].size()) + " '" + key +
                   "' lines, expected " + std::to_string(count);
    if (lines.size() > expected.size())
        return path + ": a line that is not " + keys + " or times_ms";
    record.step = lines["step"][0];
    record.technique = lines["technique"][0];
    record.platform.cudaRuntime = lines["cuda_runtime"][0];
    if (record.step.empty()) return path + " names no step";
    for (const RunLines& run : runs)
        for (const std::string& value : lines[run.key])
            if (const std::string wrong = run.add(value); !wrong.empty())
                return path + ": " + wrong;
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

// Part II: the value names a file in the folder, of one sum per row (`what`: "sums") or of the
// softmax's output ("outputs"); a run's own file (a name used twice would hide the first run's
// values), of exactly `count` values.
template <typename Value>
std::string readRunFile(const std::string& folder, const std::string& name, std::size_t count,
                        const std::string& what, std::set<std::string>& namesSeen,
                        std::vector<Value>& values)
{
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
        return "'" + name + "' is not the name of a file in " + folder;
    if (!namesSeen.insert(name).second) return "'" + name + "' names the " + what + " of two runs";
    const std::string path = folder + "/" + name;
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return "the framework wrote no " + path;
    const std::streamoff bytes = file.tellg();
    if (bytes < 0 || std::size_t(bytes) != count * sizeof(Value))
        return path + ": " + std::to_string(bytes) + " bytes, expected " + std::to_string(count) +
               " " + what + " of " + std::to_string(sizeof(Value)) + " bytes";
    values.assign(count, Value{});
    file.seekg(0);
    file.read(reinterpret_cast<char*>(values.data()), std::streamsize(count * sizeof(Value)));
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

// The harness describes the device; then it lets go of it, so the framework has it all.
inline Platform describeAndReleaseDevice()
{
    Platform platform;
    platform.deviceName = "CPU (no CUDA device)";
    if (cudaDevicePresent()) {
        platform = queryPlatform();
        CUDA_CHECK(cudaDeviceReset());
    }
    return platform;
}

// Runs COMMAND ARGUMENTS... DIR and reads the framework's row from DIR/result.txt: its name,
// its CUDA runtime, its runs (checked by `runs`) and times, no more and no fewer runs than the
// harness asked for. Returns exitVerified if it has; else the exit code, after one line on
// stderr (the command's own where it skipped: 77).
int runAndReadFramework(char** command, const std::string& folder, RunRecord& record,
                        const std::vector<RunLines>& runs)
{
    const int commandStatus = runCommand(command, folder);
    if (commandStatus == exitSkipped) return exitSkipped;  // the command said why
    if (commandStatus != 0) {
        std::fprintf(stderr, "%s: error: %s %s %s\n", programName, command[0], folder.c_str(),
                     commandStatus < 0
                         ? "could not be run, or was killed"
                         : ("failed, exit code " + std::to_string(commandStatus)).c_str());
        return exitCudaError;
    }
    const std::string wrong = readResult(folder + "/result.txt", record, runs);
    if (!wrong.empty()) {
        std::fprintf(stderr, "%s: error: %s\n", programName, wrong.c_str());
        return exitCudaError;
    }
    if (record.timed)
        record.cache =
            record.platform.l2Bytes > 0 ? "L2 emptied before each run" : "caches as found";
    return exitVerified;
}

// One line on stderr about a folder the harness cannot write the input into; exit code 3.
int cannotWrite(const std::string& folder, const std::string& why)
{
    std::fprintf(stderr, "%s: error: cannot write the input into %s (%s)\n", programName,
                 folder.empty() ? "a new folder" : folder.c_str(), why.c_str());
    return exitCudaError;
}

// --rows and --cols (Part II), read with the options of every program, as runRowStep reads
// them; --operation: sum (Part I's and the row steps') or softmax (step 17's).
struct RowOptions : OneProcess {
    Shape shape;
    bool rowsGiven = false, colsGiven = false;
    bool softmax = false;
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
        auto operation = [this](const std::string& text) -> std::string {
            if (text != "sum" && text != "softmax") return "expected sum or softmax";
            softmax = text == "softmax";
            return "";
        };
        return {{"--rows", count(shape.rows, rowsGiven)},
                {"--cols", count(shape.cols, colsGiven)},
                {"--operation", operation}};
    }
    std::string help() const
    {
        return "  --rows R       with --cols: a sum per row of an R x C matrix, as the row\n"
               "                 steps (Part II), instead of one sum of --n elements\n"
               "  --cols C       elements per row\n"
               "  --operation O  sum (the default) or softmax: with --rows and --cols, the\n"
               "                 softmax of every row, as step 17 (float, half or bf16)\n";
    }
};

template <typename T>
int runFramework(Options options, Shape shape, bool perRow, char** command)
{
    using Sum = Accumulator<T>;
    const Platform platform = describeAndReleaseDevice();
    if (perRow) options.n = shape.elements();
    const double rowBytes =
        perRow
            ? double(shape.rows) * (sizeof(Reference<T>) + sizeof(ExactReference<T>) + sizeof(Sum))
            : 0;
    if (!hostMemoryFits(double(options.n) * sizeof(T) + rowBytes, programName, options))
        return exitCudaError;
    TemporaryFolder folder;
    if (folder.path.empty()) return cannotWrite(folder.path, std::strerror(errno));

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
        description << "operation sum\nelement " << rawTypeName<T>() << "\nn " << options.n
                    << "\nwarmup " << record.warmup << "\niterations " << record.iterations
                    << "\nl2_bytes " << platform.l2Bytes << "\n";
        if (perRow)
            description << "rows " << shape.rows << "\ncols " << shape.cols << "\nsum_element "
                        << rawTypeName<Sum>() << "\n";
        if (!written || !description.flush()) return cannotWrite(folder.path, "disk full?");
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
                readRunFile(folder.path, name, shape.rows, "sums", namesSeen, rowSums);
            if (wrong.empty()) addExactRowsRun<T>(record, rowSums, rowReferences.exact);
            return wrong;
        };
        addRandom = [&](const std::string& name) {
            const std::string wrong =
                readRunFile(folder.path, name, shape.rows, "sums", namesSeen, rowSums);
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

    const std::size_t timed = record.iterations > 0 ? 1 : 0;
    const int status = runAndReadFramework(
        command, folder.path, record, {{"exact", 2, addExact}, {"random", 1 + timed, addRandom}});
    if (status != exitVerified) return status;
    if (measuredAbovePeak(record, true)) return exitBadMeasurement;
    return finishRun(record, options);
}

// --operation softmax: the softmax of every row of step 17's input (the seed's random values,
// as softmax_harness.cuh makes them), each run's output checked element by element against
// the double-precision reference as step 17's are, the same record, report and CSV: the
// framework's row compares with step 17's.
template <typename T>
int runSoftmaxFramework(Options options, Shape shape, char** command)
{
    const Platform platform = describeAndReleaseDevice();
    options.n = shape.elements();
    // The input, and one run's output read back at a time, each whole.
    if (!hostMemoryFits(2.0 * double(options.n) * sizeof(T), programName, options))
        return exitCudaError;
    TemporaryFolder folder;
    if (folder.path.empty()) return cannotWrite(folder.path, std::strerror(errno));

    RunRecord record = newRecord<T>(options, programName, "", platform);
    record.bytes = 2.0 * double(options.n) * sizeof(T);  // as step 17: read once, written once
    record.perRow = true;
    record.rows = shape.rows;
    record.cols = shape.cols;
    record.iterations = options.verifyOnly       ? 0
                        : options.iterations > 0 ? options.iterations
                                                 : chooseIterations(record.bytes);
    record.warmup = options.verifyOnly ? 0 : options.warmup;
    std::vector<T> input(options.n);
    {
        SlowPhaseNotice notice(makingInputLine<T>(programName, options.n, options.type));
        makeSoftmaxInputRows(input.data(), shape, 0, shape.rows, options.seed, false);
        const bool written = writeRaw(folder.path + "/input.bin", input);
        std::ofstream description(folder.path + "/input.txt");
        description << "operation softmax\nelement " << rawTypeName<T>() << "\nn " << options.n
                    << "\nrows " << shape.rows << "\ncols " << shape.cols << "\nwarmup "
                    << record.warmup << "\niterations " << record.iterations << "\nl2_bytes "
                    << platform.l2Bytes << "\n";
        if (!written || !description.flush()) return cannotWrite(folder.path, "disk full?");
    }

    // Each "softmax" line: a file of the run's output, every element of every row checked.
    SoftmaxRuns runs;
    std::set<std::string> namesSeen;
    std::vector<T> output;
    const AddRun addSoftmax = [&](const std::string& name) {
        const std::string wrong =
            readRunFile(folder.path, name, options.n, "outputs", namesSeen, output);
        if (wrong.empty())
            runs.add(options.n == 0
                         ? SoftmaxVerdict{}
                         : checkSoftmaxRows(input.data(), output.data(), shape, 0, shape.rows));
        return wrong;
    };
    const std::size_t timed = record.iterations > 0 ? 1 : 0;
    const int status =
        runAndReadFramework(command, folder.path, record, {{"softmax", 2 + timed, addSoftmax}});
    if (status != exitVerified) return status;
    fillSoftmaxRecord(record, runs);
    if (measuredAbovePeak(record, true)) return exitBadMeasurement;
    std::fputs(options.csv ? (csvRow(record) + "\n").c_str() : softmaxReport(record, runs).c_str(),
               stdout);
    return record.passed() ? exitVerified : exitWrongResult;
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
                "ARGUMENTS... DIR on the input\nin DIR and checks and reports its sums or "
                "softmax (tools/framework_runs.cu says how);\nexit code 77: skipped, as COMMAND "
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
    if (matrix.softmax && !matrix.perRow())
        return refuse(
            "--operation softmax: the softmax of every row of a matrix takes --rows and "
            "--cols");
    const std::vector<std::string>& softmaxTakes = softmaxTypes();
    if (matrix.softmax &&
        std::find(softmaxTakes.begin(), softmaxTakes.end(), options.type) == softmaxTakes.end())
        return refuse("--type " + options.type + ": the softmax takes float, half or bf16");
    if (separator + 1 >= argc)
        return refuse("no framework command: " + std::string(programName) +
                      " [options] -- COMMAND [ARGUMENTS...] (see --help)");
    char** command = argv + separator + 1;
    if (matrix.softmax) {
        if (options.type == "float") return runSoftmaxFramework<float>(options, shape, command);
        if (options.type == "half") return runSoftmaxFramework<__half>(options, shape, command);
        return runSoftmaxFramework<__nv_bfloat16>(options, shape, command);
    }
    withElementType(options.type, [&](auto element) {
        status = runFramework<decltype(element)>(options, shape, matrix.perRow(), command);
    });
    return status;
}
