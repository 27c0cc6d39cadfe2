# Without access to the device nodes (an unprivileged user; devtmpfs makes them root-only):
# the error names the device and the group to join, and glance exits with status 2. With the
# I2C bus allowed but not GPIO, the face runs without buttons and says why.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"

# Everything the unprivileged user needs, where it can read it (the checkout may be under /root).
sandbox=/tmp/unprivileged
mkdir -p "$sandbox/state"
chmod 0777 "$sandbox/state"
cp "$BOARDS/vm-ssd1306.yaml" "$GLANCE_ROOT/Tests/Hardware/faces/weather.yaml" "$sandbox/"
chmod -R a+rX "$sandbox"
touch "$sandbox/glance"
mount --bind "$GLANCE_BIN" "$sandbox/glance"   # copying 90 MB would take a second here
# libgpiod 1.6 where the user can read it (lib.sh's folder may be under an unreadable /root).
cp -r "$LIBGPIOD/v1" "$sandbox/libgpiod"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=$sandbox GLANCE_STATE_DIR=$sandbox/state LD_LIBRARY_PATH=$sandbox/libgpiod "$@"; }
ls -l /dev/i2c-0 /dev/gpiochip0 > modes.txt

as_nobody "$sandbox/glance" run --board "$sandbox/vm-ssd1306.yaml" --config "$sandbox/weather.yaml" --headless --duration 1s > run.txt 2>&1
status=$?
check permissions-run-i2c "exit $status, expected 2 and a message naming /dev/i2c-0 and the i2c group: \$(head -c 300 run.txt)" \
    eval "[[ $status -eq 2 ]] && grep -q 'permission denied opening /dev/i2c-0' run.txt && grep -q 'i2c group' run.txt"

as_nobody "$sandbox/glance" panel test --board "$sandbox/vm-ssd1306.yaml" > panel.txt 2>&1
status=$?
check permissions-panel-test-i2c "exit $status, expected 2 and a message naming /dev/i2c-0 and the i2c group: \$(head -c 300 panel.txt)" \
    eval "[[ $status -eq 2 ]] && grep -q 'permission denied opening /dev/i2c-0' panel.txt && grep -q 'i2c group' panel.txt"

as_nobody "$sandbox/glance" gpio list > gpio.txt 2>&1
status=$?
check permissions-gpio-list "exit $status, expected non-zero and a message naming /dev/gpiochip0 and the gpio group: \$(head -c 300 gpio.txt)" \
    eval "[[ $status -ne 0 ]] && grep -q 'permission denied opening /dev/gpiochip0' gpio.txt && grep -q 'gpio group' gpio.txt"

# The bus allowed (as for a member of group i2c), GPIO still not.
chmod 0666 /dev/i2c-0
as_nobody "$sandbox/glance" run --board "$sandbox/vm-ssd1306.yaml" --config "$sandbox/weather.yaml" --headless --duration 1s > run-no-gpio.txt 2>&1
status=$?
chmod 0600 /dev/i2c-0
# (The chip is found by label, so glance had to open every chip: the message says /dev/gpiochip*.)
check permissions-run-without-buttons "exit $status, expected 0 with 'buttons unavailable: permission denied opening /dev/gpiochip… gpio group': \$(head -c 400 run-no-gpio.txt)" \
    eval "[[ $status -eq 0 ]] && grep -q 'buttons unavailable: permission denied opening /dev/gpiochip' run-no-gpio.txt && grep -q 'gpio group' run-no-gpio.txt"
