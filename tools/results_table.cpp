// The one reader of the results CSVs the programs write (--csv), by column name, never by
// place: a reordered CSV gives the same output. A FILE named *.md is read as its first Markdown
// table instead (a "| a | b |" header line, a "|---|--:|" line, then every line that begins
// with |; cells trimmed, `backticks` kept): the experiments' committed tables.
//   results_table --text CSV | --markdown CSV
// The bandwidth table (Harris's: time, GB/s, % of peak, step speedup, cumulative speedup):
// the tutorial prints it (--text), scripts/plot.sh writes the docs' Markdown (--markdown).
//   step speedup       = the previous step's median time / this step's
//   cumulative speedup = the first step's median time / this step's
// A row whose name is not a step's (stepNN_...) is a reference: CUB (cub_reference) and the
// frameworks' sums (torch_sum, cupy_sum, jax_sum). References come last, in the CSV's order,
// are compared with the first step only, and are never the "previous step" of another row.
//   results_table --select NAME,NAME... [--where CONDITION]... FILE
// The named columns of the rows that meet every condition, as CSV, header first (the charts).
//   results_table --pivot ROW,ROW... ACROSS FORMAT VALUE,VALUE... [--where CONDITION]... FILE
// The experiments' summaries: a Markdown table of those rows, a line per value of the ROW
// columns, a column per value of ACROSS, in each cell the VALUE columns printed by FORMAT
// ("%.0f (%.1f)": GB/s and % of peak).
//   results_table --value COLUMN [--aggregate one|min|max|median|count] [--where CONDITION]... FILE
// One number, to check a page's number against its file (tests/check_page_numbers.sh): the
// COLUMN of the one row that meets every condition (one, the default: no row or two rows is an
// error), or the smallest, largest or median (of an even count: the mean of the middle two) of
// every such row, or how many there are (count); printed with %.17g, so no digit is lost
// before the page's rounding is judged. A cell that is not a number is an error.
// CONDITION: NAME=VALUE, NAME!=VALUE (VALUE may be A|B: one of them), or NAME<VALUE, <=, >,
// >= (compared as numbers). NAME and VALUE may hold spaces and commas (a counter table's
// "kernel, grid" column).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Row = std::map<std::string, std::string>;       // column name -> field
using Lines = std::vector<std::vector<std::string>>;  // a table's cells, line by line

[[noreturn]] void fail(const std::string& message)
{
    std::fprintf(stderr, "results_table: error: %s\n", message.c_str());
    std::exit(2);
}

std::vector<std::string> splitFields(const std::string& line, char separator = ',')
{
    std::vector<std::string> fields;
    std::stringstream stream(line);
    for (std::string field; std::getline(stream, field, separator);) fields.push_back(field);
    if (!line.empty() && line.back() == separator) fields.push_back("");
    return fields;
}

