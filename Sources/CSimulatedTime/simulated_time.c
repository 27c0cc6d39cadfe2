// `glance run --clock simulated`: widget code reads the time with Date(), which asks
// clock_gettime(CLOCK_REALTIME). Defining clock_gettime in the executable puts this function
// in front of the C library's (the dynamic linker takes the executable's definition first;
// a static build links it instead of the library's), so a paused or fast-forwarded face is
// also paused or fast-forwarded for the providers — as changing the device's clock does for
// WidgetKit. Other clocks, and the wall clock while no simulation is set, go straight to
// the C library's function (found with RTLD_NEXT, so its vDSO fast path stays).
#define _GNU_SOURCE
#include "simulated_time.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);

static _Atomic(clock_gettime_function) real_clock_gettime;
static atomic_int simulating;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t anchor_monotonic_ns, anchor_face_ns;
static double pace;

static int system_call_clock_gettime(clockid_t id, struct timespec *time) {
    return (int)syscall(SYS_clock_gettime, id, time);
}

static clock_gettime_function real(void) {
    clock_gettime_function function = atomic_load_explicit(&real_clock_gettime, memory_order_acquire);
    if (function == NULL) {
        function = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
        if (function == NULL || function == clock_gettime) function = system_call_clock_gettime;
        atomic_store_explicit(&real_clock_gettime, function, memory_order_release);
    }
    return function;
}

int clock_gettime(clockid_t id, struct timespec *time) {
    if ((id != CLOCK_REALTIME && id != CLOCK_REALTIME_COARSE) || !atomic_load_explicit(&simulating, memory_order_acquire)) {
        return real()(id, time);
    }
    struct timespec monotonic;
    int result = real()(CLOCK_MONOTONIC, &monotonic);
    if (result != 0) return result;
    int64_t now_ns = (int64_t)monotonic.tv_sec * 1000000000 + monotonic.tv_nsec;
    pthread_mutex_lock(&lock);
    int64_t face_ns = anchor_face_ns + (int64_t)((double)(now_ns - anchor_monotonic_ns) * pace);
    pthread_mutex_unlock(&lock);
    time->tv_sec = (time_t)(face_ns / 1000000000);
    time->tv_nsec = (long)(face_ns % 1000000000);
    if (time->tv_nsec < 0) {
        time->tv_sec -= 1;
        time->tv_nsec += 1000000000;
    }
    return 0;
}

void glance_simulated_time_set(int64_t monotonic_ns, int64_t face_ns, double rate) {
    pthread_mutex_lock(&lock);
    anchor_monotonic_ns = monotonic_ns;
    anchor_face_ns = face_ns;
    pace = rate < 0 ? 0 : rate;
    pthread_mutex_unlock(&lock);
    atomic_store_explicit(&simulating, 1, memory_order_release);
}

void glance_simulated_time_clear(void) {
    atomic_store_explicit(&simulating, 0, memory_order_release);
}
