// A phase of a run that takes long (making 2^34 elements, copying them, timing a slow step)
// would look like a hang. SlowPhaseNotice prints its one line on stderr once the phase has
// run for two seconds; quick phases print nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

class SlowPhaseNotice {
public:
    explicit SlowPhaseNotice(std::string line)
        : line_(std::move(line)), watcher_([this] { watch(); })
    {
    }
    ~SlowPhaseNotice()
    {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            finished_ = true;
        }
        wake_.notify_one();
        watcher_.join();
    }
    SlowPhaseNotice(const SlowPhaseNotice&) = delete;
    SlowPhaseNotice& operator=(const SlowPhaseNotice&) = delete;

private:
    void watch()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        if (!wake_.wait_for(lock, std::chrono::seconds(2), [this] { return finished_; }))
            std::fprintf(stderr, "%s ...\n", line_.c_str());
    }

    std::string line_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool finished_ = false;
    std::thread watcher_;  // last: it starts once everything it reads exists
};
