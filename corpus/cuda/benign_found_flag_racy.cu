//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — found: two threads that both see the key write different values (their own threadIdx.x + 1) to found, a real write-write race.
// Where in a block's slice is the key?  Every thread that finds it writes its
// own position to the shared flag: with two matches the stored position
// depends on which write lands last.
__global__ void blockKeyPosition(const int *data, int key, int *pos)
{
    __shared__ int found;
    if (threadIdx.x == 0)
        found = 0;
    __syncthreads();
    if (data[blockIdx.x * blockDim.x + threadIdx.x] == key)
        found = threadIdx.x + 1;
    __syncthreads();
    if (threadIdx.x == 0)
        pos[blockIdx.x] = found;
}
