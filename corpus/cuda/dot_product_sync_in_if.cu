//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — __syncthreads() inside if (cacheIndex < i) is reached by threads 0..127 but not 128..255 in the first step of the while loop.
// The dot product with the "optimisation" the book warns about: only the
// threads that did work wait at the barrier.
#define threadsPerBlock 256

__global__ void dotSyncInIf(int n, const float *a, const float *b, float *c)
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

    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i) {
            cache[cacheIndex] += cache[cacheIndex + i];
            __syncthreads();          // BUG: thread-dependent barrier
        }
        i /= 2;
    }

    if (cacheIndex == 0)
        c[blockIdx.x] = cache[0];
}
