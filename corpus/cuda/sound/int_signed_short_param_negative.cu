//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — last: a short offset may be negative, and then every thread writes last[0].
// Apply a small signed offset, remembering a negative one.
__global__ void apply_offset(int *data, int *last, short offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (offset < 0)
        last[0] = i; // BUG: every thread of the launch writes last[0]
    else
        data[i] += offset;
}
