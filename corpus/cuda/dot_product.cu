//pass
//--blockDim=256 --gridDim=32
// expect: drf — cache[cacheIndex] is written by its own thread, and the while loop halving i (i /= 2) lets threads cacheIndex < i update cache[cacheIndex] from cache[cacheIndex+i] with a barrier after each step.
// Dot product in the style of "CUDA by Example": a grid-stride partial sum
// per thread, then a shared-memory tree with a while loop.
#define threadsPerBlock 256

__global__ void dot(int n, const float *a, const float *b, float *c)
{
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;

    float temp = 0;
    while (tid < n) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();

    // blockDim.x must be a power of two
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i)
            cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }

    if (cacheIndex == 0)
        c[blockIdx.x] = cache[0];
}
