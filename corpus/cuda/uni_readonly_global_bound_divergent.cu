//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: divergent — the trip count is read at the thread's own index, so threads of one block run the loop and its barriers a different number of times.
// uni_readonly_global_bound.cu with one row count per thread instead of per block.
__global__ void smoothRowsDivergent(const int *rowsPerThread, const float *in, float *out)
{
    __shared__ float row[128];
    int rows = rowsPerThread[blockIdx.x * blockDim.x + threadIdx.x];
    int tid = threadIdx.x;
    for (int r = 0; r < rows; r++) {
        int g = (r * gridDim.x + blockIdx.x) * blockDim.x + tid;
        row[tid] = in[g];
        __syncthreads();
        out[g] = 0.5f * (row[tid] + row[(tid + 1) % blockDim.x]);
        __syncthreads();
    }
}
