//pass
//--blockDim=256 --gridDim=16
// expect: drf — found and base live in shared memory; every thread tests them after a barrier and only writes them in the next interval, so the loop test is the same in the whole block.
// Each block scans its own segment of keys until some thread sees the key.
__global__ void findKey(const int *keys, int segment, int key, int *where)
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
        __syncthreads();
        int i = blockIdx.x * segment + start + threadIdx.x;
        if (start + threadIdx.x < segment && keys[i] == key) {
            found = 1;
            atomicMin(&where[blockIdx.x], i);
        }
        if (threadIdx.x == 0 && start + blockDim.x >= segment)
            found = 1;
        if (threadIdx.x == 0)
            base = start + blockDim.x;
        __syncthreads();
    }
}
