// glance_gpiod: see include/glance_gpiod.h. The v1 and v2 halves implement the same functions;
// the shared part (chip discovery by number and label, struct bookkeeping) is written once.
#define _GNU_SOURCE
#include "glance_gpiod.h"

#include <dirent.h>
#include <errno.h>
#include <gpiod.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
#define GLANCE_GPIOD_V1 1
#else
#define GLANCE_GPIOD_V2 1
#endif

enum { GLANCE_MAX_LINES = 64, GLANCE_EVENT_BUFFER = 64 };

struct glance_gpio_chip {
    struct gpiod_chip *chip;
    char path[PATH_MAX];
    char name[GLANCE_GPIO_NAME_SIZE];
    char label[GLANCE_GPIO_NAME_SIZE];
    unsigned int line_count;
};

struct glance_gpio_request {
    glance_gpio_chip *chip;
    unsigned int offsets[GLANCE_MAX_LINES];
    size_t count;
#ifdef GLANCE_GPIOD_V1
    struct gpiod_line_bulk bulk;
#else
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *buffer;
#endif
};

static void copy_name(char *destination, const char *source) {
    snprintf(destination, GLANCE_GPIO_NAME_SIZE, "%s", source ? source : "");
}

// MARK: - Version-specific halves

#ifdef GLANCE_GPIOD_V1

int glance_gpio_api_version(void) { return 1; }

static int open_chip(glance_gpio_chip *result) {
    result->chip = gpiod_chip_open(result->path);
    if (!result->chip) return -1;
    copy_name(result->name, gpiod_chip_name(result->chip));
    copy_name(result->label, gpiod_chip_label(result->chip));
    result->line_count = gpiod_chip_num_lines(result->chip);
    return 0;
}

static void close_chip(glance_gpio_chip *chip) { gpiod_chip_close(chip->chip); }

int glance_gpio_chip_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info) {
    if (!chip || !info || offset >= chip->line_count) { errno = EINVAL; return -1; }
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return -1;
    memset(info, 0, sizeof *info);
    info->offset = offset;
    copy_name(info->name, gpiod_line_name(line));
    copy_name(info->consumer, gpiod_line_consumer(line));
    info->used = gpiod_line_is_used(line);
    info->output = gpiod_line_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT;
    info->active_low = gpiod_line_active_state(line) == GPIOD_LINE_ACTIVE_STATE_LOW;
    switch (gpiod_line_bias(line)) {
    case GPIOD_LINE_BIAS_DISABLE: info->bias = GLANCE_GPIO_BIAS_DISABLED; break;
    case GPIOD_LINE_BIAS_PULL_UP: info->bias = GLANCE_GPIO_BIAS_PULL_UP; break;
    case GPIOD_LINE_BIAS_PULL_DOWN: info->bias = GLANCE_GPIO_BIAS_PULL_DOWN; break;
    default: info->bias = GLANCE_GPIO_BIAS_AS_IS; break;
    }
    return 0;
}

static int request(glance_gpio_chip *chip, const glance_gpio_request_config *config, glance_gpio_request *result) {
    gpiod_line_bulk_init(&result->bulk);
    for (size_t index = 0; index < config->count; index++) {
        struct gpiod_line *line = gpiod_chip_get_line(chip->chip, config->offsets[index]);
        if (!line) return -1;
        gpiod_line_bulk_add(&result->bulk, line);
    }
    int flags = config->active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    switch (config->bias) {
    case GLANCE_GPIO_BIAS_DISABLED: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
    case GLANCE_GPIO_BIAS_PULL_UP: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
    case GLANCE_GPIO_BIAS_PULL_DOWN: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    default: break;
    }
    struct gpiod_line_request_config request_config = {
        .consumer = config->consumer,
        .request_type = config->output ? GPIOD_LINE_REQUEST_DIRECTION_OUTPUT
            : config->edges ? GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES
            : GPIOD_LINE_REQUEST_DIRECTION_INPUT,
        .flags = flags,
    };
    int values[GLANCE_MAX_LINES] = {0};
    if (config->output && config->values) {
        for (size_t index = 0; index < config->count; index++) values[index] = config->values[index] ? 1 : 0;
    }
    return gpiod_line_request_bulk(&result->bulk, &request_config, config->output ? values : NULL);
}

