// GlanceInput: button events, debounce from timestamps, gesture recognition and the simulator's key map.
