// The part of libgpiod's two C APIs that glance_gpiod.c calls, declared here so that the build
// needs neither libgpiod's header nor its library: both are opened at run time (dlopen) and
// their functions found by name (dlsym). Written from libgpiod's API documentation:
//   v1: libgpiod 1.x, libgpiod.so.2 (Debian and Raspberry Pi OS bookworm: 1.6)
//   v2: libgpiod 2.x, libgpiod.so.3 (trixie: 2.2)
// Scripts/check-gpiod-api compiles Scripts/gpiod-api-check.c, which includes this file beside
// each real header and fails when a function's type, a structure's layout or a constant
// differs from what is declared here.
//
// Each list entry is X(return type, name without the gpiod_ prefix, parameters, checked):
// checked is 1 when the check compares the whole function type with the header's, 0 when a
// parameter is an enumeration passed through a pointer (the C type rules call a pointer to an
// enumeration incompatible with a pointer to its integer type), which the check compares by
// size and signedness instead.
#ifndef GLANCE_GPIOD_API_H
#define GLANCE_GPIOD_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

// Opaque objects of both APIs: only ever handled through pointers.
struct gpiod_chip;
struct gpiod_line;
struct gpiod_chip_info;
struct gpiod_line_info;
struct gpiod_line_settings;
struct gpiod_line_config;
struct gpiod_request_config;
struct gpiod_line_request;
struct gpiod_edge_event_buffer;
struct gpiod_edge_event;

// MARK: - v1 (libgpiod 1.x)

// The v1 structures the caller allocates, as the documentation lays them out. The check defines
// them under another name (GLANCE_GPIOD_V1_STRUCTURES with its own prefix) and compares them
// field by field with the header's.
#define GLANCE_GPIOD_V1_BULK_CAPACITY 64
#define GLANCE_GPIOD_V1_STRUCTURES(prefix)                                                    \
    /* A set of lines of one chip requested together; the header's helpers that fill it are \
       inline functions, so glance_gpiod.c fills it itself. */                              \
    struct prefix##line_bulk {                                                               \
        struct gpiod_line *lines[GLANCE_GPIOD_V1_BULK_CAPACITY];                             \
        unsigned int num_lines;                                                              \
    };                                                                                       \
    /* How gpiod_line_request_bulk claims the lines. */                                      \
    struct prefix##line_request_config {                                                     \
        const char *consumer;                                                                \
        int request_type;                                                                    \
        int flags;                                                                           \
    };                                                                                       \
    /* One edge read from a line's event descriptor. */                                      \
    struct prefix##line_event {                                                              \
        struct timespec ts;                                                                  \
        int event_type;                                                                      \
    };
#ifndef GLANCE_GPIOD_API_CHECK
GLANCE_GPIOD_V1_STRUCTURES(gpiod_)
#else
struct gpiod_line_bulk;
struct gpiod_line_request_config;
struct gpiod_line_event;
#endif

// Values of gpiod_line_direction(): input or output.
#define GLANCE_GPIOD_V1_DIRECTION_OUTPUT 2
// Values of gpiod_line_active_state().
#define GLANCE_GPIOD_V1_ACTIVE_STATE_LOW 2
// Values of gpiod_line_bias().
#define GLANCE_GPIOD_V1_BIAS_DISABLE 2
#define GLANCE_GPIOD_V1_BIAS_PULL_UP 3
#define GLANCE_GPIOD_V1_BIAS_PULL_DOWN 4
// request_type of a line request: read, drive, or read and report both edges.
#define GLANCE_GPIOD_V1_REQUEST_DIRECTION_INPUT 2
#define GLANCE_GPIOD_V1_REQUEST_DIRECTION_OUTPUT 3
#define GLANCE_GPIOD_V1_REQUEST_EVENT_BOTH_EDGES 6
// flags of a line request (bits).
#define GLANCE_GPIOD_V1_REQUEST_FLAG_ACTIVE_LOW (1 << 2)
#define GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_DISABLE (1 << 3)
#define GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_DOWN (1 << 4)
#define GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_UP (1 << 5)
// event_type of a line event.
#define GLANCE_GPIOD_V1_EVENT_RISING_EDGE 1

