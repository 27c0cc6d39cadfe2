// glance_gpiod: see include/glance_gpiod.h. The v1 and v2 halves implement the same operations
// over the functions the loader found (glance_gpiod_api.h declares them); the shared part (the
// loader, chip discovery by number and label, struct bookkeeping) is written once.
#define _GNU_SOURCE
#include "glance_gpiod.h"
#include "glance_gpiod_api.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    struct gpiod_line_bulk bulk;                  // v1
    struct gpiod_line_request *request;           // v2
    struct gpiod_edge_event_buffer *buffer;       // v2
};

static void copy_name(char *destination, const char *source) {
    snprintf(destination, GLANCE_GPIO_NAME_SIZE, "%s", source ? source : "");
}

// MARK: - Loading

/// The functions of the library in use: one of the two tables, chosen by `api`.
struct functions {
    int api;
    void *handle;
    struct {
#define GLANCE_GPIOD_FIELD(result, name, parameters, checked) result(*name) parameters;
        GLANCE_GPIOD_V1_FUNCTIONS(GLANCE_GPIOD_FIELD)
    } v1;
    struct {
        GLANCE_GPIOD_V2_FUNCTIONS(GLANCE_GPIOD_FIELD)
#undef GLANCE_GPIOD_FIELD
    } v2;
};

static const glance_gpio_library default_candidates[] = {
    {"libgpiod.so.3", 2},
    {"libgpiod.so.2", 1},
};

/// Appends one line of `reasons` ("FILE: why"), separated by "; ".
static void add_reason(char *reasons, size_t capacity, const char *file, const char *why) {
    size_t used = strnlen(reasons, capacity);
    if (used + 1 >= capacity) return;
    snprintf(reasons + used, capacity - used, "%s%s: %s", used ? "; " : "", file, why);
}

