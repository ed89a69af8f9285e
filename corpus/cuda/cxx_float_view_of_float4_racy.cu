//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: racy — threads 2j and 2j + 1 both write float j of the shared float4 array through the float view (slot threadIdx.x / 2), with different values.
// The same packing with the float index halved: two threads per float.
__global__ void pack_scores(const float *scores_in, float4 *packed)
{
    __shared__ float4 buffer[64];
    float *scratch = (float *)buffer;
    scratch[threadIdx.x / 2] = scores_in[threadIdx.x] * 2.0f;
    __syncthreads();
    if (threadIdx.x < 64)
        packed[threadIdx.x] = buffer[threadIdx.x];
}
