// GlanceInput: button events, debounce from timestamps, gesture recognition and the simulator's key map.
//
// Everything here is a pure state machine: edges and instants go in, events come out, and
// `nextDeadline` tells a runtime how long it may sleep. Nothing reads a clock or touches the
// operating system, so every timing rule is tested with scripted timestamps.
