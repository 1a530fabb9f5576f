// A run's sums per row, checked and kept in the record that the report prints: what every
// Part II harness shares, the steps' (rows_harness.cuh) and the frameworks' (framework_runs).
#pragma once

#include <string>
#include <vector>

#include "data.cuh"
#include "report.cuh"
#include "rows.cuh"

// One checked run on the exact input: every row's sum must be its exact sum.
template <typename T>
void addExactRowsRun(RunRecord& record, const std::vector<Accumulator<T>>& sums,
                     const std::vector<ExactReference<T>>& exact)
{
    ++record.exactRuns;
    if (sums.empty()) {
        record.exactResult = record.exactReference = "(no rows)";
        return;
    }
    const RowsVerdict verdict = checkExactRows<T>(sums, exact);
    if (verdict.wrongRows > 0) ++record.exactWrongRuns;
    if (verdict.wrongRows > 0 ? record.exactWrongRuns == 1 : record.exactWrongRuns == 0) {
        record.exactResult = valueText(sums[verdict.shownRow]);
        record.exactReference = exactReferenceText(exact[verdict.shownRow]);
        record.exactRow = verdict.wrongRows > 0
                              ? std::to_string(verdict.wrongRows) + " of " +
                                    std::to_string(sums.size()) + " rows wrong, first: row " +
                                    std::to_string(verdict.shownRow)
                              : "every one of " + std::to_string(sums.size()) +
                                    " rows; shown: row " + std::to_string(verdict.shownRow);
    }
}

// One checked run on the random input: every row within its tolerance. The report keeps the
// first run, or a later one with a row outside the tolerance.
template <typename T>
void addAccurateRowsRun(RunRecord& record, const std::vector<Accumulator<T>>& sums,
                        const std::vector<Reference<T>>& references)
{
    if (sums.empty()) {
        if (record.result.empty()) {
            record.result = record.reference = "(no rows)";
            record.accuracy.withinTolerance = true;
        }
        return;
    }
    const RowsVerdict verdict = checkAccurateRows<T>(sums, references);
    const Accuracy shown = checkAccuracy(sums[verdict.shownRow], references[verdict.shownRow]);
    const bool wrong = verdict.wrongRows > 0;
    if (record.result.empty() || (wrong && record.accuracy.withinTolerance)) {
        record.accuracy = shown;
        record.accuracy.withinTolerance = !wrong;
        record.result = valueText(sums[verdict.shownRow]);
        record.reference = referenceText(references[verdict.shownRow]);
        record.accuracyRow =
            wrong ? std::to_string(verdict.wrongRows) + " of " + std::to_string(sums.size()) +
                        " rows outside, first: row " + std::to_string(verdict.shownRow)
                  : "every row within; shown: row " + std::to_string(verdict.shownRow) +
                        ", the closest to its tolerance";
    }
}
