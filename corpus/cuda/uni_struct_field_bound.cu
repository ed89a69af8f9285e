//pass
//--blockDim=128 --gridDim=16
// expect: drf — the trip count is the `count` field of boxes[blockIdx.x], a struct array the kernel never writes, so every thread of a block reads the same count and runs the same barriers.
// Each block walks the neighbour list of its own box through a shared
// tile (Rodinia lavaMD's layout: an array of structs with a count).
struct Box {
    int count;
    int first;
};

__global__ void walkNeighbours(const Box *boxes, const float *values, float *out)
{
    __shared__ float tile[128];
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < boxes[blockIdx.x].count; k++) {
        tile[tid] = values[(blockIdx.x * 32 + k) * blockDim.x + tid];
        __syncthreads();
        acc += tile[(tid + 1) % blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + tid] = acc;
}
