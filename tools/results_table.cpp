// The bandwidth table (Harris's: time, GB/s, % of peak, step speedup, cumulative speedup)
// from the CSV the programs write. The one place where the table's arithmetic lives: the
// tutorial prints it (--text), scripts/plot.sh writes the docs' Markdown (--markdown), and
// tests/check_results_table.sh checks it.
//   results_table --text CSV | --markdown CSV
// Columns are found by their header names, so a reordered CSV gives the same table.
// It is also how the charts and scripts read a results CSV, by column name, never by place:
//   results_table --select NAME,NAME... [--where NAME=VALUE | --where NAME!=VALUE]... CSV
// prints those columns of the rows that meet every condition, as CSV with its header line.
//   step speedup       = the previous step's median time / this step's
//   cumulative speedup = the first step's median time / this step's
// A row whose name is not a step's (stepNN_...) is a reference: CUB (cub_reference) and the
// frameworks' sums (torch_sum, cupy_sum, jax_sum, from scripts/frameworks.py). References
// come last, in the CSV's order, are compared with the first step only, and are never the
// "previous step" of another row.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Row = std::map<std::string, std::string>;  // column name -> field

[[noreturn]] void fail(const std::string& message)
{
    std::fprintf(stderr, "results_table: error: %s\n", message.c_str());
    std::exit(2);
}

std::vector<std::string> splitFields(const std::string& line)
{
    std::vector<std::string> fields;
    std::stringstream stream(line);
    for (std::string field; std::getline(stream, field, ',');) fields.push_back(field);
    if (!line.empty() && line.back() == ',') fields.push_back("");
    return fields;
}

std::vector<Row> readCsv(const std::string& path)
{
    std::ifstream file(path);
    if (!file) fail("cannot read " + path);
    std::string line;
    if (!std::getline(file, line)) fail(path + " is empty");
    const std::vector<std::string> header = splitFields(line);
    for (const char* needed : {"step", "technique", "device", "compute_capability",
                               "multiprocessors", "peak_gbs", "cuda_runtime", "cuda_driver", "type",
                               "n", "block", "time_median_ms", "gbs", "percent_of_peak"})
        if (std::find(header.begin(), header.end(), needed) == header.end())
            fail(path + " has no column '" + needed + "'");
    std::vector<Row> rows;
    for (int number = 2; std::getline(file, line); ++number) {
        if (line.empty()) continue;
        std::vector<std::string> fields = splitFields(line);
        if (fields.size() != header.size())
            fail(path + ":" + std::to_string(number) + ": " + std::to_string(fields.size()) +
                 " fields, the header has " + std::to_string(header.size()));
        Row row;
        for (std::size_t i = 0; i < header.size(); ++i) row[header[i]] = fields[i];
        char* end = nullptr;
        double ms = std::strtod(row["time_median_ms"].c_str(), &end);
        if (row["time_median_ms"].empty() || *end != '\0' || !(ms > 0))
            fail(path + ":" + std::to_string(number) + ": time_median_ms '" +
                 row["time_median_ms"] + "' is not a positive number");
        rows.push_back(row);
    }
    if (rows.empty()) fail(path + " has a header but no rows");
    return rows;
}

