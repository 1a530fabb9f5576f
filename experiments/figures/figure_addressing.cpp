// The data behind the figures of the docs: which thread adds which element at each level of
// the tree, which shared-memory banks a warp touches, which global-memory sectors a warp's
// loads touch, how a warp shuffle moves values, and the order in which the blocks of the
// single-pass step take their tickets.
//
// Host-only C++: it replays the index arithmetic of the kernels (the same expressions as in
// stepNN_*/reduce.cuh) and writes data files that the gnuplot scripts beside it draw into
// docs/figures/. Each data block (gnuplot `index`) starts with a line of column names, which
// the scripts read by name. experiments/figures/run.sh runs it; by hand:
//   g++ -std=c++17 -O2 -o figure_addressing experiments/figures/figure_addressing.cpp
//   ./figure_addressing OUTDIR
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace {

// One addition of the tree: `thread` adds cell `source` onto cell `destination`.
struct Addition {
    unsigned thread, destination, source;
};

struct Level {
    unsigned s;
    std::vector<Addition> additions;
};

// The three addressing schemes of steps 02-05, for a block of `threads` threads summing
// `threads` values in shared memory. Each returns the additions of every level, in order.
std::vector<Level> interleavedAddressing(unsigned threads)  // steps 02 and 03
{
    std::vector<Level> levels;
    for (unsigned s = 1; s < threads; s *= 2) {
        Level level{s, {}};
        for (unsigned tid = 0; tid < threads; ++tid)
            if (tid % (2 * s) == 0) level.additions.push_back({tid, tid, tid + s});
        levels.push_back(level);
    }
    return levels;
}

std::vector<Level> stridedIndex(unsigned threads)  // step 04
{
    std::vector<Level> levels;
    for (unsigned s = 1; s < threads; s *= 2) {
        Level level{s, {}};
        for (unsigned tid = 0; tid < threads; ++tid) {
            unsigned index = 2 * s * tid;
            if (index < threads) level.additions.push_back({tid, index, index + s});
        }
        levels.push_back(level);
    }
    return levels;
}

std::vector<Level> sequentialAddressing(unsigned threads)  // steps 05 and later
{
    std::vector<Level> levels;
    for (unsigned s = threads / 2; s > 0; s >>= 1) {
        Level level{s, {}};
        for (unsigned tid = 0; tid < threads; ++tid)
            if (tid < s) level.additions.push_back({tid, tid, tid + s});
        levels.push_back(level);
    }
    return levels;
}

FILE* openOutput(const std::string& directory, const std::string& name)
{
    std::string path = directory + "/" + name;
    FILE* file = std::fopen(path.c_str(), "w");
    if (!file) {
        std::perror(path.c_str());
        std::exit(1);
    }
    return file;
}

// "threads 0, 2, 4, ..., 14" or "threads 0-7": the working threads of one level.
std::string threadList(const Level& level)
{
    std::vector<unsigned> ids;
    for (const Addition& a : level.additions) ids.push_back(a.thread);
    bool contiguous = ids.back() - ids.front() + 1 == ids.size();
    std::string text = ids.size() == 1 ? "thread " : "threads ";
    if (ids.size() <= 4) {
        for (std::size_t i = 0; i < ids.size(); ++i)
            text += (i ? ", " : "") + std::to_string(ids[i]);
        return text;
    }
    if (contiguous) return text + std::to_string(ids.front()) + "-" + std::to_string(ids.back());
    return text + std::to_string(ids[0]) + ", " + std::to_string(ids[1]) + ", " +
           std::to_string(ids[2]) + ", ..., " + std::to_string(ids.back());
}

// The inputs a cell holds the sum of, as a set: {0-3} where they are contiguous, {0,4,8,12}
// where they are not, {0,2,..,14} for a longer evenly spaced set. (Sequential addressing
// adds cell tid + s onto cell tid, so its partial sums hold inputs that are s apart: a
// range such as 0-12 would claim inputs the cell never saw.)
std::string setLabel(const std::set<unsigned>& inputs)
{
    std::vector<unsigned> v(inputs.begin(), inputs.end());
    if (v.size() == 1) return std::to_string(v[0]);
    auto list = [&](std::size_t from, std::size_t to) {
        std::string text;
        for (std::size_t i = from; i < to; ++i)
            text += (i > from ? "," : "") + std::to_string(v[i]);
        return text;
    };
    if (v.back() - v.front() + 1 == v.size())
        return "{" + std::to_string(v.front()) + "-" + std::to_string(v.back()) + "}";
    if (v.size() <= 4) return "{" + list(0, v.size()) + "}";
    bool even = true;
    for (std::size_t i = 2; i < v.size(); ++i) even = even && v[i] - v[i - 1] == v[1] - v[0];
    if (even) return "{" + list(0, 2) + ",..," + std::to_string(v.back()) + "}";
    return "{" + list(0, v.size()) + "}";
}

// The tree of one addressing scheme, for `threads` cells. Four data blocks (gnuplot
// `index`): 0 cells (x, y, label, state: 0 consumed, 1 holds a partial sum, 2 written at
// this level), 1 arrows (x, y, dx, dy), 2 thread labels (x, y, text), 3 level notes.
void writeTree(const std::string& directory, const std::string& name,
               const std::vector<Level>& levels, unsigned threads)
{
    FILE* out = openOutput(directory, "tree_" + name + ".dat");
    const double rowHeight = 1.6;
    std::vector<std::set<unsigned>> inputs(threads);  // the inputs summed into each cell
    std::vector<bool> consumed(threads, false);
    for (unsigned i = 0; i < threads; ++i) inputs[i] = {i};

    // Block 0: the cells before the first level and after each level. A label longer than
    // a cell is wide goes on two lines, split after the first comma from its middle on.
    std::fprintf(out, "# cells\nx y label state second_line\n");
    auto writeCells = [&](unsigned row, const std::set<unsigned>& written) {
        for (unsigned i = 0; i < threads; ++i) {
            std::string label = consumed[i] ? "" : setLabel(inputs[i]), second;
            if (label.size() > 6) {
                std::size_t comma = label.find(',', label.size() / 2 - 1);
                if (comma != std::string::npos) {
                    second = label.substr(comma + 1);
                    label.resize(comma + 1);
                }
            }
            int state = consumed[i] ? 0 : (written.count(i) ? 2 : 1);
            std::fprintf(out, "%u %g \"%s\" %d \"%s\"\n", i, -rowHeight * row, label.c_str(), state,
                         second.c_str());
        }
    };
    writeCells(0, {});
    std::vector<std::vector<Addition>> perLevel;
    for (unsigned row = 1; row <= levels.size(); ++row) {
        std::set<unsigned> written;
        for (const Addition& a : levels[row - 1].additions) {
            inputs[a.destination].insert(inputs[a.source].begin(), inputs[a.source].end());
            consumed[a.source] = true;
            written.insert(a.destination);
        }
        writeCells(row, written);
    }

    // Block 1: two arrows per addition, from the operands to the result one row below.
    std::fprintf(out, "\n\n# arrows\nx y dx dy\n");
    const double boxHalf = 0.3;
    for (unsigned row = 0; row < levels.size(); ++row) {
        double top = -rowHeight * row - boxHalf, bottom = -rowHeight * (row + 1) + boxHalf;
        for (const Addition& a : levels[row].additions) {
            std::fprintf(out, "%u %g 0 %g\n", a.destination, top, bottom - top);
            std::fprintf(out, "%u %g %d %g\n", a.source, top, int(a.destination) - int(a.source),
                         bottom - top);
        }
    }

    // Block 2: the thread that does each addition, left of its vertical arrow.
    std::fprintf(out, "\n\n# threads\nx y text\n");
    for (unsigned row = 0; row < levels.size(); ++row) {
        double middle = -rowHeight * (row + 0.5);
        for (const Addition& a : levels[row].additions)
            std::fprintf(out, "%g %g \"t%u\"\n", a.destination - 0.02, middle, a.thread);
    }

    // Block 3: per level, s and the working threads.
    std::fprintf(out, "\n\n# notes\nx y text\n");
    for (unsigned row = 0; row < levels.size(); ++row)
        std::fprintf(out, "%g %g \"s = %u: %s\"\n", threads - 0.2, -rowHeight * (row + 0.5),
                     levels[row].s, threadList(levels[row]).c_str());
    std::fclose(out);
}

// Banks: 32 banks of 4-byte words; word w lives in bank w % 32. A warp's shared-memory
// access takes as many passes as the largest number of distinct words it needs from one
// bank (the same word is broadcast, so it counts once).
constexpr unsigned banks = 32;
constexpr unsigned warpSize = 32;

unsigned conflictWays(const std::vector<unsigned>& words, std::vector<unsigned>& wordsPerBank)
{
    std::vector<std::set<unsigned>> distinct(banks);
    for (unsigned w : words) distinct[w % banks].insert(w);
    wordsPerBank.assign(banks, 0);
    unsigned ways = 0;
    for (unsigned b = 0; b < banks; ++b) {
        wordsPerBank[b] = unsigned(distinct[b].size());
        ways = std::max(ways, wordsPerBank[b]);
    }
    return ways;
}

// The words warp 0 (threads 0-31) loads as the first operand (sharedPartials[index]) of
// each level where all 32 of its threads work, in a block of 1024 threads. Two blocks per
// scheme: 0 cells (bank, row, words), 1 row labels (row, "s = 1", "2-way").
void writeBanks(const std::string& directory)
{
    const unsigned blockThreads = 1024;
    FILE* out = openOutput(directory, "banks.dat");
    struct Scheme {
        const char* name;
        std::vector<Level> levels;
    };
    Scheme schemes[] = {{"strided index (step04)", stridedIndex(blockThreads)},
                        {"sequential addressing (step05)", sequentialAddressing(blockThreads)}};
    for (const Scheme& scheme : schemes) {
        std::vector<std::pair<unsigned, std::vector<unsigned>>> rows;  // s, words per bank
        std::vector<unsigned> ways;
        for (const Level& level : scheme.levels) {
            std::vector<unsigned> words;
            for (const Addition& a : level.additions)
                if (a.thread < warpSize) words.push_back(a.destination);
            if (words.size() < warpSize) continue;  // warp 0 is not fully busy at this level
            std::vector<unsigned> perBank;
            ways.push_back(conflictWays(words, perBank));
            rows.push_back({level.s, perBank});
        }
        std::fprintf(out, "# %s\nbank row words\n", scheme.name);
        for (std::size_t r = 0; r < rows.size(); ++r)
            for (unsigned b = 0; b < banks; ++b)
                std::fprintf(out, "%u %zu %u\n", b, r, rows[r].second[b]);
        std::fprintf(out, "\n\n# %s\nrow label ways\n", scheme.name);
        for (std::size_t r = 0; r < rows.size(); ++r) {
            std::string verdict =
                ways[r] == 1 ? "no conflict" : std::to_string(ways[r]) + "-way conflict";
            std::fprintf(out, "%zu \"s = %u\" \"%s\"\n", r, rows[r].first, verdict.c_str());
        }
        std::fprintf(out, "\n\n");
    }
    std::fclose(out);
}

// Global loads: a warp's load of 4-byte floats moves every 32-byte sector that one of its
// addresses falls into, so the fewer sectors per load, the fewer bytes per useful float.
constexpr unsigned floatsPerSector = 32 / sizeof(float);

// The element that `lane` reads on loop trip `trip`, in a warp of `lanes` lanes.
// Grid-stride (step 08, one load per trip drawn): the grid is this one warp, so the stride
// is `lanes`. Contiguous chunks (experiments/steps07_to_09/steps07_to_09.cu): lane l owns elements
// l * chunk up to (l + 1) * chunk and reads them in order.
unsigned gridStrideElement(unsigned lane, unsigned trip, unsigned lanes, unsigned)
{
    return trip * lanes + lane;
}

unsigned chunkElement(unsigned lane, unsigned trip, unsigned, unsigned chunk)
{
    return lane * chunk + trip;
}

using ElementOf = unsigned (*)(unsigned lane, unsigned trip, unsigned lanes, unsigned chunk);

unsigned sectorsTouched(const std::vector<unsigned>& elements)
{
    std::set<unsigned> sectors;
    for (unsigned e : elements) sectors.insert(e / floatsPerSector);
    return unsigned(sectors.size());
}

// "elements 0-7" or "elements 0, 4, 8, ..., 28": the elements of one trip, in lane order.
std::string elementList(const std::vector<unsigned>& elements)
{
    if (elements.back() - elements.front() + 1 == elements.size())
        return "elements " + std::to_string(elements.front()) + "-" +
               std::to_string(elements.back());
    return "elements " + std::to_string(elements[0]) + ", " + std::to_string(elements[1]) + ", " +
           std::to_string(elements[2]) + ", ..., " + std::to_string(elements.back());
}

// One warp of 8 lanes (a real one has 32) on 4 trips, 32 elements: each lane's chunk is 4
// elements. Three blocks per layout: 0 cells (element, trip, lane; lane -1: not read on
// this trip), 1 row notes (trip, text), 2 the sectors of one request of a 32-lane warp.
void writeCoalescing(const std::string& directory)
{
    const unsigned lanes = 8, trips = 4, chunk = trips, elements = lanes * trips;
    // A real chunk is n / threads elements; from 8 up, every lane reads from its own sector.
    const unsigned realChunk = floatsPerSector;
    FILE* out = openOutput(directory, "coalescing.dat");
    struct Layout {
        const char* name;
        ElementOf elementOf;
        std::string realCase;  // what the 32-lane count assumes
    };
    Layout layouts[] = {{"grid-stride loop (step 08)", gridStrideElement, ""},
                        {"contiguous chunk per thread", chunkElement,
                         ", chunk \u2265 " + std::to_string(realChunk) + " floats"}};
    for (const Layout& layout : layouts) {
        std::fprintf(out, "# %s\nelement trip lane\n", layout.name);
        std::vector<std::vector<unsigned>> read(trips);  // per trip, the elements in lane order
        for (unsigned trip = 0; trip < trips; ++trip) {
            std::vector<int> laneOf(elements, -1);
            for (unsigned lane = 0; lane < lanes; ++lane) {
                unsigned e = layout.elementOf(lane, trip, lanes, chunk);
                laneOf[e] = int(lane);
                read[trip].push_back(e);
            }
            for (unsigned e = 0; e < elements; ++e)
                std::fprintf(out, "%u %u %d\n", e, trip, laneOf[e]);
        }
        std::fprintf(out, "\n\n# %s\ntrip note\n", layout.name);
        for (unsigned trip = 0; trip < trips; ++trip) {
            unsigned sectors = sectorsTouched(read[trip]);
            std::fprintf(out, "%u \"%s: %u sector%s\"\n", trip, elementList(read[trip]).c_str(),
                         sectors, sectors == 1 ? "" : "s");
        }
        std::vector<unsigned> warpRead;
        for (unsigned lane = 0; lane < warpSize; ++lane)
            warpRead.push_back(layout.elementOf(lane, 0, warpSize, realChunk));
        std::fprintf(out, "\n\n# %s: one request of a real warp\ntext\n", layout.name);
        std::fprintf(out, "\"a real warp%s: %u sectors per request\"\n\n\n",
                     layout.realCase.c_str(), sectorsTouched(warpRead));
    }
    std::fclose(out);
}

// step09's warp sum: value += __shfl_down_sync(mask, value, offset) for offset 16, 8, 4, 2, 1.
// Lane l reads lane l + offset; only the lanes below `offset` hold values that are still
// needed. Blocks: 0 lanes (x, y, values summed, state), 1 arrows, 2 level notes.
void writeShuffle(const std::string& directory)
{
    FILE* out = openOutput(directory, "shuffle.dat");
    const double rowHeight = 1.6, boxHalf = 0.3;
    std::vector<unsigned> offsets;
    for (unsigned offset = warpSize / 2; offset > 0; offset /= 2) offsets.push_back(offset);
    std::fprintf(out,
                 "# lanes (state: 0 no longer needed, 1 live, 2 just added)\nx y values state\n");
    for (unsigned row = 0; row <= offsets.size(); ++row) {
        unsigned live = row == 0 ? warpSize : offsets[row - 1];
        for (unsigned lane = 0; lane < warpSize; ++lane) {
            unsigned values = warpSize / live;
            int state = lane < live ? (row == 0 ? 1 : 2) : 0;
            std::fprintf(out, "%u %g \"%s\" %d\n", lane, -rowHeight * row,
                         lane < live ? std::to_string(values).c_str() : "", state);
        }
    }
    std::fprintf(out, "\n\n# arrows (lane + offset -> lane)\nx y dx dy\n");
    for (unsigned row = 0; row < offsets.size(); ++row) {
        double top = -rowHeight * row - boxHalf, bottom = -rowHeight * (row + 1) + boxHalf;
        for (unsigned lane = 0; lane < offsets[row]; ++lane)
            std::fprintf(out, "%u %g %d %g\n", lane + offsets[row], top, -int(offsets[row]),
                         bottom - top);
    }
    std::fprintf(out, "\n\n# notes\nx y text\n");
    for (unsigned row = 0; row < offsets.size(); ++row) {
        unsigned offset = offsets[row];
        std::string text = offset == 1
                               ? "lane 0 adds lane 1"
                               : "lanes 0-" + std::to_string(offset - 1) + " add lanes " +
                                     std::to_string(offset) + "-" + std::to_string(2 * offset - 1);
        std::fprintf(out, "%g %g \"offset %u: %s\"\n", warpSize - 0.2, -rowHeight * (row + 0.5),
                     offset, text.c_str());
    }
    std::fclose(out);
}

// step12's tickets: 8 blocks start together and finish their tiles in an order nobody
// controls (here a fixed pseudo-random one). Each publishes its partial sum, fences, takes
// a ticket; the block with the last ticket adds the 8 partials in block order.
// Blocks: 0 bars (start, block, end), 1 tickets (time, block, "ticket k"), 2 the last
// block's pass (start, block, end), 3 arrows from each partial to the last pass.
void writeTickets(const std::string& directory)
{
    const unsigned blocks = 8;
    FILE* out = openOutput(directory, "tickets.dat");
    std::vector<double> finish(blocks);
    unsigned state = 5;  // a seed whose last ticket goes to a block in the middle
    for (unsigned b = 0; b < blocks; ++b) {
        state = state * 1103515245u + 12345u;  // a fixed linear congruential sequence
        finish[b] = 6.0 + double((state >> 16) % 1000) / 250.0;
    }
    std::vector<unsigned> order(blocks);
    for (unsigned b = 0; b < blocks; ++b) order[b] = b;
    std::sort(order.begin(), order.end(),
              [&](unsigned x, unsigned y) { return finish[x] < finish[y]; });
    std::vector<unsigned> ticket(blocks);
    for (unsigned k = 0; k < blocks; ++k) ticket[order[k]] = k;
    unsigned last = order.back();

    std::fprintf(out, "# tiles\nstart block end\n");
    for (unsigned b = 0; b < blocks; ++b) std::fprintf(out, "0 %u %g\n", b, finish[b]);
    std::fprintf(out, "\n\n# tickets\ntime block text\n");
    for (unsigned b = 0; b < blocks; ++b)
        std::fprintf(out, "%g %u \"ticket %u%s\"\n", finish[b], b, ticket[b],
                     b == last ? " = last" : "");
    const double lastStart = finish[last] + 3.2, lastEnd = lastStart + 3.0;
    std::fprintf(out, "\n\n# the last block\nstart block end\n%g %u %g\n", lastStart, last,
                 lastEnd);
    std::fprintf(out, "\n\n# partials read by the last block\nx y dx dy\n");
    for (unsigned b = 0; b < blocks; ++b)
        std::fprintf(out, "%g %u %g %g\n", finish[b] + 0.05, b, lastStart - finish[b] - 0.1,
                     double(last) - double(b));
    std::fclose(out);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT_DIRECTORY\n", argv[0]);
        return 2;
    }
    const std::string directory = argv[1];
    const unsigned threads = 16;
    writeTree(directory, "interleaved", interleavedAddressing(threads), threads);
    writeTree(directory, "strided", stridedIndex(threads), threads);
    writeTree(directory, "sequential", sequentialAddressing(threads), threads);
    writeBanks(directory);
    writeCoalescing(directory);
    writeShuffle(directory);
    writeTickets(directory);
    return 0;
}