/// Opens `candidate` and finds every function its API needs; 0 on success, else -1 with the
/// reason appended to `reasons`.
static int open_library(const glance_gpio_library *candidate, struct functions *out, char *reasons, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (!candidate->file || (candidate->api != 1 && candidate->api != 2)) {
        add_reason(reasons, capacity, candidate->file ? candidate->file : "(no file)", "not a libgpiod API this build knows (1 or 2)");
        return -1;
    }
    dlerror();
    void *handle = dlopen(candidate->file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        // dlerror() starts with the file name; keep only what follows it.
        size_t length = strlen(candidate->file);
        if (why && strncmp(why, candidate->file, length) == 0 && strncmp(why + length, ": ", 2) == 0) why += length + 2;
        add_reason(reasons, capacity, candidate->file, why ? why : "could not be opened");
        return -1;
    }
    char missing[128];
#define GLANCE_GPIOD_FIND(table, result, name, parameters, checked)                                  \
    out->table.name = (result(*) parameters)dlsym(handle, "gpiod_" #name);                          \
    if (!out->table.name) {                                                                          \
        snprintf(missing, sizeof missing, "has no gpiod_" #name " (not the libgpiod %s API)",       \
                 candidate->api == 2 ? "2.x" : "1.x");                                               \
        goto fail;                                                                                   \
    }
#define GLANCE_GPIOD_FIND_V1(result, name, parameters, checked) GLANCE_GPIOD_FIND(v1, result, name, parameters, checked)
#define GLANCE_GPIOD_FIND_V2(result, name, parameters, checked) GLANCE_GPIOD_FIND(v2, result, name, parameters, checked)
    if (candidate->api == 1) {
        GLANCE_GPIOD_V1_FUNCTIONS(GLANCE_GPIOD_FIND_V1)
    } else {
        GLANCE_GPIOD_V2_FUNCTIONS(GLANCE_GPIOD_FIND_V2)
    }
#undef GLANCE_GPIOD_FIND_V2
#undef GLANCE_GPIOD_FIND_V1
#undef GLANCE_GPIOD_FIND
    out->api = candidate->api;
    out->handle = handle;
    return 0;
fail:
    add_reason(reasons, capacity, candidate->file, missing);
    dlclose(handle);
    memset(out, 0, sizeof *out);
    return -1;
}

/// Tries the candidates in order; the API of the first that opens, or 0 with every reason.
static int load_first(const glance_gpio_library *candidates, size_t count, struct functions *out, char *reasons, size_t capacity) {
    if (capacity > 0) reasons[0] = '\0';
    if (count == 0) add_reason(reasons, capacity, "libgpiod", "no library to try");
    for (size_t index = 0; index < count; index++) {
        if (open_library(&candidates[index], out, reasons, capacity) == 0) {
            if (capacity > 0) reasons[0] = '\0';
            return out->api;
        }
    }
    return 0;
}

static struct functions gpiod;
static char load_failure[1024];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_process_library(void) {
    load_first(default_candidates, sizeof default_candidates / sizeof *default_candidates, &gpiod, load_failure, sizeof load_failure);
}

int glance_gpio_load(char *error, size_t capacity) {
    pthread_once(&load_once, load_process_library);
    if (gpiod.api == 0 && capacity > 0) snprintf(error, capacity, "%s", load_failure);
    return gpiod.api;
}

int glance_gpio_probe(const glance_gpio_library *candidates, size_t count, char *error, size_t capacity) {
    struct functions probed;
    char reasons[1024];
    int api = load_first(candidates, count, &probed, reasons, sizeof reasons);
    if (api) dlclose(probed.handle);
    else if (capacity > 0) snprintf(error, capacity, "%s", reasons);
    return api;
}

// MARK: - libgpiod 1.x

static int v1_open_chip(glance_gpio_chip *result) {
    result->chip = gpiod.v1.chip_open(result->path);
    if (!result->chip) return -1;
    copy_name(result->name, gpiod.v1.chip_name(result->chip));
    copy_name(result->label, gpiod.v1.chip_label(result->chip));
    result->line_count = gpiod.v1.chip_num_lines(result->chip);
    return 0;
}

static int v1_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info) {
    struct gpiod_line *line = gpiod.v1.chip_get_line(chip->chip, offset);
    if (!line) return -1;
    info->offset = offset;
    copy_name(info->name, gpiod.v1.line_name(line));
    copy_name(info->consumer, gpiod.v1.line_consumer(line));
    info->used = gpiod.v1.line_is_used(line);
    info->output = gpiod.v1.line_direction(line) == GLANCE_GPIOD_V1_DIRECTION_OUTPUT;
    info->active_low = gpiod.v1.line_active_state(line) == GLANCE_GPIOD_V1_ACTIVE_STATE_LOW;
    switch (gpiod.v1.line_bias(line)) {
    case GLANCE_GPIOD_V1_BIAS_DISABLE: info->bias = GLANCE_GPIO_BIAS_DISABLED; break;
    case GLANCE_GPIOD_V1_BIAS_PULL_UP: info->bias = GLANCE_GPIO_BIAS_PULL_UP; break;
    case GLANCE_GPIOD_V1_BIAS_PULL_DOWN: info->bias = GLANCE_GPIO_BIAS_PULL_DOWN; break;
    default: info->bias = GLANCE_GPIO_BIAS_AS_IS; break;
    }
    return 0;
}

static int v1_request(glance_gpio_chip *chip, const glance_gpio_request_config *config, glance_gpio_request *result) {
    result->bulk.num_lines = 0;
    for (size_t index = 0; index < config->count; index++) {
        struct gpiod_line *line = gpiod.v1.chip_get_line(chip->chip, config->offsets[index]);
        if (!line) return -1;
        result->bulk.lines[result->bulk.num_lines++] = line;
    }
    int flags = config->active_low ? GLANCE_GPIOD_V1_REQUEST_FLAG_ACTIVE_LOW : 0;
    switch (config->bias) {
    case GLANCE_GPIO_BIAS_DISABLED: flags |= GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_DISABLE; break;
    case GLANCE_GPIO_BIAS_PULL_UP: flags |= GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_UP; break;
    case GLANCE_GPIO_BIAS_PULL_DOWN: flags |= GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    default: break;
    }
    struct gpiod_line_request_config request_config = {
        .consumer = config->consumer,
        .request_type = config->output ? GLANCE_GPIOD_V1_REQUEST_DIRECTION_OUTPUT
            : config->edges ? GLANCE_GPIOD_V1_REQUEST_EVENT_BOTH_EDGES
            : GLANCE_GPIOD_V1_REQUEST_DIRECTION_INPUT,
        .flags = flags,
    };
    int values[GLANCE_MAX_LINES] = {0};
    if (config->output && config->values) {
        for (size_t index = 0; index < config->count; index++) values[index] = config->values[index] ? 1 : 0;
    }
    return gpiod.v1.line_request_bulk(&result->bulk, &request_config, config->output ? values : NULL);
}