// Up to four numbers printed by one printf pattern (it may use fewer).
std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0)
{
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

double number(const Row& row, const std::string& column)
{
    return std::atof(row.at(column).c_str());
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

// A condition of --where (see the top of this file).
struct Condition {
    std::string column, comparison;
    std::vector<std::string> values;
    std::string text;  // as given, for messages

    bool metBy(const std::string& field) const
    {
        const std::string& c = comparison;
        if (c == "=" || c == "!=")
            return (std::find(values.begin(), values.end(), field) != values.end()) == (c == "=");
        const double a = std::atof(field.c_str()), b = std::atof(values[0].c_str());
        return c == "<" ? a < b : c == "<=" ? a <= b : c == ">" ? a > b : a >= b;
    }
};

Condition parseCondition(const std::string& text)
{
    std::smatch parts;  // the name, up to the first of = < > !; the comparison; the values
    if (!std::regex_match(text, parts, std::regex("([^=<>!]+)(!=|<=|>=|=|<|>)(.*)")))
        fail("--where '" + text + "': expected NAME=VALUE, NAME!=VALUE, NAME<VALUE, ...");
    Condition condition{parts[1], parts[2], splitFields(parts[3], '|'), text};
    if (condition.values.empty()) condition.values.push_back("");
    return condition;
}

// A table as its file holds it: the column names, then each line's fields with its line number.
struct Table {
    std::vector<std::string> header;
    std::vector<std::pair<int, std::vector<std::string>>> lines;
};

// A CSV: the header line, then a line per row (an empty line is skipped).
Table readCsv(const std::string& path)
{
    std::ifstream file(path);
    if (!file) fail("cannot read " + path);
    std::string line;
    if (!std::getline(file, line)) fail(path + " is empty");
    Table table{splitFields(line), {}};
    for (int number = 2; std::getline(file, line); ++number)
        if (!line.empty()) table.lines.emplace_back(number, splitFields(line));
    return table;
}

std::string trimmed(const std::string& text)
{
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r") + 1 - first);
}

// The cells of a Markdown table's line, "| a | b |" or "| a | b", trimmed; "\|" is a | in a cell.
std::vector<std::string> markdownCells(const std::string& line)
{
    std::string text = trimmed(line).substr(1);  // after the leading |
    if (!text.empty() && text.back() == '|' && (text.size() < 2 || text[text.size() - 2] != '\\'))
        text.pop_back();
    std::vector<std::string> cells(1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '|')
            cells.back() += text[++i];
        else if (text[i] == '|')
            cells.emplace_back();
        else
            cells.back() += text[i];
    }
    for (std::string& cell : cells) cell = trimmed(cell);
    return cells;
}

// The first Markdown table of a .md file (a results table, or a page's): a line of column names,
// a line of |---| or |--:| cells under it, and the rows, up to the first line not begun by |.
Table readMarkdown(const std::string& path)
{
    std::ifstream file(path);
    if (!file) fail("cannot read " + path);
    const std::regex rule("\\|?( *:?-+:? *\\|)*( *:?-+:? *)\\|? *");  // |---|--:|
    Table table;
    std::string previous, line;
    bool inside = false;
    for (int number = 1; std::getline(file, line); ++number) {
        const bool tableLine = trimmed(line).rfind('|', 0) == 0;
        if (inside && !tableLine) break;
        if (inside)
            table.lines.emplace_back(number, markdownCells(line));
        else if (tableLine && trimmed(previous).rfind('|', 0) == 0 &&
                 std::regex_match(trimmed(line), rule)) {
            table.header = markdownCells(previous);
            inside = true;
        }
        previous = line;
    }
    if (!inside) fail(path + " holds no Markdown table (a line of names, then |---|...)");
    return table;
}

// The rows of a results file (CSV, or a .md file's table) that meet every condition; the file
// must have the columns `needed`.
std::vector<Row> readRows(const std::string& path, std::vector<std::string> needed,
                          const std::vector<Condition>& conditions = {})
{
    const bool markdown = path.size() > 3 && path.compare(path.size() - 3, 3, ".md") == 0;
    const Table table = markdown ? readMarkdown(path) : readCsv(path);
    const std::vector<std::string>& header = table.header;
    for (const Condition& condition : conditions) needed.push_back(condition.column);
    for (const std::string& name : needed)
        if (std::find(header.begin(), header.end(), name) == header.end())
            fail(path + " has no column '" + name + "'");
    std::vector<Row> rows;
    for (const auto& [number, fields] : table.lines) {
        if (fields.size() != header.size())
            fail(path + ":" + std::to_string(number) + ": " + std::to_string(fields.size()) +
                 " fields, the header has " + std::to_string(header.size()));
        Row row;  // a name twice in the header (a CSV of joined columns): the first one
        for (std::size_t i = 0; i < fields.size(); ++i) row.emplace(header[i], fields[i]);
        bool wanted = true;
        for (const Condition& condition : conditions)
            wanted = wanted && condition.metBy(row[condition.column]);
        if (wanted) rows.push_back(row);
    }
    return rows;
}

// The first `textColumns` columns aligned to the left, the others (numbers) to the right.
void printMarkdown(const Lines& lines, std::size_t textColumns)
{
    for (std::size_t l = 0; l < lines.size(); ++l) {
        std::string line, rule;
        for (std::size_t c = 0; c < lines[l].size(); ++c) {
            line += "| " + lines[l][c] + " ";
            rule += c < textColumns ? "|---" : "|--:";
        }
        std::printf("%s|\n", line.c_str());
        if (l == 0) std::printf("%s|\n", rule.c_str());
    }
}

// Columns as wide as their widest cell: the first two (text) to the left, numbers to the right.
void printText(const Lines& lines)
{
    std::vector<std::size_t> width(lines[0].size());
    for (const std::vector<std::string>& cells : lines)
        for (std::size_t c = 0; c < cells.size(); ++c)
            width[c] = std::max(width[c], cells[c].size());
    for (const std::vector<std::string>& cells : lines) {
        std::string line;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::string pad(width[c] - cells[c].size(), ' ');
            line += (c == 0 ? "" : "  ") + (c < 2 ? cells[c] + pad : pad + cells[c]);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        std::printf("%s\n", line.c_str());
    }
}

bool isReference(const Row& row)
{
    return !std::regex_match(row.at("step"), std::regex("step[0-9][0-9]_.*"));
}

// --text, --markdown: the line that says where the runs were made, the table (the steps, then
// the references), and a note for each row measured differently from that line.
void printBandwidthTable(const std::string& path, bool markdown)
{
    std::vector<Row> rows =
        readRows(path, {"step", "technique", "device", "compute_capability", "multiprocessors",
                        "peak_gbs", "cuda_runtime", "cuda_driver", "type", "n", "block",
                        "time_median_ms", "gbs", "percent_of_peak"});
    if (rows.empty()) fail(path + " has a header but no rows");
    // The line above the table describes the first GPU row (step01 runs on the CPU).
    auto gpu = std::find_if(rows.begin(), rows.end(),
                            [](const Row& row) { return !row.at("compute_capability").empty(); });
    const Row g = gpu == rows.end() ? rows.front() : *gpu;
    std::string device = g.at("device");
    if (!g.at("compute_capability").empty()) {
        int cc = std::atoi(g.at("compute_capability").c_str());
        device += " (compute capability " + std::to_string(cc / 10) + "." +
                  std::to_string(cc % 10) + ", " + g.at("multiprocessors") + " SMs, peak " +
                  g.at("peak_gbs") + " GB/s)";
    }
    std::string cuda = g.at("cuda_runtime");
    if (!g.at("cuda_driver").empty()) cuda += " (driver " + g.at("cuda_driver") + ")";
    const std::string title = device + ", CUDA " + cuda + ": " + g.at("type") +
                              ", n = " + sizeText(g.at("n")) +
                              (g.at("block").empty() ? "" : ", block " + g.at("block"));

    Lines lines = {markdown
                       ? std::vector<std::string>{"step", "technique", "time (ms)", "GB/s",
                                                  "% of peak", "step speedup", "cumulative speedup"}
                       : std::vector<std::string>{"step", "technique", "time (ms)", "GB/s",
                                                  "% peak", "step x", "total x"}};
    std::string notes;
    for (const Row& row : rows) {
        if (row.at("device") != g.at("device"))
            notes += "\n" + row.at("step") + " ran on " + row.at("device") + ".";
        if (row.at("type") != g.at("type") || row.at("n") != g.at("n"))
            notes += "\n" + row.at("step") + ": " + row.at("type") + ", n = " + row.at("n") + ".";
    }
    std::stable_partition(rows.begin(), rows.end(),
                          [](const Row& row) { return !isReference(row); });
    double first = 0, previous = 0;  // the first step's time, the previous step's
    for (const Row& row : rows) {
        const std::string& time = row.at("time_median_ms");
        char* end = nullptr;
        const double ms = std::strtod(time.c_str(), &end);
        if (time.empty() || *end != '\0' || !(ms > 0))
            fail(path + ": " + row.at("step") + ": time_median_ms '" + time +
                 "' is not a positive number");
        const bool reference = isReference(row);
        if (!reference && first == 0) first = ms;
        const std::string& percent = row.at("percent_of_peak");
        lines.push_back({row.at("step"), (reference ? "reference: " : "") + row.at("technique"),
                         format("%.4f", ms), format("%.2f", number(row, "gbs")),
                         percent.empty() ? "" : format("%.2f", std::atof(percent.c_str())),
                         reference || previous == 0 ? "" : format("%.2f", previous / ms),
                         first == 0 ? "" : format("%.2f", first / ms)});
        if (!reference) previous = ms;
    }
    std::printf("%s\n\n", title.c_str());
    markdown ? printMarkdown(lines, 2) : printText(lines);
    if (!notes.empty()) std::printf("%s\n", notes.c_str());
}

// --select: the named columns of the rows, header first.
void printSelection(const std::vector<std::string>& names, const std::string& path,
                    const std::vector<Condition>& conditions)
{
    std::vector<Row> rows = readRows(path, names, conditions);
    Row header;  // the header line: a row whose fields are the column names
    for (const std::string& name : names) header[name] = name;
    rows.insert(rows.begin(), header);
    for (const Row& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < names.size(); ++i) line += (i ? "," : "") + row.at(names[i]);
        std::printf("%s\n", line.c_str());
    }
}

