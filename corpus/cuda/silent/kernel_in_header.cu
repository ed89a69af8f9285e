//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the kernel defined in kernel_in_header.cuh writes tile[threadIdx.x % 32], the same cell for threads t and t + 32.
// The kernel lives in a project header next to this file, as many projects keep them.
#include "kernel_in_header.cuh"