static struct gpiod_line *v1_line_at(glance_gpio_request *request, unsigned int offset) {
    for (size_t index = 0; index < request->count; index++) {
        if (request->offsets[index] == offset) return request->bulk.lines[index];
    }
    errno = EINVAL;
    return NULL;
}

static size_t v1_event_fds(const glance_gpio_request *request, int *fds, size_t capacity) {
    for (size_t index = 0; index < request->count && index < capacity; index++) {
        fds[index] = gpiod.v1.line_event_get_fd(request->bulk.lines[index]);
    }
    return request->count;
}

static int v1_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity) {
    for (size_t index = 0; index < request->count; index++) {
        struct gpiod_line *line = request->bulk.lines[index];
        if (gpiod.v1.line_event_get_fd(line) != fd) continue;
        struct gpiod_line_event raw[16];
        unsigned int wanted = capacity < 16 ? (unsigned int)capacity : 16;
        int read = gpiod.v1.line_event_read_multiple(line, raw, wanted);
        for (int event = 0; event < read; event++) {
            events[event].offset = request->offsets[index];
            events[event].rising = raw[event].event_type == GLANCE_GPIOD_V1_EVENT_RISING_EDGE;
            events[event].timestamp_ns = (uint64_t)raw[event].ts.tv_sec * 1000000000u + (uint64_t)raw[event].ts.tv_nsec;
            events[event].sequence = 0;
        }
        return read;
    }
    errno = EBADF;
    return -1;
}

static int v1_get_value(glance_gpio_request *request, unsigned int offset) {
    struct gpiod_line *line = v1_line_at(request, offset);
    return line ? gpiod.v1.line_get_value(line) : -1;
}

static int v1_set_value(glance_gpio_request *request, unsigned int offset, int value) {
    struct gpiod_line *line = v1_line_at(request, offset);
    return line ? gpiod.v1.line_set_value(line, value ? 1 : 0) : -1;
}

// MARK: - libgpiod 2.x

static int v2_open_chip(glance_gpio_chip *result) {
    result->chip = gpiod.v2.chip_open(result->path);
    if (!result->chip) return -1;
    struct gpiod_chip_info *info = gpiod.v2.chip_get_info(result->chip);
    if (!info) {
        int saved = errno;
        gpiod.v2.chip_close(result->chip);
        errno = saved;
        return -1;
    }
    copy_name(result->name, gpiod.v2.chip_info_get_name(info));
    copy_name(result->label, gpiod.v2.chip_info_get_label(info));
    result->line_count = (unsigned int)gpiod.v2.chip_info_get_num_lines(info);
    gpiod.v2.chip_info_free(info);
    return 0;
}

static int v2_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info) {
    struct gpiod_line_info *line = gpiod.v2.chip_get_line_info(chip->chip, offset);
    if (!line) return -1;
    info->offset = offset;
    copy_name(info->name, gpiod.v2.line_info_get_name(line));
    copy_name(info->consumer, gpiod.v2.line_info_get_consumer(line));
    info->used = gpiod.v2.line_info_is_used(line);
    info->output = gpiod.v2.line_info_get_direction(line) == GLANCE_GPIOD_V2_DIRECTION_OUTPUT;
    info->active_low = gpiod.v2.line_info_is_active_low(line);
    switch (gpiod.v2.line_info_get_bias(line)) {
    case GLANCE_GPIOD_V2_BIAS_DISABLED: info->bias = GLANCE_GPIO_BIAS_DISABLED; break;
    case GLANCE_GPIOD_V2_BIAS_PULL_UP: info->bias = GLANCE_GPIO_BIAS_PULL_UP; break;
    case GLANCE_GPIOD_V2_BIAS_PULL_DOWN: info->bias = GLANCE_GPIO_BIAS_PULL_DOWN; break;
    default: info->bias = GLANCE_GPIO_BIAS_AS_IS; break;
    }
    gpiod.v2.line_info_free(line);
    return 0;
}