static struct gpiod_line *line_at(glance_gpio_request *request, unsigned int offset) {
    for (size_t index = 0; index < request->count; index++) {
        if (request->offsets[index] == offset) return gpiod_line_bulk_get_line(&request->bulk, (unsigned int)index);
    }
    errno = EINVAL;
    return NULL;
}

unsigned int glance_gpio_request_debounce_us(glance_gpio_request *request) {
    (void)request;
    return 0;
}

size_t glance_gpio_request_event_fds(const glance_gpio_request *request, int *fds, size_t capacity) {
    for (size_t index = 0; index < request->count && index < capacity; index++) {
        fds[index] = gpiod_line_event_get_fd(request->bulk.lines[index]);
    }
    return request->count;
}

int glance_gpio_request_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity) {
    for (size_t index = 0; index < request->count; index++) {
        struct gpiod_line *line = request->bulk.lines[index];
        if (gpiod_line_event_get_fd(line) != fd) continue;
        struct gpiod_line_event raw[16];
        unsigned int wanted = capacity < 16 ? (unsigned int)capacity : 16;
        int read = gpiod_line_event_read_multiple(line, raw, wanted);
        for (int event = 0; event < read; event++) {
            events[event].offset = request->offsets[index];
            events[event].rising = raw[event].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
            events[event].timestamp_ns = (uint64_t)raw[event].ts.tv_sec * 1000000000u + (uint64_t)raw[event].ts.tv_nsec;
            events[event].sequence = 0;
        }
        return read;
    }
    errno = EBADF;
    return -1;
}

int glance_gpio_request_get_value(glance_gpio_request *request, unsigned int offset) {
    struct gpiod_line *line = line_at(request, offset);
    return line ? gpiod_line_get_value(line) : -1;
}

int glance_gpio_request_set_value(glance_gpio_request *request, unsigned int offset, int value) {
    struct gpiod_line *line = line_at(request, offset);
    return line ? gpiod_line_set_value(line, value ? 1 : 0) : -1;
}

static void release(glance_gpio_request *request) { gpiod_line_release_bulk(&request->bulk); }

#else  // libgpiod 2.x

int glance_gpio_api_version(void) { return 2; }

static int open_chip(glance_gpio_chip *result) {
    result->chip = gpiod_chip_open(result->path);
    if (!result->chip) return -1;
    struct gpiod_chip_info *info = gpiod_chip_get_info(result->chip);
    if (!info) {
        int saved = errno;
        gpiod_chip_close(result->chip);
        errno = saved;
        return -1;
    }
    copy_name(result->name, gpiod_chip_info_get_name(info));
    copy_name(result->label, gpiod_chip_info_get_label(info));
    result->line_count = (unsigned int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return 0;
}

static void close_chip(glance_gpio_chip *chip) { gpiod_chip_close(chip->chip); }

int glance_gpio_chip_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info) {
    if (!chip || !info || offset >= chip->line_count) { errno = EINVAL; return -1; }
    struct gpiod_line_info *line = gpiod_chip_get_line_info(chip->chip, offset);
    if (!line) return -1;
    memset(info, 0, sizeof *info);
    info->offset = offset;
    copy_name(info->name, gpiod_line_info_get_name(line));
    copy_name(info->consumer, gpiod_line_info_get_consumer(line));
    info->used = gpiod_line_info_is_used(line);
    info->output = gpiod_line_info_get_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT;
    info->active_low = gpiod_line_info_is_active_low(line);
    switch (gpiod_line_info_get_bias(line)) {
    case GPIOD_LINE_BIAS_DISABLED: info->bias = GLANCE_GPIO_BIAS_DISABLED; break;
    case GPIOD_LINE_BIAS_PULL_UP: info->bias = GLANCE_GPIO_BIAS_PULL_UP; break;
    case GPIOD_LINE_BIAS_PULL_DOWN: info->bias = GLANCE_GPIO_BIAS_PULL_DOWN; break;
    default: info->bias = GLANCE_GPIO_BIAS_AS_IS; break;
    }
    gpiod_line_info_free(line);
    return 0;
}

