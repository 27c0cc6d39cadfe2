// Swift concurrency's global executor for Glance's processes, without a periodic timer.
//
// On Linux the Swift runtime runs tasks on libdispatch's global queues. libdispatch watches
// that thread pool with a timer firing every second for the rest of the process's life, from
// the first task on (`_dispatch_workq_init_once`): 60 wake-ups a minute in a face that needs
// one. The Swift runtime lets a program take over global enqueueing through its hook
// variables (swift_task_enqueueGlobal_hook and the two timed variants, declared in the
// runtime's ConcurrencyHooks.def); this file installs hooks that run jobs on a small pool of
// threads of its own:
//
// - Ready jobs run first in, first out on `base` worker threads (the number of online CPUs,
//   at least two and at most four), started as work arrives. An idle worker sleeps on a
//   condition variable without a timeout.
// - Delayed jobs (Task.sleep, clocks' sleep) wait in a min-heap by deadline. One idle worker
//   at a time, the timekeeper, sleeps until the earliest deadline, so a sleeping face wakes
//   once per deadline and at no other time.
// - A job that a worker queues (an actor hop, a resumed continuation, a new task) waits for
//   that worker to finish its job instead of waking another worker: a frame's chain of jobs
//   runs on the thread that woke for it, one wake-up in all. Threads queueing from outside
//   (input threads, libdispatch's queues) wake an idle worker at once.
// - Nothing is lost when a job runs long or blocks, and nothing polls: whenever jobs wait
//   while a worker runs, a one-shot timerfd is armed `watch_ns` ahead (a system call, no
//   wake-up). Only if it expires does the monitor thread wake: it hands the waiting jobs to
//   an idle worker, or, when no job started since, adds a worker (at most `limit`). Workers
//   beyond `base` retire as soon as they find nothing to do.
// - The main thread, once an async `main` hands it to the runtime, serves libdispatch's main
//   queue itself (MainActor's jobs) instead of calling dispatch_main(), which would end it with
//   pthread_exit (drain_main_queue below).
//
// Since Swift 6.3 Task.sleep and clocks' sleep do not reach the hooks: they ask
// Task.defaultExecutor, a SchedulingExecutor, to enqueue the job at its deadline. GlanceLinux's
// GlobalExecutor.swift makes the default executor one that queues here too, at the start of
// `glance` (the hooks catch what runs before). Jobs are run with swift_job_run on the generic
// executor, as libdispatch's global executor runs them. Setting GLANCE_DISPATCH_EXECUTOR in the
// environment leaves all of this out (the runtime's own executor then runs everything), to
// compare the two.
#define _GNU_SOURCE
#include "global_executor.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define SWIFTCALL __attribute__((swiftcall))

// The runtime's types, as its hook variables declare them (Job is opaque here).
typedef struct Job Job;
typedef struct {
    void *identity;
    uintptr_t implementation;
} SerialExecutorRef;

typedef void EnqueueGlobal(Job *job) SWIFTCALL;
typedef void EnqueueGlobalHook(Job *job, EnqueueGlobal *original) SWIFTCALL;
typedef void EnqueueGlobalWithDelay(unsigned long long delay, Job *job) SWIFTCALL;
typedef void EnqueueGlobalWithDelayHook(unsigned long long delay, Job *job, EnqueueGlobalWithDelay *original) SWIFTCALL;
typedef void EnqueueGlobalWithDeadline(long long sec, long long nsec, long long tsec, long long tnsec, int clock, Job *job) SWIFTCALL;
typedef void EnqueueGlobalWithDeadlineHook(long long sec, long long nsec, long long tsec, long long tnsec, int clock, Job *job,
                                           EnqueueGlobalWithDeadline *original) SWIFTCALL;

extern EnqueueGlobalHook *swift_task_enqueueGlobal_hook;
extern EnqueueGlobalWithDelayHook *swift_task_enqueueGlobalWithDelay_hook;
extern EnqueueGlobalWithDeadlineHook *swift_task_enqueueGlobalWithDeadline_hook;
extern void swift_job_run(Job *job, SerialExecutorRef executor) SWIFTCALL;
typedef void AsyncMainDrainQueue(void) SWIFTCALL;
typedef void AsyncMainDrainQueueHook(AsyncMainDrainQueue *original, void *compatibility_override) SWIFTCALL;
extern AsyncMainDrainQueueHook *swift_task_asyncMainDrainQueue_hook;
// libdispatch's interface for run loops (CoreFoundation's uses it): an eventfd that becomes
// readable when the main queue has work, and a call that runs that work on the calling thread.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