// FORMAT of --pivot prints the VALUE columns of a cell: it may hold %% and as many conversions
// of a double (%f, %e, %g, with flags, width and precision) as there are VALUE columns (4 at most).
void checkFormat(const std::string& pattern, std::size_t values)
{
    const std::string percent = "%%|%[-+ #0-9.]*[feEgG]";  // a % sign, or a number's conversion
    if (!std::regex_match(pattern, std::regex("([^%]|" + percent + ")*")))
        fail("--pivot: format '" + pattern + "': only %f, %e, %g (flags, width, precision) and %%");
    std::size_t conversions = 0;
    const std::regex token(percent);
    for (auto at = std::sregex_iterator(pattern.begin(), pattern.end(), token);
         at != std::sregex_iterator(); ++at)
        conversions += at->str() != "%%";
    if (conversions != values || values > 4)
        fail("--pivot: format '" + pattern + "' has " + std::to_string(conversions) +
             " conversions for " + std::to_string(values) + " value columns (at most 4)");
}

// --pivot: one line per value of the ROW columns, one column per value of ACROSS (both in the
// order they first appear), and in each cell the VALUE columns of the one row with those
// values, printed by FORMAT. A column named n shows a power of two as 2^K.
void printPivot(const std::vector<std::string>& rowNames, const std::string& across,
                const std::string& pattern, const std::vector<std::string>& valueNames,
                const std::string& path, const std::vector<Condition>& conditions)
{
    checkFormat(pattern, valueNames.size());
    std::vector<std::string> needed = rowNames;
    needed.push_back(across);
    needed.insert(needed.end(), valueNames.begin(), valueNames.end());
    const std::vector<Row> rows = readRows(path, needed, conditions);
    if (rows.empty()) fail(path + ": no row meets the conditions of --pivot");
    auto shown = [](const Row& row, const std::string& name) {
        return name == "n" ? sizeText(row.at(name)) : row.at(name);
    };
    auto addNew = [](auto& list, const auto& item) {
        if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
    };
    Lines keys;                        // the ROW values of each line
    std::vector<std::string> columns;  // the values of ACROSS
    std::map<std::pair<std::vector<std::string>, std::string>, std::string> cells;
    for (const Row& row : rows) {
        std::vector<std::string> key;
        for (const std::string& name : rowNames) key.push_back(shown(row, name));
        const std::string column = shown(row, across);
        addNew(keys, key);
        addNew(columns, column);
        double value[4] = {};
        for (std::size_t v = 0; v < valueNames.size(); ++v) value[v] = number(row, valueNames[v]);
        const std::string cell = format(pattern.c_str(), value[0], value[1], value[2], value[3]);
        if (!cells.emplace(std::make_pair(key, column), cell).second)
            fail(path + ": two rows for one line's " + across + " " + column);
    }
    Lines lines = {rowNames};
    lines[0].insert(lines[0].end(), columns.begin(), columns.end());
    for (const std::vector<std::string>& key : keys) {
        lines.push_back(key);
        for (const std::string& column : columns) lines.back().push_back(cells[{key, column}]);
    }
    printMarkdown(lines, rowNames.size());
}