static int v2_request(glance_gpio_chip *chip, const glance_gpio_request_config *config, glance_gpio_request *result) {
    struct gpiod_line_settings *settings = gpiod.v2.line_settings_new();
    struct gpiod_line_config *line_config = gpiod.v2.line_config_new();
    struct gpiod_request_config *request_config = gpiod.v2.request_config_new();
    int status = -1;
    if (!settings || !line_config || !request_config) goto done;
    if (gpiod.v2.line_settings_set_direction(settings, config->output ? GLANCE_GPIOD_V2_DIRECTION_OUTPUT : GLANCE_GPIOD_V2_DIRECTION_INPUT)) goto done;
    if (!config->output && config->edges) {
        if (gpiod.v2.line_settings_set_edge_detection(settings, GLANCE_GPIOD_V2_EDGE_BOTH)) goto done;
        gpiod.v2.line_settings_set_debounce_period_us(settings, config->debounce_us);
    }
    unsigned int bias = GLANCE_GPIOD_V2_BIAS_AS_IS;
    switch (config->bias) {
    case GLANCE_GPIO_BIAS_DISABLED: bias = GLANCE_GPIOD_V2_BIAS_DISABLED; break;
    case GLANCE_GPIO_BIAS_PULL_UP: bias = GLANCE_GPIOD_V2_BIAS_PULL_UP; break;
    case GLANCE_GPIO_BIAS_PULL_DOWN: bias = GLANCE_GPIOD_V2_BIAS_PULL_DOWN; break;
    default: break;
    }
    if (gpiod.v2.line_settings_set_bias(settings, bias)) goto done;
    gpiod.v2.line_settings_set_active_low(settings, config->active_low);
    if (gpiod.v2.line_config_add_line_settings(line_config, config->offsets, config->count, settings)) goto done;
    if (config->output) {
        int values[GLANCE_MAX_LINES];
        for (size_t index = 0; index < config->count; index++) {
            values[index] = config->values && config->values[index] ? GLANCE_GPIOD_V2_VALUE_ACTIVE : GLANCE_GPIOD_V2_VALUE_INACTIVE;
        }
        if (gpiod.v2.line_config_set_output_values(line_config, values, config->count)) goto done;
    }
    gpiod.v2.request_config_set_consumer(request_config, config->consumer);
    gpiod.v2.request_config_set_event_buffer_size(request_config, GLANCE_EVENT_BUFFER);
    result->request = gpiod.v2.chip_request_lines(chip->chip, request_config, line_config);
    if (!result->request) goto done;
    result->buffer = gpiod.v2.edge_event_buffer_new(GLANCE_EVENT_BUFFER);
    if (!result->buffer) {
        int saved = errno;
        gpiod.v2.line_request_release(result->request);
        errno = saved;
        goto done;
    }
    status = 0;
done:;
    int saved = errno;
    if (request_config) gpiod.v2.request_config_free(request_config);
    if (line_config) gpiod.v2.line_config_free(line_config);
    if (settings) gpiod.v2.line_settings_free(settings);
    errno = saved;
    return status;
}

static unsigned int v2_debounce_us(glance_gpio_request *request) {
    struct gpiod_line_info *info = gpiod.v2.chip_get_line_info(request->chip->chip, request->offsets[0]);
    if (!info) return 0;
    unsigned long debounce = gpiod.v2.line_info_get_debounce_period_us(info);
    gpiod.v2.line_info_free(info);
    return (unsigned int)debounce;
}

