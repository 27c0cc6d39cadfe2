// glance_gpiod: one narrow GPIO API over libgpiod 1.6 (v1 API) and libgpiod 2.x (v2 API).
//
// libgpiod is opened with dlopen the first time a chip is opened (glance_gpio_load):
// libgpiod.so.3 with the v2 API, else libgpiod.so.2 with the v1 API. So the same binary runs
// with either, the build needs neither, and a process that never opens a chip never loads it.
// Nothing here exposes libgpiod types, so Swift sees one API whichever library the machine has.
//
// Errors: functions returning a pointer return NULL, and functions returning int return -1,
// with errno set (ENOENT: no such chip; EACCES/EPERM: permission; EBUSY: line in use;
// EINVAL: bad offset or configuration; ENOTTY/ENODEV: not a GPIO chip; ELIBACC: libgpiod could
// not be loaded, glance_gpio_load says why).
#ifndef GLANCE_GPIOD_H
#define GLANCE_GPIOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open GPIO chip (/dev/gpiochipN). Must outlive the requests made on it.
typedef struct glance_gpio_chip glance_gpio_chip;
/// Lines requested from one chip, all with the same settings.
typedef struct glance_gpio_request glance_gpio_request;

/// Pull resistor settings.
typedef enum {
    GLANCE_GPIO_BIAS_AS_IS = 0,     ///< leave as configured (request) / not reported (line info)
    GLANCE_GPIO_BIAS_DISABLED = 1,  ///< no pull resistor
    GLANCE_GPIO_BIAS_PULL_UP = 2,   ///< pull-up: an open button reads high
    GLANCE_GPIO_BIAS_PULL_DOWN = 3, ///< pull-down: an open button reads low
} glance_gpio_bias;

/// Longest line name or consumer kept (the kernel's limit is 32 bytes with the terminator).
#define GLANCE_GPIO_NAME_SIZE 32

/// What the kernel says about one line.
typedef struct {
    unsigned int offset;                     ///< line number on the chip (BCM number on a Pi)
    char name[GLANCE_GPIO_NAME_SIZE];        ///< e.g. "GPIO17"; empty when unnamed
    char consumer[GLANCE_GPIO_NAME_SIZE];    ///< who holds it; empty when nobody named does
    bool used;                               ///< requested by someone (kernel or user space)
    bool output;                             ///< configured as an output
    bool active_low;                         ///< logical value inverted
    int bias;                                ///< a glance_gpio_bias
} glance_gpio_line_info;

/// One edge on a requested input line.
typedef struct {
    unsigned int offset;     ///< which line
    bool rising;             ///< true: became active (logical, after active-low)
    uint64_t timestamp_ns;   ///< kernel timestamp (CLOCK_MONOTONIC on current kernels)
    uint64_t sequence;       ///< per-line sequence number (v2), 0 with v1
} glance_gpio_event;

/// What to request.
typedef struct {
    const char *consumer;          ///< shown to others as the line's consumer
    const unsigned int *offsets;   ///< lines to request
    size_t count;                  ///< how many (at most 64)
    bool output;                   ///< outputs (else inputs)
    const int *values;             ///< outputs: initial logical values (NULL: all inactive)
    bool edges;                    ///< inputs: report both edges as events
    int bias;                      ///< a glance_gpio_bias
    bool active_low;               ///< invert the logical value
    unsigned int debounce_us;      ///< inputs: kernel debounce period (v2 only; v1 ignores it)
} glance_gpio_request_config;

/// A shared library that may be libgpiod, and the API to use it with (1 or 2).
typedef struct {
    const char *file;   ///< what dlopen is given, e.g. "libgpiod.so.3"
    int api;            ///< 1: libgpiod 1.x's API; 2: libgpiod 2.x's
} glance_gpio_library;

/// Loads libgpiod for this process on the first call (later calls give the first answer):
/// libgpiod.so.3 with the v2 API, else libgpiod.so.2 with the v1 API. Returns the API in use,
/// 1 or 2, or 0 when neither could be opened with every function found; then `error` (when
/// `capacity` > 0) says, for each file tried, why not. Safe to call from any thread.
int glance_gpio_load(char *error, size_t capacity);

/// Tries `candidates` in order as glance_gpio_load does, but only to see which would load:
/// the library found is closed again and the process's own choice is unaffected (for tests).
/// Returns the API of the first candidate that loads, or 0 with the reasons in `error`.
int glance_gpio_probe(const glance_gpio_library *candidates, size_t count, char *error, size_t capacity);

/// Opens the chip at `path`, e.g. "/dev/gpiochip0". Loads libgpiod first (glance_gpio_load).
glance_gpio_chip *glance_gpio_chip_open(const char *path);
/// Opens `dev_dir`/gpiochipN.
glance_gpio_chip *glance_gpio_chip_open_number(const char *dev_dir, unsigned int number);
/// Opens the first chip in `dev_dir` (by name order) whose label is `label`; ENOENT when none
/// matches, EACCES when none matched but some chip could not be opened for lack of permission.
glance_gpio_chip *glance_gpio_chip_open_label(const char *dev_dir, const char *label);
/// Closes the chip; NULL is ignored.
void glance_gpio_chip_close(glance_gpio_chip *chip);

/// The path the chip was opened from.
const char *glance_gpio_chip_path(const glance_gpio_chip *chip);
/// The kernel name, e.g. "gpiochip0".
const char *glance_gpio_chip_name(const glance_gpio_chip *chip);
/// The label, e.g. "pinctrl-bcm2711".
const char *glance_gpio_chip_label(const glance_gpio_chip *chip);
/// The number of lines.
unsigned int glance_gpio_chip_line_count(const glance_gpio_chip *chip);
/// Fills `info` for line `offset`; 0 on success.
int glance_gpio_chip_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info);

/// Requests lines; the chip must outlive the request.
glance_gpio_request *glance_gpio_request_lines(glance_gpio_chip *chip, const glance_gpio_request_config *config);
/// The debounce period the kernel applied to the request's first line, in µs (0 with v1).
unsigned int glance_gpio_request_debounce_us(glance_gpio_request *request);
/// Writes the file descriptors that become readable when events wait (one per line with v1,
/// one for the request with v2) and returns how many there are (also when over `capacity`).
size_t glance_gpio_request_event_fds(const glance_gpio_request *request, int *fds, size_t capacity);
/// Reads waiting events from `fd` (one of the event fds) into `events`; returns how many.
/// Blocks when none waits, so poll the fd first.
int glance_gpio_request_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity);
/// The logical value of a requested line: 1 active, 0 inactive, -1 on error.
int glance_gpio_request_get_value(glance_gpio_request *request, unsigned int offset);
/// Drives a requested output line to a logical value; 0 on success.
int glance_gpio_request_set_value(glance_gpio_request *request, unsigned int offset, int value);
/// Releases the lines; NULL is ignored.
void glance_gpio_request_release(glance_gpio_request *request);

#ifdef __cplusplus
}
#endif

#endif
