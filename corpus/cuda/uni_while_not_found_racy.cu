//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — found: a thread that sees the key writes found = 1 in the same barrier interval in which the other threads read it for the loop test.
// The scan of uni_while_not_found.cu without the barrier after the loop test.
__global__ void findKeyRacy(const int *keys, int segment, int key, int *where)
{
    __shared__ int found;
    __shared__ int base;
    if (threadIdx.x == 0) {
        found = 0;
        base = 0;
    }
    __syncthreads();
    while (!found) {
        int start = base;
        int i = blockIdx.x * segment + start + threadIdx.x;
        if (start + threadIdx.x < segment && keys[i] == key) {
            found = 1;
            atomicMin(&where[blockIdx.x], i);
        }
        __syncthreads();
        if (threadIdx.x == 0 && start + blockDim.x >= segment)
            found = 1;
        if (threadIdx.x == 0)
            base = start + blockDim.x;
        __syncthreads();
    }
}