static int v2_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity) {
    if (fd != gpiod.v2.line_request_get_fd(request->request)) { errno = EBADF; return -1; }
    size_t wanted = capacity < GLANCE_EVENT_BUFFER ? capacity : GLANCE_EVENT_BUFFER;
    int read = gpiod.v2.line_request_read_edge_events(request->request, request->buffer, wanted);
    for (int index = 0; index < read; index++) {
        struct gpiod_edge_event *event = gpiod.v2.edge_event_buffer_get_event(request->buffer, (unsigned long)index);
        events[index].offset = gpiod.v2.edge_event_get_line_offset(event);
        events[index].rising = gpiod.v2.edge_event_get_event_type(event) == GLANCE_GPIOD_V2_EDGE_EVENT_RISING_EDGE;
        events[index].timestamp_ns = gpiod.v2.edge_event_get_timestamp_ns(event);
        events[index].sequence = gpiod.v2.edge_event_get_line_seqno(event);
    }
    return read;
}

static int v2_get_value(glance_gpio_request *request, unsigned int offset) {
    int value = gpiod.v2.line_request_get_value(request->request, offset);
    return value == GLANCE_GPIOD_V2_VALUE_ERROR ? -1 : value == GLANCE_GPIOD_V2_VALUE_ACTIVE;
}

static int v2_set_value(glance_gpio_request *request, unsigned int offset, int value) {
    return gpiod.v2.line_request_set_value(request->request, offset, value ? GLANCE_GPIOD_V2_VALUE_ACTIVE : GLANCE_GPIOD_V2_VALUE_INACTIVE);
}

// MARK: - Either API
// A chip or request exists only once the library loaded, so these read `gpiod.api` without
// glance_gpio_load (pthread_once in glance_gpio_load made the table visible to every thread).

static int open_chip(glance_gpio_chip *chip) {
    if (glance_gpio_load(NULL, 0) == 0) { errno = ELIBACC; return -1; }
    return gpiod.api == 1 ? v1_open_chip(chip) : v2_open_chip(chip);
}

static void close_chip(glance_gpio_chip *chip) {
    if (gpiod.api == 1) gpiod.v1.chip_close(chip->chip);
    else gpiod.v2.chip_close(chip->chip);
}

int glance_gpio_chip_line_info(glance_gpio_chip *chip, unsigned int offset, glance_gpio_line_info *info) {
    if (!chip || !info || offset >= chip->line_count) { errno = EINVAL; return -1; }
    memset(info, 0, sizeof *info);
    return gpiod.api == 1 ? v1_line_info(chip, offset, info) : v2_line_info(chip, offset, info);
}

static int request(glance_gpio_chip *chip, const glance_gpio_request_config *config, glance_gpio_request *result) {
    return gpiod.api == 1 ? v1_request(chip, config, result) : v2_request(chip, config, result);
}

unsigned int glance_gpio_request_debounce_us(glance_gpio_request *request) {
    return gpiod.api == 1 ? 0 : v2_debounce_us(request);
}

size_t glance_gpio_request_event_fds(const glance_gpio_request *request, int *fds, size_t capacity) {
    if (gpiod.api == 1) return v1_event_fds(request, fds, capacity);
    if (capacity > 0) fds[0] = gpiod.v2.line_request_get_fd(request->request);
    return 1;
}

int glance_gpio_request_read_events(glance_gpio_request *request, int fd, glance_gpio_event *events, size_t capacity) {
    return gpiod.api == 1 ? v1_read_events(request, fd, events, capacity) : v2_read_events(request, fd, events, capacity);
}

int glance_gpio_request_get_value(glance_gpio_request *request, unsigned int offset) {
    return gpiod.api == 1 ? v1_get_value(request, offset) : v2_get_value(request, offset);
}

int glance_gpio_request_set_value(glance_gpio_request *request, unsigned int offset, int value) {
    return gpiod.api == 1 ? v1_set_value(request, offset, value) : v2_set_value(request, offset, value);
}

static void release(glance_gpio_request *request) {
    if (gpiod.api == 1) {
        gpiod.v1.line_release_bulk(&request->bulk);
    } else {
        gpiod.v2.line_request_release(request->request);
        gpiod.v2.edge_event_buffer_free(request->buffer);
    }
}

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