// The clocks of swift_task_enqueueGlobalWithDeadline (the runtime's swift_clock_id).
enum { clock_continuous = 1, clock_suspending = 2 };

enum { watch_ns = 10 * 1000 * 1000, limit = 64 };

typedef struct {
    uint64_t at;    // CLOCK_MONOTONIC nanoseconds
    uint64_t order; // first enqueued first among equal deadlines
    Job *job;
} Delayed;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready;  // idle workers other than the timekeeper
static pthread_cond_t deadline;    // the timekeeper
static int watch = -1;             // the monitor's timerfd

static Job **ready;                // ring buffer
static size_t ready_capacity, ready_start, ready_count;
static Delayed *delayed;           // min-heap by (at, order)
static size_t delayed_capacity, delayed_count;
static uint64_t next_order;

static unsigned base;              // worker threads kept
static unsigned alive, idle;       // idle counts the timekeeper too
static bool timekeeper;            // an idle worker sleeps until the earliest deadline
static bool watching;              // the timerfd is armed
static uint64_t jobs_when_armed;
static glance_executor_statistics statistics;
static __thread bool on_worker;

static uint64_t now_ns(clockid_t clock) {
    struct timespec time;
    clock_gettime(clock, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

static struct timespec timespec_of(uint64_t ns) {
    return (struct timespec){.tv_sec = (time_t)(ns / 1000000000u), .tv_nsec = (long)(ns % 1000000000u)};
}

/// The deadline `delay_ns` from now on CLOCK_MONOTONIC, 0 (at once) for no delay.
static uint64_t deadline_after(uint64_t delay_ns) {
    if (delay_ns == 0) return 0;
    uint64_t now = now_ns(CLOCK_MONOTONIC);
    return now + delay_ns < now ? UINT64_MAX : now + delay_ns;
}

static void *allocate(void *memory, size_t count, size_t size) {
    void *grown = realloc(memory, count * size);
    if (grown == NULL) abort(); // as the Swift runtime does when it cannot allocate
    return grown;
}

// MARK: - Queues (lock held)

static void push_ready(Job *job) {
    if (ready_count == ready_capacity) {
        size_t capacity = ready_capacity ? ready_capacity * 2 : 64;
        Job **grown = allocate(NULL, capacity, sizeof *grown);
        for (size_t index = 0; index < ready_count; index++) grown[index] = ready[(ready_start + index) % ready_capacity];
        free(ready);
        ready = grown;
        ready_capacity = capacity;
        ready_start = 0;
    }
    ready[(ready_start + ready_count) % ready_capacity] = job;
    ready_count++;
}

static Job *pop_ready(void) {
    Job *job = ready[ready_start];
    ready_start = (ready_start + 1) % ready_capacity;
    ready_count--;
    return job;
}

static bool earlier(const Delayed *a, const Delayed *b) {
    return a->at < b->at || (a->at == b->at && a->order < b->order);
}

static void push_delayed(uint64_t at, Job *job) {
    if (delayed_count == delayed_capacity) {
        delayed_capacity = delayed_capacity ? delayed_capacity * 2 : 16;
        delayed = allocate(delayed, delayed_capacity, sizeof *delayed);
    }
    size_t index = delayed_count++;
    delayed[index] = (Delayed){.at = at, .order = next_order++, .job = job};
    while (index > 0) {
        size_t parent = (index - 1) / 2;
        if (!earlier(&delayed[index], &delayed[parent])) break;
        Delayed swap = delayed[index];
        delayed[index] = delayed[parent];
        delayed[parent] = swap;
        index = parent;
    }
}

static Job *pop_delayed(void) {
    Job *job = delayed[0].job;
    delayed[0] = delayed[--delayed_count];
    size_t index = 0;
    for (;;) {
        size_t smallest = index, left = 2 * index + 1, right = left + 1;
        if (left < delayed_count && earlier(&delayed[left], &delayed[smallest])) smallest = left;
        if (right < delayed_count && earlier(&delayed[right], &delayed[smallest])) smallest = right;
        if (smallest == index) break;
        Delayed swap = delayed[index];
        delayed[index] = delayed[smallest];
        delayed[smallest] = swap;
        index = smallest;
    }
    return job;
}

/// Moves the delayed jobs whose deadline has passed to the ready queue.
static void release_due(void) {
    if (delayed_count == 0) return;
    uint64_t now = now_ns(CLOCK_MONOTONIC);
    while (delayed_count > 0 && delayed[0].at <= now) push_ready(pop_delayed());
}

// MARK: - Threads

static void *worker(void *unused);
static void *monitor(void *unused);

static void start_thread(void *(*body)(void *), const char *name) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failed = pthread_create(&thread, &attributes, body, NULL);
    pthread_attr_destroy(&attributes);
    if (failed) abort(); // no thread to run Swift code on: nothing else can make progress
    pthread_setname_np(thread, name);
}

/// Starts a worker (lock held).
static void add_worker(bool extra) {
    alive++;
    statistics.threads_started++;
    if (extra) statistics.extra_threads++;
    start_thread(worker, "glance-worker");
}

/// Arms the watch to expire at `at` on CLOCK_MONOTONIC (lock held). The monitor thread starts
/// with the first watch.
static void arm_watch(uint64_t at) {
    if (watch < 0) {
        watch = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
        if (watch < 0) abort(); // no timer: a blocked worker could strand the jobs behind it
        start_thread(monitor, "glance-monitor");
    }
    struct itimerspec when = {.it_value = timespec_of(at)};
    timerfd_settime(watch, TFD_TIMER_ABSTIME, &when, NULL);
    watching = true;
    jobs_when_armed = statistics.jobs;
}

/// Arms the watch `watch_ns` ahead unless it is armed (lock held).
static void start_watch(void) {
    if (!watching) arm_watch(now_ns(CLOCK_MONOTONIC) + watch_ns);
}

/// Disarms the watch: no job waits (lock held).
static void stop_watch(void) {
    if (!watching) return;
    struct itimerspec never = {0};
    timerfd_settime(watch, 0, &never, NULL);
    watching = false;
}

/// Whether an idle worker other than the timekeeper sleeps on `work_ready` (lock held).
static bool idle_worker(void) {
    return idle > (timekeeper ? 1u : 0u);
}

/// Whether work waits that no sleeping worker wakes for by itself (lock held): ready jobs,
/// or deadlines while no worker keeps time.
static bool unattended(void) {
    return ready_count > 0 || (delayed_count > 0 && !timekeeper);
}

static void *worker(void *unused) {
    (void)unused;
    on_worker = true;
    pthread_mutex_lock(&lock);
    for (;;) {
        release_due();
        if (ready_count > 0) {
            Job *job = pop_ready();
            statistics.jobs++;
            if (unattended()) start_watch(); else stop_watch();
            pthread_mutex_unlock(&lock);
            swift_job_run(job, (SerialExecutorRef){NULL, 0});
            pthread_mutex_lock(&lock);
            continue;
        }
        if (alive > base) break; // an extra worker retires once the backlog is gone
        stop_watch(); // nothing is ready, and this worker keeps time if no other does
        idle++;
        if (!timekeeper && delayed_count > 0) {
            timekeeper = true;
            struct timespec until = timespec_of(delayed[0].at);
            pthread_cond_timedwait(&deadline, &lock, &until);
            timekeeper = false;
        } else {
            pthread_cond_wait(&work_ready, &lock);
        }
        idle--;
    }
    alive--;
    pthread_mutex_unlock(&lock);
    return NULL;
}

/// Sleeps in read(2) on the watch. When it expires with jobs still waiting, wakes an idle
/// worker for them or, when no job started since it was armed (every worker is blocked or
/// busy), adds one; and watches again while jobs wait. A due deadline counts as a waiting job.
static void *monitor(void *unused) {
    (void)unused;
    for (;;) {
        uint64_t expirations;
        if (read(watch, &expirations, sizeof expirations) < 0 && errno != EINTR && errno != EAGAIN) abort();
        pthread_mutex_lock(&lock);
        watching = false;
        release_due();
        if (ready_count > 0) {
            if (idle_worker()) {
                pthread_cond_signal(&work_ready);
            } else if (timekeeper) {
                pthread_cond_signal(&deadline);
            } else if (statistics.jobs == jobs_when_armed && alive < limit) {
                add_worker(true);
            }
            start_watch();
        } else if (delayed_count > 0 && !timekeeper) {
            // A deadline with no worker keeping time: one becomes the timekeeper, or, with
            // every worker busy, the watch waits for the deadline itself.
            if (idle > 0) pthread_cond_signal(&work_ready); else arm_watch(delayed[0].at);
        }
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

// MARK: - Hooks

/// Queues `job` to run now (`at` 0) or at `at` on CLOCK_MONOTONIC.
static void enqueue_at(uint64_t at, Job *job) {
    pthread_mutex_lock(&lock);
    if (at == 0) {
        push_ready(job);
        if (on_worker) {
            start_watch(); // this worker runs it next, unless its job takes longer than watch_ns
        } else if (idle_worker()) {
            pthread_cond_signal(&work_ready);
        } else if (timekeeper) {
            pthread_cond_signal(&deadline); // the timekeeper runs it
        } else if (alive < base) {
            add_worker(false);
        } else {
            start_watch();
        }
    } else {
        bool soonest = delayed_count == 0 || at < delayed[0].at;
        push_delayed(at, job);
        if (timekeeper) {
            if (soonest) pthread_cond_signal(&deadline);
        } else if (on_worker) {
            // This worker keeps time once its job is done; the watch covers a job that is not.
            start_watch();
        } else if (idle > 0) {
            pthread_cond_signal(&work_ready); // an idle worker becomes the timekeeper
        } else if (alive < base) {
            add_worker(false);
        } else {
            start_watch();
        }
    }
    pthread_mutex_unlock(&lock);
}

static void enqueue_global(Job *job, EnqueueGlobal *original) SWIFTCALL {
    (void)original;
    enqueue_at(0, job);
}

static void enqueue_global_with_delay(unsigned long long delay, Job *job, EnqueueGlobalWithDelay *original) SWIFTCALL {
    (void)original;
    enqueue_at(deadline_after(delay), job);
}

static void enqueue_global_with_deadline(long long sec, long long nsec, long long tsec, long long tnsec, int clock, Job *job,
                                         EnqueueGlobalWithDeadline *original) SWIFTCALL {
    (void)tsec;
    (void)tnsec;
    if (clock != clock_continuous && clock != clock_suspending) {
        original(sec, nsec, tsec, tnsec, clock, job); // a clock this file does not know
        return;
    }
    // The continuous clock counts suspended time (CLOCK_BOOTTIME on Linux); the deadline is
    // moved to CLOCK_MONOTONIC, which the condition variables wait on, by its distance now.
    clockid_t source = clock == clock_continuous ? CLOCK_BOOTTIME : CLOCK_MONOTONIC;
    int64_t target = (int64_t)sec * 1000000000 + nsec;
    int64_t distance = target - (int64_t)now_ns(source);
    enqueue_at(distance <= 0 ? 0 : deadline_after((uint64_t)distance), job);
}

void glance_executor_enqueue(void *job, uint64_t delay_ns) {
    enqueue_at(deadline_after(delay_ns), job);
}

// What the main thread does once an async `main` has started: it serves libdispatch's main
// queue (MainActor's jobs) itself for the rest of the process's life, where the runtime calls
// dispatch_main(). That ends the main thread with pthread_exit, whose forced unwinding reads the
// binary's unwind tables; about 0.6 MB of them then stays resident in a face for good. The
// process ends as before, by exit() once the main task is done.
static void drain_main_queue(AsyncMainDrainQueue *original, void *compatibility_override) SWIFTCALL {
    (void)original;
    (void)compatibility_override;
    int handle = _dispatch_get_main_queue_handle_4CF();
    struct pollfd ready = {.fd = handle, .events = POLLIN};
    for (;;) {
        _dispatch_main_queue_callback_4CF(NULL);
        while (poll(&ready, 1, -1) < 0 && errno == EINTR) {
        }
        // The eventfd is non-blocking; reading resets it, and work queued from here on makes it
        // readable again (what arrived in between runs in the next call above).
        uint64_t count;
        (void)!read(handle, &count, sizeof count);
    }
}

__attribute__((constructor)) static void install(void) {
    if (getenv("GLANCE_DISPATCH_EXECUTOR") != NULL) return;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    base = cpus < 2 ? 2 : cpus > 4 ? 4 : (unsigned)cpus;
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&work_ready, &attributes);
    pthread_cond_init(&deadline, &attributes);
    pthread_condattr_destroy(&attributes);
    statistics.installed = 1;
    swift_task_enqueueGlobal_hook = enqueue_global;
    swift_task_enqueueGlobalWithDelay_hook = enqueue_global_with_delay;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_global_with_deadline;
    swift_task_asyncMainDrainQueue_hook = drain_main_queue;
}

glance_executor_statistics glance_executor_statistics_now(void) {
    pthread_mutex_lock(&lock);
    glance_executor_statistics now = statistics;
    pthread_mutex_unlock(&lock);
    return now;
}
