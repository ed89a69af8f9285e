/* The in-memory CUDA header of the front end (DESIGN.md, "Parsing CUDA
 * without CUDA headers").  Ownership: static text, never freed. */
#ifndef MAPKIT_CUDA_HEADER_H
#define MAPKIT_CUDA_HEADER_H

const char *infer_cuda_header(void);
unsigned long infer_cuda_header_len(void);

#endif
