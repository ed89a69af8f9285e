//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the kernel template's call store(out, v) may run the bodiless store(float *, float), which every thread uses to write out[0]: a write-write race that only the candidate without a body makes.
// In the template the call is dependent: its candidates are the template
// below, which has a body, and an overload defined in another translation
// unit.  For T = float the overload is the better match, so inlining the
// template alone would show each thread writing its own cell.
__device__ void store(float *p, float v); // defined elsewhere: writes p[0]

template <typename T>
__device__ void store(T *p, T v)
{
    p[threadIdx.x] = v;
}

template <typename T>
__global__ void storeAll(T *out, const T *in)
{
    store(out, in[threadIdx.x]);
}

template __global__ void storeAll<float>(float *, const float *);
