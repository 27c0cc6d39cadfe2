#include "glance_mosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct glance_mosquitto library;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define GLANCE_MOSQUITTO_FIND(name)                                                          \
    library.name = (__typeof__(library.name))dlsym(handle, "mosquitto_" #name);             \
    if (library.name == NULL) {                                                             \
        snprintf(failure, sizeof failure, "libmosquitto.so.1 has no mosquitto_" #name        \
                 " (Glance needs libmosquitto 1.6 or later)");                              \
        return;                                                                             \
    }
    GLANCE_MOSQUITTO_FUNCTIONS(GLANCE_MOSQUITTO_FIND)
#undef GLANCE_MOSQUITTO_FIND
}

const struct glance_mosquitto *glance_mosquitto_load(char *error, size_t capacity) {
    pthread_once(&once, load);
    if (failure[0] != '\0') {
        if (capacity > 0) snprintf(error, capacity, "%s", failure);
        return NULL;
    }
    return &library;
}