static int request(glance_gpio_chip *chip, const glance_gpio_request_config *config, glance_gpio_request *result) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    int status = -1;
    if (!settings || !line_config || !request_config) goto done;
    if (gpiod_line_settings_set_direction(settings, config->output ? GPIOD_LINE_DIRECTION_OUTPUT : GPIOD_LINE_DIRECTION_INPUT)) goto done;
    if (!config->output && config->edges) {
        if (gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH)) goto done;
        gpiod_line_settings_set_debounce_period_us(settings, config->debounce_us);
    }
    enum gpiod_line_bias bias = GPIOD_LINE_BIAS_AS_IS;
    switch (config->bias) {
    case GLANCE_GPIO_BIAS_DISABLED: bias = GPIOD_LINE_BIAS_DISABLED; break;
    case GLANCE_GPIO_BIAS_PULL_UP: bias = GPIOD_LINE_BIAS_PULL_UP; break;
    case GLANCE_GPIO_BIAS_PULL_DOWN: bias = GPIOD_LINE_BIAS_PULL_DOWN; break;
    default: break;
    }
    if (gpiod_line_settings_set_bias(settings, bias)) goto done;
    gpiod_line_settings_set_active_low(settings, config->active_low);
    if (gpiod_line_config_add_line_settings(line_config, config->offsets, config->count, settings)) goto done;
    if (config->output) {
        enum gpiod_line_value values[GLANCE_MAX_LINES];
        for (size_t index = 0; index < config->count; index++) {
            values[index] = config->values && config->values[index] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
        }
        if (gpiod_line_config_set_output_values(line_config, values, config->count)) goto done;
    }
    gpiod_request_config_set_consumer(request_config, config->consumer);
    gpiod_request_config_set_event_buffer_size(request_config, GLANCE_EVENT_BUFFER);
    result->request = gpiod_chip_request_lines(chip->chip, request_config, line_config);
    if (!result->request) goto done;
    result->buffer = gpiod_edge_event_buffer_new(GLANCE_EVENT_BUFFER);
    if (!result->buffer) {
        int saved = errno;
        gpiod_line_request_release(result->request);
        errno = saved;
        goto done;
    }
    status = 0;
done:;
    int saved = errno;
    gpiod_request_config_free(request_config);
    gpiod_line_config_free(line_config);
    gpiod_line_settings_free(settings);
    errno = saved;
    return status;
}

unsigned int glance_gpio_request_debounce_us(glance_gpio_request *request) {
    struct gpiod_line_info *info = gpiod_chip_get_line_info(request->chip->chip, request->offsets[0]);
    if (!info) return 0;
    unsigned long debounce = gpiod_line_info_get_debounce_period_us(info);
    gpiod_line_info_free(info);
    return (unsigned int)debounce;
}

size_t glance_gpio_request_event_fds(const glance_gpio_request *request, int *fds, size_t capacity) {
    if (capacity > 0) fds[0] = gpiod_line_request_get_fd(request->request);
    return 1;
}

int glance_gpio_request_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity) {
    if (fd != gpiod_line_request_get_fd(request->request)) { errno = EBADF; return -1; }
    size_t wanted = capacity < GLANCE_EVENT_BUFFER ? capacity : GLANCE_EVENT_BUFFER;
    int read = gpiod_line_request_read_edge_events(request->request, request->buffer, wanted);
    for (int index = 0; index < read; index++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->buffer, (unsigned long)index);
        events[index].offset = gpiod_edge_event_get_line_offset(event);
        events[index].rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
        events[index].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
        events[index].sequence = gpiod_edge_event_get_line_seqno(event);
    }
    return read;
}

int glance_gpio_request_get_value(glance_gpio_request *request, unsigned int offset) {
    enum gpiod_line_value value = gpiod_line_request_get_value(request->request, offset);
    return value == GPIOD_LINE_VALUE_ERROR ? -1 : value == GPIOD_LINE_VALUE_ACTIVE;
}

