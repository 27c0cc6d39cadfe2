// The fbdev interface (linux/fb.h). Its structures differ between 32- and 64-bit ABIs, so the
// fields Glance reads are copied into a plain struct here, where the C compiler lays them out.
#include <linux/fb.h>
#include <sys/ioctl.h>

/// What `FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO` say about a framebuffer.
typedef struct {
    unsigned int xres, yres, bits_per_pixel, grayscale;
    unsigned int red_offset, red_length, green_offset, green_length, blue_offset, blue_length;
    unsigned int line_length, visual, type;
} glance_fb_info;

/// Reads the screen information of the framebuffer open on `fd`; -1 with errno on failure.
static inline int glance_fb_read_info(int fd, glance_fb_info *out) {
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0) return -1;
    if (ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) return -1;
    out->xres = var.xres; out->yres = var.yres;
    out->bits_per_pixel = var.bits_per_pixel; out->grayscale = var.grayscale;
    out->red_offset = var.red.offset; out->red_length = var.red.length;
    out->green_offset = var.green.offset; out->green_length = var.green.length;
    out->blue_offset = var.blue.offset; out->blue_length = var.blue.length;
    out->line_length = fix.line_length; out->visual = fix.visual; out->type = fix.type;
    return 0;
}

/// Blanks (powers down) or unblanks the screen; -1 with errno on failure.
static inline int glance_fb_blank(int fd, int blank) {
    return ioctl(fd, FBIOBLANK, blank ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK);
}

/// FB_VISUAL_MONO01: a set bit is black.
static inline unsigned int glance_fb_visual_mono01(void) { return FB_VISUAL_MONO01; }
/// FB_VISUAL_MONO10: a set bit is white.
static inline unsigned int glance_fb_visual_mono10(void) { return FB_VISUAL_MONO10; }