// --value: one number of the rows that meet every condition (see the top of this file).
void printValue(const std::string& column, const std::string& aggregate, const std::string& path,
                const std::vector<Condition>& conditions)
{
    const std::vector<Row> rows = readRows(path, {column}, conditions);
    std::string where;  // the conditions, for messages
    for (const Condition& condition : conditions)
        where += (where.empty() ? " where " : " and ") + condition.text;
    if (aggregate == "count") {
        std::printf("%zu\n", rows.size());
        return;
    }
    if (rows.empty()) fail(path + ": no row" + where);
    if (aggregate == "one" && rows.size() > 1)
        fail(path + ": " + std::to_string(rows.size()) + " rows" + where +
             ", one wanted (min, max, median and count take several)");
    std::vector<double> values;
    for (const Row& row : rows) {
        const std::string& field = row.at(column);
        char* end = nullptr;
        const double value = std::strtod(field.c_str(), &end);
        if (field.empty() || *end != '\0' || !std::isfinite(value))
            fail(path + ": column '" + column + "'" + where + " holds '" + field +
                 "', not a number");
        values.push_back(value);
    }
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    double value = values.front();  // one, min
    if (aggregate == "max") value = values.back();
    if (aggregate == "median")
        value = values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    std::printf("%.17g\n", value);
}

}  // namespace

