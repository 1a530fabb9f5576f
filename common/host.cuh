// The host side of a run: its threads and its memory.
//
// Host work that grows with n (making the input, the CPU reference) runs on every core:
// at 2^34 elements one core would take minutes. The work is cut into pieces whose bounds
// depend on n only, never on the number of threads, so the result is the same bit for bit
// however many threads run.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

// Every core, or REDUCTION_HOST_THREADS if it is set (the tests vary it to show that the
// result does not depend on it).
inline unsigned hostThreads()
{
    if (const char* text = std::getenv("REDUCTION_HOST_THREADS")) {
        int threads = std::atoi(text);
        if (threads >= 1) return unsigned(threads);
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

// Calls work(piece) once for every piece in [0, pieces), on up to hostThreads() threads.
// Each thread takes the next piece not yet taken, so fast and slow pieces balance out.
template <typename Work>
void forEachPiece(std::size_t pieces, Work work)
{
    // One piece runs here without asking how many cores there are: hardware_concurrency()
    // reads a file, and Part II's references ask once per row (2^23 rows of 32: minutes).
    const unsigned threads =
        pieces <= 1 ? 1 : unsigned(std::min<std::size_t>(hostThreads(), pieces));
    if (threads <= 1) {
        for (std::size_t piece = 0; piece < pieces; ++piece) work(piece);
        return;
    }
    std::atomic<std::size_t> next{0};
    auto worker = [&]() {
        for (std::size_t piece; (piece = next++) < pieces;) work(piece);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();  // this thread works too
    for (std::thread& thread : pool) thread.join();
}

// The bytes the host can still hand out without swapping (MemAvailable in /proc/meminfo),
// or 0 where the system does not say.
inline double hostBytesAvailable()
{
    std::ifstream meminfo("/proc/meminfo");
    for (std::string key; meminfo >> key;) {
        double kibibytes = 0;
        meminfo >> kibibytes;
        if (key == "MemAvailable:") return kibibytes * 1024;
        meminfo.ignore(256, '\n');
    }
    return 0;
}
