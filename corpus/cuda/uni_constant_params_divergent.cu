//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: divergent — the loop's trip count is c_passes for the threads below c_frame.width and 0 for the others, so the barrier inside it is reached by only part of the block when width < 128.
// The same smoothing step, with the pass count applied only to the
// columns inside the frame: the __constant__ values are the same
// everywhere, but the test also reads threadIdx.x.
struct FrameParams {
    int frame;
    int width;
    float gain;
};

__constant__ FrameParams c_frame;
__constant__ int c_passes;

__global__ void smoothColumns(const float *in, float *out)
{
    __shared__ float row[128];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    row[tid] = in[g];
    __syncthreads();
    int passes = tid < c_frame.width ? c_passes : 0;
    for (int p = 0; p < passes; p++) {
        float v = 0.5f * (row[tid] + row[(tid + 1) % blockDim.x]);
        __syncthreads();
        row[tid] = v;
        __syncthreads();
    }
    out[g] = row[tid];
}
