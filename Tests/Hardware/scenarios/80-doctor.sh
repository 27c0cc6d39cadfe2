# `glance doctor` on the VM's board (an SSD1306 at 0x3c on i2c-stub, buttons on gpio-sim):
# everything passes as root (exit 0); with the stub moved to 0x3d it names 0x3d and how to set
# it; with nobody on the bus, and with no bus at all (i2c-stub unloaded), it says so; a button's
# line held by another program is named with its holder; an unprivileged user is told which
# devices it may not open and why; a service whose program sits in a folder its user cannot
# enter is caught; bad arguments exit 64. Each report is kept in $ARTIFACTS (Docs/GettingStarted.md
# shows two of them).
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
board=$BOARDS/vm-ssd1306.yaml
no_unit=(--unit /tmp/no-such.service)
doctor() { "$GLANCE_BIN" doctor "$@" 2>&1; }

doctor --board "$board" "${no_unit[@]}" > present.txt
status=$?
check doctor-all-pass "exit $status, expected 0 with the device at 0x3c and five free buttons: \$(cat present.txt)" \
    eval "[[ $status -eq 0 ]] && has_line present.txt '^✓ device at 0x3c: a device answers at 0x3c on /dev/i2c-0$' \
        && has_line present.txt '^✓ button A: BTN_A \(line 2\) of glance-sim is free$' \
        && has_line present.txt '^– controller: cannot tell' && has_line present.txt '^Nothing in the way'"

doctor --board "$board" "${no_unit[@]}" --json > present.json
status=$?
check doctor-json "exit $status, expected 0 and JSON with failed 0: \$(head -c 300 present.json)" \
    eval "[[ $status -eq 0 ]] && has_line present.json '\"failed\" : 0' && has_line present.json '\"status\" : \"pass\"'"

# The module set to the other address: the board says 0x3c, the stub answers at 0x3d.
panel_unplug
doctor --board "$board" "${no_unit[@]}" > wrong-address.txt
status=$?
panel_replug
check doctor-wrong-address "exit $status, expected 1 naming 0x3d and how to set it: \$(cat wrong-address.txt)" \
    eval "[[ $status -eq 1 ]] && has_line wrong-address.txt '^✗ device at 0x3c: nobody answers at 0x3c on /dev/i2c-0, but a device answers at 0x3d' \
        && has_line wrong-address.txt 'fix: in .*vm-ssd1306.yaml, set the module.s address under panel: \(address: 0x3d\)'"

# Nobody on the bus (the stub with no device), then no bus at all.
echo 0 > "$stub_param"
doctor --board "$board" "${no_unit[@]}" > absent.txt
status=$?
panel_replug
check doctor-nobody-answers "exit $status, expected 1 and 'nobody answers on /dev/i2c-0 at all': \$(cat absent.txt)" \
    eval "[[ $status -eq 1 ]] && has_line absent.txt '^✗ device at 0x3c: nobody answers on /dev/i2c-0 at all' && has_line absent.txt 'fix: with the power off'"

busybox rmmod i2c-stub
doctor --board "$board" "${no_unit[@]}" > no-bus.txt
status=$?
busybox insmod /tmp/i2c-stub.ko chip_addr=0x3c
check doctor-no-bus "exit $status, expected 1 and '/dev/i2c-0 does not exist' with modprobe i2c-dev: \$(cat no-bus.txt)" \
    eval "[[ $status -eq 1 ]] && has_line no-bus.txt '^✗ I2C bus: /dev/i2c-0 does not exist' && has_line no-bus.txt 'fix: sudo modprobe i2c-dev' \
        && has_line no-bus.txt '^– device at 0x3c: not probed: there is no bus'"

