#define _GNU_SOURCE
#include "crash_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define NAME_CAPACITY 256

static int record_fd = -1;
static char current_name[NAME_CAPACITY];
static volatile sig_atomic_t current_length = 0;
static const int guarded[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
#define GUARDED_COUNT (sizeof guarded / sizeof guarded[0])
static struct sigaction previous[GUARDED_COUNT];

static size_t append(char *buffer, size_t at, const char *text, size_t length) {
    memcpy(buffer + at, text, length);
    return at + length;
}

static size_t append_number(char *buffer, size_t at, int value) {
    char digits[12];
    size_t count = 0;
    unsigned int rest = value < 0 ? 0u : (unsigned int)value;
    do {
        digits[count++] = (char)('0' + rest % 10);
        rest /= 10;
    } while (rest > 0 && count < sizeof digits);
    while (count > 0) buffer[at++] = digits[--count];
    return at;
}

static void handle(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    size_t length = (size_t)current_length;
    if (record_fd >= 0 && length > 0 && length < NAME_CAPACITY) {
        // "glance-crash 1\n<signal>\n<widget kind>\n"
        char record[NAME_CAPACITY + 48];
        size_t at = append(record, 0, "glance-crash 1\n", 15);
        at = append_number(record, at, signal_number);
        record[at++] = '\n';
        at = append(record, at, current_name, length);
        record[at++] = '\n';
        if (pwrite(record_fd, record, at, 0) == (ssize_t)at) {
            (void)ftruncate(record_fd, (off_t)at);
            (void)fsync(record_fd);
        }
    }
    // Hand the signal to whoever handled it before (the backtracer, or the default action).
    // A fault recurs when this returns, now reaching that handler with its own context; an
    // abort() raises again by itself.
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (guarded[index] == signal_number) {
            sigaction(signal_number, &previous[index], NULL);
            break;
        }
    }
#if defined(__x86_64__)
    // int3 has already run: returning would go on after it, so raise it again instead.
    if (signal_number == SIGTRAP) raise(signal_number);
#endif
}

int glance_crash_guard_install(const char *path) {
    // A new file of its own: whatever another program put at the path since it was removed
    // (a link, a FIFO) is not followed nor opened.
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return errno;
    int old = record_fd;
    record_fd = fd;
    if (old >= 0) close(old);
    // The handlers once per process: installed twice, the second would chain to the first.
    static int installed = 0;
    if (installed) return 0;
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (sigaction(guarded[index], &action, &previous[index]) != 0) return errno;
    }
    return 0;
}

void glance_crash_guard_enter(const char *name) {
    size_t length = strnlen(name, NAME_CAPACITY - 1);
    current_length = 0;
    memcpy(current_name, name, length);
    current_length = (sig_atomic_t)length;
}

void glance_crash_guard_leave(void) {
    current_length = 0;
}