std::string format(const char* pattern, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

double number(const Row& row, const std::string& column)
{
    return std::atof(row.at(column).c_str());
}

bool isReference(const Row& row)
{
    const std::string& name = row.at("step");
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    bool isStep = name.size() > 6 && name.rfind("step", 0) == 0 && digit(name[4]) &&
                  digit(name[5]) && name[6] == '_';
    return !isStep;
}

// "2^28" for powers of two, the plain number otherwise.
std::string sizeText(const std::string& n)
{
    unsigned long long value = std::strtoull(n.c_str(), nullptr, 10);
    if (value == 0 || (value & (value - 1)) != 0) return n;
    int exponent = 0;
    while ((1ull << exponent) != value) ++exponent;
    return "2^" + std::to_string(exponent);
}

// The cells of the table, as text, in the order of the rows: the steps, then the reference.
struct Table {
    std::string title;
    std::vector<std::vector<std::string>> cells;
    std::string notes;
};

Table makeTable(const std::vector<Row>& rows)
{
    Table table;
    // The line above the table describes the first GPU row (step01 runs on the CPU).
    const Row* gpu = &rows.front();
    for (const Row& row : rows)
        if (!row.at("compute_capability").empty()) {
            gpu = &row;
            break;
        }
    const Row& g = *gpu;
    std::string device = g.at("device");
    if (!g.at("compute_capability").empty()) {
        int cc = std::atoi(g.at("compute_capability").c_str());
        device += " (compute capability " + std::to_string(cc / 10) + "." +
                  std::to_string(cc % 10) + ", " + g.at("multiprocessors") + " SMs, peak " +
                  g.at("peak_gbs") + " GB/s)";
    }
    std::string cuda = g.at("cuda_runtime");
    if (!g.at("cuda_driver").empty()) cuda += " (driver " + g.at("cuda_driver") + ")";
    table.title = device + ", CUDA " + cuda + ": " + g.at("type") + ", n = " + sizeText(g.at("n")) +
                  (g.at("block").empty() ? "" : ", block " + g.at("block"));

    auto cellsOf = [](const Row& row, const std::string& technique, const std::string& stepx,
                      const std::string& total) {
        const std::string& percent = row.at("percent_of_peak");
        return std::vector<std::string>{
            row.at("step"),
            technique,
            format("%.4f", number(row, "time_median_ms")),
            format("%.2f", number(row, "gbs")),
            percent.empty() ? "" : format("%.2f", std::atof(percent.c_str())),
            stepx,
            total};
    };
    double first = 0, previous = 0;
    for (const Row& row : rows) {
        if (isReference(row)) continue;
        double ms = number(row, "time_median_ms");
        if (first == 0) first = ms;
        std::string stepx = previous == 0 ? "" : format("%.2f", previous / ms);
        table.cells.push_back(cellsOf(row, row.at("technique"), stepx, format("%.2f", first / ms)));
        previous = ms;
    }
    for (const Row& row : rows) {
        if (!isReference(row)) continue;
        std::string total = first == 0 ? "" : format("%.2f", first / number(row, "time_median_ms"));
        table.cells.push_back(cellsOf(row, "reference: " + row.at("technique"), "", total));
    }

    // Say where a row was measured differently from the line above the table.
    for (const Row& row : rows) {
        if (row.at("device") != g.at("device"))
            table.notes += "\n" + row.at("step") + " ran on " + row.at("device") + ".";
        if (row.at("type") != g.at("type") || row.at("n") != g.at("n"))
            table.notes +=
                "\n" + row.at("step") + ": " + row.at("type") + ", n = " + row.at("n") + ".";
    }
    return table;
}

void printMarkdown(const Table& table)
{
    std::printf("%s\n\n", table.title.c_str());
    std::printf(
        "| step | technique | time (ms) | GB/s | %% of peak | step speedup | cumulative speedup "
        "|\n");
    std::printf("|---|---|--:|--:|--:|--:|--:|\n");
    for (const std::vector<std::string>& cells : table.cells) {
        for (const std::string& cell : cells) std::printf("| %s ", cell.c_str());
        std::printf("|\n");
    }
    if (!table.notes.empty()) std::printf("%s\n", table.notes.c_str());
}

// Columns as wide as their widest cell: text to the left, numbers to the right.
void printText(const Table& table)
{
    const std::vector<std::string> header = {"step",   "technique", "time (ms)", "GB/s",
                                             "% peak", "step x",    "total x"};
    std::vector<std::size_t> width(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) {
        width[c] = header[c].size();
        for (const std::vector<std::string>& cells : table.cells)
            width[c] = std::max(width[c], cells[c].size());
    }
    auto printLine = [&](const std::vector<std::string>& cells) {
        std::string line;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            std::string pad(width[c] - cells[c].size(), ' ');
            line += c < 2 ? cells[c] + pad : pad + cells[c];
            if (c + 1 < cells.size()) line += "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        std::printf("%s\n", line.c_str());
    };
    std::printf("%s\n\n", table.title.c_str());
    printLine(header);
    for (const std::vector<std::string>& cells : table.cells) printLine(cells);
    if (!table.notes.empty()) std::printf("%s\n", table.notes.c_str());
}

}  // namespace

