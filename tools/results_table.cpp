// The bandwidth table (Harris's: time, GB/s, % of peak, step speedup, cumulative speedup)
// from the CSV the programs write. The one place where the table's arithmetic lives: the
// tutorial prints it (--text), scripts/plot.sh writes the docs' Markdown (--markdown), and
// tests/check_results_table.sh checks it.
//   results_table --text CSV | --markdown CSV
// Columns are found by their header names, so a reordered CSV gives the same table.
// It is also how the charts and scripts read a results CSV, by column name, never by place:
//   results_table --select NAME,NAME... [--where NAME=VALUE | --where NAME!=VALUE]... CSV
// prints those columns of the rows that meet every condition, as CSV with its header line
// (--where NAME=A|B: one of the values; NAME<VALUE, <=, >, >=: compared as numbers).
// The experiments' summaries are Markdown tables of a CSV's rows, pivoted:
//   results_table --pivot ROW,ROW... ACROSS FORMAT VALUE,VALUE... [--where ...]... CSV
// a line per value of the ROW columns, a column per value of ACROSS, in each cell the VALUE
// columns printed by FORMAT ("%.0f (%.1f)": GB/s and % of peak).
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
        if (name.empty()) fail("column list '" + list + "': an empty column name");
    return names;
}

// A condition of --where: the column's field equals (or, with !=, differs from) the value or
// one of the values given as A|B|C; with <, <=, > or >= the field and the value are numbers.
struct Condition {
    std::string column, comparison;
    std::vector<std::string> values;
};

Condition parseCondition(const std::string& text)
{
    const std::size_t at = text.find_first_of("=<>!");
    if (at == std::string::npos || at == 0)
        fail("--where '" + text + "': expected NAME=VALUE, NAME!=VALUE, NAME<VALUE, ...");
    Condition condition;
    condition.column = text.substr(0, at);
    for (const char* comparison : {"!=", "<=", ">=", "=", "<", ">"})
        if (text.compare(at, std::string(comparison).size(), comparison) == 0) {
            condition.comparison = comparison;
            break;
        }
    if (condition.comparison.empty())
        fail("--where '" + text + "': expected NAME=VALUE, NAME!=VALUE, NAME<VALUE, ...");
    std::stringstream values(text.substr(at + condition.comparison.size()));
    for (std::string value; std::getline(values, value, '|');) condition.values.push_back(value);
    if (condition.values.empty()) condition.values.push_back("");
    return condition;
}

bool meets(const Condition& condition, const std::string& field)
{
    const std::string& c = condition.comparison;
    if (c == "=" || c == "!=") {
        const bool found = std::find(condition.values.begin(), condition.values.end(), field) !=
                           condition.values.end();
        return found == (c == "=");
    }
    const double a = std::atof(field.c_str()), b = std::atof(condition.values[0].c_str());
    return c == "<" ? a < b : c == "<=" ? a <= b : c == ">" ? a > b : a >= b;
}

// The rows of a results CSV that meet every condition, each as its fields; the header first.
struct Selection {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::size_t indexOf(const std::string& name, const std::string& path) const
    {
        auto found = std::find(header.begin(), header.end(), name);
        if (found == header.end()) fail(path + " has no column '" + name + "'");
        return std::size_t(found - header.begin());
    }
};

Selection selectRows(const std::vector<Condition>& conditions, const std::string& path)
{
    std::ifstream file(path);
    if (!file) fail("cannot read " + path);
    std::string line;
    if (!std::getline(file, line)) fail(path + " is empty");
    Selection selection;
    selection.header = splitFields(line);
    std::vector<std::size_t> tested;
    for (const Condition& condition : conditions)
        tested.push_back(selection.indexOf(condition.column, path));
    for (int number = 2; std::getline(file, line); ++number) {
        if (line.empty()) continue;
        std::vector<std::string> fields = splitFields(line);
        if (fields.size() != selection.header.size())
            fail(path + ":" + std::to_string(number) + ": " + std::to_string(fields.size()) +
                 " fields, the header has " + std::to_string(selection.header.size()));
        bool wanted = true;
        for (std::size_t c = 0; c < conditions.size(); ++c)
            wanted = wanted && meets(conditions[c], fields[tested[c]]);
        if (wanted) selection.rows.push_back(fields);
    }
    return selection;
}

// --select: the named columns of the rows that meet every condition, header first.
int printSelection(const std::vector<std::string>& names, const std::vector<Condition>& conditions,
                   const std::string& path)
{
    const Selection selection = selectRows(conditions, path);
    std::vector<std::size_t> selected;
    for (const std::string& name : names) selected.push_back(selection.indexOf(name, path));
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? "," : "") + names[i];
    std::printf("%s\n", out.c_str());
    for (const std::vector<std::string>& fields : selection.rows) {
        out.clear();
        for (std::size_t i = 0; i < selected.size(); ++i)
            out += (i ? "," : "") + fields[selected[i]];
        std::printf("%s\n", out.c_str());
    }
    return 0;
}

