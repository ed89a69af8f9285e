/* Declarations of the cuda_fp16.h and cuda_bf16.h API for the in-memory
 * CUDA header (docs/inference.md): read after infer_cuda_header(), whose
 * __half, __half2 and __nv_bfloat16 they use.  Ownership: static text. */
#ifndef MAPKIT_HALF_HEADER_H
#define MAPKIT_HALF_HEADER_H

const char *infer_half_header(void);
unsigned long infer_half_header_len(void);

#endif
