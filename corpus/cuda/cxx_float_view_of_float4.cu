//pass
//--blockDim=256 --gridDim=1
// expect: drf — each thread writes its own float of a shared float4 array through a float pointer (slot threadIdx.x % 4 of cell threadIdx.x / 4: one field each), and reads whole float4 cells only after the barrier.
// A shared float4 buffer reused as a float scratch array: the float view
// reaches one field of a cell, so four threads fill one float4 together.
__global__ void pack_scores(const float *scores_in, float4 *packed)
{
    __shared__ float4 buffer[64];
    float *scratch = (float *)buffer;
    scratch[threadIdx.x] = scores_in[threadIdx.x] * 2.0f;
    __syncthreads();
    if (threadIdx.x < 64)
        packed[threadIdx.x] = buffer[threadIdx.x];
}
