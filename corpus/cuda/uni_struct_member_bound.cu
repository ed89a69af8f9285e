//pass
//--blockDim=256 --gridDim=64
// expect: drf — n = jobs[blockIdx.x].steps is a member read at an index the block shares, of a cell no thread writes: the block agrees on n, so on the barriers of the loop it bounds.
// Per-block smoothing passes, as many as the block's job record says.
struct Job {
    int steps;
    float scale;
};

__global__ void smooth(const Job *jobs, float *data)
{
    __shared__ float tile[256];
    int n = jobs[blockIdx.x].steps;
    float *row = data + blockIdx.x * 256;
    for (int s = 0; s < n; s++) {
        tile[threadIdx.x] = row[threadIdx.x];
        __syncthreads();
        row[threadIdx.x] = 0.5f * (tile[threadIdx.x] + tile[(threadIdx.x + 1) % 256]);
        __syncthreads();
    }
}
