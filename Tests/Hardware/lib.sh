# Helpers for scenarios (sourced by guest, and by each scenario through `source "$LIB"`).
# A scenario is a bash script in scenarios/ that runs inside the VM as root and prints one
# `PASS name` or `FAIL name: reason` line per check. The simulated hardware:
#   GPIO   chip labelled glance-sim (gpio-sim), lines 0–7 named ID_SD ID_SC BTN_A BTN_B BTN_UP
#          BTN_DOWN BTN_CENTRE SPARE7 (0 and 1 are i2c-0's pins on a Pi header, which glance
#          refuses to claim while its panel is on i2c-0); `pull LINE up|down` sets the level.
#   I2C    /dev/i2c-0, i2c-stub (SMBus only) with one device at 0x3c; `panel_unplug` and
#          `panel_replug` move it away from 0x3c and back.
#   libgpiod  glance loads libgpiod.so.3 (2.x) or else libgpiod.so.2 (1.6) when it first opens
#          a chip; LIBGPIOD/v1, v2 and none (made by run) hold bookworm's 1.6 only, trixie's
#          2.x only, or neither, and scenarios run with LD_LIBRARY_PATH=$LIBGPIOD/v1 unless they
#          choose another (the machine's own libgpiod is never found through them).
# Variables: GLANCE_BIN (glance built on the host), ARTIFACTS (this scenario's writable folder,
# kept on the host in .build/vm/out/NAME), GLANCE_ROOT (the repository), BOARDS, LIBGPIOD.

LIB=${BASH_SOURCE[0]}
PS4='+ ${EPOCHREALTIME} '   # the trace (guest runs scenarios with bash -x) is timed
BOARDS=$GLANCE_ROOT/Tests/Hardware/boards
LIBGPIOD=$GLANCE_ROOT/.build/vm/libgpiod
export LD_LIBRARY_PATH=$LIBGPIOD/v1
SCENARIO=${0##*/}
SCENARIO=${SCENARIO%.sh}

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
# check NAME REASON COMMAND...: PASS when the command succeeds, else FAIL with REASON. Every
# program started costs a tenth of a second under emulation, so what REASON shows of a file is
# worked out only on failure: write it as \$(…) inside the double quotes, e.g.
#   check run-exit "exit $status: \$(tail -c 300 run.log)" test $status -eq 0
# and prefer `eval "[[ … ]]"` (this shell) to `bash -c` (a new process) for compound conditions.
check() {
    local name=$1 reason=$2
    shift 2
    if "$@"; then pass "$name"; return; fi
    [[ $reason != *'$('* ]] || reason=$({ set +x; } 2>/dev/null; eval "echo \"$reason\"")
    fail "$name" "$reason"
}

# MARK: - GPIO

# pull LINE up|down: the simulated level on an input line (up = released for active-low buttons).
# (No $(…) in the helpers that make edges and wait: each would start a subshell, 10–20 ms here.)
pull() { echo "pull-$2" > "/sys/devices/platform/$SIM_DEVICE/$SIM_CHIP/sim_gpio$1/pull"; }
# sleep_ms N: a sleep without forking (fork costs milliseconds under emulation).
# A pipe nobody writes to: `read -t` on it is a sleep.
exec {sleep_fd}<> <(:) || { echo "FAIL $SCENARIO: lib.sh cannot open a pipe for sleep_ms"; exit 1; }
sleep_ms() {
    local seconds
    printf -v seconds '%d.%03d' $(($1 / 1000)) $(($1 % 1000))
    read -r -t "$seconds" -u "$sleep_fd" || true
}
# press_for LINE MS: an active-low button held for MS milliseconds.
press_for() { pull "$1" down; sleep_ms "$2"; pull "$1" up; }

# loaded_libgpiod PID: the libgpiod file the process has mapped (nothing when none).
loaded_libgpiod() {
    local line
    while IFS= read -r line; do
        [[ $line == */libgpiod.so.* ]] && { echo "/${line#*/}"; return; }
    done < "/proc/$1/maps"
}

# MARK: - I2C

stub_param=/sys/module/i2c_stub/parameters/chip_addr
panel_unplug() { echo 0x3d > "$stub_param"; }   # nobody answers at 0x3c any more
panel_replug() { echo 0x3c > "$stub_param"; }
# stub_registers FIRST COUNT: the stub's register bytes (what SMBus block writes stored), as hex.
stub_registers() {
    (($2 > 0)) || return 0
    # i2cdump prints rows of 16: "40: 00 ff ...    ascii".
    busybox i2cdump -y -r "$1-$(($1 + $2 - 1))" 0 0x3c b | awk '/^[0-9a-f]0:/ { for (i = 2; i <= 17; i++) if ($i ~ /^[0-9a-f][0-9a-f]$/) printf "%s%s", (n++ ? " " : ""), $i } END { print "" }'
}

# MARK: - Processes

# wait_until SECONDS COMMAND...: runs COMMAND every 50 ms until it succeeds; false after
# SECONDS. COMMAND should be a function or builtin: starting a program twenty times a second
# would load the emulated machine the scenario is timing.
wait_until() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        ((SECONDS < deadline)) || return 1
        sleep_ms 50
    done
}
# has_line FILE PATTERN: FILE has a line matching PATTERN (an extended regular expression).
has_line() {
    local line
    [[ -f $1 ]] || return 1
    while IFS= read -r line; do [[ $line =~ $2 ]] && return 0; done < "$1"
    return 1
}
# wait_for FILE PATTERN SECONDS: until FILE has a line matching PATTERN; false on timeout.
wait_for() { wait_until "$3" has_line "$1" "$2"; }
# wait_for_socket PATH SECONDS: until PATH is a socket (glance's control socket is up).
wait_for_socket() { wait_until "$2" test -S "$1"; }
# count FILE PATTERN: the number of matching lines.
count() { grep -cE "$2" "$1" 2>/dev/null || true; }

