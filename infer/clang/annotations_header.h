/* GPUVerify's annotation language (docs/inference.md, "Annotations"),
 * declared for both dialects from one table: the CUDA header reads it
 * after its own declarations, and an OpenCL file gets it as a header of
 * its own before the file.  What each annotation means to a protocol is
 * the annotations model's (infer/models/annotations.c); here only their
 * names and types, so that libclang reads them as calls.
 *
 * Ownership: the texts are built once and live until the process ends. */
#ifndef MAPKIT_ANNOTATIONS_HEADER_H
#define MAPKIT_ANNOTATIONS_HEADER_H

#include <stdbool.h>
#include <stddef.h>

/* The declarations in CUDA (templates) or OpenCL C (overloads over the
 * integer types and the address spaces); *len gets the length. */
const char *annotations_header(bool opencl, size_t *len);

#endif
