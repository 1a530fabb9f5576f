// The checked runs of a softmax and the record and report they make: what every harness of
// a softmax shares, step 17's (softmax_harness.cuh) and the frameworks' (framework_runs).
#pragma once

#include <string>
#include <vector>

#include "report.cuh"
#include "softmax_reference.cuh"

// The types a softmax takes: the floating-point types of machine learning.
inline const std::vector<std::string>& softmaxTypes()
{
    static const std::vector<std::string> types = {"float", "half", "bf16"};
    return types;
}

// The checked runs of one program: the report shows the first wrong element of the first
// wrong run, or else the element closest to its tolerance over every run.
struct SoftmaxRuns {
    int runs = 0, wrongRuns = 0;
    std::size_t checked = 0, wrong = 0;
    SoftmaxElement shown;
    bool anyShown = false;

    void add(const SoftmaxVerdict& verdict)
    {
        ++runs;
        checked = verdict.checked;
        if (verdict.wrong > 0) {
            if (wrongRuns++ == 0) {
                shown = verdict.firstWrong;
                wrong = verdict.wrong;
                anyShown = true;
            }
        } else if (wrongRuns == 0 && verdict.anyClosest &&
                   (!anyShown || verdict.closest.share() > shown.share())) {
            shown = verdict.closest;
            anyShown = true;
        }
    }
};

// The record the report and the CSV print: the correctness columns (exact_*) count the runs
// with every element within its tolerance; result, reference, abs_error and tolerance are
// the element shown.
inline void fillSoftmaxRecord(RunRecord& record, const SoftmaxRuns& runs)
{
    record.exactRuns = runs.runs;
    record.exactWrongRuns = runs.wrongRuns;
    record.accuracy.withinTolerance = runs.wrongRuns == 0;
    const std::string position = runs.anyShown ? "row " + std::to_string(runs.shown.row) +
                                                     " column " + std::to_string(runs.shown.col)
                                               : "(no element)";
    record.result = runs.anyShown ? scalarText(float(runs.shown.value)) : "(no element)";
    record.reference = runs.anyShown ? scalarText(runs.shown.reference) : "(no element)";
    record.accuracy.error = runs.shown.error;
    record.accuracy.tolerance = runs.shown.tolerance;
    record.exactResult = position;
    record.exactReference = runs.wrongRuns > 0 ? std::to_string(runs.wrong) + " wrong of " +
                                                     std::to_string(runs.checked)
                                               : "every one of " + std::to_string(runs.checked);
}

// The report: Part I's first lines (the run, its size, its time), then the check of every
// element in place of Part I's two sums.
inline std::string softmaxReport(const RunRecord& record, const SoftmaxRuns& runs)
{
    std::string text = humanReport(record);
    const std::size_t checks = text.find(std::string(record.passed() ? "PASS" : "FAIL") + "  ");
    if (checks != std::string::npos) text.erase(checks);
    text += std::string(record.passed() ? "PASS" : "FAIL") + "  every element of every row (" +
            std::to_string(runs.checked) + ") within its tolerance of a double-precision softmax " +
            (runs.wrongRuns == 0 ? "in every one of " + std::to_string(runs.runs) + " runs\n"
                                 : ": " + std::to_string(runs.wrong) + " outside in the first of " +
                                       std::to_string(runs.wrongRuns) + " wrong runs of " +
                                       std::to_string(runs.runs) + "\n");
    if (runs.anyShown)
        text +=
            std::string(runs.wrongRuns > 0 ? "        first wrong: " : "        closest: ") +
            softmaxElementText(runs.shown) +
            (runs.wrongRuns > 0 ? "" : formatted(", %.3g of its tolerance", runs.shown.share())) +
            "\n";
    return text;
}
