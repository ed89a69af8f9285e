//pass
//--blockDim=128 --gridDim=16
// expect: drf — rowsPerBlock is read-only in this kernel and indexed by blockIdx.x, so every thread of a block reads the same trip count for the loop with barriers.
// Each block smooths a variable number of rows through a shared tile.
__global__ void smoothRows(const int *rowsPerBlock, const float *in, float *out)
{
    __shared__ float row[128];
    int rows = rowsPerBlock[blockIdx.x];
    int tid = threadIdx.x;
    for (int r = 0; r < rows; r++) {
        int g = (r * gridDim.x + blockIdx.x) * blockDim.x + tid;
        row[tid] = in[g];
        __syncthreads();
        out[g] = 0.5f * (row[tid] + row[(tid + 1) % blockDim.x]);
        __syncthreads();
    }
}