# Button B's line held by another program (libgpiod 1.6 through Python's ctypes, as "holder").
hold='
import ctypes, signal, sys
gpiod = ctypes.CDLL(sys.argv[1])
gpiod.gpiod_chip_open_by_label.restype = ctypes.c_void_p
gpiod.gpiod_chip_get_line.restype = ctypes.c_void_p
gpiod.gpiod_chip_get_line.argtypes = [ctypes.c_void_p, ctypes.c_uint]
gpiod.gpiod_line_request_input.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
chip = gpiod.gpiod_chip_open_by_label(b"glance-sim")
line = gpiod.gpiod_chip_get_line(chip, int(sys.argv[2])) if chip else None
if not line or gpiod.gpiod_line_request_input(line, b"holder") != 0:
    sys.exit("cannot hold the line")
print("holding", flush=True)
signal.pause()
'
background /usr/bin/python3 -c "$hold" "$LIBGPIOD/v1/libgpiod.so.2" "$LINE_B" > holder.txt 2>&1
if wait_for holder.txt '^holding' 60; then
    doctor --board "$board" "${no_unit[@]}" > line-held.txt
    status=$?
    check doctor-line-held "exit $status, expected 1 naming the holder of BTN_B: \$(cat line-held.txt)" \
        eval "[[ $status -eq 1 ]] && has_line line-held.txt \"^✗ button B: BTN_B \\(line 3\\) of glance-sim is held by 'holder', so Glance cannot claim it\" \
            && has_line line-held.txt '^✓ button A: BTN_A'"
else
    fail doctor-line-held "the holder did not take line $LINE_B: $(cat holder.txt)"
fi
stop_background

# An unprivileged user: devtmpfs leaves /dev/i2c-0 and /dev/gpiochip0 to root alone.
sandbox=/tmp/doctor-nobody
mkdir -p "$sandbox"
cp "$board" "$sandbox/board.yaml"
cp -r "$LIBGPIOD/v1" "$sandbox/libgpiod"
chmod -R a+rX "$sandbox"
touch "$sandbox/glance"
mount --bind "$GLANCE_BIN" "$sandbox/glance"
(cd "$sandbox" && setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$sandbox" LD_LIBRARY_PATH="$sandbox/libgpiod" \
    "$sandbox/glance" doctor --board "$sandbox/board.yaml" "${no_unit[@]}" > "$ARTIFACTS/unprivileged.txt" 2>&1)
status=$?
umount "$sandbox/glance"
check doctor-unprivileged "exit $status, expected 1, the bus and the chip root's alone, with a udev rule: \$(cat unprivileged.txt)" \
    eval "[[ $status -eq 1 ]] && has_line unprivileged.txt '^✗ access to /dev/i2c-0: permission denied: /dev/i2c-0 is crw-------, owner root, group root, so only root may open it \(you are nobody\)' \
        && has_line unprivileged.txt 'SUBSYSTEM==\"i2c-dev\", GROUP=\"i2c\", MODE=\"0660\"' \
        && has_line unprivileged.txt '^✗ access to /dev/gpiochip0: permission denied' && has_line unprivileged.txt '^– device at 0x3c: not probed'"

# A service whose program is in a folder its user (nobody) cannot enter; the board comes from
# the unit when no --board is given.
mkdir -p /tmp/closed
chmod 700 /tmp/closed
touch /tmp/closed/glance
chmod 755 /tmp/closed/glance
printf '[Service]\nUser=nobody\nExecStart="/tmp/closed/glance" "run" "--headless" "--board" "%s"\n' "$board" > /tmp/glance.service
doctor --unit /tmp/glance.service > service.txt
status=$?
check doctor-service "exit $status, expected 1, the board from the unit, and /tmp/closed named: \$(cat service.txt)" \
    eval "[[ $status -eq 1 ]] && has_line service.txt '^glance doctor: board vm-test' \
        && has_line service.txt '^✗ service program: the service runs /tmp/closed/glance as nobody, but the folder /tmp/closed \(drwx------, owner root, group root\) is closed to it'"

doctor --board no-such-board "${no_unit[@]}" > bad-board.txt
status=$?
check doctor-bad-arguments "exit $status, expected 64: \$(cat bad-board.txt)" \
    eval "[[ $status -eq 64 ]] && has_line bad-board.txt \"no board named 'no-such-board'\""
