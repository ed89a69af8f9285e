//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: divergent — the trip count is the `count` field of boxes[threadIdx.x], one box per thread, so threads of one block may run different numbers of iterations around the barriers.
// The same walk with the count taken from the thread's own box.
struct Box {
    int count;
    int first;
};

__global__ void walkNeighboursPerThread(const Box *boxes, const float *values, float *out)
{
    __shared__ float tile[128];
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < boxes[threadIdx.x].count; k++) {
        tile[tid] = values[(blockIdx.x * 32 + k) * blockDim.x + tid];
        __syncthreads();
        acc += tile[(tid + 1) % blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + tid] = acc;
}
