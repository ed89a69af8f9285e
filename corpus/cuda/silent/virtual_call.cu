//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the virtual put() that runs is Halve::put, which writes s[i / 2], the same cell for threads 2k and 2k + 1 (a race); a front end that cannot resolve the virtual call must not call it race-free.
// A virtual call on an object built in device code.
struct Writer {
    __device__ virtual void put(int *s, int i) const { s[i] = i; }
};
struct Halve : Writer {
    __device__ void put(int *s, int i) const override { s[i / 2] = i; }
};

__global__ void dispatch(int *out)
{
    __shared__ int s[64];
    Halve h;
    const Writer &w = h;
    w.put(s, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
