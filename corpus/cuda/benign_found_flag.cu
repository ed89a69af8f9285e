//pass
//--blockDim=256 --gridDim=16
// expect: drf — found: every thread that sees the key writes the same value 1, a benign write-write race (tolerated by default, reported as a note); thread 0 reads it after the barrier.
// Does a block's slice of data hold the key?  Any thread that finds it raises
// the block's shared flag; thread 0 publishes the flag after a barrier.
__global__ void blockContainsKey(const int *data, int key, int *hit)
{
    __shared__ int found;
    if (threadIdx.x == 0)
        found = 0;
    __syncthreads();
    if (data[blockIdx.x * blockDim.x + threadIdx.x] == key)
        found = 1;
    __syncthreads();
    if (threadIdx.x == 0)
        hit[blockIdx.x] = found;
}
