//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — s: from the loop's first iteration on, reset() has moved the view's pointer to the start of the array, so every thread writes s[0]; a front end that sees no assignment to v in the loop keeps v.p at each thread's own slot.
// A non-const method, called in a loop, that changes a local struct's pointer member.
struct View {
    int *p;
    __device__ void reset(int *to) { p = to; }
};

__global__ void methodInLoop(int *out, int n)
{
    __shared__ int s[64];
    View v{s + threadIdx.x};
    for (int i = 0; i < n; i++)
        v.reset(s);
    v.p[0] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
