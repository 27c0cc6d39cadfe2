// Walks the Swift runtime's conformance records (the swift5_protocol_conformances section of
// each image), as the runtime itself does for `as?` casts. The layouts used here are the
// stable ABI of Swift 5 and later: docs/ABI/TypeMetadata.rst and include/swift/ABI/Metadata.h
// in the Swift repository.
#include "preview_discovery.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// One section of an image, as the runtime registers it.
typedef struct {
    uintptr_t start;
    size_t length;
} section_range;

/// The start of the runtime's MetadataSections: a version, a word and two pointers whose
/// meaning changed between releases, then the section ranges in a fixed order.
typedef struct {
    uintptr_t version;
    uintptr_t word1;
    const void *word2;
    const void *word3;
    section_range protocols;
    section_range protocol_conformances;
} metadata_sections;

extern bool swift_enumerateAllMetadataSections(bool (*_Nonnull body)(const metadata_sections *_Nonnull, void *_Nullable),
                                               void *_Nullable context);

/// The runtime's MetadataResponse, returned by a type's metadata access function.
typedef struct {
    const void *metadata;
    uintptr_t state;
} metadata_response;

typedef metadata_response (__attribute__((swiftcall)) *metadata_access_function)(uintptr_t request);

enum {
    kind_module = 0,
    kind_protocol = 3,
    kind_class = 16,
    kind_enum = 18,
    flag_generic = 0x80,
};

/// A relative direct pointer: the target is the field's address plus its value; 0 is null.
static const char *relative(const void *field) {
    int32_t offset;
    memcpy(&offset, field, sizeof offset);
    return offset == 0 ? NULL : (const char *)field + offset;
}

/// A relative indirectable pointer: the low bit says the target holds the real pointer.
static const char *relative_indirectable(const void *field) {
    int32_t offset;
    memcpy(&offset, field, sizeof offset);
    if (offset == 0) return NULL;
    const char *target = (const char *)field + (offset & ~1);
    if (offset & 1) {
        const char *pointer;
        memcpy(&pointer, target, sizeof pointer);
        return pointer;
    }
    return target;
}

static uint32_t word32(const char *address) {
    uint32_t value;
    memcpy(&value, address, sizeof value);
    return value;
}

/// The context descriptor's name, at offset 8 after its flags and parent.
static const char *context_name(const char *descriptor) { return relative(descriptor + 8); }

typedef struct {
    const char *module_name;
    const char *protocol_name;
    glance_conformance_found found;
    void *context;
} search;

static bool is_wanted_protocol(const char *protocol, const search *wanted) {
    if (protocol == NULL || (word32(protocol) & 0x1f) != kind_protocol) return false;
    const char *name = context_name(protocol);
    if (name == NULL || strcmp(name, wanted->protocol_name) != 0) return false;
    const char *module = relative_indirectable(protocol + 4);
    if (module == NULL || (word32(module) & 0x1f) != kind_module) return false;
    const char *module_name = context_name(module);
    return module_name != NULL && strcmp(module_name, wanted->module_name) == 0;
}

static void visit_conformance(const char *conformance, const search *wanted) {
    // Protocol, type reference, witness table pattern, flags.
    if (!is_wanted_protocol(relative_indirectable(conformance), wanted)) return;
    uint32_t flags = word32(conformance + 12);
    const char *type;
    switch ((flags >> 3) & 0x7) {
    case 0: // a direct type descriptor
        type = relative(conformance + 4);
        break;
    case 1: { // an indirect one
        const char *slot = relative(conformance + 4);
        if (slot == NULL) return;
        memcpy(&type, slot, sizeof type);
        break;
    }
    default: // Objective-C classes: none on Linux
        return;
    }
    if (type == NULL) return;
    uint32_t type_flags = word32(type);
    uint32_t kind = type_flags & 0x1f;
    if (kind < kind_class || kind > kind_enum || (type_flags & flag_generic)) return;
    // Flags, parent, name, then the metadata access function.
    const char *access = relative(type + 12);
    if (access == NULL) return;
    metadata_response response = ((metadata_access_function)(uintptr_t)access)(0);
    if (response.metadata != NULL) wanted->found(response.metadata, wanted->context);
}

static bool visit_image(const metadata_sections *sections, void *context) {
    const search *wanted = context;
    const section_range range = sections->protocol_conformances;
    for (uintptr_t record = range.start; record + 4 <= range.start + range.length; record += 4) {
        const char *conformance = relative((const void *)record);
        if (conformance != NULL) visit_conformance(conformance, wanted);
    }
    return true; // go on with the next image
}

void glance_enumerate_conformances(const char *module_name, const char *protocol_name,
                                   glance_conformance_found found, void *context) {
    search wanted = {module_name, protocol_name, found, context};
    swift_enumerateAllMetadataSections(visit_image, &wanted);
}
