//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — the barrier is inside if (ixj > tid), which holds for only half of the threads in every step.
// Shared-memory bitonic sort with the barrier inside the compare branch.
#define N 256

__global__ void bitonicSortSyncInBranch(int *data)
{
    __shared__ int s[N];
    unsigned int tid = threadIdx.x;
    int *seg = data + blockIdx.x * N;

    s[tid] = seg[tid];
    __syncthreads();

    for (unsigned int k = 2; k <= N; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                bool up = (tid & k) == 0;
                int a = s[tid], b = s[ixj];
                if ((a > b) == up) {
                    s[tid] = b;
                    s[ixj] = a;
                }
                __syncthreads();      // BUG: only the lower thread of each pair
            }
        }
    }
    __syncthreads();

    seg[tid] = s[tid];
}
