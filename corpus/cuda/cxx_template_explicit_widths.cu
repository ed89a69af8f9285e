//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: in the WIDTH = 128 instantiation threads t and t + 128 both write out[blockIdx.x * 128 + t % 128], with different values (the guard t < WIDTH is missing); the WIDTH = 256 instantiation alone would be race-free.
// A row copy (tagged with the row's half) instantiated explicitly for two
// widths, as libraries do; the narrower width overlaps when the block is
// wider than the row.
template <int WIDTH>
__global__ void copyRows(const float *in, float *out)
{
    int t = threadIdx.x % WIDTH;
    out[blockIdx.x * WIDTH + t] = in[blockIdx.x * WIDTH + t] + threadIdx.x / WIDTH;
}

template __global__ void copyRows<128>(const float *, float *);
template __global__ void copyRows<256>(const float *, float *);
