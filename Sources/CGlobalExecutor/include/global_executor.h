#ifndef GLANCE_GLOBAL_EXECUTOR_H
#define GLANCE_GLOBAL_EXECUTOR_H

#include <stdint.h>

/// Counters of the global executor since the process started (see global_executor.c).
typedef struct {
    /// Jobs run.
    uint64_t jobs;
    /// Threads started, including the ones that have retired.
    uint32_t threads_started;
    /// Threads started beyond the base count because every worker stayed busy.
    uint32_t extra_threads;
    /// Whether the hooks are installed (they are, from the process's start, unless
    /// GLANCE_DISPATCH_EXECUTOR is set in the environment).
    uint8_t installed;
} glance_executor_statistics;

/// Queues a Swift job (an `UnownedJob`'s pointer) to run after `delay_ns` nanoseconds on
/// CLOCK_MONOTONIC, or at once when `delay_ns` is 0. For the Swift side's TaskExecutor.
void glance_executor_enqueue(void *job, uint64_t delay_ns);

/// The executor's counters now.
glance_executor_statistics glance_executor_statistics_now(void);

#endif