background_pids=()
# background COMMAND...: starts a process that stop_background ends (SIGTERM, then SIGKILL).
background() {
    "$@" &
    background_pids+=($!)
}
stop_background() {
    local pid
    [[ ${#background_pids[@]} -gt 0 ]] || return 0
    for pid in "${background_pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for pid in "${background_pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep_ms 100; done
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    background_pids=()
}
# A scenario's programs end with it, whatever way it ends.
trap stop_background EXIT
trap "exit 143" TERM INT

# MARK: - Between scenarios

reset_hardware() {
    local line
    [[ -d /sys/module/i2c_stub ]] || busybox insmod /tmp/i2c-stub.ko chip_addr=0x3c
    panel_replug
    for line in 0 1 2 3 4 5 6 7; do pull "$line" up; done
}

# MARK: - Captures

# capture_check FILE [again]: checks a capture recorded on the VM's panel and prints what is
# wrong (nothing when it is fine): every transfer to 0x3c on bus 0 fits one SMBus block (control
# byte plus at most 32 bytes), the commands begin with the SSD1306 init (display off … on; with
# `again`, the init comes after whatever the retry sent first), and a whole frame follows.
capture_check() {
    awk -v again="${2:-}" '
        !/^i2c / { next }
        $2 != "0" || $3 != "3c" || $4 != "w" { print "line " NR ": not a write to 0x3c on bus 0: " $0; bad = 1 }
        NF - 4 > 33 { print "line " NR ": " NF - 4 " bytes in one transfer (an SMBus block holds 33)"; bad = 1 }
        $5 == "00" { for (i = 6; i <= NF; i++) commands = commands " " $i }
        $5 == "40" { data += NF - 5 }
        END {
            if (again ? commands !~ / ae d5/ : commands !~ /^ ae/) print "the commands do not start with the init (ae d5 …):" substr(commands, 1, 60)
            if (commands !~ / 8d 14/) print "no charge pump on (8d 14) in the commands"
            if (commands !~ / af/) print "no display on (af) in the commands"
            if (data < 1024) print "only " data " display data bytes (a full 128x64 frame is 1024)"
        }' "$1"
}
# capture_data_bytes FILE: how many display data bytes the capture holds.
capture_data_bytes() { awk '/^i2c / && $5 == "40" { data += NF - 5 } END { print data + 0 }' "$1"; }
# capture_last FILE CONTROL: the bytes after the control byte of the last transfer with it.
capture_last() { awk -v control="$2" '/^i2c / && $5 == control { last = ""; for (i = 6; i <= NF; i++) last = last (last ? " " : "") $i } END { print last }' "$1"; }

# MARK: - Buttons

# Lines of the VM board's buttons (boards/vm-ssd1306.yaml).
LINE_A=2
LINE_B=3

# ctl_events FILE: `glance ctl status` of the running glance (GLANCE_CONTROL_SOCKET), JSON kept
# in FILE.json, its buttonEvents one per line in FILE. (awk, not python: every process started
# costs a second under emulation.)
ctl_events() {
    "${CTL_BIN:-$GLANCE_BIN}" ctl status > "$1.json" 2> "$1.stderr" || return 1
    awk '/"buttonEvents" *: *\[ *\]/ { exit } /"buttonEvents" *: *\[/ { inside = 1; next } inside && /^ *\]/ { exit }
         inside && NF { sub(/^ *"/, ""); sub(/",? *$/, ""); print }' "$1.json" > "$1"
}
# ctl_slot_kind FILE: the kind the first slot shows, from FILE.json (the first "kind" after
# "slots": other fields, such as the energy by widget kind, name kinds too).
ctl_slot_kind() { sed -n '/"slots" *:/,$p' "$1.json" | grep -m 1 -oE '"kind" *: *"[^"]*"' | sed -E 's/.*"([^"]*)"$/\1/'; }

# gestures_since FILE START: the events after the first START lines, joined with commas.
gestures_since() { tail -n +"$(($2 + 1))" "$1" | paste -sd, -; }

# expect_gestures NAME EXPECTED PRESSES...: makes the presses (function names) one after the
# other, each followed by a pause past the double-click window, reads the new button events
# through `glance ctl status` once, and checks they are exactly EXPECTED (a regular expression
# over the events joined with commas). A press function that returns non-zero was disturbed by
# the emulator (see bounce_storm_b): its events are read, set aside, and it runs again (5 tries).
# `last_events` names the status file the previous check ended with (read anew when empty).
expect_gestures() {
    local name=$1 expected=$2 before=$ARTIFACTS/events-before-$1 after=$ARTIFACTS/events-after-$1 presses attempt
    shift 2
    if [[ -n ${last_events:-} ]]; then cp "$last_events" "$before"; else ctl_events "$before"; fi ||
        { fail "$name" "glance ctl status failed: $(cat "$before.stderr")"; return; }
    for presses in "$@"; do
        for attempt in 1 2 3 4 5 0; do
            if ((attempt == 0)); then
                fail "$name" "the emulator stalled between scripted bounces in 5 tries ($(tr '\n' ';' < "$ARTIFACTS/storm-gaps")): the machine is too busy to make a bounce storm"
                return
            fi
            "$presses" && break
            echo "$name: $presses (attempt $attempt) disturbed by the emulator, trying again" >&2
            sleep_ms 450
            ctl_events "$before" || { fail "$name" "glance ctl status failed: $(cat "$before.stderr")"; return; }
        done
        sleep_ms 450   # past the double-click window (300 ms) and the router's late-edge allowance
    done
    ctl_events "$after" || { fail "$name" "glance ctl status failed: $(cat "$after.stderr")"; last_events=; return; }
    last_events=$after
    local got
    got=$(gestures_since "$after" "$(wc -l < "$before")")
    if [[ $got =~ ^($expected)$ ]]; then pass "$name"; else fail "$name" "button events '$got', expected '$expected'"; fi
}

click_a() { press_for $LINE_A 100; }
double_click_a() { press_for $LINE_A 80; sleep_ms 120; press_for $LINE_A 80; }
long_press_a() { press_for $LINE_A 1000; }
# Contacts bouncing: 11 edges a few milliseconds apart, held, then 5 more on release. Returns
# 3 (and says why in $ARTIFACTS/storm-gaps) when the emulated CPU stalled so long that this was
# no longer one bouncing click: two edges 45 ms or more apart (against a 50 ms debounce, they
# would be separate presses), or 350 ms or more from the first edge to the last (the press
# is taken from the first edge and its release 50 ms after the last; at 500 ms it repeats).
bounce_storm_b() {
    local i times=()
    for i in 1 2 3 4 5; do pull $LINE_B down; times+=(${EPOCHREALTIME/./}); pull $LINE_B up; times+=(${EPOCHREALTIME/./}); done
    pull $LINE_B down; times+=(${EPOCHREALTIME/./})
    sleep_ms 100
    pull $LINE_B up; times+=(${EPOCHREALTIME/./})
    for i in 1 2; do pull $LINE_B down; times+=(${EPOCHREALTIME/./}); pull $LINE_B up; times+=(${EPOCHREALTIME/./}); done
    local widest=0 gap span=$(( (times[-1] - times[0]) / 1000 ))
    for ((i = 1; i < ${#times[@]}; i++)); do
        ((i == 11)) && continue   # the hold
        gap=$(( (times[i] - times[i - 1]) / 1000 ))
        ((gap > widest)) && widest=$gap
    done
    echo "widest gap between bounces: $widest ms, first edge to last: $span ms" >> "$ARTIFACTS/storm-gaps"
    ((widest < 45 && span < 350)) || return 3
}

# button_scenarios PREFIX: the gesture checks, against a glance already running on the VM board
# with faces/stack.yaml (A: stack.next; B: click stack.next, long-press stack.previous). Each
# `glance ctl status` costs about a second under emulation, so the first three gestures are
# read back together.
button_scenarios() {
    local prefix=$1
    # A click; a double click (the immediate policy reports the first click at once, then
    # double-click instead of a second click); held 1 s: repeats from 500 ms every 150 ms, the
    # long press at 600 ms, and no click.
    expect_gestures "$prefix-click-double-click-long-press" \
        'A press,A release,A click,A press,A release,A click,A press,A release,A double-click,A press,A repeat,A long-press(,A repeat)+,A release' \
        click_a double_click_a long_press_a
    expect_gestures "$prefix-bounce-storm" 'B press,B release,B click' bounce_storm_b
}
