//pass
//--blockDim=64 --gridDim=2
// expect: drf — found: the threads that see a negative value keep the largest index with atomicMax, and atomics never race.
// Report where a negative value is, in a flag the host reads without a copy.
__managed__ int found;

__global__ void find_negative(const int *in)
{
    int i = blockIdx.x * 64 + threadIdx.x;
    if (in[i] < 0)
        atomicMax(&found, i);
}
