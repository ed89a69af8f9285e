//pass
//--blockDim=64 --gridDim=2
// expect: drf — last: a negative offset is recorded by each thread in its own cell.
// Apply a small signed offset, remembering a negative one.
__global__ void apply_offset(int *data, int *last, short offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (offset < 0)
        last[i] = offset;
    else
        data[i] += offset;
}
