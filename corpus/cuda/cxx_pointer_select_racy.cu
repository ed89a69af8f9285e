//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — even: blocks 0 and 2 both choose even and write even[threadIdx.x]; the index forgets blockIdx.x.
// Per-block choice of the output array, with a block-local index only.
__global__ void splitByBlock(const float *in, float *even, float *odd)
{
    float *dst = (blockIdx.x & 1) ? odd : even;
    dst[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