int main(int argc, char** argv)
{
    const std::string usage =
        "usage: results_table --text CSV | --markdown CSV | --select NAME,NAME... [WHERE]... "
        "FILE | --pivot ROW,ROW... ACROSS FORMAT VALUE,VALUE... [WHERE]... FILE | --value COLUMN "
        "[--aggregate one|min|max|median|count] [WHERE]... FILE; WHERE: --where "
        "NAME=VALUE[|VALUE...] (or !=, or the numeric <, <=, >, >=); FILE: a CSV, or a .md "
        "file's first Markdown table; tools/results_table.cpp says more";
    const std::vector<std::string> arguments(argv + 1, argv + argc);
    const std::string mode = arguments.empty() ? "" : arguments[0];
    if (mode == "--help" || mode == "-h") {
        std::printf("%s\n", usage.c_str());
        return 0;
    }
    if (mode == "--text" || mode == "--markdown") {
        if (arguments.size() != 2) fail(usage);
        printBandwidthTable(arguments[1], mode == "--markdown");
        return 0;
    }
    if (mode != "--select" && mode != "--pivot" && mode != "--value")
        fail("unknown mode '" + mode + "'; " + usage);
    // --select NAMES, --pivot ROWS ACROSS FORMAT VALUES, --value COLUMN; then the options (the
    // conditions, and --value's aggregate), then the file.
    std::size_t at = mode == "--pivot" ? 5 : 2;
    std::vector<Condition> conditions;
    std::string aggregate = "one";
    for (; at + 1 < arguments.size(); at += 2) {
        if (arguments[at] == "--where")
            conditions.push_back(parseCondition(arguments[at + 1]));
        else if (arguments[at] == "--aggregate" && mode == "--value")
            aggregate = arguments[at + 1];
        else
            break;
    }
    if (at + 1 != arguments.size() || arguments[at].rfind("--", 0) == 0) fail(usage);
    if (!std::regex_match(aggregate, std::regex("one|min|max|median|count")))
        fail("--aggregate '" + aggregate + "': expected one, min, max, median or count");
    if (mode == "--select")
        printSelection(splitFields(arguments[1]), arguments[at], conditions);
    else if (mode == "--pivot")
        printPivot(splitFields(arguments[1]), arguments[2], arguments[3], splitFields(arguments[4]),
                   arguments[at], conditions);
    else
        printValue(arguments[1], aggregate, arguments[at], conditions);
    return 0;
}
