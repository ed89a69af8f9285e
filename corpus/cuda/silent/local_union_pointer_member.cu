//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — s: the union's integer member overlays its pointer, so `w.bits -= 4 * threadIdx.x` takes every thread's pointer back to s[0]; a front end that follows members by name keeps w.p at s + threadIdx.x.
// A union whose pointer member changes through another member.
union Word { int *p; unsigned long long bits; };

__global__ void unionPointer(int *out)
{
    __shared__ int s[64];
    Word w{s + threadIdx.x};
    w.bits -= sizeof(int) * threadIdx.x;
    w.p[0] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
