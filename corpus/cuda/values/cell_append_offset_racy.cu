//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — pos: thread 0's write pos[0] += blockDim.x * gridDim.x and the read of pos[0] by a thread of another block, unordered (readers may then also write overlapping cells of keys).
// cell_append_offset.cu advancing the offset on the device, from thread 0, in the same launch.
__global__ void appendPairs(int *pos, const int *k, const float *v, int *keys, float *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    keys[pos[0] + i] = k[i];
    vals[pos[0] + i] = v[i];
    if (i == 0)
        pos[0] += blockDim.x * gridDim.x;
}