#define GLANCE_GPIOD_V1_FUNCTIONS(X)                                                                          \
    X(struct gpiod_chip *, chip_open, (const char *path), 1)                                                 \
    X(void, chip_close, (struct gpiod_chip *chip), 1)                                                        \
    X(const char *, chip_name, (struct gpiod_chip *chip), 1)                                                 \
    X(const char *, chip_label, (struct gpiod_chip *chip), 1)                                                \
    X(unsigned int, chip_num_lines, (struct gpiod_chip *chip), 1)                                            \
    X(struct gpiod_line *, chip_get_line, (struct gpiod_chip *chip, unsigned int offset), 1)                 \
    X(const char *, line_name, (struct gpiod_line *line), 1)                                                 \
    X(const char *, line_consumer, (struct gpiod_line *line), 1)                                             \
    X(int, line_direction, (struct gpiod_line *line), 1)                                                     \
    X(int, line_active_state, (struct gpiod_line *line), 1)                                                  \
    X(int, line_bias, (struct gpiod_line *line), 1)                                                          \
    X(bool, line_is_used, (struct gpiod_line *line), 1)                                                      \
    X(int, line_request_bulk,                                                                                \
      (struct gpiod_line_bulk *bulk, const struct gpiod_line_request_config *config, const int *values), 1)  \
    X(void, line_release_bulk, (struct gpiod_line_bulk *bulk), 1)                                            \
    X(int, line_get_value, (struct gpiod_line *line), 1)                                                     \
    X(int, line_set_value, (struct gpiod_line *line, int value), 1)                                          \
    X(int, line_event_get_fd, (struct gpiod_line *line), 1)                                                  \
    X(int, line_event_read_multiple, (struct gpiod_line *line, struct gpiod_line_event *events, unsigned int count), 1)

// MARK: - v2 (libgpiod 2.x)

// The v2 enumerations, as the integers they are passed as (their underlying types: int for the
// line value, which has a negative member, unsigned int for the others).
#define GLANCE_GPIOD_V2_VALUE_ERROR (-1)
#define GLANCE_GPIOD_V2_VALUE_INACTIVE 0
#define GLANCE_GPIOD_V2_VALUE_ACTIVE 1
#define GLANCE_GPIOD_V2_DIRECTION_INPUT 2u
#define GLANCE_GPIOD_V2_DIRECTION_OUTPUT 3u
#define GLANCE_GPIOD_V2_EDGE_BOTH 4u
#define GLANCE_GPIOD_V2_BIAS_AS_IS 1u
#define GLANCE_GPIOD_V2_BIAS_DISABLED 3u
#define GLANCE_GPIOD_V2_BIAS_PULL_UP 4u
#define GLANCE_GPIOD_V2_BIAS_PULL_DOWN 5u
#define GLANCE_GPIOD_V2_EDGE_EVENT_RISING_EDGE 1u

