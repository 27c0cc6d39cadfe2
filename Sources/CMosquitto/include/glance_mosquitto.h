#ifndef GLANCE_MOSQUITTO_H
#define GLANCE_MOSQUITTO_H

// Eclipse Mosquitto's client library, opened when a face first uses MQTT: a face without
// `mqtt:` never loads libmosquitto, nor the libssl and libcrypto it brings (1.8 MB resident).
// Types and constants come from <mosquitto.h> (libmosquitto-dev); the functions from
// libmosquitto.so.1 (libmosquitto1).

#include <stddef.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

// The functions Glance calls, without their `mosquitto_` prefix.
#define GLANCE_MOSQUITTO_FUNCTIONS(X) \
    X(lib_init) X(new) X(destroy) X(threaded_set) X(int_option) X(username_pw_set) X(tls_set) \
    X(will_set) X(user_data_set) X(connect_with_flags_callback_set) X(message_callback_set) \
    X(subscribe) X(connect_bind_v5) X(property_add_int32) X(property_free_all) X(socket) X(loop_read) \
    X(loop_write) X(loop_misc) X(want_write) X(publish) \
    X(disconnect) X(reason_string) X(strerror)

/// Each function of the library, as its own type.
struct glance_mosquitto {
#define GLANCE_MOSQUITTO_FIELD(name) __typeof__(mosquitto_##name) *name;
    GLANCE_MOSQUITTO_FUNCTIONS(GLANCE_MOSQUITTO_FIELD)
#undef GLANCE_MOSQUITTO_FIELD
};

/// Opens libmosquitto.so.1 and finds every function, once per process (later calls return
/// the first answer). NULL when that failed, with the reason copied into `error`.
const struct glance_mosquitto *glance_mosquitto_load(char *error, size_t capacity);

#endif
