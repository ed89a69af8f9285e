//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — found: every thread that sees a negative value stores its own index in the one __managed__ int, with no atomic.
// Report where a negative value is, in a flag the host reads without a copy.
__managed__ int found;

__global__ void find_negative(const int *in)
{
    int i = blockIdx.x * 64 + threadIdx.x;
    if (in[i] < 0)
        found = i; // BUG: several threads store different indices
}
