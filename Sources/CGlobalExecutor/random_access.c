// Tells the kernel that a Glance program reads its own binary at random, before any Swift code
// runs (a constructor of the C code every program links through GlanceLinux).
//
// A running face executes a few thousand functions and reads scattered tables (Swift
// metadata, the ICU data for dates) of a 135 MB binary. Left to its defaults, the kernel reads
// ahead around every page fault in a file mapping (as much as the disk's read_ahead_kb, 8 MB on
// the development machine's virtual disk) and then maps the neighbouring pages it read into the
// process as well: a face started from a cold page cache peaked at 22,172 kB, and at 20,124 kB
// with MADV_RANDOM, which turns read-ahead off for these mappings (Docs/Performance.md, "Fewer
// pages of the binary"). The cost is more, smaller reads of the binary on a face's first start
// after a boot; later starts find its pages in the page cache.
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

static int advise_random_access(struct dl_phdr_info *image, size_t size, void *context) {
    (void)size;
    (void)context;
    for (int index = 0; index < image->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &image->dlpi_phdr[index];
        if (segment->p_type != PT_LOAD) continue;
        uintptr_t page = (uintptr_t)getpagesize();
        uintptr_t start = (image->dlpi_addr + segment->p_vaddr) & ~(page - 1);
        uintptr_t end = (image->dlpi_addr + segment->p_vaddr + segment->p_memsz + page - 1) & ~(page - 1);
        // A hint: where the kernel refuses it, the program runs as before.
        (void)madvise((void *)start, end - start, MADV_RANDOM);
    }
    return 1; // the program's own image comes first; the shared libraries keep their defaults
}

__attribute__((constructor(101))) static void advise_random_access_to_the_binary(void) {
    dl_iterate_phdr(advise_random_access, NULL);
}