std::vector<std::string> splitNames(const std::string& list)
{
    std::vector<std::string> names = splitFields(list);
    for (const std::string& name : names)
        if (name.empty()) fail("--select '" + list + "': an empty column name");
    return names;
}

// A condition of --where: the column's field equals (or, with !=, differs from) the value.
struct Condition {
    std::string column, value;
    bool equal = true;
};

Condition parseCondition(const std::string& text)
{
    const std::size_t at = text.find('=');
    if (at == std::string::npos || at == 0)
        fail("--where '" + text + "': expected NAME=VALUE or NAME!=VALUE");
    Condition condition;
    condition.equal = text[at - 1] != '!';
    condition.column = text.substr(0, condition.equal ? at : at - 1);
    condition.value = text.substr(at + 1);
    if (condition.column.empty()) fail("--where '" + text + "': no column name");
    return condition;
}

// --select: the named columns of the rows that meet every condition, header first.
int printSelection(const std::vector<std::string>& names, const std::vector<Condition>& conditions,
                   const std::string& path)
{
    std::ifstream file(path);
    if (!file) fail("cannot read " + path);
    std::string line;
    if (!std::getline(file, line)) fail(path + " is empty");
    const std::vector<std::string> header = splitFields(line);
    auto indexOf = [&](const std::string& name) {
        auto found = std::find(header.begin(), header.end(), name);
        if (found == header.end()) fail(path + " has no column '" + name + "'");
        return std::size_t(found - header.begin());
    };
    std::vector<std::size_t> selected;
    for (const std::string& name : names) selected.push_back(indexOf(name));
    std::vector<std::size_t> tested;
    for (const Condition& condition : conditions) tested.push_back(indexOf(condition.column));

    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? "," : "") + names[i];
    std::printf("%s\n", out.c_str());
    for (int number = 2; std::getline(file, line); ++number) {
        if (line.empty()) continue;
        const std::vector<std::string> fields = splitFields(line);
        if (fields.size() != header.size())
            fail(path + ":" + std::to_string(number) + ": " + std::to_string(fields.size()) +
                 " fields, the header has " + std::to_string(header.size()));
        bool wanted = true;
        for (std::size_t c = 0; c < conditions.size(); ++c)
            wanted = wanted && (fields[tested[c]] == conditions[c].value) == conditions[c].equal;
        if (!wanted) continue;
        out.clear();
        for (std::size_t i = 0; i < selected.size(); ++i)
            out += (i ? "," : "") + fields[selected[i]];
        std::printf("%s\n", out.c_str());
    }
    return 0;
}

int main(int argc, char** argv)
{
    const std::string usage =
        "usage: results_table --text CSV | --markdown CSV | --select NAME,NAME... "
        "[--where NAME=VALUE | --where NAME!=VALUE]... CSV";
    if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf(
            "%s\nThe bandwidth table of a CSV that the programs wrote (--csv), or the\n"
            "named columns of its rows that meet every --where (CSV, header first).\n",
            usage.c_str());
        return 0;
    }
    if (argc >= 4 && std::string(argv[1]) == "--select") {
        std::vector<Condition> conditions;
        int a = 3;
        for (; a + 1 < argc && std::string(argv[a]) == "--where"; a += 2)
            conditions.push_back(parseCondition(argv[a + 1]));
        if (a != argc - 1 || std::string(argv[a]).rfind("--", 0) == 0) fail(usage);
        return printSelection(splitNames(argv[2]), conditions, argv[a]);
    }
    if (argc != 3) fail(usage);
    const std::string mode = argv[1];
    if (mode != "--text" && mode != "--markdown") fail("unknown mode '" + mode + "'; " + usage);
    Table table = makeTable(readCsv(argv[2]));
    if (mode == "--markdown")
        printMarkdown(table);
    else
        printText(table);
    return 0;
}