int glance_gpio_request_set_value(glance_gpio_request *request, unsigned int offset, int value) {
    return gpiod_line_request_set_value(request->request, offset, value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
}

static void release(glance_gpio_request *request) {
    gpiod_line_request_release(request->request);
    gpiod_edge_event_buffer_free(request->buffer);
}

#endif

// MARK: - Shared

static glance_gpio_chip *open_path(const char *path) {
    if (!path) { errno = EINVAL; return NULL; }
    glance_gpio_chip *chip = calloc(1, sizeof *chip);
    if (!chip) return NULL;
    if (snprintf(chip->path, sizeof chip->path, "%s", path) >= (int)sizeof chip->path) {
        free(chip);
        errno = ENAMETOOLONG;
        return NULL;
    }
    if (open_chip(chip) != 0) {
        int saved = errno;
        free(chip);
        errno = saved;
        return NULL;
    }
    return chip;
}

glance_gpio_chip *glance_gpio_chip_open(const char *path) { return open_path(path); }

glance_gpio_chip *glance_gpio_chip_open_number(const char *dev_dir, unsigned int number) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/gpiochip%u", dev_dir ? dev_dir : "/dev", number);
    return open_path(path);
}

static int by_name(const struct dirent **first, const struct dirent **second) {
    return strverscmp((*first)->d_name, (*second)->d_name);
}

static int is_gpiochip_entry(const struct dirent *entry) {
    return strncmp(entry->d_name, "gpiochip", 8) == 0;
}

glance_gpio_chip *glance_gpio_chip_open_label(const char *dev_dir, const char *label) {
    if (!label) { errno = EINVAL; return NULL; }
    const char *directory = dev_dir ? dev_dir : "/dev";
    struct dirent **entries = NULL;
    int count = scandir(directory, &entries, is_gpiochip_entry, by_name);
    if (count < 0) return NULL;
    glance_gpio_chip *found = NULL;
    bool denied = false;
    for (int index = 0; index < count; index++) {
        if (!found) {
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%s/%s", directory, entries[index]->d_name);
            glance_gpio_chip *chip = open_path(path);
            if (chip && strcmp(chip->label, label) == 0) {
                found = chip;
            } else if (chip) {
                glance_gpio_chip_close(chip);
            } else if (errno == EACCES || errno == EPERM) {
                denied = true;
            }
        }
        free(entries[index]);
    }
    free(entries);
    if (!found) errno = denied ? EACCES : ENOENT;
    return found;
}

void glance_gpio_chip_close(glance_gpio_chip *chip) {
    if (!chip) return;
    close_chip(chip);
    free(chip);
}

const char *glance_gpio_chip_path(const glance_gpio_chip *chip) { return chip->path; }
const char *glance_gpio_chip_name(const glance_gpio_chip *chip) { return chip->name; }
const char *glance_gpio_chip_label(const glance_gpio_chip *chip) { return chip->label; }
unsigned int glance_gpio_chip_line_count(const glance_gpio_chip *chip) { return chip->line_count; }

glance_gpio_request *glance_gpio_request_lines(glance_gpio_chip *chip, const glance_gpio_request_config *config) {
    if (!chip || !config || !config->offsets || config->count == 0 || config->count > GLANCE_MAX_LINES) {
        errno = EINVAL;
        return NULL;
    }
    for (size_t index = 0; index < config->count; index++) {
        if (config->offsets[index] >= chip->line_count) { errno = EINVAL; return NULL; }
    }
    glance_gpio_request *result = calloc(1, sizeof *result);
    if (!result) return NULL;
    result->chip = chip;
    memcpy(result->offsets, config->offsets, config->count * sizeof *config->offsets);
    result->count = config->count;
    if (request(chip, config, result) != 0) {
        int saved = errno;
        free(result);
        errno = saved;
        return NULL;
    }
    return result;
}

void glance_gpio_request_release(glance_gpio_request *request) {
    if (!request) return;
    release(request);
    free(request);
}
