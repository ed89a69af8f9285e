//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — `bar.sync 0` is __syncthreads() in PTX, and only threads 0..31 execute it (a divergence); a front end that does not read the asm must not call it race-free.
// A barrier written as inline asm, inside a thread-dependent branch.
__global__ void asmBarrier(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    if (threadIdx.x < 32)
        asm volatile("bar.sync 0;" ::: "memory");
    data[threadIdx.x] = s[threadIdx.x];
}
