// expect: drf — grid-stride loops whose bound is read from memory by each test: the counter is still tid + k * (blockDim.x * gridDim.x) in iteration k (the bound only decides when it stops), so every thread keeps to its own elements, in a for loop and in a while loop stepping at the end of its body.
__global__ void frontier_pass(const int *q_size, const int *frontier, int *cost, int *next)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q_size[0]; i += blockDim.x * gridDim.x)
        cost[i] = frontier[i] + 1;
    unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
    while (j < (unsigned)q_size[1]) {
        next[j] = cost[j];
        j += blockDim.x * gridDim.x;
    }
}