#define GLANCE_GPIOD_V2_FUNCTIONS(X)                                                                              \
    X(struct gpiod_chip *, chip_open, (const char *path), 1)                                                     \
    X(void, chip_close, (struct gpiod_chip *chip), 1)                                                            \
    X(struct gpiod_chip_info *, chip_get_info, (struct gpiod_chip *chip), 1)                                     \
    X(const char *, chip_info_get_name, (struct gpiod_chip_info *info), 1)                                       \
    X(const char *, chip_info_get_label, (struct gpiod_chip_info *info), 1)                                      \
    X(size_t, chip_info_get_num_lines, (struct gpiod_chip_info *info), 1)                                        \
    X(void, chip_info_free, (struct gpiod_chip_info *info), 1)                                                   \
    X(struct gpiod_line_info *, chip_get_line_info, (struct gpiod_chip *chip, unsigned int offset), 1)           \
    X(const char *, line_info_get_name, (struct gpiod_line_info *info), 1)                                       \
    X(const char *, line_info_get_consumer, (struct gpiod_line_info *info), 1)                                   \
    X(bool, line_info_is_used, (struct gpiod_line_info *info), 1)                                                \
    X(unsigned int, line_info_get_direction, (struct gpiod_line_info *info), 1)                                  \
    X(bool, line_info_is_active_low, (struct gpiod_line_info *info), 1)                                          \
    X(unsigned int, line_info_get_bias, (struct gpiod_line_info *info), 1)                                       \
    X(unsigned long, line_info_get_debounce_period_us, (struct gpiod_line_info *info), 1)                        \
    X(void, line_info_free, (struct gpiod_line_info *info), 1)                                                   \
    X(struct gpiod_line_settings *, line_settings_new, (void), 1)                                                \
    X(void, line_settings_free, (struct gpiod_line_settings *settings), 1)                                       \
    X(int, line_settings_set_direction, (struct gpiod_line_settings *settings, unsigned int direction), 1)       \
    X(int, line_settings_set_edge_detection, (struct gpiod_line_settings *settings, unsigned int edge), 1)       \
    X(int, line_settings_set_bias, (struct gpiod_line_settings *settings, unsigned int bias), 1)                 \
    X(void, line_settings_set_active_low, (struct gpiod_line_settings *settings, bool active_low), 1)            \
    X(void, line_settings_set_debounce_period_us, (struct gpiod_line_settings *settings, unsigned long period), 1) \
    X(struct gpiod_line_config *, line_config_new, (void), 1)                                                    \
    X(void, line_config_free, (struct gpiod_line_config *config), 1)                                             \
    X(int, line_config_add_line_settings,                                                                        \
      (struct gpiod_line_config *config, const unsigned int *offsets, size_t count, struct gpiod_line_settings *settings), 1) \
    X(int, line_config_set_output_values, (struct gpiod_line_config *config, const int *values, size_t count), 0) \
    X(struct gpiod_request_config *, request_config_new, (void), 1)                                              \
    X(void, request_config_free, (struct gpiod_request_config *config), 1)                                       \
    X(void, request_config_set_consumer, (struct gpiod_request_config *config, const char *consumer), 1)         \
    X(void, request_config_set_event_buffer_size, (struct gpiod_request_config *config, size_t size), 1)         \
    X(struct gpiod_line_request *, chip_request_lines,                                                           \
      (struct gpiod_chip *chip, struct gpiod_request_config *request_config, struct gpiod_line_config *line_config), 1) \
    X(void, line_request_release, (struct gpiod_line_request *request), 1)                                       \
    X(int, line_request_get_fd, (struct gpiod_line_request *request), 1)                                         \
    X(int, line_request_read_edge_events,                                                                        \
      (struct gpiod_line_request *request, struct gpiod_edge_event_buffer *buffer, size_t max_events), 1)        \
    X(int, line_request_get_value, (struct gpiod_line_request *request, unsigned int offset), 1)                 \
    X(int, line_request_set_value, (struct gpiod_line_request *request, unsigned int offset, int value), 1)      \
    X(struct gpiod_edge_event_buffer *, edge_event_buffer_new, (size_t capacity), 1)                             \
    X(void, edge_event_buffer_free, (struct gpiod_edge_event_buffer *buffer), 1)                                 \
    X(struct gpiod_edge_event *, edge_event_buffer_get_event,                                                    \
      (struct gpiod_edge_event_buffer *buffer, unsigned long index), 1)                                          \
    X(unsigned int, edge_event_get_event_type, (struct gpiod_edge_event *event), 1)                              \
    X(uint64_t, edge_event_get_timestamp_ns, (struct gpiod_edge_event *event), 1)                                \
    X(unsigned int, edge_event_get_line_offset, (struct gpiod_edge_event *event), 1)                             \
    X(unsigned long, edge_event_get_line_seqno, (struct gpiod_edge_event *event), 1)

#endif