// FORMAT of --pivot cut after each conversion: "%.0f (%.1f)" is "%.0f" and " (%.1f)", each
// piece to be printed with one number. Only the conversions of a double (f, e, g) and %%.
std::vector<std::string> splitFormat(const std::string& pattern, std::size_t numbers)
{
    std::vector<std::string> pieces(1);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        pieces.back() += pattern[i];
        if (pattern[i] != '%') continue;
        const std::size_t end = pattern.find_first_not_of("-+ #0123456789.", i + 1);
        if (end == i + 1 && pattern[end] == '%') {
            pieces.back() += '%';
        } else if (end != std::string::npos &&
                   std::string("feEgG").find(pattern[end]) != std::string::npos) {
            pieces.back() += pattern.substr(i + 1, end - i);
            pieces.emplace_back();
        } else {
            fail("--pivot: format '" + pattern +
                 "': only %f, %e, %g (flags, width, precision) and %%");
        }
        i = end;
    }
    if (pieces.size() - 1 != numbers)
        fail("--pivot: format '" + pattern + "' has " + std::to_string(pieces.size() - 1) +
             " conversions for " + std::to_string(numbers) + " value columns");
    for (std::size_t at; (at = pieces.back().find("%%")) != std::string::npos;)
        pieces.back().erase(at, 1);  // the text after the last number is printed as it is
    return pieces;
}

// --pivot: a Markdown table of the rows that meet every condition, one line per value of the
// ROW columns, one column per value of ACROSS (both in the order they first appear), and in
// each cell the VALUE columns of the one row with those values, printed by FORMAT. A column
// named n shows a power of two as 2^K.
int printPivot(const std::vector<std::string>& rowNames, const std::string& across,
               const std::string& pattern, const std::vector<std::string>& valueNames,
               const std::vector<Condition>& conditions, const std::string& path)
{
    std::vector<std::string> pieces = splitFormat(pattern, valueNames.size());
    const Selection selection = selectRows(conditions, path);
    if (selection.rows.empty()) fail(path + ": no row meets the conditions of --pivot");
    std::vector<std::size_t> keys, values;
    for (const std::string& name : rowNames) keys.push_back(selection.indexOf(name, path));
    for (const std::string& name : valueNames) values.push_back(selection.indexOf(name, path));
    const std::size_t acrossIndex = selection.indexOf(across, path);
    auto shown = [&](std::size_t column, const std::string& field) {
        return selection.header[column] == "n" ? sizeText(field) : field;
    };
    std::vector<std::string> lines, columns;  // in the order they first appear
    std::map<std::pair<std::string, std::string>, std::string> cells;
    for (const std::vector<std::string>& fields : selection.rows) {
        std::string line;
        for (std::size_t k : keys) line += "| " + shown(k, fields[k]) + " ";
        const std::string column = shown(acrossIndex, fields[acrossIndex]);
        if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
        if (std::find(columns.begin(), columns.end(), column) == columns.end())
            columns.push_back(column);
        std::string cell;
        for (std::size_t v = 0; v < values.size(); ++v)
            cell += format(pieces[v].c_str(), std::atof(fields[values[v]].c_str()));
        cell += pieces.back();
        if (!cells.emplace(std::make_pair(line, column), cell).second)
            fail(path + ": two rows for " + line + "| and " + across + " " + column);
    }
    std::string heading, rule;
    for (const std::string& name : rowNames) heading += "| " + name + " ", rule += "|---";
    for (const std::string& column : columns) heading += "| " + column + " ", rule += "|--:";
    std::printf("%s|\n%s|\n", heading.c_str(), rule.c_str());
    for (const std::string& line : lines) {
        std::string text = line;
        for (const std::string& column : columns) {
            auto cell = cells.find(std::make_pair(line, column));
            text += "| " + (cell == cells.end() ? std::string() : cell->second) + " ";
        }
        std::printf("%s|\n", text.c_str());
    }
    return 0;
}

int main(int argc, char** argv)
{
    const std::string usage =
        "usage: results_table --text CSV | --markdown CSV | --select NAME,NAME... [WHERE]... CSV | "
        "--pivot ROW,ROW... ACROSS FORMAT VALUE,VALUE... [WHERE]... CSV; WHERE: --where "
        "NAME=VALUE[|VALUE...] (or !=, or the numeric <, <=, >, >=)";
    if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf(
            "%s\nThe bandwidth table of a CSV that the programs wrote (--csv), the named\n"
            "columns of its rows that meet every --where (CSV, header first), or a Markdown\n"
            "table of those rows: a line per ROW values, a column per ACROSS value, VALUE\n"
            "columns printed by FORMAT in the cells (e.g. --pivot type n '%%.0f' gbs).\n",
            usage.c_str());
        return 0;
    }
    const std::string mode = argc > 1 ? argv[1] : "";
    const int first = mode == "--select" ? 3 : mode == "--pivot" ? 6 : 0;  // the first --where
    if (first > 0 && argc > first) {
        std::vector<Condition> conditions;
        int a = first;
        for (; a + 1 < argc && std::string(argv[a]) == "--where"; a += 2)
            conditions.push_back(parseCondition(argv[a + 1]));
        if (a != argc - 1 || std::string(argv[a]).rfind("--", 0) == 0) fail(usage);
        if (mode == "--select") return printSelection(splitNames(argv[2]), conditions, argv[a]);
        return printPivot(splitNames(argv[2]), argv[3], argv[4], splitNames(argv[5]), conditions,
                          argv[a]);
    }
    if (argc != 3 || first > 0) fail(usage);
    if (mode != "--text" && mode != "--markdown") fail("unknown mode '" + mode + "'; " + usage);
    Table table = makeTable(readCsv(argv[2]));
    if (mode == "--markdown")
        printMarkdown(table);
    else
        printText(table);
    return 0;
}
