#ifndef GLANCE_SIMULATED_TIME_H
#define GLANCE_SIMULATED_TIME_H

#include <stdint.h>

/// Makes the process's wall clock (`clock_gettime(CLOCK_REALTIME)`, which `Date()` reads)
/// the face's simulated time from now on: `face_ns` at the moment `monotonic_ns` of
/// `CLOCK_MONOTONIC`, moving `rate` times as fast (0: standing still).
void glance_simulated_time_set(int64_t monotonic_ns, int64_t face_ns, double rate);

/// The real wall clock again.
void glance_simulated_time_clear(void);

#endif
