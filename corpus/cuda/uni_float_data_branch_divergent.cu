//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=4
// expect: divergent — the scaling branch tests the thread's own input value against the float parameter, so only the threads whose value exceeds `scale` reach the barrier inside it.
// The same column sums, with the scaling branch on the thread's own
// data rather than on the parameter alone.
__global__ void columnSumsByValue(const float *in, float *sums, float scale)
{
    __shared__ float tile[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    float mine = in[(blockIdx.x * 16 + ty) * 16 + tx];
    tile[ty][tx] = mine;
    __syncthreads();
    if (mine > scale) {
        float v = tile[0][tx] * scale;
        __syncthreads();
        if (ty == 0)
            tile[0][tx] = v;
    }
    if (ty == 0)
        sums[blockIdx.x * 16 + tx] = tile[0][tx];
}
