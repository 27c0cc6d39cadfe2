// Finds the types that conform to a protocol, for `glance preview --all`: the types `#Preview`
// expands into and the `PreviewProvider`s a bundle declares, in every loaded image.
#pragma once

/// Called with the type metadata of each conforming, non-generic struct, enum or class.
typedef void (*glance_conformance_found)(const void *_Nonnull metadata, void *_Nullable context);

/// Calls `found` for every type conforming to the protocol `protocol_name` declared in the
/// module `module_name`, in the conformance records of every Swift image loaded now.
void glance_enumerate_conformances(const char *_Nonnull module_name, const char *_Nonnull protocol_name,
                                   glance_conformance_found _Nonnull found, void *_Nullable context);
