// Values that travel through memory (docs/inference.md, "Values read from
// memory"): integer loads name their value, collectives give the block's.
__global__ void sharedFlag(const int *keys, int key, int *where)
{
    __shared__ int found;
    __shared__ int lim[2];
    if (threadIdx.x == 0) {
        found = 0;
        lim[1] = 4;
    }
    __syncthreads();
    int m = lim[1];
    for (int i = 0; i < m; i++) {
        if (found)
            break;
        __syncthreads();
        if (keys[i * blockDim.x + threadIdx.x] == key)
            found = 1;
        __syncthreads();
    }
    while (!found) {
        __syncthreads();
        if (threadIdx.x == 0)
            found = 1;
        __syncthreads();
    }
    if (threadIdx.x == 0)
        where[blockIdx.x] = m;
}

__global__ void collectives(int *data, int passes)
{
    __shared__ int buf[256];
    for (int p = 0; p < passes; p++) {
        int busy = 1;
        while (__syncthreads_or(busy)) {
            busy = buf[threadIdx.x] > 0;
            __syncthreads();
            buf[threadIdx.x] = busy;
        }
        int g = blockIdx.x * blockDim.x + threadIdx.x;
        int n = __syncthreads_count(data[g] > 0);
        if (__syncthreads_and(n > 2))
            data[g] = n;
    }
}
