//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — s: retarget() writes the view's pointer through a copy of `this`, so every thread writes s[0]; a front end that follows only `p = ...` and `this->p = ...` keeps v.p at each thread's own slot.
// A method that writes a local struct's member through `this` copied into a pointer.
struct View {
    int *p;
    __device__ void retarget(int *to)
    {
        View *self = this;
        self->p = to;
    }
};

__global__ void thisEscapes(int *out)
{
    __shared__ int s[64];
    View v{s + threadIdx.x};
    v.retarget(s);
    v.p[0] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
