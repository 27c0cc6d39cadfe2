// Compared at compile time with one real libgpiod header (gpiod.h of the API given by
// -DGLANCE_CHECK_API=1 or 2): every declaration the shim makes in its glance_gpiod_api.h.
// Compiling is the check: a function whose type differs, a structure laid out differently or a
// constant with another value stops the compiler with its name.
//
// Run, it checks what dlopen finds in that release's library: each LIBRARY given loads with
// every function of the API found (glance_gpio_probe), and is refused as the other API.
// Usage: gpiod-api-check LIBRARY     prints one line per check; exits 1 on any failure.
#include <gpiod.h>
#define GLANCE_GPIOD_API_CHECK 1
#include "../Sources/CGPIODShim/glance_gpiod_api.h"
#include "glance_gpiod.h"

#include <stddef.h>
#include <stdio.h>

#define SAME_FUNCTION(result, name, parameters, checked)                                            \
    _Static_assert(!(checked) || __builtin_types_compatible_p(__typeof__(gpiod_##name), result parameters), \
                   "gpiod_" #name " has another type in gpiod.h than in glance_gpiod_api.h");
#define SAME_FIELD(structure, field)                                                                \
    _Static_assert(offsetof(struct gpiod_##structure, field) == offsetof(struct glance_check_##structure, field) && \
                   sizeof(((struct gpiod_##structure *)0)->field) == sizeof(((struct glance_check_##structure *)0)->field), \
                   "gpiod_" #structure "." #field " is laid out differently");
#define SAME_SIZE(structure)                                                                        \
    _Static_assert(sizeof(struct gpiod_##structure) == sizeof(struct glance_check_##structure),     \
                   "struct gpiod_" #structure " has another size");
#define SAME_VALUE(ours, theirs) _Static_assert((ours) == (theirs), #ours " is not " #theirs);

#if GLANCE_CHECK_API == 1
enum { API = 1, OTHER_API = 2 };
GLANCE_GPIOD_V1_FUNCTIONS(SAME_FUNCTION)
GLANCE_GPIOD_V1_STRUCTURES(glance_check_)
SAME_FIELD(line_bulk, lines)
SAME_FIELD(line_bulk, num_lines)
SAME_SIZE(line_bulk)
SAME_FIELD(line_request_config, consumer)
SAME_FIELD(line_request_config, request_type)
SAME_FIELD(line_request_config, flags)
SAME_SIZE(line_request_config)
SAME_FIELD(line_event, ts)
SAME_FIELD(line_event, event_type)
SAME_SIZE(line_event)
SAME_VALUE(GLANCE_GPIOD_V1_BULK_CAPACITY, GPIOD_LINE_BULK_MAX_LINES)
SAME_VALUE(GLANCE_GPIOD_V1_DIRECTION_OUTPUT, GPIOD_LINE_DIRECTION_OUTPUT)
SAME_VALUE(GLANCE_GPIOD_V1_ACTIVE_STATE_LOW, GPIOD_LINE_ACTIVE_STATE_LOW)
SAME_VALUE(GLANCE_GPIOD_V1_BIAS_DISABLE, GPIOD_LINE_BIAS_DISABLE)
SAME_VALUE(GLANCE_GPIOD_V1_BIAS_PULL_UP, GPIOD_LINE_BIAS_PULL_UP)
SAME_VALUE(GLANCE_GPIOD_V1_BIAS_PULL_DOWN, GPIOD_LINE_BIAS_PULL_DOWN)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_DIRECTION_INPUT, GPIOD_LINE_REQUEST_DIRECTION_INPUT)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_DIRECTION_OUTPUT, GPIOD_LINE_REQUEST_DIRECTION_OUTPUT)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_EVENT_BOTH_EDGES, GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_FLAG_ACTIVE_LOW, GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_DISABLE, GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_DOWN, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
SAME_VALUE(GLANCE_GPIOD_V1_REQUEST_FLAG_BIAS_PULL_UP, GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
SAME_VALUE(GLANCE_GPIOD_V1_EVENT_RISING_EDGE, GPIOD_LINE_EVENT_RISING_EDGE)
#elif GLANCE_CHECK_API == 2
enum { API = 2, OTHER_API = 1 };
GLANCE_GPIOD_V2_FUNCTIONS(SAME_FUNCTION)
// The one function not compared whole: its values are an array of the line value enumeration,
// passed as an array of int, which holds when the enumeration is a signed int.
_Static_assert(__builtin_types_compatible_p(__typeof__(gpiod_line_config_set_output_values),
                                            int(struct gpiod_line_config *, const enum gpiod_line_value *, size_t)),
               "gpiod_line_config_set_output_values has another type");
_Static_assert(sizeof(enum gpiod_line_value) == sizeof(int) && (enum gpiod_line_value)-1 < 0,
               "enum gpiod_line_value is not passed as an int");
SAME_VALUE(GLANCE_GPIOD_V2_VALUE_ERROR, GPIOD_LINE_VALUE_ERROR)
SAME_VALUE(GLANCE_GPIOD_V2_VALUE_INACTIVE, GPIOD_LINE_VALUE_INACTIVE)
SAME_VALUE(GLANCE_GPIOD_V2_VALUE_ACTIVE, GPIOD_LINE_VALUE_ACTIVE)
SAME_VALUE(GLANCE_GPIOD_V2_DIRECTION_INPUT, GPIOD_LINE_DIRECTION_INPUT)
SAME_VALUE(GLANCE_GPIOD_V2_DIRECTION_OUTPUT, GPIOD_LINE_DIRECTION_OUTPUT)
SAME_VALUE(GLANCE_GPIOD_V2_EDGE_BOTH, GPIOD_LINE_EDGE_BOTH)
SAME_VALUE(GLANCE_GPIOD_V2_BIAS_AS_IS, GPIOD_LINE_BIAS_AS_IS)
SAME_VALUE(GLANCE_GPIOD_V2_BIAS_DISABLED, GPIOD_LINE_BIAS_DISABLED)
SAME_VALUE(GLANCE_GPIOD_V2_BIAS_PULL_UP, GPIOD_LINE_BIAS_PULL_UP)
SAME_VALUE(GLANCE_GPIOD_V2_BIAS_PULL_DOWN, GPIOD_LINE_BIAS_PULL_DOWN)
SAME_VALUE(GLANCE_GPIOD_V2_EDGE_EVENT_RISING_EDGE, GPIOD_EDGE_EVENT_RISING_EDGE)
#else
#error "define GLANCE_CHECK_API as 1 or 2"
#endif

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s LIBRARY\n", argv[0]);
        return 2;
    }
    int failed = 0;
    char error[1024] = "";
    glance_gpio_library library = {argv[1], API};
    int api = glance_gpio_probe(&library, 1, error, sizeof error);
    printf("%s: %s as the v%d API%s%s\n", api == API ? "ok" : "FAILED", argv[1], API, api == API ? "" : ": ", error);
    failed += api != API;
    library.api = OTHER_API;
    error[0] = '\0';
    api = glance_gpio_probe(&library, 1, error, sizeof error);
    printf("%s: refused as the v%d API (%s)\n", api == 0 ? "ok" : "FAILED", OTHER_API, error);
    failed += api != 0;
    return failed ? 1 : 0;
}
