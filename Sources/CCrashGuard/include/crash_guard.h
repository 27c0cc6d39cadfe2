#ifndef GLANCE_CRASH_GUARD_H
#define GLANCE_CRASH_GUARD_H

/// Remembers which widget's code is running, so that a fatal signal in it (a Swift trap is
/// SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS) leaves the widget's name in a file the
/// next start reads. Everything the signal handler does is async-signal-safe.

/// Opens (creating) the record file at `path` and installs the handler for SIGILL, SIGTRAP,
/// SIGSEGV, SIGBUS, SIGFPE and SIGABRT, chaining to the handlers installed before (the Swift
/// runtime's backtracer). Called again, it only moves the record to `path`. Returns 0, or the
/// errno of what failed.
int glance_crash_guard_install(const char *path);

/// Notes that code of widget `name` runs now (at most 255 bytes are kept).
void glance_crash_guard_enter(const char *name);

/// Notes that no widget code runs.
void glance_crash_guard_leave(void);

#endif
