//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: the struct's reference member is bound to slot, so `b.ref = 0` sets every thread's slot to 0 and every thread writes s[0]; a front end that keeps the member's value apart from slot keeps each thread at s[threadIdx.x].
// A local struct whose reference member is bound to a local variable, assigned through.
struct Binding {
    int &ref;
};

__global__ void referenceMember(int *out)
{
    __shared__ int s[64];
    int slot = threadIdx.x;
    Binding b{slot};
    b.ref = 0;
    s[slot] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
