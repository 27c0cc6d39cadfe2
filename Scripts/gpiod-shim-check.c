// Links against the glance_gpiod shim and checks what a machine without GPIO hardware can:
// the compiled API version, and the errno of every way of not finding a chip.
// Usage: gpiod-shim-check EXPECTED_API_VERSION SCRATCH_DIR
// Prints one line per check and a closing "N passed, N failed" line; exits 1 on any failure.
#include "glance_gpiod.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

static void check(int ok, const char *what, int error) {
    if (ok) {
        passed++;
        printf("ok: %s\n", what);
    } else {
        failed++;
        printf("FAILED: %s (errno %d: %s)\n", what, error, strerror(error));
    }
}

static void expect_no_chip(glance_gpio_chip *chip, int expected, const char *what) {
    int error = errno;
    check(chip == NULL && error == expected, what, error);
    glance_gpio_chip_close(chip);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s EXPECTED_API_VERSION SCRATCH_DIR\n", argv[0]);
        return 2;
    }
    int expected = atoi(argv[1]);
    const char *scratch = argv[2];  // an existing, empty directory
    printf("glance_gpiod compiled for the libgpiod v%d API\n", glance_gpio_api_version());
    check(glance_gpio_api_version() == expected, "API version chosen from the header", 0);

    char path[4096];
    snprintf(path, sizeof path, "%s/gpiochip0", scratch);
    errno = 0;
    expect_no_chip(glance_gpio_chip_open(path), ENOENT, "open by path: missing chip is ENOENT");
    errno = 0;
    expect_no_chip(glance_gpio_chip_open_number(scratch, 4), ENOENT, "open by number: missing chip is ENOENT");
    errno = 0;
    expect_no_chip(glance_gpio_chip_open_label(scratch, "pinctrl-bcm2711"), ENOENT, "open by label: no chip with the label is ENOENT");
    snprintf(path, sizeof path, "%s/missing-directory", scratch);
    errno = 0;
    expect_no_chip(glance_gpio_chip_open_label(path, "pinctrl-rp1"), ENOENT, "open by label: missing device directory is ENOENT");

    // A file that exists but is no GPIO chip must be refused, not half-opened.
    snprintf(path, sizeof path, "%s/gpiochip9", scratch);
    FILE *file = fopen(path, "w");
    if (file) fclose(file);
    errno = 0;
    glance_gpio_chip *chip = glance_gpio_chip_open(path);
    int error = errno;
    check(chip == NULL && error != 0, "a regular file is not a GPIO chip", error);
    printf("   (errno %d: %s)\n", error, strerror(error));
    glance_gpio_chip_close(chip);
    errno = 0;
    expect_no_chip(glance_gpio_chip_open_label(scratch, "gpiochip9"), ENOENT, "open by label skips entries that are not chips");
    remove(path);

    glance_gpio_request_config config = {0};
    errno = 0;
    check(glance_gpio_request_lines(NULL, &config) == NULL && errno == EINVAL, "requesting lines without a chip is EINVAL", errno);
    glance_gpio_request_release(NULL);
    glance_gpio_chip_close(NULL);
    check(1, "releasing NULL handles is harmless", 0);

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
