/* The texts served for the headers of libraries libclang cannot read
 * (known_headers.c looks them up by name): each returns NULL for a name
 * that is not its library's, else the text and *len its length.
 *
 * Ownership: static text, never freed. */
#ifndef MAPKIT_INFER_LIBRARY_HEADERS_H
#define MAPKIT_INFER_LIBRARY_HEADERS_H

/* CCCL's configuration and target macros (cccl.c): <cuda/std/detail/__config>,
 * <nv/target>, and the type traits and containers kernels name. */
const char *cccl_header(const char *name, unsigned long *len);
/* Host-side libraries (host_headers.c): every <thrust/...> and <catch2/...>,
 * and the CUDA samples' helper_cuda.h family. */
const char *host_library_header(const char *name, unsigned long *len);
/* The C and C++ standard libraries for host code (std_headers.c):
 * <vector>, <chrono>, <cstdio>, <sys/time.h>, ... */
const char *std_library_header(const char *name, unsigned long *len);
/* <cub/cub.cuh>, every <cub/...> and <cuda/functional> (cub_header.c). */
const char *cub_header(const char *name, unsigned long *len);
/* libcu++'s atomics (libcuxx_header.c): <cuda/atomic> and <cuda/std/atomic>. */
const char *libcuxx_header(const char *name, unsigned long *len);

#endif
