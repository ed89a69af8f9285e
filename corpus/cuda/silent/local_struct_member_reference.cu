//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — s: the reference r is the view's pointer member, so `r = s` makes every thread write s[0]; a front end that copies the member into r instead keeps v.p at each thread's own slot.
// A reference bound to a local struct's pointer member, assigned through.
struct View { int *p; };

__global__ void memberReference(int *out)
{
    __shared__ int s[64];
    View v{s + threadIdx.x};
    int *&r = v.p;
    r = s;
    v.p[0] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
